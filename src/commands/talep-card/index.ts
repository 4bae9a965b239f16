/**
 * The talep card: `/talep show <id>`, the shared `talep_show` button (search results, confirmations,
 * App Home…), Share in channel, Subscribe / Unsubscribe. Other areas add their controls to the card
 * through ./public.ts (`cardControl`).
 */
import { messagesOf } from '../../slack/locale.js';
import { parseTalepId } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, onAction } from '../../slack/listeners.js';
import { route } from '../../slack/routes.js';
import { SharedActions } from '../../views/kit/shared-actions.js';
import { TalepCardIds } from '../../views/talep-card/ids.js';
import { talepIdOfButton } from './controls.js';
import { cardMessage } from './load.js';
import { cardControl, cardSurfaceOf, readTalepButton } from './public.js';
import { shareCard } from './share.js';
import { setSubscription } from './subscription.js';

export const talepCardArea: Area = {
  name: 'talep-card',
  routes: [
    route({
      path: 'show',
      usage: 'show <id>',
      summary: 'Show a talep card (only you see it; Share in channel posts it)',
      group: 'Taleps',
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      // The talep's record and its latest comments.
      queue: { budget: 'general', calls: 2, repeatJoins: true },
      run: async (ctx) => ctx.surface.send(await cardMessage(ctx.services, ctx.actor, ctx.talepId, 'ephemeral', undefined, { m: messagesOf(ctx) })),
    }),
  ],
  listeners: [
    // `talep_show` from anywhere: a new card where the button was (search results stay); from a modal
    // or the Home tab there is no message to answer under, so the card goes to the Messages tab.
    onAction(SharedActions.showTalep, { talep: (ctx) => talepIdOfButton(ctx.action) }, async (ctx) =>
      ctx.surface.send(await cardMessage(ctx.services, ctx.actor, ctx.talepId, cardSurfaceOf(ctx), undefined, { m: messagesOf(ctx) })),
    ),
    cardControl(TalepCardIds.share, readTalepButton, shareCard),
    cardControl(TalepCardIds.subscribe, readTalepButton, (ctx) => setSubscription(ctx.actor, ctx.talepId, true, messagesOf(ctx))),
    cardControl(TalepCardIds.unsubscribe, readTalepButton, (ctx) => setSubscription(ctx.actor, ctx.talepId, false, messagesOf(ctx))),
    // A link button still sends an action; it only needs its ack.
    acknowledgeOnly(TalepCardIds.openLink),
  ],
};
