/**
 * Writes done inside the interaction (a button or modal that creates, merges or deletes) happen at most
 * once per delivery, also across a restart: the delivery's idempotency key is reserved in the durable
 * idempotency store before the help-desk call, and a repeat of the delivery answers with the first
 * result instead of writing again. (Re-sends within one process never get here: ./deliveries.ts.)
 */
import type * as z from 'zod';
import { HelpdeskError } from '../api/errors.js';
import type { JsonValue } from '../store/json-value.js';
import type { Interaction } from './interaction.js';

export const IN_FLIGHT_TEXT = ':hourglass_flowing_sand: This is already being done; its result will show where you started it.';

/**
 * A write inside an interaction that was sent and not answered: unlike accepted work (which looks for
 * its effect before trying again), nothing checks it, so the person is told plainly that it is unknown.
 */
export class UnconfirmedWrite extends Error {
  override readonly name = 'UnconfirmedWrite';
  constructor(
    readonly kind: string,
    cause: unknown,
  ) {
    super(`${kind}: sent, but the help desk did not answer; it may or may not have been done`, { cause });
  }
}

/**
 * Runs `write` once for this delivery and answers its result; a repeat of the delivery gets the first
 * result (without writing). While the first is still running, the repeat is told so and gets undefined.
 * A failure that certainly changed nothing frees the key; an unknown outcome keeps it and is thrown as
 * an `UnconfirmedWrite` (told as such by ./failures.ts).
 */
export async function onlyOnce<S extends z.ZodType<JsonValue>>(
  ix: Interaction,
  kind: string,
  schema: S,
  write: () => Promise<z.output<S>>,
): Promise<{ result: z.output<S>; repeat: boolean } | undefined> {
  const key = ix.deliveryKey;
  if (!key) return { result: await write(), repeat: false };
  const { idempotency } = ix.services.stores;
  const reserved = await idempotency.reserve(key, { kind, actor: `${ix.who.teamId}:${ix.who.userId}` });
  if (reserved !== 'reserved') {
    const first = reserved.state === 'done' ? schema.safeParse(reserved.result) : undefined;
    if (first?.success) {
      ix.services.logger.info(`${kind}: a repeat of a delivery already done; answered with its result`);
      return { result: first.data, repeat: true };
    }
    ix.services.logger.info(`${kind}: a repeat of a delivery still in flight; not done again`);
    await ix.surface.send({ text: IN_FLIGHT_TEXT }, 'progress');
    return undefined;
  }
  let result: z.output<S>;
  try {
    result = await write();
  } catch (error) {
    // Sent and unanswered: it may have been done, so a repeat must not do it blindly (the lease ends it).
    if (error instanceof HelpdeskError && error.kind === 'unknown-outcome') throw new UnconfirmedWrite(kind, error);
    await idempotency.release(key);
    throw error;
  }
  await idempotency.complete(key, result);
  return { result, repeat: false };
}
