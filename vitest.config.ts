import { defineConfig } from 'vitest/config';

/**
 * Unit and end-to-end tests run once. The integration suite (the real client against the sandbox) runs
 * once per sandbox response style: `spec` (the spec's shapes) and `real` (what real deployments send),
 * so every operation is exercised through both shapes the client accepts (test/integration/world.ts).
 */
const responseStyles = ['spec', 'real'] as const;

export default defineConfig({
  test: {
    // Integration and e2e suites start real servers on loopback; give them room on a 2-core CI box.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit+e2e',
          include: ['test/unit/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          // `npm run bench` runs the benchmarks once, here.
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      {
        extends: true,
        // The playground in headless Chromium (skipped, saying why, where /usr/bin/chromium is missing).
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], benchmark: { include: [] } },
      },
      ...responseStyles.map((responseStyle) => ({
        extends: true as const,
        test: {
          name: `integration (${responseStyle})`,
          include: ['test/integration/**/*.test.ts'],
          provide: { responseStyle },
          benchmark: { include: ['test/integration/**/*.bench.ts'] },
        },
      })),
    ],
  },
});
