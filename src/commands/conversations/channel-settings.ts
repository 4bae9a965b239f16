/**
 * `/talep channel`: the channel's settings in a modal — mode (off | request | triage), default
 * category and priority, the emoji that opens a talep, thread sync on or off — for the people who
 * manage the channel. Slack's Web API does not tell a bot who its "channel managers" are, so the rule
 * is: the channel's creator (conversations.info `creator`), a workspace admin or owner (users.info
 * `is_admin` / `is_owner`), or a help-desk admin (the linked account's role). Anyone linked may look.
 */
import * as z from 'zod';
import { CHANNEL_MODES, DEFAULT_CHANNEL_MODE, DEFAULT_TALEP_EMOJI, emojiName } from '../../domain/channel-mode.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import { ok } from '../../slack/args.js';
import { formText, intOf, isChecked, selectedValue } from '../../slack/forms.js';
import type { SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import { route, type CommandCtx } from '../../slack/routes.js';
import type { ChannelRequests } from '../../store/channel-settings-store.js';
import { channelSettingsModal } from '../../views/conversations/channel-modal.js';
import { ConversationIds } from '../../views/conversations/ids.js';
import { channelManagersOnlyMessage, notInChannelMessage } from '../../views/conversations/messages.js';
import { resultView } from '../../views/kit/states.js';
import { conversationIndex } from './conversation-index.js';

/** Whether `actor` may change the channel's settings (see the rule above). */
export async function managesChannel(ctx: Pick<CommandCtx, 'client' | 'services'>, actor: Actor, channelId: string): Promise<boolean> {
  if (actor.isAdmin) return true;
  const [info, user] = await Promise.allSettled([ctx.client.conversations.info({ channel: channelId }), ctx.client.users.info({ user: actor.userId })]);
  if (info.status === 'fulfilled' && (info.value.channel as { creator?: string } | undefined)?.creator === actor.userId) return true;
  const profile = user.status === 'fulfilled' ? (user.value.user as { is_admin?: boolean; is_owner?: boolean } | undefined) : undefined;
  return profile?.is_admin === true || profile?.is_owner === true;
}

const metadataSchema = z.object({ channelId: z.string().min(1).max(40) });

export const channelRoute = route({
  path: 'channel',
  usage: 'channel',
  summary: 'This channel’s settings: request channel or triage, default category and priority, the emoji, thread sync',
  group: 'Taleps',
  audience: 'everyone',
  parse: () => ok(undefined),
  needs: { linked: true },
  run: async (ctx) => {
    const { services, who, channelId, actor } = ctx;
    const m = messagesOf(ctx);
    if (!channelId || channelId.startsWith('D')) return ctx.surface.send(notInChannelMessage(m));
    if (!(await managesChannel(ctx, actor, channelId))) return ctx.surface.send(channelManagersOnlyMessage(m));
    const settings = (await services.stores.channelSettings.get(who.teamId, channelId))?.requests;
    const categories = await actor.hd.categories().catch(() => []);
    await openModal(
      ctx,
      ctx.triggerId,
      channelSettingsModal({
        channelId,
        mode: settings?.mode ?? DEFAULT_CHANNEL_MODE,
        categoryId: settings?.categoryId,
        priorityId: settings?.priorityId,
        emoji: settings?.emoji ?? DEFAULT_TALEP_EMOJI,
        sync: settings?.sync ?? true,
        categories: categories.map((category) => ({ id: category.CategoryID, name: category.NameWithSection ?? category.Name })),
      }, m),
    );
  },
});

/** The modal's submission: checked (the emoji must be an emoji name), stored, and the quick filter updated at once. */
export async function channelSettingsSubmitted(ctx: SubmitCtx & { actor: Actor }): Promise<void> {
  const m = messagesOf(ctx);
  const title = m.t('conversations.channelTitle');
  const metadata = decodeMetadata(metadataSchema, ctx.view.private_metadata);
  if (!metadata) return ctx.ack({ response_action: 'update', view: resultView(title, m.t('conversations.channelOutOfDate'), undefined, m) });
  const { values } = ctx;
  const emoji = emojiName(formText(values, ConversationIds.emoji.block) ?? DEFAULT_TALEP_EMOJI);
  if (!emoji) return ctx.ack({ response_action: 'errors', errors: { [ConversationIds.emoji.block]: m.t('conversations.emojiInvalid') } });
  const mode = z.enum(CHANNEL_MODES).catch(DEFAULT_CHANNEL_MODE).parse(selectedValue(values, ConversationIds.mode.block));
  const categoryId = intOf(selectedValue(values, ConversationIds.category.block));
  const priorityId = intOf(selectedValue(values, ConversationIds.priority.block));
  const requests: ChannelRequests = {
    mode,
    ...(categoryId !== undefined && categoryId > 0 ? { categoryId } : {}),
    ...(priorityId !== undefined ? { priorityId } : {}),
    emoji,
    sync: isChecked(values, ConversationIds.sync.block),
  };
  const { services, who } = ctx;
  // Checked again at submission: the modal may have been opened by someone who lost the right since.
  if (!(await managesChannel(ctx, ctx.actor, metadata.channelId))) {
    return ctx.ack({ response_action: 'update', view: resultView(title, channelManagersOnlyMessage(m).text, undefined, m) });
  }
  await services.stores.channelSettings.setRequests(who.teamId, metadata.channelId, requests, `${who.teamId}:${who.userId}`, services.now());
  conversationIndex(services).setRequests(who.teamId, metadata.channelId, requests);
  services.logger.info(`channel ${who.teamId}:${metadata.channelId} set to ${mode} (emoji ${emoji}, sync ${requests.sync ? 'on' : 'off'}) by ${who.teamId}:${who.userId}`);
  const saved = m.t('conversations.channelSaved', { channel: metadata.channelId, mode, emoji, sync: requests.sync ? 'on' : 'off' });
  await ctx.ack({ response_action: 'update', view: resultView(title, saved, undefined, m) });
}
