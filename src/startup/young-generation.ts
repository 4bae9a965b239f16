/**
 * Keeps V8's young generation small: held at its size while the bot loads and idles, grown only while
 * the bot is busy, and never past 2 × 8 MB.
 *
 * Loading the bot's modules allocates mostly objects that live for good (functions, schemas, message
 * catalogs). V8 reads that high survival rate as "the young generation is too small" and doubles it
 * at each scavenge, to its 2 × 16 MB maximum. That space then stays committed for the life of the
 * process: 10 to 15 MB of an idle bot's RSS, and as much again after a burst (issue 13's bench: idle
 * 119 → 106 MB). Under load a larger young generation promotes fewer request-scoped objects to the
 * old generation, so it may grow while the process is busy (16 or more scavenges within a second), up
 * to half of V8's maximum: a burst of 1,000 commands spent no more CPU with that cap (1.66 ms a
 * request, median of 3, against 1.82 without it), and the other half is memory a bot never returns
 * (RSS after the burst: 163 → 147 MB).
 *
 * V8 reads this flag each time it considers growing the young generation, so setting it at run time
 * takes effect; an unknown flag (another V8) is ignored by `setFlagsFromString`.
 *
 * The entry point imports this module first, so the hold starts before any other module loads
 * (importing it is what holds); `startBot` calls `growWhenBusy` once the bot listens (loading the
 * modules scavenges often too, but is not load).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** V8's default factor by which the young generation grows. */
const DEFAULT_GROWTH_FACTOR = 2;
/** Scavenges within one second that mean "busy": ~16 MB/s allocated at V8's initial 1 MB semi-spaces. */
const BUSY_SCAVENGES_PER_SECOND = 16;
/** The young generation's largest size here (both semi-spaces): half of V8's 2 × 16 MB. */
export const YOUNG_GENERATION_CAP_BYTES = 16 * 1024 * 1024;

let growthFactor = DEFAULT_GROWTH_FACTOR;
function allowGrowth(allowed: boolean): void {
  const factor = allowed ? DEFAULT_GROWTH_FACTOR : 1;
  if (factor === growthFactor) return;
  growthFactor = factor;
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}
allowGrowth(false);

/** The young generation's committed size now (both semi-spaces). */
export const youngGenerationBytes = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/** Whether V8 may grow the young generation now (for tests and diagnostics). */
export const youngGenerationMayGrow = (): boolean => growthFactor > 1;

const recentScavenges: number[] = [];
const watch = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    recentScavenges.push(entry.startTime);
    while (recentScavenges.length > 0 && (recentScavenges[0] as number) < entry.startTime - 1_000) recentScavenges.shift();
  }
  // The next doubling must stay within the cap. V8 decides it at a scavenge and this runs after, so a
  // long synchronous run of allocation (no turn of the event loop) may still double it once more.
  const busy = recentScavenges.length >= BUSY_SCAVENGES_PER_SECOND;
  allowGrowth(busy && youngGenerationBytes() * DEFAULT_GROWTH_FACTOR <= YOUNG_GENERATION_CAP_BYTES);
});

let watching = false;

/** From now on the young generation grows while the process is busy, up to the cap. */
export function growWhenBusy(): void {
  if (watching) return;
  watching = true;
  watch.observe({ entryTypes: ['gc'] });
}
