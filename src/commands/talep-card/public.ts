/**
 * What other areas may use of the talep card: showing a card, and declaring a control on it (a button
 * or menu that changes the talep and re-renders the card in place with a line saying what changed).
 */
import type { Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import type { ActionCtx } from '../../slack/listeners.js';
import { type Listener, onAction } from '../../slack/listeners.js';
import type { ActingOnTalep } from '../../slack/interaction.js';
import type { CommandCtx } from '../../slack/routes.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { talepCard } from '../../views/talep-card/card.js';
import { cardMessage, loadCardData, type PrivateCardKind } from './load.js';

export { cardMessage, type CardLoadOptions, loadCardData, type PrivateCardKind, readTalep, worksOnCategory } from './load.js';
export { forgetTalep, patchTalep, rememberSubscribed } from './known.js';

/** What a change did, said above the re-rendered card; `false`: it answered itself, no card. */
export type CardNotice = string | undefined | false;

/**
 * The kind of card a control answers with: a lasting message (the app's Messages tab, App Home, a
 * modal, whose answers go to the Messages tab, or anything answered in the Messages tab) gets a
 * `direct` card; an ephemeral one an ephemeral card.
 */
export function cardSurfaceOf(ctx: Pick<ActionCtx, 'container' | 'surface'>): PrivateCardKind {
  const lasting = ctx.container === 'message' || ctx.container === 'home' || ctx.container === 'modal' || ctx.surface.kind === 'dm';
  return lasting ? 'direct' : 'ephemeral';
}

/**
 * A control on the card: `read` takes the talep id (and any input) from the control; `work` makes the
 * change as the person and returns the notice; the card is then re-rendered where the control was (in
 * place on a message, else as a new card in the Messages tab).
 */
export function cardControl<I = undefined>(
  id: string,
  read: (action: unknown) => { talepId: number; input: I } | undefined,
  work: (ctx: ActionCtx & ActingOnTalep, input: I) => Promise<CardNotice>,
): Listener {
  return onAction(id, { talep: (ctx) => read(ctx.action)?.talepId }, async (ctx) => {
    const { input } = read(ctx.action) as { input: I };
    const started = performance.now();
    const notice = await work(ctx, input);
    if (notice === false) return;
    // What the work applied to the known record (patchTalep) is not read again.
    await ctx.surface.replace(
      await cardMessage(ctx.services, ctx.actor, ctx.talepId, cardSurfaceOf(ctx), notice, { knownSince: started, m: messagesOf(ctx) }),
    );
  });
}

/** A sub-command that changes a talep answers with the refreshed card and the notice above it. */
export async function answerWithCard(ctx: CommandCtx & ActingOnTalep, notice: CardNotice): Promise<void> {
  if (notice === false) return;
  await ctx.surface.send(await cardMessage(ctx.services, ctx.actor, ctx.talepId, 'ephemeral', notice, { m: messagesOf(ctx) }));
}

/** For plain buttons whose value is the talep id. */
export { readTalepButton, talepIdOfButton } from './controls.js';
export { setSubscription } from './subscription.js';
export { type CardExtra, parseCardChange, parseCardExtra, TalepCardIds } from '../../views/talep-card/ids.js';

/** The card as everyone in a channel may see it (what "Share in channel" posts), read as `actor`. */
export async function publicCardMessage(services: Services, actor: Actor, talepId: number, m?: Messages): Promise<SlackMessage> {
  const { data } = await loadCardData(services, actor, talepId);
  return talepCard(data, { kind: 'public', sharedBySlackUserId: actor.userId }, undefined, m);
}
