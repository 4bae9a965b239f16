/** Subscribing the acting person to a talep (the card's buttons and `/talep subscribe|unsubscribe`). */
import type { Actor } from '../../slack/actor.js';
import { rememberSubscribed } from './known.js';

/** Subscribes or unsubscribes; answers the notice for above the card. */
export async function setSubscription(actor: Actor, talepId: number, subscribe: boolean): Promise<string> {
  const params = { id: talepId, userId: actor.helpdeskUserId };
  if (subscribe) {
    await actor.hd.addSubscriber(params);
    rememberSubscribed(actor, talepId, true);
    return `:bell: Subscribed: the help desk will e-mail you about talep #${talepId}.`;
  }
  await actor.hd.removeSubscriber(params);
  rememberSubscribed(actor, talepId, false);
  return `:no_bell: Unsubscribed from talep #${talepId}.`;
}
