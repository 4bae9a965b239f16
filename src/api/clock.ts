/**
 * Time source for the throttle and the lock-out guard. Injected so tests can drive minutes of
 * rate-limit windows in microseconds (vitest fake timers patch the globals this default uses).
 */
export interface Clock {
  now(): number;
  /** `keepAlive`: a call is waiting on this timer, so it holds the process open like the call itself would. */
  setTimeout(fn: () => void, ms: number, options?: { keepAlive?: boolean }): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms, options) => {
    const handle = setTimeout(fn, ms);
    // Housekeeping timers never keep the process alive on shutdown; a timer a queued call waits on
    // does (a script's `await` would otherwise end with Node's "unsettled top-level await").
    if (!options?.keepAlive) handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
