/**
 * "Share in channel": the card posted publicly by the app in the conversation the card was in. Only
 * what everyone there may see (no agents-only comments, no attachments, no work buttons); a regular
 * user may share only their own taleps.
 */
import { channelMessages, messagesOf } from '../../slack/locale.js';
import type { ActingOnTalep } from '../../slack/interaction.js';
import type { ActionCtx } from '../../slack/listeners.js';
import { cannotPostHere } from '../../slack/surface.js';
import { cannotPostHereMessage } from '../../views/kit/notices.js';
import { talepCard } from '../../views/talep-card/card.js';
import { sharedNotice, shareRefusedMessage } from '../../views/talep-card/messages.js';
import { linkThread } from '../conversations/public.js';
import { loadCardData } from './load.js';
import type { CardNotice } from './public.js';

export async function shareCard(ctx: ActionCtx & ActingOnTalep): Promise<CardNotice> {
  const { services, actor, client, surface, talepId, channelId } = ctx;
  const m = messagesOf(ctx);
  if (!channelId) {
    await surface.send(cannotPostHereMessage(m));
    return false;
  }
  const { data } = await loadCardData(services, actor, talepId);
  if (!actor.isAgent && data.talep.SubmitterUserInfo.UserID !== actor.helpdeskUserId) {
    await surface.send(shareRefusedMessage(talepId, m));
    return false;
  }
  // Everyone in the channel reads it: the channel's language, not the sharer's.
  const card = talepCard(data, { kind: 'public', sharedBySlackUserId: actor.userId }, undefined, await channelMessages(services, actor.teamId, channelId));
  try {
    const posted = await client.chat.postMessage({ channel: channelId, ...card, unfurl_links: false, unfurl_media: false });
    // The card's thread is the talep's conversation (thread sync), read as the person who shared it.
    if (posted.ts) {
      await linkThread(services, actor.teamId, channelId, posted.ts, talepId, actor.userId).catch((error: unknown) =>
        services.logger.warn('could not link the shared card’s thread', error),
      );
    }
  } catch (error) {
    if (!cannotPostHere(error)) throw error;
    await surface.send(cannotPostHereMessage(m));
    return false;
  }
  return sharedNotice(channelId, m);
}
