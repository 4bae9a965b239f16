/**
 * The Slack message a shortcut was used on, read for the help desk (both message shortcuts): its text
 * as plain text (domain/slack-text.ts), a subject from its first line, a body with its permalink and
 * author, and its files as the forms carry them.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { mentionedUserIds, slackTextToPlain } from '../../domain/slack-text.js';
import { catalogs, english, type Messages } from '../../i18n/messages.js';
import { messagePermalink, slackProfile } from '../../slack/profiles.js';
import type { Services } from '../../slack/services.js';
import { truncate } from '../../views/kit/blocks.js';
import { TEXT_INPUT_MAX } from '../../views/kit/inputs.js';
import { type FileRef, MAX_FILES, megabytes } from '../../views/kit/slack-files.js';
import type { SourceMessage } from '../new-talep/public.js';

// ── pure parts: Slack message → help-desk text ──────────────────────────────────────────────────

/** Subjects taken from a message are kept short; the whole text goes to the body. */
export const MESSAGE_SUBJECT_MAX = 100;
/** Room in private_metadata (3000 characters) for the message's file list. */
const FILE_LIST_BUDGET = 2_000;
/** Mentions resolved per message; more would be a users.info storm for one click. */
const MAX_RESOLVED_MENTIONS = 20;

/** The first line that says something, at most 100 characters (cut with an ellipsis). */
export function subjectFromText(plainText: string): string {
  const line = plainText
    .split('\n')
    .map((part) => part.replace(/[*_~`>]+/g, ' ').replace(/\s+/g, ' ').trim())
    .find((part) => part.length > 0);
  return line ? truncate(line, MESSAGE_SUBJECT_MAX) : '';
}

/**
 * The message text, then where it came from: its permalink and author, in the words of the person who
 * sends it to the help desk. Fits Slack's input limit.
 */
export function messageBody(plainText: string, author: string, permalink: string | undefined, max = TEXT_INPUT_MAX, m: Messages = english): string {
  const footer = `\n\n${permalink ? m.t('shortcuts.postedByLink', { author, link: permalink }) : m.t('shortcuts.postedBy', { author })}`;
  const text = plainText.trim();
  return `${truncate(text, Math.max(0, max - footer.length))}${footer}`.trimStart();
}

/**
 * The fixed start of the footer in every language ("— Posted in Slack by", "— Slack üzerinden"): how
 * thread sync recognises a comment the bot made from a reply, whoever's language it was written in.
 */
export function postedMarks(): string[] {
  return Object.values(catalogs).map((catalog) => catalog['shortcuts.postedByLink'].split('{')[0]?.trim() ?? '').filter((mark) => mark.length > 3);
}

const messageFileSchema = z.looseObject({
  name: z.string().optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  size: z.number().optional(),
  mode: z.string().optional(),
  url_private_download: z.string().optional(),
  url_private: z.string().optional(),
});

/**
 * A message's files as the form carries them: downloadable ones with their URL, the others with the
 * reason they will not be attached. Bounded by the metadata's room and Slack's 10 files.
 */
export function messageFiles(raw: unknown, maxUploadBytes: number, m: Messages = english): FileRef[] {
  const parsed = z.array(z.unknown()).safeParse(raw);
  if (!parsed.success) return [];
  const refs: FileRef[] = [];
  let used = 0;
  let left = 0;
  for (const item of parsed.data) {
    const file = messageFileSchema.safeParse(item);
    if (!file.success) continue;
    const { name, title, mimetype, size, mode, url_private_download, url_private } = file.data;
    const ref: FileRef = { name: truncate(name || title || m.t('shortcuts.file'), 80) };
    const url = url_private_download ?? url_private;
    if (mode === 'external' || mode === 'tombstone' || mode === 'hidden_by_limit' || !url || !z.url().safeParse(url).success) {
      ref.skip = m.t('shortcuts.notInSlack');
    } else if (size !== undefined && size > maxUploadBytes) {
      ref.skip = m.t('shortcuts.tooLarge', { size: megabytes(maxUploadBytes) });
    } else {
      ref.url = url;
      if (mimetype) ref.type = mimetype;
      if (size !== undefined) ref.size = size;
    }
    const cost = JSON.stringify(ref).length + 1;
    if (refs.length >= MAX_FILES || used + cost > FILE_LIST_BUDGET) {
      left++;
      continue;
    }
    used += cost;
    refs.push(ref);
  }
  if (left > 0) refs.push({ name: m.t('shortcuts.moreFiles', { count: left }), skip: m.t('shortcuts.atMostFiles', { max: MAX_FILES }) });
  return refs;
}

// ── reading the message ─────────────────────────────────────────────────────────────────────────

/**
 * The parts of the shortcut's `message` the flows use. It comes from Slack's payload: each field is
 * checked, and one of an unexpected shape is left out rather than refusing the message.
 */
const shortcutMessageSchema = z.looseObject({
  ts: z.string().min(1),
  text: z.string().optional().catch(undefined),
  user: z.string().optional().catch(undefined),
  username: z.string().optional().catch(undefined),
  thread_ts: z.string().optional().catch(undefined),
  files: z.unknown().optional(),
  bot_profile: z.looseObject({ name: z.string().optional().catch(undefined) }).optional().catch(undefined),
});
export type ShortcutMessage = z.infer<typeof shortcutMessageSchema>;

/** The shortcut's message, or undefined when Slack sent one without a timestamp (it cannot be linked). */
export function readShortcutMessage(message: unknown): ShortcutMessage | undefined {
  const parsed = shortcutMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : undefined;
}

export interface MessagePrefill {
  subject: string;
  body: string;
}

/**
 * Permalink and people's names come from Slack; each is optional (the text stands on its own). `m`:
 * the words of the person who will send it to the help desk.
 */
export async function prefillFrom(
  services: Services,
  client: webApi.WebClient,
  channelId: string,
  message: ShortcutMessage,
  m: Messages = english,
): Promise<MessagePrefill> {
  const text = message.text ?? '';
  const ids = [...new Set([...(message.user ? [message.user] : []), ...mentionedUserIds(text)])].slice(0, MAX_RESOLVED_MENTIONS);
  const [permalink, ...profiles] = await Promise.allSettled([
    messagePermalink(client, channelId, message.ts),
    ...ids.map((id) => slackProfile(client, id)),
  ]);
  const names = new Map<string, string>();
  for (const result of profiles) if (result.status === 'fulfilled') names.set(result.value.userId, result.value.name);
  const link = permalink?.status === 'fulfilled' ? (permalink.value as string | undefined) : undefined;
  if (!link) services.logger.info(`no permalink for ${channelId}/${message.ts}`);
  const author = message.user
    ? (names.get(message.user) ?? message.user)
    : (message.username ?? message.bot_profile?.name ?? m.t('shortcuts.anApp'));
  const plainText = slackTextToPlain(text, names);
  return {
    subject: subjectFromText(plainText) || truncate(m.t('shortcuts.messageFrom', { author }), MESSAGE_SUBJECT_MAX),
    body: messageBody(plainText, author, link, TEXT_INPUT_MAX, m),
  };
}

/** Where the message is and what it carries: what the new-talep form keeps to link and attach. */
export function sourceOf(channelId: string, message: ShortcutMessage, maxUploadBytes: number, m: Messages = english): SourceMessage {
  const threadTs = message.thread_ts && message.thread_ts !== message.ts ? message.thread_ts : undefined;
  return { channelId, ts: message.ts, ...(threadTs ? { threadTs } : {}), files: messageFiles(message.files, maxUploadBytes, m) };
}
