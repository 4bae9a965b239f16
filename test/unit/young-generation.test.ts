/**
 * The young-generation hold (src/startup/young-generation.ts): growth stays held while the process
 * only loads, and comes back by itself once it allocates like a busy process, after `growWhenBusy`.
 * What that does to memory is measured by `npm run bench` (RSS idle and after a burst).
 */
import { describe, expect, it, vi } from 'vitest';
import { growWhenBusy, youngGenerationHeld } from '../../src/startup/young-generation.js';

/** Short-lived garbage, quickly: what a burst of requests does to the heap. */
function churn(megabytes: number): void {
  // Kept in a small ring, so the allocations cannot be optimized away but die young.
  const ring: unknown[] = new Array(64);
  for (let i = 0; i < megabytes * 16_000; i++) ring[i % 64] = { i, text: `x${i}` };
}

describe('young generation', () => {
  it('stays held through allocation before growWhenBusy, and is released by a busy spell after it', async () => {
    expect(youngGenerationHeld()).toBe(true);
    churn(300);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(youngGenerationHeld()).toBe(true);

    growWhenBusy();
    await vi.waitFor(
      async () => {
        churn(300);
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect(youngGenerationHeld()).toBe(false);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});
