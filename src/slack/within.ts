/** Stands for "not settled yet". */
const NOT_YET: unique symbol = Symbol('not yet');
const aTurn: Promise<void> = Promise.resolve();
/**
 * Turns of the microtask queue an answer that is nearly there may take and still be taken without a
 * timer: an in-memory store's answer comes from async functions awaiting each other, a few turns each.
 */
const MICROTASK_TURNS = 12;

/** `promise`'s value if it settles within `ms`, else undefined (the promise itself is not cancelled). */
export async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  // An answer that is already there or nearly (an in-memory store's) needs no timer: in a burst of
  // commands a timer per look-up, two per ack, was a visible part of the CPU (issue 13).
  let settled: { value: T } | { error: unknown } | typeof NOT_YET = NOT_YET;
  promise.then(
    (value) => void (settled = { value }),
    (error: unknown) => void (settled = { error }),
  );
  for (let turn = 0; turn < MICROTASK_TURNS && settled === NOT_YET; turn++) await aTurn;
  if (settled === NOT_YET) return raceTimer(ms, promise);
  const outcome = settled as { value: T } | { error: unknown };
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

async function raceTimer<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
