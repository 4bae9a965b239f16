/**
 * Channel feeds: for each feed, the talep is read with its creator's token (a channel never sees more
 * than that person may); a talep in the feed's scope gets ONE message per channel (its card), updated
 * in place, and each change the feed listens for is a short reply in that card's thread. Idempotency
 * keys (channel, talep, change) make sure nothing is posted twice, also across a restart.
 */
import type { TalepChange } from '../../events/talep-changes.js';
import type { Talep } from '../../api/schemas.js';
import type { Actor } from '../../slack/actor.js';
import { slackErrorCode } from '../../slack/surface.js';
import type { Feed, FeedCard, FeedEvent } from '../../store/notify-store.js';
import { changesBetween, eventOf, type TalepChangeLine } from '../../views/notifications/changes.js';
import { feedCard, feedReply } from '../../views/notifications/feed-card.js';
import { linkThread, threadSyncCovers } from '../conversations/public.js';
import { digestOf, feedMessages, type NotifyContext, personMessages, tokenRefused } from './context.js';
import { backgroundActor, changedSince, type ReadCache, readTalepAs, type TalepRead } from './read.js';

const hintEvents: Record<TalepChange['kind'], FeedEvent | undefined> = {
  created: 'new',
  commented: 'comment',
  assigned: 'assigned',
  status: 'status',
  closed: 'closed',
  updated: undefined,
};

/** Whether a talep is in a feed's scope (category, priority, assignee). */
export function inScope(feed: Feed, talep: Talep, reader: Actor): boolean {
  const { filter } = feed;
  if (filter.categories?.length && !filter.categories.includes(talep.CategoryName.trim().toLowerCase())) return false;
  if (filter.minPriority !== undefined && talep.Priority < filter.minPriority) return false;
  if (filter.assignee) {
    const assignee = talep.AssigneeUserInfo;
    if (filter.assignee === 'none') return assignee === null;
    if (filter.assignee === 'me') return assignee?.UserID === reader.helpdeskUserId;
    return assignee?.Username?.toLowerCase() === filter.assignee.toLowerCase();
  }
  return true;
}


/** Runs every active feed for one talep; returns nothing (each feed's failure is its own). */
export async function updateFeeds(ctx: NotifyContext, talepId: number, changes: readonly TalepChange[], cache: ReadCache = new Map()): Promise<void> {
  const feeds = (await ctx.services.stores.notify.feeds()).filter((feed) => !feed.pausedAt);
  // One read per creator (several feeds may read as the same person).
  const byReader = new Map<string, Feed[]>();
  for (const feed of feeds) {
    const key = `${feed.teamId}:${feed.createdBy}`;
    byReader.set(key, [...(byReader.get(key) ?? []), feed]);
  }
  const hinted = new Set(changes.map((change) => hintEvents[change.kind]).filter((event): event is FeedEvent => event !== undefined));
  for (const group of byReader.values()) {
    const first = group[0]!;
    const who = { teamId: first.teamId, userId: first.createdBy };
    const actor = await backgroundActor(ctx.services, who);
    if (actor === 'unlinked') continue;
    if (actor === 'refused') {
      await tokenRefused(ctx, who);
      continue;
    }
    // The oldest card this reader keeps for the talep decides whether comments must be read.
    const cards = await Promise.all(group.map((feed) => ctx.services.stores.notify.card(feed.teamId, feed.channelId, talepId)));
    const known = cards.find((card) => card !== undefined);
    const read = await readTalepAs(actor, talepId, (talep) => cards.some((card) => !card || changedSince(talep, card.state)), known?.state, cache);
    if (read === 'refused') {
      await tokenRefused(ctx, who);
      continue;
    }
    if (read === 'unseen') continue;
    const channelsDone = new Set<string>();
    for (const [index, feed] of group.entries()) {
      // Two feeds into one channel share its card.
      if (channelsDone.has(feed.channelId)) continue;
      const card = cards[index];
      const done = card ? await updateCard(ctx, feed, card, read) : await postCard(ctx, feed, read, actor, hinted);
      if (done) channelsDone.add(feed.channelId);
    }
  }
}

async function postCard(ctx: NotifyContext, feed: Feed, read: TalepRead, reader: Actor, hinted: ReadonlySet<FeedEvent>): Promise<boolean> {
  if (!inScope(feed, read.talep, reader)) return false;
  if (!feed.filter.events.includes('new') && ![...hinted].some((event) => feed.filter.events.includes(event))) return false;
  const { notify } = ctx.services.stores;
  const key = `card|${feed.teamId}|${feed.channelId}|${read.talep.TalepID}`;
  if (!(await notify.claim(key, ctx.services.now()))) return true;
  // A channel post: the channel's language (many people read it), not the feed creator's.
  const m = await feedMessages(ctx, feed.teamId, feed.channelId);
  const message = feedCard({ talep: read.talep, talepUrlTemplate: ctx.services.talepUrlTemplate, feedId: feed.id, lastChange: { kind: 'new' } }, m);
  try {
    const posted = await ctx.pacer.post(feed.channelId, () =>
      ctx.client.chat.postMessage({ channel: feed.channelId, text: message.text, blocks: message.blocks ?? [], unfurl_links: false, unfurl_media: false }),
    );
    if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
    await notify.saveCard({ teamId: feed.teamId, channelId: feed.channelId, talepId: read.talep.TalepID, feedId: feed.id, ts: posted.ts, state: read.snapshot }, ctx.services.now());
    // The card's thread is the talep's conversation in this channel: replies there become comments
    // (thread sync), read as the feed's creator, who may see the talep.
    await linkThread(ctx.services, feed.teamId, feed.channelId, posted.ts, read.talep.TalepID, feed.createdBy);
    return true;
  } catch (error) {
    await notify.release(key);
    if (!CANNOT_POST.has(slackErrorCode(error) ?? '')) throw error;
    // The bot cannot post there (private channel it is not in, archived…): its creator is told once, not retried per change.
    if (await notify.claim(`feed-cannot-post|${feed.id}`, ctx.services.now())) {
      // A DM to the feed's creator: their language.
      const text = (await personMessages(ctx, { teamId: feed.teamId, userId: feed.createdBy })).t('notify.cannotPost', { id: feed.id, channel: feed.channelId, code: slackErrorCode(error) ?? '' });
      await ctx.pacer.post(feed.createdBy, () => ctx.client.chat.postMessage({ channel: feed.createdBy, text }));
    }
    return true;
  }
}

/** Slack's answers that mean "this bot cannot post in that channel" (retrying does not help). */
const CANNOT_POST = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'restricted_action', 'no_permission']);

async function updateCard(ctx: NotifyContext, feed: Feed, card: FeedCard, read: TalepRead): Promise<boolean> {
  const lines = changesBetween(card.state, read.snapshot, read.comments);
  if (lines.length === 0 && card.state.lastUpdated === read.snapshot.lastUpdated) return true;
  const { notify } = ctx.services.stores;
  const changeKey = digestOf(read.snapshot);
  // Thread sync posts comments in full (with files) and the closing note into this thread itself.
  const synced = await threadSyncCovers(ctx.services, card.teamId, card.channelId);
  const replyLines = lines.filter((line) => feed.filter.events.includes(eventOf(line)) && !(synced && (line.kind === 'comment' || line.kind === 'closed')));
  const last: TalepChangeLine | undefined = lines.at(-1);
  const m = await feedMessages(ctx, card.teamId, card.channelId);
  const message = feedCard({ talep: read.talep, talepUrlTemplate: ctx.services.talepUrlTemplate, feedId: card.feedId, lastChange: last }, m);
  const updateKey = `update|${card.teamId}|${card.channelId}|${card.talepId}|${changeKey}`;
  if (await notify.claim(updateKey, ctx.services.now())) {
    await ctx.pacer
      .update(() => ctx.client.chat.update({ channel: card.channelId, ts: card.ts, text: message.text, blocks: message.blocks ?? [] }))
      .catch(async (error: unknown) => {
        await notify.release(updateKey);
        throw error;
      });
  }
  const replyKey = `reply|${card.teamId}|${card.channelId}|${card.talepId}|${changeKey}`;
  if (replyLines.length > 0 && (await notify.claim(replyKey, ctx.services.now()))) {
    const reply = feedReply(card.talepId, replyLines, m);
    await ctx.pacer
      .post(card.channelId, () =>
        ctx.client.chat.postMessage({ channel: card.channelId, thread_ts: card.ts, text: reply.text, blocks: reply.blocks ?? [], unfurl_links: false, unfurl_media: false }),
      )
      .catch(async (error: unknown) => {
        await notify.release(replyKey);
        throw error;
      });
  }
  await notify.saveCard({ ...card, state: read.snapshot }, ctx.services.now());
  return true;
}
