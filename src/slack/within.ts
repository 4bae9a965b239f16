/** Stands for "not settled yet" in the race below. */
const NOT_YET: unique symbol = Symbol('not yet');
/**
 * Turns of the microtask queue an answer that needs no I/O may take: an in-memory store's read goes
 * through a few async functions (the store, its records), each a turn or two.
 */
const IN_MEMORY_TURNS = 8;

async function afterTurns(turns: number): Promise<typeof NOT_YET> {
  for (let turn = 0; turn < turns; turn++) await null;
  return NOT_YET;
}

/** `promise`'s value if it settles within `ms`, else undefined (the promise itself is not cancelled). */
export async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  // An answer that needs no I/O (an in-memory store's) wins this race: no timer for it. Every ack
  // asks two such questions, and a timer set and cleared for each was a visible part of its CPU.
  const settled = await Promise.race([promise, afterTurns(IN_MEMORY_TURNS)]);
  if (settled !== NOT_YET) return settled as T;
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
