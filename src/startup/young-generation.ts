/**
 * Caps V8's young generation at 2 × 8 MB, half of V8's own maximum (2 × 16 MB), from the first module
 * the bot loads.
 *
 * The young generation is memory a process never returns: once grown, both semi-spaces stay committed
 * for its life. At V8's maximum, the RSS after a burst of 1,000 commands was 158–163 MB (issue 13's
 * bench, goal ≤ 150); at this cap, 145–153.
 *
 * It may grow up to the cap at any time, start-up included. An earlier policy held it at its initial
 * size until the bot was busy, to save idle memory. Measured with the bot started as `npm start` starts
 * it, the hold cost more than it saved:
 * - a burst began with a tiny young generation, so its first requests' objects were promoted to the
 *   old generation, and that memory stayed: RSS after the burst 155–169 MB against 145–153;
 * - CPU per request was higher too (more scavenges until it had grown);
 * - idle RSS was only about 5 MB lower.
 *
 * V8 reads `--semi-space-growth-factor` each time it considers growing the young generation, so
 * setting it at run time takes effect; an unknown flag (another V8) is ignored by `setFlagsFromString`.
 * Growth is held (factor 1) until the first garbage collection tells the size, then allowed while one
 * more doubling stays within the cap. V8 decides a doubling at a scavenge and the observer runs after,
 * so a long synchronous run of allocation (no turn of the event loop) may still double it once more.
 *
 * The entry point imports this module first, so the cap is in place before any other module loads
 * (importing it is what caps).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** V8's default factor by which the young generation grows. */
const DEFAULT_GROWTH_FACTOR = 2;
/** The young generation's largest size here (both semi-spaces): half of V8's 2 × 16 MB. */
export const YOUNG_GENERATION_CAP_BYTES = 16 * 1024 * 1024;

let growthFactor = DEFAULT_GROWTH_FACTOR;
function allowGrowth(allowed: boolean): void {
  const factor = allowed ? DEFAULT_GROWTH_FACTOR : 1;
  if (factor === growthFactor) return;
  growthFactor = factor;
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}

/** The young generation's committed size now (both semi-spaces). */
export const youngGenerationBytes = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/** Whether V8 may grow the young generation now (for tests and diagnostics). */
export const youngGenerationMayGrow = (): boolean => growthFactor > 1;

const watch = new PerformanceObserver((list) => {
  const scavenged = list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR);
  if (scavenged) allowGrowth(youngGenerationBytes() * DEFAULT_GROWTH_FACTOR <= YOUNG_GENERATION_CAP_BYTES);
});

allowGrowth(false);
watch.observe({ entryTypes: ['gc'] });
