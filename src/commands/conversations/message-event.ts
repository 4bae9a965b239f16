/**
 * A `message` event (channels and private channels), read with zod (it is untrusted input) and sorted
 * in memory: what the bot does with it, or nothing. Pure apart from the index it consults.
 */
import * as z from 'zod';
import { DEFAULT_TALEP_EMOJI } from '../../domain/channel-mode.js';
import type { ConversationIndex } from './conversation-index.js';

const fileList = z.array(z.unknown()).max(50).optional().catch(undefined);

const inner = z.looseObject({
  ts: z.string().min(1),
  user: z.string().optional().catch(undefined),
  text: z.string().optional().catch(undefined),
  thread_ts: z.string().optional().catch(undefined),
  bot_id: z.string().optional().catch(undefined),
  subtype: z.string().optional().catch(undefined),
  files: fileList,
});

export const messageEventSchema = z.looseObject({
  type: z.literal('message'),
  channel: z.string().min(1),
  subtype: z.string().optional(),
  ts: z.string().optional(),
  user: z.string().optional().catch(undefined),
  bot_id: z.string().optional().catch(undefined),
  app_id: z.string().optional().catch(undefined),
  text: z.string().optional().catch(undefined),
  thread_ts: z.string().optional().catch(undefined),
  files: fileList,
  message: inner.optional().catch(undefined),
  previous_message: inner.optional().catch(undefined),
  deleted_ts: z.string().optional().catch(undefined),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

export interface PostedMessage {
  channelId: string;
  ts: string;
  userId: string;
  text: string;
  files: unknown[];
  /** The thread it is in (a reply), or undefined for a top-level message. */
  threadTs: string | undefined;
}

export type MessageMeaning =
  | { kind: 'ignore' }
  | { kind: 'reply'; message: PostedMessage; threadTs: string }
  | { kind: 'request'; message: PostedMessage }
  | { kind: 'triage'; message: PostedMessage }
  | { kind: 'edited'; message: PostedMessage; threadTs: string }
  | { kind: 'deleted'; channelId: string; ts: string; threadTs: string };

const IGNORE = { kind: 'ignore' } as const;
/** Subtypes that are a person's new message; every other (joins, topics, bot posts…) is ignored. */
const NEW_MESSAGE_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast']);

/** What the event means for thread sync and request channels (reads only the index and, for a thread the index does not know, the message's talep link). */
export async function meaningOf(raw: unknown, teamId: string, index: ConversationIndex): Promise<MessageMeaning> {
  const parsed = messageEventSchema.safeParse(raw);
  if (!parsed.success) return IGNORE;
  const event = parsed.data;
  const channelId = event.channel;
  if (event.subtype === 'message_changed') {
    const edited = event.message;
    const threadTs = edited?.thread_ts;
    if (!edited?.user || edited.bot_id || !threadTs || threadTs === edited.ts) return IGNORE;
    if (!index.syncs(teamId, channelId) || !(await index.isLinked(teamId, channelId, threadTs))) return IGNORE;
    // Slack also sends message_changed when a reply's thread changes or a preview is added: only a text edit counts.
    if (event.previous_message && event.previous_message.text === edited.text) return IGNORE;
    return { kind: 'edited', threadTs, message: { channelId, ts: edited.ts, userId: edited.user, text: edited.text ?? '', files: [], threadTs } };
  }
  if (event.subtype === 'message_deleted') {
    const gone = event.previous_message;
    const threadTs = gone?.thread_ts;
    const ts = event.deleted_ts ?? gone?.ts;
    if (!gone || !ts || !threadTs || threadTs === ts || gone.bot_id) return IGNORE;
    if (!index.syncs(teamId, channelId) || !(await index.isLinked(teamId, channelId, threadTs))) return IGNORE;
    return { kind: 'deleted', channelId, ts, threadTs };
  }
  if (!NEW_MESSAGE_SUBTYPES.has(event.subtype) || event.bot_id || event.app_id || !event.user || !event.ts) return IGNORE;
  const threadTs = event.thread_ts && event.thread_ts !== event.ts ? event.thread_ts : undefined;
  const message: PostedMessage = { channelId, ts: event.ts, userId: event.user, text: event.text ?? '', files: event.files ?? [], threadTs };
  if (threadTs) {
    return index.syncs(teamId, channelId) && (await index.isLinked(teamId, channelId, threadTs)) ? { kind: 'reply', message, threadTs } : IGNORE;
  }
  const mode = index.requests(teamId, channelId)?.mode;
  if (mode === 'request') return { kind: 'request', message };
  if (mode === 'triage') return { kind: 'triage', message };
  return IGNORE;
}

export const reactionEventSchema = z.looseObject({
  type: z.enum(['reaction_added', 'reaction_removed']),
  user: z.string().min(1),
  reaction: z.string().min(1).max(200),
  item_user: z.string().optional().catch(undefined),
  item: z.looseObject({ type: z.string(), channel: z.string().optional(), ts: z.string().optional() }),
});
export type ReactionEvent = z.infer<typeof reactionEventSchema>;

/** A reaction that opens a talep: the channel's emoji, or 🎫 anywhere, on a message; else undefined. */
export function talepReaction(raw: unknown, teamId: string, index: ConversationIndex): { userId: string; channelId: string; ts: string } | undefined {
  const parsed = reactionEventSchema.safeParse(raw);
  if (!parsed.success || parsed.data.type !== 'reaction_added') return undefined;
  const { user, reaction, item } = parsed.data;
  if (item.type !== 'message' || !item.channel || !item.ts) return undefined;
  const name = reaction.replace(/::skin-tone-\d$/, '');
  if (name !== index.emoji(teamId, item.channel) && name !== DEFAULT_TALEP_EMOJI) return undefined;
  return { userId: user, channelId: item.channel, ts: item.ts };
}
