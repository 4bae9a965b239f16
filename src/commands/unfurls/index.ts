/**
 * Link previews: talep links as Slack Work Objects (or Block Kit where those are not available) with
 * only the fields safe for everyone in the conversation, the details panel of a talep's Work Object,
 * documentation links through the site's oEmbed proxy, and `/talep unfurl` per conversation.
 */
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, onEvent } from '../../slack/listeners.js';
import { UnfurlIds } from '../../views/unfurls/ids.js';
import { onDetailsRequested } from './details.js';
import { onLinkShared, previewsDone } from './link-shared.js';
import { ConnectOffers } from './offer.js';
import { UnfurlSender } from './send.js';
import { unfurlSettingRoute } from './setting.js';

/** Fresh per app: whom it offered to connect, which previews it added, where Work Objects are missing. */
export function unfurlsArea(): Area {
  const offers = new ConnectOffers();
  const done = previewsDone();
  const sender = new UnfurlSender();
  return {
    name: 'unfurls',
    routes: [unfurlSettingRoute],
    listeners: [
      onEvent('link_shared', (ctx) => onLinkShared(ctx, { sender, offers, done })),
      onEvent('entity_details_requested', onDetailsRequested),
      // The details panel's link button still sends an action.
      acknowledgeOnly(UnfurlIds.openInHelpdesk),
    ],
  };
}
