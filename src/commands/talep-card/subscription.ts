/** Subscribing the acting person to a talep (the card's buttons and `/talep subscribe|unsubscribe`). */
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { rememberSubscribed } from './known.js';

/** Subscribes or unsubscribes; answers the notice for above the card. */
export async function setSubscription(actor: Actor, talepId: number, subscribe: boolean, m: Messages = english): Promise<string> {
  const params = { id: talepId, userId: actor.helpdeskUserId };
  if (subscribe) {
    await actor.hd.addSubscriber(params);
    rememberSubscribed(actor, talepId, true);
    return m.t('card.subscribedNotice', { id: talepId });
  }
  await actor.hd.removeSubscriber(params);
  rememberSubscribed(actor, talepId, false);
  return m.t('card.unsubscribedNotice', { id: talepId });
}
