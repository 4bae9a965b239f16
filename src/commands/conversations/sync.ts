/**
 * Talep → thread: on every "a talep changed" hint (services.talepChanges: the webhook, the poller, the
 * bot's own writes), each Slack thread linked to that talep gets the help desk's new PUBLIC comments
 * ("<name> in the help desk: …", with the new files named), read with the token of the person who
 * linked the thread. Never posted: agents-only (ForTechsOnly) and system comments, comments from
 * before the link, comments the thread already has, and the bot's own comments made from a reply
 * (remembered by id, and recognised by their Slack permalink mark). A closed talep puts ✅ on the
 * thread's first message and a closing note in the thread; reopening removes the ✅.
 *
 * One talep is synced at a time (hints for it queue up), so two hints never post one comment twice.
 */
import type { webApi } from '@slack/bolt';
import type { Comment } from '../../api/schemas.js';
import { isClosed } from '../../domain/status.js';
import { slackTextToPlain } from '../../domain/slack-text.js';
import type { TalepChange } from '../../events/talep-changes.js';
import { actorFor } from '../../slack/actor.js';
import { slackErrorCode } from '../../slack/surface.js';
import type { BackgroundWork } from '../../slack/dispatch.js';
import type { Services } from '../../slack/services.js';
import { comparableText } from '../../slack/reconcile.js';
import type { ThreadLink } from '../../store/thread-link-store.js';
import { closedNoteMessage, helpdeskCommentMessage, reopenedNoteMessage } from '../../views/conversations/messages.js';
import { conversationIndex } from './conversation-index.js';
import { linkThread } from './public.js';
import { channelMessages } from '../../slack/locale.js';
import { postedMarks } from '../message-shortcuts/public.js';

/** Help desks and the bot keep their own clocks: a comment this much older than the link still counts as after it. */
const CLOCK_SKEW_MS = 2 * 60_000;
export const CLOSED_REACTION = 'white_check_mark';

/**
 * A comment the bot wrote from a Slack reply ends with its "Posted in Slack by …" mark (in the
 * replier's language: any of the catalogs' marks) and the permalink.
 */
function madeFromSlack(comment: Comment, channelId: string): boolean {
  const body = comparableText(comment.Body);
  return postedMarks().some((mark) => body.includes(mark)) && body.includes(`/archives/${channelId}/p`);
}

/** What of the talep's comments the thread gets now. */
export function commentsToPost(comments: readonly Comment[], link: ThreadLink): Comment[] {
  const since = link.at.getTime() - CLOCK_SKEW_MS;
  return comments.filter(
    (comment) =>
      !comment.ForTechsOnly &&
      !comment.IsSystem &&
      !link.knownComments.includes(comment.CommentID) &&
      comment.CommentDate.getTime() >= since &&
      !madeFromSlack(comment, link.channelId),
  );
}

/** Help-desk bodies may be HTML: plain text for the thread (linear time). */
function plainBody(body: string): string {
  return slackTextToPlain(comparableText(body.replace(/<br\s*\/?>|<\/p>/gi, '\n')));
}

async function syncThread(services: Services, client: webApi.WebClient, link: ThreadLink): Promise<void> {
  const { threadLinks } = services.stores;
  const actor = await actorFor(services, { teamId: link.teamId, userId: link.linkedBy }, { priority: 'background' });
  if (typeof actor === 'string') {
    services.logger.info(`thread sync: ${link.channelId}/${link.threadTs} not synced (the person who linked it cannot act: ${actor})`);
    return;
  }
  const [talep, comments] = await Promise.all([actor.hd.getTalep({ id: link.talepId }), actor.hd.comments({ id: link.talepId })]);
  const fresh = commentsToPost(comments, link);
  // Files are named only when read by someone who cannot see agents-only ones (the API does not say whose a file is).
  let newFiles: string[] = [];
  if (fresh.length > 0 && !actor.isAgent) {
    const files = await actor.hd.attachments({ id: link.talepId }).catch(() => []);
    const known = new Set(link.knownFiles ?? []);
    newFiles = files.filter((file) => !known.has(file.FileID)).map((file) => file.FileName);
    await threadLinks.knowFiles(link.talepId, files.map((file) => file.FileID));
  }
  const closed = isClosed(talep);
  if (fresh.length === 0 && closed === link.closed) return;
  // Everyone in the thread reads the posts: the channel's language.
  const m = await channelMessages(services, link.teamId, link.channelId);
  for (const [index, comment] of fresh.entries()) {
    // Remembered before it is posted: a crash in between loses one post rather than doubling it.
    await threadLinks.knowComments(link.teamId, link.channelId, link.threadTs, [comment.CommentID]);
    const message = helpdeskCommentMessage(
      link.talepId,
      {
        author: comment.UserName || comment.Email || m.t('conversations.userById', { id: comment.UserID }),
        text: plainBody(comment.Body),
        files: index === fresh.length - 1 ? newFiles : [],
      },
      m,
    );
    await client.chat.postMessage({ channel: link.channelId, thread_ts: link.threadTs, ...message, unfurl_links: false, unfurl_media: false });
  }
  if (closed !== link.closed) {
    await threadLinks.setClosed(link.teamId, link.channelId, link.threadTs, closed);
    const reaction = { channel: link.channelId, timestamp: link.threadTs, name: CLOSED_REACTION };
    await (closed ? client.reactions.add(reaction) : client.reactions.remove(reaction)).catch((error: unknown) => {
      const code = slackErrorCode(error);
      if (code !== 'already_reacted' && code !== 'no_reaction') services.logger.warn('thread sync: the ✅ could not be changed', error);
    });
    const note = closed ? closedNoteMessage(link.talepId, m) : reopenedNoteMessage(link.talepId, m);
    await client.chat.postMessage({ channel: link.channelId, thread_ts: link.threadTs, ...note });
  }
}

/** The talep's threads: sync's own links, and the messages it was opened from with the shortcut (linked now). */
async function threadsOf(services: Services, talepId: number): Promise<ThreadLink[]> {
  const links = await services.stores.threadLinks.byTalep(talepId);
  for (const message of await services.stores.messageTaleps.messagesOf(talepId)) {
    if (links.some((link) => link.teamId === message.teamId && link.channelId === message.channelId && link.threadTs === message.ts)) continue;
    links.push(await linkThread(services, message.teamId, message.channelId, message.ts, talepId, message.createdBy));
  }
  return links;
}

/** Subscribes thread sync to the talep changes; one talep at a time. */
export function threadSync(services: Services, client: webApi.WebClient): BackgroundWork {
  const running = new Map<number, Promise<void>>();
  const index = conversationIndex(services);
  const syncTalep = async (change: TalepChange) => {
    // The bot's own reply-comment was remembered before it was announced; the thread is still read for the rest.
    const links = await threadsOf(services, change.talepId);
    for (const link of links) {
      if (!index.syncs(link.teamId, link.channelId)) continue;
      // The link as stored now (an earlier hint may have moved it on).
      const current = (await services.stores.threadLinks.get(link.teamId, link.channelId, link.threadTs)) ?? link;
      await syncThread(services, client, current).catch((error: unknown) =>
        services.logger.warn(`thread sync of talep ${change.talepId} into ${link.channelId}/${link.threadTs} failed`, error),
      );
    }
  };
  const onChange = async (change: TalepChange) => {
    await index.ready();
    const before = running.get(change.talepId) ?? Promise.resolve();
    const next = before.then(() => syncTalep(change));
    const tracked = next.catch(() => undefined).finally(() => {
      if (running.get(change.talepId) === tracked) running.delete(change.talepId);
    });
    running.set(change.talepId, tracked);
    await next;
  };
  let unsubscribe: (() => void) | undefined;
  return {
    async start() {
      unsubscribe = services.talepChanges.subscribe(onChange);
    },
    async stop() {
      unsubscribe?.();
      await Promise.all(running.values());
    },
  };
}
