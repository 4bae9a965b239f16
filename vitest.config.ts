import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    benchmark: { include: ['bench/**/*.bench.ts'] },
    // Integration and e2e suites start real servers on loopback; give them room on a 2-core CI box.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    restoreMocks: true,
  },
});
