/**
 * Message shortcuts:
 * - "Open a talep": the new-talep modal prefilled from the message (subject, body with permalink and
 *   author, its files); a message that already opened a talep offers that one instead.
 * The message is read here for both shortcuts; "Add to a talep" itself is ./add-to-talep.ts.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { slackProfile } from '../slack/profiles.js';
import { truncate } from '../views/kit/blocks.js';
import { BODY_MAX } from '../views/new-talep-modal.js';
import { alreadyOpenedView } from '../views/new-talep-states.js';
import type { SourceMessage } from '../views/new-talep-values.js';
import { type FileRef, MAX_FILES, megabytes } from '../views/kit/slack-files.js';
import type { CommandModule } from './module.js';
import { existingTalepFor } from './new-talep-create.js';
import { openNewTalepModal } from './new-talep-form.js';
import { viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { whoActs } from './session.js';
import { ShortcutIds } from './shortcut-ids.js';

// ── pure parts: Slack message → help-desk text ──────────────────────────────────────────────────

/** Subjects taken from a message are kept short; the whole text goes to the body. */
export const MESSAGE_SUBJECT_MAX = 100;
/** Room in private_metadata (3000 characters) for the message's file list. */
const FILE_LIST_BUDGET = 2_000;
/** Mentions resolved per message; more would be a users.info storm for one click. */
const MAX_RESOLVED_MENTIONS = 20;

const MENTION = /<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g;

/** Slack user ids mentioned in a message's text, in order, without duplicates. */
export function mentionedUserIds(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[1] as string))];
}

/**
 * Slack's message markup → plain text for the help desk: mentions become `@Name` (names from
 * `names`, else the label Slack sent, else the id), channels `#name`, links `label (url)`, special
 * mentions `@here`, dates their fallback text, and the &amp;/&lt;/&gt; escapes are undone.
 */
export function slackTextToPlain(text: string, names: ReadonlyMap<string, string> = new Map()): string {
  return text
    .replace(MENTION, (_all, id: string, label: string | undefined) => `@${names.get(id) ?? label ?? id}`)
    .replace(/<#([CG][A-Z0-9]+)(?:\|([^>]*))?>/g, (_all, id: string, name: string | undefined) => `#${name || id}`)
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_all, label: string | undefined) => label ?? '@group')
    .replace(/<!date\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<mailto:([^|>]+)(?:\|([^>]*))?>/g, (_all, address: string, label: string | undefined) => label ?? address)
    .replace(/<((?:https?|ftp):\/\/[^|>]+)\|([^>]+)>/g, (_all, url: string, label: string) => (label === url ? url : `${label} (${url})`))
    .replace(/<((?:https?|ftp):\/\/[^>]+)>/g, '$1')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The first line that says something, at most 100 characters (cut with an ellipsis). */
export function subjectFromText(plainText: string): string {
  const line = plainText
    .split('\n')
    .map((part) => part.replace(/[*_~`>]+/g, ' ').replace(/\s+/g, ' ').trim())
    .find((part) => part.length > 0);
  return line ? truncate(line, MESSAGE_SUBJECT_MAX) : '';
}

/** The message text, then where it came from: its permalink and author. Fits Slack's input limit. */
export function messageBody(plainText: string, author: string, permalink: string | undefined, max = BODY_MAX): string {
  const footer = `\n\n— Posted in Slack by ${author}${permalink ? `: ${permalink}` : ''}`;
  const text = plainText.trim();
  return `${truncate(text, Math.max(0, max - footer.length))}${footer}`.trimStart();
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
export function messageFiles(raw: unknown, maxUploadBytes: number): FileRef[] {
  const parsed = z.array(z.unknown()).safeParse(raw);
  if (!parsed.success) return [];
  const refs: FileRef[] = [];
  let used = 0;
  let left = 0;
  for (const item of parsed.data) {
    const file = messageFileSchema.safeParse(item);
    if (!file.success) continue;
    const { name, title, mimetype, size, mode, url_private_download, url_private } = file.data;
    const ref: FileRef = { name: truncate(name || title || 'file', 80) };
    const url = url_private_download ?? url_private;
    if (mode === 'external' || mode === 'tombstone' || mode === 'hidden_by_limit' || !url || !z.url().safeParse(url).success) {
      ref.skip = 'not stored in Slack';
    } else if (size !== undefined && size > maxUploadBytes) {
      ref.skip = `larger than ${megabytes(maxUploadBytes)} MB`;
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
  if (left > 0) refs.push({ name: `${left} more file${left === 1 ? '' : 's'}`, skip: 'at most 10 files are carried over' });
  return refs;
}

// ── reading the message ─────────────────────────────────────────────────────────────────────────

export interface ShortcutMessage {
  ts: string;
  text?: string;
  user?: string;
  username?: string;
  thread_ts?: string;
  files?: unknown;
  bot_profile?: { name?: string };
}

export interface MessagePrefill {
  subject: string;
  body: string;
}

/** Permalink and people's names come from Slack; each is optional (the text stands on its own). */
export async function prefillFrom(services: Services, client: webApi.WebClient, channelId: string, message: ShortcutMessage): Promise<MessagePrefill> {
  const text = message.text ?? '';
  const ids = [...new Set([...(message.user ? [message.user] : []), ...mentionedUserIds(text)])].slice(0, MAX_RESOLVED_MENTIONS);
  const [permalink, ...profiles] = await Promise.allSettled([
    client.chat.getPermalink({ channel: channelId, message_ts: message.ts }),
    ...ids.map((id) => slackProfile(client, id)),
  ]);
  const names = new Map<string, string>();
  for (const result of profiles) if (result.status === 'fulfilled') names.set(result.value.userId, result.value.name);
  const link = permalink?.status === 'fulfilled' ? permalink.value.permalink : undefined;
  if (!link) services.logger.info(`no permalink for ${channelId}/${message.ts}`);
  const author = message.user
    ? (names.get(message.user) ?? message.user)
    : (message.username ?? message.bot_profile?.name ?? 'an app');
  const plainText = slackTextToPlain(text, names);
  return {
    subject: subjectFromText(plainText) || truncate(`Message from ${author}`, MESSAGE_SUBJECT_MAX),
    body: messageBody(plainText, author, link),
  };
}

export function sourceOf(channelId: string, message: ShortcutMessage, maxUploadBytes: number): SourceMessage {
  const threadTs = message.thread_ts && message.thread_ts !== message.ts ? message.thread_ts : undefined;
  return { channelId, ts: message.ts, ...(threadTs ? { threadTs } : {}), files: messageFiles(message.files, maxUploadBytes) };
}

// ── the module ──────────────────────────────────────────────────────────────────────────────────

export const messageShortcutsModule: CommandModule = {
  name: 'message-shortcuts',
  register({ app, services }) {
    app.shortcut({ callback_id: ShortcutIds.openTalep, type: 'message_action' }, async ({ ack, shortcut, client, respond }) => {
      await ack();
      const who = whoActs(shortcut);
      const channelId = shortcut.channel.id;
      const message = shortcut.message as ShortcutMessage;
      const source = sourceOf(channelId, message, services.maxUploadBytes);
      await openNewTalepModal(services, {
        client,
        who,
        triggerId: shortcut.trigger_id,
        fallback: viaRespond(respond),
        channelId,
        title: 'Open a talep',
        prepare: async (session, surface) => {
          const existing = await existingTalepFor(services, session, source);
          if (existing) {
            await surface.update(alreadyOpenedView(existing));
            return undefined;
          }
          const prefill = await prefillFrom(services, client, channelId, message);
          return { values: { subject: prefill.subject, body: prefill.body }, source };
        },
      });
    });
  },
};
