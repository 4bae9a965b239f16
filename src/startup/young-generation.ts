/**
 * Keeps V8's young generation small until the bot has real load to serve.
 *
 * Loading the bot's modules allocates mostly objects that live for good (functions, schemas, message
 * catalogs). V8 reads that high survival rate as "the young generation is too small" and doubles it
 * at each scavenge, to its 2 × 16 MB maximum, which then stays committed while the bot idles: 10 to
 * 15 MB of an idle bot's RSS (issue 13's bench: 119 → 106 MB). Under load the default growth is right (a larger young
 * generation promotes fewer request-scoped objects to the old generation, which is costlier to
 * collect), so growth is held back only until the process allocates like a busy one: many scavenges
 * within a second. An idle bot (pollers, the odd command) never gets there.
 *
 * V8 reads this flag each time it considers growing the young generation, so setting it at run time
 * takes effect; an unknown flag (another V8) is ignored by `setFlagsFromString`.
 *
 * The entry point imports this module first, so the hold starts before any other module loads
 * (importing it is what holds); `startBot` calls `growWhenBusy` once the bot listens (loading the
 * modules scavenges often too, but is not load).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** V8's default factor by which the young generation grows. */
const DEFAULT_GROWTH_FACTOR = 2;
/** Scavenges within one second that mean "busy": ~16 MB/s allocated at the held size (1 MB semi-spaces). */
const BUSY_SCAVENGES_PER_SECOND = 16;

let held = true;
setFlagsFromString('--semi-space-growth-factor=1');

function release(): void {
  if (!held) return;
  held = false;
  watch.disconnect();
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}

const recentScavenges: number[] = [];
const watch = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    recentScavenges.push(entry.startTime);
    while (recentScavenges.length > 0 && (recentScavenges[0] as number) < entry.startTime - 1_000) recentScavenges.shift();
    if (recentScavenges.length >= BUSY_SCAVENGES_PER_SECOND) {
      release();
      return;
    }
  }
});

/** Whether growth is still held back (for tests and diagnostics). */
export const youngGenerationHeld = (): boolean => held;

/** From now on, V8's default growth comes back as soon as the process is busy. */
export function growWhenBusy(): void {
  if (held) watch.observe({ entryTypes: ['gc'] });
}
