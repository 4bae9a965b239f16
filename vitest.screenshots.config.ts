import { defineConfig } from 'vitest/config';

/** `npm run screenshots` (test/browser/screenshots.ts): not part of `npm test`, which must not rewrite docs/. */
export default defineConfig({
  test: {
    include: ['test/browser/screenshots.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
