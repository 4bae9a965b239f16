/**
 * The young-generation cap (src/startup/young-generation.ts): it may grow while one more doubling stays
 * within the cap, and never past it. What that does to memory and CPU is measured by `npm run bench`.
 */
import { describe, expect, it, vi } from 'vitest';
import { YOUNG_GENERATION_CAP_BYTES, youngGenerationBytes, youngGenerationMayGrow } from '../../src/startup/young-generation.js';

/** Short-lived garbage, quickly: what a burst of requests does to the heap. */
function churn(megabytes: number): void {
  // Kept in a small ring, so the allocations cannot be optimized away but die young.
  const ring: unknown[] = new Array(64);
  for (let i = 0; i < megabytes * 16_000; i++) ring[i % 64] = { i, text: `x${i}` };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The same in steps with a turn of the event loop between them, as a server allocates. */
async function churnServing(megabytes: number): Promise<void> {
  for (let done = 0; done < megabytes; done += 4) {
    churn(4);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('young generation', () => {
  it('grows while a doubling stays within the cap, and never past it', async () => {
    const before = youngGenerationBytes();
    const roomToGrow = () => youngGenerationBytes() * 2 <= YOUNG_GENERATION_CAP_BYTES;
    await vi.waitFor(
      async () => {
        await churnServing(300);
        await tick();
        // Growth is allowed exactly while a doubling stays within the cap (V8 may have grown it meanwhile).
        expect(youngGenerationMayGrow()).toBe(roomToGrow());
        if (roomToGrow()) throw new Error('still growing'); // go on until the cap is reached
      },
      { timeout: 15_000, interval: 20 },
    );
    // Grown up to the cap at most (a worker that started larger than the cap stays as it was).
    expect(youngGenerationBytes()).toBeLessThanOrEqual(Math.max(YOUNG_GENERATION_CAP_BYTES, before));
    expect(youngGenerationMayGrow()).toBe(false);
    await churnServing(300);
    await tick();
    expect(youngGenerationBytes()).toBeLessThanOrEqual(Math.max(YOUNG_GENERATION_CAP_BYTES, before));
  });
});
