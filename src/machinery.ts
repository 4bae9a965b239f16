/**
 * The bot's own shared machinery (the throttle's pump, the lock-out guard, the job runner, the ack
 * scheduler…) wraps its timer and immediate callbacks with `machinery(name, fn)`: an exception one of
 * them throws is noted on its way out, and the process policy (./process-policy.ts) stops the bot for
 * it, since the machinery was left half-changed. No imports: the help-desk client uses it too.
 */

/** The last exception machinery callbacks let through, with the machinery's name: at most one is in flight. */
let escaping: { error: unknown; name: string } | undefined;

/**
 * Wraps a callback of the shared machinery `name` (for setTimeout, setImmediate, an emitter): an
 * exception it throws stops the process (the machinery's state is half-changed), a rejection of what
 * it starts does not.
 */
export function machinery<A extends unknown[]>(name: string, fn: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      escaping = { error, name };
      throw error;
    }
  };
}

/** The machinery an uncaught `error` came from, if it came from a `machinery` callback. */
export function machineryOf(error: unknown): string | undefined {
  const last = escaping;
  escaping = undefined;
  return last !== undefined && last.error === error ? last.name : undefined;
}
