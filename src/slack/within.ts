/** Stands for "not settled yet" in the race below. */
const NOT_YET: unique symbol = Symbol('not yet');
const notYet: Promise<typeof NOT_YET> = Promise.resolve(NOT_YET);

/** `promise`'s value if it settles within `ms`, else undefined (the promise itself is not cancelled). */
export async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  // An answer that is already there (an in-memory store's) wins this race: no timer for it. Promise.race
  // settles with the first argument whose reaction runs first, and a settled promise's runs in order.
  const settled = await Promise.race([promise, notYet]);
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
