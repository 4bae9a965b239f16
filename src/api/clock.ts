/**
 * Time source for the throttle and the lock-out guard. Injected so tests can drive minutes of
 * rate-limit windows in microseconds (vitest fake timers patch the globals this default uses).
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    // A pending throttle timer must never keep the process alive on shutdown.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
