/**
 * Thread → talep: a reply in a linked thread becomes a comment on the talep, as the person who wrote
 * it (with its files), marked with the reply's permalink — as durable work (the outbox), keyed by the
 * reply, so a re-sent event or a crash never adds it twice. The comment's id is remembered for every
 * thread of the talep and announced as the bot's own change, so thread sync never posts it back.
 * Someone without a linked account is asked to connect; their reply is kept until they add or dismiss
 * it. An edit or deletion within 10 minutes updates the comment (`updatecomment`); else, or when the
 * help desk refuses, the thread says what could not be followed.
 */
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import type { FileUpload } from '../../api/wire.js';
import { slackTextToPlain } from '../../domain/slack-text.js';
import { actorFor, type Who } from '../../slack/actor.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { acceptWork, defineWork, type WorkCtx } from '../../slack/outbox.js';
import { slackProfile } from '../../slack/profiles.js';
import { findComment } from '../../slack/reconcile.js';
import type { Services } from '../../slack/services.js';
import { ephemeralSurface, withoutLeadingEmoji } from '../../slack/surface.js';
import { attachFilesOnce, downloadFiles } from '../../slack/uploads.js';
import type { webApi } from '@slack/bolt';
import { fileRefSchema, MAX_FILES } from '../../views/kit/slack-files.js';
import {
  connectToAddReplyMessage,
  notFollowedMessage,
  replyAddedMessage,
  replyNotAddedMessage,
} from '../../views/conversations/messages.js';
import { messageBody, messageFiles } from '../message-shortcuts/public.js';
import type { PostedMessage } from './message-event.js';
import { errorText } from '../../slack/failures.js';
import { english, type Messages } from '../../i18n/messages.js';
import { channelMessages, messagesOf, personMessages } from '../../slack/locale.js';

/** Slack edits and deletions are followed this long after the reply. */
export const FOLLOW_EDITS_MS = 10 * 60_000;

export const threadReplySchema = z.object({
  talepId: z.int().positive(),
  channelId: z.string().max(40),
  threadTs: z.string().max(40),
  ts: z.string().max(40),
  text: z.string().max(40_000),
  files: z.array(fileRefSchema).max(MAX_FILES + 1),
});
export type ThreadReply = z.infer<typeof threadReplySchema>;

/** The comment's text: the reply as plain text, then who wrote it in Slack and its permalink (the mark), in the replier's words. */
async function commentText(services: Services, client: webApi.WebClient, reply: ThreadReply, userId: string, m: Messages = english): Promise<string> {
  const [permalink, profile] = await Promise.allSettled([
    client.chat.getPermalink({ channel: reply.channelId, message_ts: reply.ts }),
    slackProfile(client, userId),
  ]);
  const author = profile.status === 'fulfilled' ? profile.value.name : userId;
  const link = permalink.status === 'fulfilled' ? permalink.value.permalink : undefined;
  return messageBody(slackTextToPlain(reply.text), author, link, 20_000, m);
}

/** Adds the comment once (its first file on it), finds its id, attaches the other files once. */
async function addReplyComment(ctx: WorkCtx<ThreadReply>): Promise<{ commentId: number | undefined; body: string }> {
  const { services, actor, steps, data } = ctx;
  const body = steps.result('body', z.string()) ?? (await commentText(services, ctx.client, data, ctx.who.userId, messagesOf(ctx)));
  await steps.record('body', body);
  const lookFor = () =>
    findComment(actor.hd, { talepId: data.talepId, authorId: actor.helpdeskUserId, body, forTechsOnly: false, since: ctx.job.acceptedAt });
  const downloaded = new Map<number, FileUpload>();
  const files = data.files.filter((file) => file.url && !file.skip);
  await steps.once(
    'comment',
    z.literal(true),
    async () => {
      for (const [index, upload] of (await downloadFiles(services, files)).entries()) downloaded.set(index, upload);
      const first = downloaded.get(0);
      await actor.hd.addComment({ id: data.talepId, body, ...(first ? { uploadFile: first } : {}) });
      return true as const;
    },
    async () => ((await lookFor()) === undefined ? undefined : (true as const)),
  );
  const commentId = (await lookFor().catch(() => undefined)) ?? undefined;
  const later = new Map([...downloaded].filter(([index]) => index > 0).map(([index, upload]) => [index - 1, upload] as const));
  await attachFilesOnce(ctx, data.talepId, files.slice(1), { prefix: 'file', downloaded: later });
  return { commentId, body };
}

/** A reply as accepted work: added as the person, once; the thread (ephemerally) says when it cannot be. */
export const threadReplyWork = defineWork({
  kind: 'thread-reply',
  payload: threadReplySchema,
  describe: (data, m) => m.t('outbox.whatThreadReply', { id: data.talepId }),
  keptText: (m) => m.t('conversations.replyKept'),
  run: async (ctx) => {
    const { services, data, who } = ctx;
    const { commentId } = await addReplyComment(ctx);
    const links = services.stores.threadLinks;
    // Remembered before it is announced: sync never posts the bot's own comment back into a thread.
    if (commentId !== undefined) await links.knowBotComment(data.talepId, commentId);
    await links.rememberReply(who.teamId, data.channelId, data.ts, { talepId: data.talepId, commentId, by: who.userId, at: new Date(Number(data.ts) * 1000 || Date.now()) });
    if (data.files.length > 0) {
      // The reply's files are now the talep's: the thread already has them, sync does not list them.
      const files = await ctx.actor.hd.attachments({ id: data.talepId }).catch(() => []);
      await links.knowFiles(data.talepId, files.map((file) => file.FileID));
    }
    services.logger.info(`thread reply ${data.channelId}/${data.ts} added to talep ${data.talepId} as comment ${commentId ?? '?'} by ${who.teamId}:${who.userId}`);
    await services.talepChanges.publish({ talepId: data.talepId, kind: 'commented', via: 'bot', at: services.now(), ...(commentId !== undefined ? { commentId } : {}) });
    return { talepId: data.talepId, ...(commentId !== undefined ? { commentId } : {}) };
  },
  failed: async (scene, message, error) => {
    const m = messagesOf(scene);
    const refused = isHelpdeskError(error, 'forbidden') && error.operation === 'addComment';
    const reason = refused ? m.t('conversations.onlyAgentsComment') : message.text.replace(/^:[\w+-]+:\s*/, '');
    await ephemeralSurface(surfaceDeps(scene.services, scene.client, scene.who.userId), scene.data.channelId, scene.data.threadTs).send(
      replyNotAddedMessage(scene.data.talepId, reason, scene.data.text, m),
    );
  },
});

/** The reply's work key: one comment per Slack reply, whatever the event ids. */
const replyKey = (who: Who, reply: Pick<ThreadReply, 'channelId' | 'ts'>) => `thread-reply:${who.teamId}:${reply.channelId}:${reply.ts}`;

/** Accepts the reply as the person's work (or a copy of it, which adds nothing); `m`: their words, when known. */
export async function acceptReply(services: Services, client: webApi.WebClient, who: Who, reply: ThreadReply, m?: Messages): Promise<void> {
  const surface = ephemeralSurface(surfaceDeps(services, client, who.userId), reply.channelId, reply.threadTs);
  const ix: Interaction = { services, client, who, surface, m: m ?? (await personMessages({ services, client, who: who })) };
  await acceptWork(ix, { work: threadReplyWork, data: reply, reply: { to: { c: reply.channelId } }, key: replyKey(who, reply) }, async () => undefined);
}

/** A reply in a linked thread: accepted as the person's comment, or kept while they are asked to connect. */
export async function onThreadReply(services: Services, client: webApi.WebClient, teamId: string, message: PostedMessage, threadTs: string, talepId: number): Promise<void> {
  const who = { teamId, userId: message.userId };
  const reply: ThreadReply = {
    talepId,
    channelId: message.channelId,
    threadTs,
    ts: message.ts,
    text: message.text.slice(0, 40_000),
    files: messageFiles(message.files, services.maxUploadBytes),
  };
  const standing = await actorFor(services, who);
  if (typeof standing !== 'string') return acceptReply(services, client, who, reply);
  const heldId = await services.stores.threadLinks.hold({
    teamId,
    userId: message.userId,
    channelId: message.channelId,
    threadTs,
    ts: message.ts,
    talepId,
    text: reply.text,
    files: reply.files,
    at: services.now(),
  });
  const m = await personMessages({ services, client, who: who });
  await ephemeralSurface(surfaceDeps(services, client, message.userId), message.channelId, threadTs).send(connectToAddReplyMessage(talepId, heldId, m));
}

/** An edit (new text) or deletion of a reply that became a comment: followed within 10 minutes. */
export async function onReplyChanged(
  services: Services,
  client: webApi.WebClient,
  teamId: string,
  change: { channelId: string; ts: string; threadTs: string; text: string | undefined },
): Promise<void> {
  const synced = await services.stores.threadLinks.reply(teamId, change.channelId, change.ts);
  if (!synced) return;
  const what = change.text === undefined ? 'deletion' : 'edit';
  // The note is posted in the thread: the channel's language.
  const inChannel = await channelMessages(services, teamId, change.channelId);
  const note = (reason: (m: Messages) => string) =>
    client.chat
      .postMessage({ channel: change.channelId, thread_ts: change.threadTs, ...notFollowedMessage(synced.talepId, what, reason(inChannel), inChannel) })
      .catch((error: unknown) => services.logger.warn('thread sync: could not post a note', error));
  if (services.now().getTime() - synced.at.getTime() > FOLLOW_EDITS_MS) return note((m) => m.t('conversations.notFollowedLate')).then(() => undefined);
  if (synced.commentId === undefined) return note((m) => m.t('conversations.notFollowedNoComment')).then(() => undefined);
  const author = { teamId, userId: synced.by };
  const actor = await actorFor(services, author);
  if (typeof actor === 'string') return note((m) => m.t('conversations.notFollowedNoLink')).then(() => undefined);
  // The comment is the author's: their words.
  const theirs = await personMessages({ services, client, who: author });
  const body =
    change.text === undefined
      ? theirs.t('conversations.deletedInSlack')
      : await commentText(
          services,
          client,
          { talepId: synced.talepId, channelId: change.channelId, threadTs: change.threadTs, ts: change.ts, text: change.text, files: [] },
          synced.by,
          theirs,
        );
  try {
    await actor.hd.updateComment({ id: synced.commentId, body });
    services.logger.info(`thread sync: the ${what} of ${change.channelId}/${change.ts} applied to comment ${synced.commentId}`);
  } catch (error) {
    await note((m) => withoutLeadingEmoji(errorText(error, {}, m)));
  }
}

export { replyAddedMessage };
