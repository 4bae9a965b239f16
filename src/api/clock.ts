/**
 * Time source for the throttle and the lock-out guard. Injected so tests can drive minutes of
 * rate-limit windows in microseconds (vitest fake timers patch the globals this default uses).
 */
export interface Clock {
  now(): number;
  /** `keepAlive`: the timer keeps the process alive (someone is waiting on it); default: it does not. */
  setTimeout(fn: () => void, ms: number, options?: { keepAlive?: boolean }): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms, options) => {
    const handle = setTimeout(fn, ms);
    // A timer nobody waits on (a re-estimate, a guard's bookkeeping) must never keep the process alive.
    if (!options?.keepAlive) handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
