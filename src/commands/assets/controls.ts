/**
 * How the asset card's controls are declared: what a control names (its asset, and what else it
 * carries) is read from the payload; a control that names none is not ours and is ignored. The work is
 * done as the person, and a failure names the asset ("Asset #12 was not found").
 */
import type { Actor } from '../../slack/actor.js';
import { type ActionCtx, buttonValue, type Listener, onAction } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import type { SurfaceRef } from '../../slack/surface.js';
import { assetCardFor, assetIdOf, assetSubject } from './cards.js';

/** A button whose value is an asset id. */
export const buttonAsset = (action: unknown) => assetIdOf(buttonValue(action));
export const buttonTarget = (action: unknown) => {
  const assetId = buttonAsset(action);
  return assetId === undefined ? undefined : { assetId, input: undefined };
};

/** Where the card goes after an edit from a card: in place of that card (else its channel, else a DM). */
export const inPlaceOf = (ctx: ActionCtx): SurfaceRef => ({
  ...(ctx.body.response_url ? { u: ctx.body.response_url, r: true } : {}),
  ...(ctx.channelId ? { c: ctx.channelId } : {}),
  ...(ctx.container === 'message' ? { e: false } : {}),
});

/** Shows the card of the asset a control names (a control that names none is not ours: ignored). */
export const showCard = (ctx: ActionCtx<unknown>, assetId: number | undefined) =>
  assetId === undefined
    ? Promise.resolve()
    : actAs(ctx, async (actor) => ctx.surface.send(await assetCardFor(actor, assetId, undefined, messagesOf(ctx))), assetSubject(assetId, messagesOf(ctx)));

/**
 * A control on the asset card: `read` names its asset (and what else the control carries), `change`
 * makes the change as the person and says what changed; the card is then re-rendered in place with
 * that line on top. A control that names no asset is not ours: ignored.
 */
export function cardChange<A, I = undefined>(
  id: string,
  read: (action: A) => { assetId: number; input: I } | undefined,
  change: (ctx: ActionCtx<A>, actor: Actor, assetId: number, input: I) => Promise<string>,
): Listener {
  return onAction<A>(id, async (ctx) => {
    const target = read(ctx.action);
    if (!target) return;
    const { assetId, input } = target;
    const m = messagesOf(ctx);
    await actAs(ctx, async (actor) => ctx.surface.replace(await assetCardFor(actor, assetId, await change(ctx, actor, assetId, input), m)), assetSubject(assetId, m));
  });
}
