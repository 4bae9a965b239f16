/**
 * Conversations: a Slack thread and a talep stay one conversation (thread sync, ./replies.ts and
 * ./sync.ts), request and triage channels and the emoji that opens a talep (./open-from-message.ts),
 * the channel's settings (`/talep channel`, ./channel-settings.ts).
 *
 * Every message and reaction event of every channel the bot is in comes here. The in-memory index
 * (./conversation-index.ts) drops what matters to no linked thread and no channel mode before anything
 * is written or asked; what matters is claimed by its event id in the persisted store (a re-send, even
 * after a restart, does nothing) and becomes durable work keyed by the message, so it is done once.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { actorFor, type Who } from '../../slack/actor.js';
import type { Area } from '../../slack/dispatch.js';
import { surfaceDeps } from '../../slack/interaction.js';
import { buttonValue, type EventCtx, onAction, onEvent, onSubmit } from '../../slack/listeners.js';
import type { Services } from '../../slack/services.js';
import { ephemeralSurface } from '../../slack/surface.js';
import type { HeldReply } from '../../store/thread-link-store.js';
import { ConversationIds } from '../../views/conversations/ids.js';
import {
  connectToOpenMessage,
  replyAddedMessage,
  replyDismissedMessage,
  replyGoneMessage,
  triageAgentsOnlyMessage,
  triageMessage,
} from '../../views/conversations/messages.js';
import { connectPrompt } from '../../views/kit/notices.js';
import { fileRefSchema, MAX_FILES } from '../../views/kit/slack-files.js';
import { channelRoute, channelSettingsSubmitted } from './channel-settings.js';
import { conversationIndex } from './conversation-index.js';
import { editDetailsSubmitted, openEditDetails } from './edit-details.js';
import { type MessageMeaning, meaningOf, type PostedMessage, talepReaction } from './message-event.js';
import { fromMessageWork, openFromMessage, orderFrom } from './open-from-message.js';
import { linkThread } from './public.js';
import { acceptReply, onReplyChanged, onThreadReply, threadReplyWork } from './replies.js';
import { threadSync } from './sync.js';
import { channelMessages, messagesOf, personMessages } from '../../slack/locale.js';

/** The talep of a linked thread (a message opened with the shortcut is linked here, on first use). */
async function talepOfThread(services: Services, teamId: string, channelId: string, threadTs: string): Promise<number | undefined> {
  const link = await services.stores.threadLinks.get(teamId, channelId, threadTs);
  if (link) return link.talepId;
  const opened = await services.stores.messageTaleps.get(teamId, channelId, threadTs);
  if (opened?.talepId === undefined) return undefined;
  return (await linkThread(services, teamId, channelId, threadTs, opened.talepId, opened.createdBy)).talepId;
}

/** Keeps a top-level message (request without a link, triage) so a button can open its talep later. */
const keep = (services: Services, teamId: string, message: PostedMessage, userId = message.userId): Promise<string> =>
  services.stores.threadLinks.hold({
    teamId,
    userId,
    channelId: message.channelId,
    threadTs: message.ts,
    ts: message.ts,
    talepId: 0,
    text: message.text.slice(0, 40_000),
    files: message.files.slice(0, 20),
    at: services.now(),
  });

async function onMessage(ctx: EventCtx): Promise<void> {
  const { services, client, teamId } = ctx;
  if (!teamId) return;
  const index = conversationIndex(services);
  await index.ready();
  const meaning = await meaningOf(ctx.event, teamId, index);
  if (meaning.kind === 'ignore') return;
  if (await ctx.handledBefore()) return;
  await handleMessage(ctx, teamId, meaning);
  // Recorded once its work is stored: a crash before this lets Slack's re-send do it (idempotently) again.
  await ctx.handled();
}

async function handleMessage(ctx: EventCtx, teamId: string, meaning: Exclude<MessageMeaning, { kind: 'ignore' }>): Promise<void> {
  const { services, client } = ctx;
  const index = conversationIndex(services);
  switch (meaning.kind) {
    case 'reply': {
      const talepId = await talepOfThread(services, teamId, meaning.message.channelId, meaning.threadTs);
      if (talepId !== undefined) await onThreadReply(services, client, teamId, meaning.message, meaning.threadTs, talepId);
      return;
    }
    case 'edited':
      return onReplyChanged(services, client, teamId, { ...meaning.message, threadTs: meaning.threadTs, text: meaning.message.text });
    case 'deleted':
      return onReplyChanged(services, client, teamId, { channelId: meaning.channelId, ts: meaning.ts, threadTs: meaning.threadTs, text: undefined });
    case 'request': {
      const { message } = meaning;
      const who: Who = { teamId, userId: message.userId };
      const requests = index.requests(teamId, message.channelId);
      if (typeof (await actorFor(services, who)) === 'string') {
        const heldId = await keep(services, teamId, message);
        const m = await personMessages({ services, client, who: who });
        await ephemeralSurface(surfaceDeps(services, client, who.userId), message.channelId).send(connectToOpenMessage(heldId, m));
        return;
      }
      await openFromMessage(services, client, who, orderFrom(services, 'request', message, requests ?? {}), { quietIfTaken: true });
      return;
    }
    case 'triage': {
      const heldId = await keep(services, teamId, meaning.message);
      // Every agent of the channel reads it: the channel's language.
      const m = await channelMessages(services, teamId, meaning.message.channelId);
      await client.chat.postMessage({ channel: meaning.message.channelId, thread_ts: meaning.message.ts, ...triageMessage(heldId, m) });
      return;
    }
  }
}

/** The message a reaction was added to (a top-level message, else a reply), read with the bot token. */
async function reactedMessage(
  client: webApi.WebClient,
  channelId: string,
  ts: string,
): Promise<{ user?: string; text?: string; files?: unknown[]; thread_ts?: string } | undefined> {
  type Found = { ts?: string; user?: string; text?: string; files?: unknown[]; thread_ts?: string };
  const pick = (messages: unknown) => (Array.isArray(messages) ? (messages as Found[]).find((message) => message.ts === ts) : undefined);
  const history = await client.conversations.history({ channel: channelId, latest: ts, oldest: ts, inclusive: true, limit: 1 });
  const found = pick(history.messages);
  if (found) return found;
  const replies = await client.conversations.replies({ channel: channelId, ts, latest: ts, inclusive: true, limit: 1 });
  return pick(replies.messages);
}

async function onReaction(ctx: EventCtx): Promise<void> {
  const { services, client, teamId } = ctx;
  if (!teamId) return;
  const index = conversationIndex(services);
  await index.ready();
  const reaction = talepReaction(ctx.event, teamId, index);
  if (!reaction) return;
  if (await ctx.handledBefore()) return;
  await openFromReaction(ctx, teamId, reaction);
  await ctx.handled();
}

async function openFromReaction(ctx: EventCtx, teamId: string, reaction: { userId: string; channelId: string; ts: string }): Promise<void> {
  const { services, client } = ctx;
  const index = conversationIndex(services);
  const who: Who = { teamId, userId: reaction.userId };
  const surface = ephemeralSurface(surfaceDeps(services, client, who.userId), reaction.channelId);
  if (typeof (await actorFor(services, who)) === 'string') {
    const m = await personMessages({ services, client, who: who });
    await surface.send(connectPrompt(m.t('conversations.connectThenReact'), m));
    return;
  }
  const message = await reactedMessage(client, reaction.channelId, reaction.ts);
  if (!message) {
    await surface.send({ text: (await personMessages({ services, client, who: who })).t('conversations.cannotReadMessage') });
    return;
  }
  const requests = index.requests(teamId, reaction.channelId);
  const posted = {
    channelId: reaction.channelId,
    ts: reaction.ts,
    threadTs: typeof message.thread_ts === 'string' ? message.thread_ts : undefined,
    userId: typeof message.user === 'string' ? message.user : who.userId,
    text: typeof message.text === 'string' ? message.text : '',
    files: Array.isArray(message.files) ? message.files : [],
  };
  await openFromMessage(services, client, who, orderFrom(services, 'emoji', posted, requests ?? {}));
}

/** A kept reply or message, if the button's value names one. */
async function heldOf(services: Services, action: unknown): Promise<{ id: string; held: HeldReply } | undefined> {
  const id = buttonValue(action);
  const held = id ? await services.stores.threadLinks.held(id) : undefined;
  return id && held ? { id, held } : undefined;
}

export const conversationsArea: Area = {
  name: 'conversations',
  routes: [channelRoute],
  listeners: [
    // Answered after the work is stored (HTTP mode): a crash before that makes Slack send the event again.
    onEvent('message', onMessage, { answerAfterWork: true }),
    onEvent('reaction_added', onReaction, { answerAfterWork: true }),
    // Subscribed so the manifest's reactions are complete; removing the emoji does not undo a talep.
    onEvent('reaction_removed', async () => undefined),
    onAction(ConversationIds.addMyReply, async (ctx) => {
      const m = messagesOf(ctx);
      const found = await heldOf(ctx.services, ctx.action);
      if (!found || found.held.userId !== ctx.who.userId || found.held.talepId === 0) return ctx.surface.replace(replyGoneMessage(m));
      if (typeof (await actorFor(ctx.services, ctx.who)) === 'string') return ctx.surface.send(connectPrompt(m.t('conversations.connectThenAddReply'), m));
      const { held } = found;
      await acceptReply(ctx.services, ctx.client, ctx.who, {
        talepId: held.talepId,
        channelId: held.channelId,
        threadTs: held.threadTs,
        ts: held.ts,
        text: held.text,
        files: z.array(fileRefSchema).max(MAX_FILES + 1).catch([]).parse(held.files),
      }, m);
      await ctx.services.stores.threadLinks.dropHeld(found.id);
      await ctx.surface.replace(replyAddedMessage(held.talepId, m));
    }),
    onAction(ConversationIds.dismissReply, async (ctx) => {
      const m = messagesOf(ctx);
      const found = await heldOf(ctx.services, ctx.action);
      if (!found || found.held.userId !== ctx.who.userId) return ctx.surface.replace(replyGoneMessage(m));
      await ctx.services.stores.threadLinks.dropHeld(found.id);
      await ctx.surface.replace(replyDismissedMessage(m));
    }),
    onAction(ConversationIds.openFromMessage, { linked: true }, async (ctx) => {
      const m = messagesOf(ctx);
      const found = await heldOf(ctx.services, ctx.action);
      if (!found || found.held.talepId !== 0) return ctx.surface.send(replyGoneMessage(m));
      const { held } = found;
      const own = held.userId === ctx.who.userId;
      if (!own && !ctx.actor.isAgent) return ctx.surface.send(triageAgentsOnlyMessage(m));
      const requests = conversationIndex(ctx.services).requests(ctx.who.teamId, held.channelId);
      await openFromMessage(ctx.services, ctx.client, ctx.who, orderFrom(ctx.services, own ? 'request' : 'triage', held, requests ?? {}), { m });
      if (own) await ctx.services.stores.threadLinks.dropHeld(found.id);
    }),
    onAction(ConversationIds.editDetails, { talep: (ctx) => Number(buttonValue(ctx.action)) || undefined }, (ctx) => openEditDetails(ctx)),
    onSubmit(ConversationIds.channelCallback, { linked: true }, channelSettingsSubmitted),
    onSubmit(ConversationIds.editCallback, { linked: true }, editDetailsSubmitted),
  ],
  work: [threadReplyWork, fromMessageWork],
  background: (services, client) => threadSync(services, client),
};
