/**
 * The kernel's listener middleware: what a listener declares it needs is checked before it runs, and
 * every failure after that takes the one failure path. Listeners therefore contain only their work.
 *
 *   linked     the person must have a usable help-desk link; `actor` acts as them (else: the connect prompt)
 *   talep      the talep the interaction is about, read from the payload (else: "no longer valid");
 *              implies `linked`, and failures are worded about that talep
 *   quiet      the help desk's queue is waited out without a "queued" notice (a form being filled in
 *              would otherwise be replaced by the notice)
 */
import { type Actor, type ActorOptions, requireLinked } from './actor.js';
import { type ErrorSubject, reportFailure } from './failures.js';
import type { Acting, ActingOnTalep, Interaction } from './interaction.js';
import { personMessages } from './locale.js';
import { extended } from '../objects.js';

export interface Needs<C> {
  linked?: true;
  talep?: (ctx: C) => number | undefined;
  quiet?: true;
}

/** What a listener declared it needs → what its handler may rely on. */
export type Granted<C, N> = N extends { talep: unknown } ? C & ActingOnTalep : N extends { linked: true } ? C & Acting : C;

export const STALE_CONTROL_TEXT = ':warning: That control is no longer valid. Run `/talep show <id>` again.';

/** The context with the acting person's words (`m`) — found once, before anything is said to them. */
export async function withPersonWords<C extends Interaction>(ctx: C): Promise<C> {
  if (ctx.m) return ctx;
  return extended(ctx, { m: await personMessages(ctx) });
}

/**
 * Runs `handle` with what `needs` asks for; a missing link or a stale control is told on the surface,
 * and a failure of the work is reported there with one sentence.
 */
export async function runWithNeeds<C extends Interaction>(
  ctx: C,
  needs: Needs<C>,
  handle: (ctx: C & Partial<ActingOnTalep>) => Promise<void>,
  subject: ErrorSubject = {},
): Promise<void> {
  ctx = await withPersonWords(ctx);
  let talepId: number | undefined;
  if (needs.talep) {
    talepId = needs.talep(ctx);
    if (talepId === undefined) {
      await ctx.surface.send({ text: ctx.m?.t('kit.staleControl') ?? STALE_CONTROL_TEXT }, 'problem');
      return;
    }
  }
  let granted: C & Partial<ActingOnTalep> = ctx;
  if (needs.linked || needs.talep) {
    const options: ActorOptions = needs.quiet ? {} : { queuedNotices: ctx.surface, ...(ctx.m ? { m: ctx.m } : {}), ...(ctx.acked ? { acked: ctx.acked } : {}) };
    const actor = await requireLinked(ctx, options);
    if (!actor) return;
    granted = extended(ctx, talepId !== undefined ? { actor, talepId } : { actor });
  }
  try {
    await handle(granted);
  } catch (error) {
    const { actor } = granted;
    await reportFailure(
      { ...ctx, ...(actor ? { linkedAt: actor.account.linkedAt } : {}) },
      error,
      { ...subject, ...(talepId !== undefined ? { talepId } : {}), ...(actor && !actor.isAgent ? { regularUser: true } : {}) },
    );
  }
}

/**
 * The same middleware for work that starts after the listener has answered (a submission after its
 * ack, a modal after it opened): acts as the person, with failures told on `ix.surface`.
 */
export function actAs(
  ix: Interaction,
  work: (actor: Actor) => Promise<void>,
  subject: ErrorSubject = {},
  options: { quiet?: true } = {},
): Promise<void> {
  return runWithNeeds(ix, { linked: true, ...options }, async ({ actor }) => work(actor as Actor), subject);
}
