/**
 * Message shortcuts:
 * - "Open a talep": the new-talep modal prefilled from the message (subject, body with permalink and
 *   author, its files); a message that already opened a talep offers that one instead.
 * - "Add to a talep": pick a talep (searched as you type) and add the message as a comment.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import type { HelpdeskClient } from '../api/client.js';
import { isHelpdeskError } from '../api/errors.js';
import { slackProfile } from '../slack/profiles.js';
import type { PlainTextOption } from '../views/blocks.js';
import { truncate } from '../views/blocks.js';
import { connectPrompt, errorText } from '../views/errors.js';
import {
  addedToTalepMessage,
  addedToTalepView,
  type AddToTalepForm,
  AddToTalepIds,
  type AddToTalepMetadata,
  addToTalepMetadataSchema,
  addToTalepStatusView,
  type AddToTalepValues,
  addToTalepValuesFromState,
  addToTalepView,
  explanationOption,
  MIN_QUERY_LENGTH,
  talepOption,
} from '../views/message-shortcuts.js';
import { BODY_MAX, MAX_FILES, megabytes } from '../views/new-talep-modal.js';
import { alreadyOpenedView } from '../views/new-talep-states.js';
import type { FileRef, SourceMessage } from '../views/new-talep-values.js';
import { parseTalepId } from './args.js';
import { decodeMetadata } from './metadata.js';
import type { CommandModule } from './module.js';
import { modalSurface, openModalNow, viaModal } from './modal-surface.js';
import { existingTalepFor } from './new-talep-create.js';
import { openNewTalepModal } from './new-talep-form.js';
import { type Reply, viaDirectMessage, viaEphemeral, viaRespond } from './reply.js';
import type { Services } from './services.js';
import { openSession, reportFailure, type Who, whoActs } from './session.js';
import { ShortcutIds } from './shortcut-ids.js';

// ── pure parts: Slack message → help-desk text ──────────────────────────────────────────────────

/** Subjects taken from a message are kept short; the whole text goes to the body. */
export const MESSAGE_SUBJECT_MAX = 100;
/** The options request is answered in its HTTP response, within Slack's 3 s. */
export const OPTIONS_TIMEOUT_MS = 2_500;
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

interface ShortcutMessage {
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
async function prefillFrom(services: Services, client: webApi.WebClient, channelId: string, message: ShortcutMessage): Promise<MessagePrefill> {
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

function sourceOf(channelId: string, message: ShortcutMessage, maxUploadBytes: number): SourceMessage {
  const threadTs = message.thread_ts && message.thread_ts !== message.ts ? message.thread_ts : undefined;
  return { channelId, ts: message.ts, ...(threadTs ? { threadTs } : {}), files: messageFiles(message.files, maxUploadBytes) };
}

// ── "Add to a talep": the picker's options ──────────────────────────────────────────────────────

/**
 * The picker's options for what the user typed: a `#id` first when the query is one, then the
 * search. `signal` bounds the wait (Slack wants the answer within 3 s); a slow or failing help desk
 * gets an option that says so instead of an empty list.
 */
export async function talepOptions(
  hd: Pick<HelpdeskClient, 'search' | 'getTalep'>,
  query: string,
  signal: AbortSignal,
): Promise<PlainTextOption[]> {
  const words = query.trim().replace(/\s+/g, ' ');
  if (words.length < MIN_QUERY_LENGTH && !/^#?\d+$/.test(words)) return [];
  const asId = parseTalepId(words);
  const [byId, found] = await Promise.allSettled([
    asId.ok ? hd.getTalep({ id: asId.value }, { signal }) : Promise.resolve(undefined),
    // A bare number is an id, not words to look for in subjects and bodies.
    asId.ok ? Promise.resolve([]) : hd.search({ query: words }, { signal }),
  ]);
  const options: PlainTextOption[] = [];
  const seen = new Set<number>();
  if (byId.status === 'fulfilled' && byId.value) {
    options.push(talepOption(byId.value));
    seen.add(byId.value.TalepID);
  }
  if (found.status === 'fulfilled') {
    for (const talep of found.value) {
      if (seen.has(talep.TalepID)) continue;
      seen.add(talep.TalepID);
      options.push(talepOption(talep));
    }
  }
  const failure = [found, byId].find((result) => result.status === 'rejected')?.reason as unknown;
  if (failure !== undefined && !(asId.ok && isHelpdeskError(failure, 'not-found'))) {
    const slow = signal.aborted || isHelpdeskError(failure, 'cancelled') || isHelpdeskError(failure, 'rate-limited');
    options.push(
      explanationOption(
        slow
          ? 'The help desk is slow right now: type again in a moment'
          : errorText(failure).replace(/^:\w+: /, '').replace(/\*/g, ''),
      ),
    );
  }
  if (options.length === 0) options.push(explanationOption(asId.ok ? `Talep #${asId.value} was not found` : `No talep matches “${words}”`));
  return options.slice(0, 100);
}

// ── "Add to a talep": submit ────────────────────────────────────────────────────────────────────

export interface AddToTalepRequest {
  talepId: number;
  label: string;
  body: string;
  forTechsOnly: boolean;
}

/** Pure: the values → a request, or inline errors keyed by block id. */
export function validateAddToTalep(
  values: AddToTalepValues,
  metadata: AddToTalepMetadata,
): { ok: true; value: AddToTalepRequest } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.talep) errors[AddToTalepIds.talep.block] = 'Pick a talep from the list (type a few words of its subject, or its #id).';
  const body = values.comment?.trim() ?? '';
  if (!body) errors[AddToTalepIds.comment.block] = 'The comment is empty.';
  if (!values.talep || !body) return { ok: false, errors };
  return {
    ok: true,
    value: { talepId: values.talep.id, label: values.talep.label, body, forTechsOnly: metadata.agent && values.techsOnly === true },
  };
}

/** The spec lets only admins and the category's agents comment: explain that rather than "forbidden". */
export function addCommentProblem(error: unknown, talepId: number): string {
  if (isHelpdeskError(error, 'forbidden') && error.operation === 'addComment') {
    return `:no_entry: The help desk refused: only admins and agents of talep #${talepId}’s category can add comments. Ask one of them to add it, or open a new talep from this message with *Open a talep*.`;
  }
  return errorText(error, { talepId });
}

// ── the module ──────────────────────────────────────────────────────────────────────────────────

const silent: Reply = { send: async () => undefined };

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

    app.shortcut({ callback_id: ShortcutIds.addToTalep, type: 'message_action' }, async ({ ack, shortcut, client, respond }) => {
      await ack();
      const who = whoActs(shortcut);
      const fallback = viaRespond(respond);
      const account = services.stores.accounts.get(who.teamId, who.userId);
      if (!account) return fallback.send(connectPrompt());
      if (account.rejected) return fallback.send(connectPrompt('The help desk refused your saved token. Connect your account again.'));
      const surface = await openModalNow(services, client, shortcut.trigger_id, addToTalepStatusView(':hourglass_flowing_sand: Reading the message…'), fallback);
      if (!surface) return;
      const message = shortcut.message as ShortcutMessage;
      const { threadTs } = sourceOf(shortcut.channel.id, message, services.maxUploadBytes);
      const isAgent = account.role === 'agent' || account.role === 'admin';
      try {
        const prefill = await prefillFrom(services, client, shortcut.channel.id, message);
        await surface.update(
          addToTalepView({
            isAgent,
            metadata: { channelId: shortcut.channel.id, ts: message.ts, ...(threadTs ? { threadTs } : {}), agent: isAgent },
            values: { comment: prefill.body },
          }),
        );
      } catch (error) {
        await reportFailure(services, who, viaModal(surface, (reply) => addToTalepStatusView(reply.text), services), error);
      }
    });

    app.options(AddToTalepIds.talep.action, async ({ ack, body }) => {
      const who = whoActs(body);
      const session = openSession(services, who, silent);
      if (typeof session === 'string') {
        await ack({ options: [explanationOption('Connect your help-desk account first: /talep connect')] });
        return;
      }
      const options = await talepOptions(session.hd, body.value ?? '', AbortSignal.timeout(OPTIONS_TIMEOUT_MS)).catch(
        (error: unknown) => {
          services.logger.warn('talep options failed', error);
          return [explanationOption('Could not search the help desk; try again')];
        },
      );
      await ack({ options });
    });

    app.action(AddToTalepIds.openLink, async ({ ack }) => ack());

    app.view(AddToTalepIds.callbackId, async ({ ack, body, view, client }) => {
      const metadata = decodeMetadata(addToTalepMetadataSchema, view.private_metadata);
      if (!metadata) {
        await ack({ response_action: 'update', view: addToTalepStatusView(':warning: This form is out of date. Please use the shortcut again.') });
        return;
      }
      const values = addToTalepValuesFromState(view.state.values);
      const checked = validateAddToTalep(values, metadata);
      if (!checked.ok) {
        await ack({ response_action: 'errors', errors: checked.errors });
        return;
      }
      const request = checked.value;
      await ack({ response_action: 'update', view: addToTalepStatusView(`:hourglass_flowing_sand: Adding the message to talep #${request.talepId}…`) });

      const who = whoActs(body);
      const surface = modalSurface(client, view.id);
      const session = openSession(services, who, viaModal(surface, (reply) => addToTalepStatusView(reply.text), services));
      if (typeof session === 'string') return surface.update(addToTalepStatusView(':link: Connect your help-desk account first: `/talep connect`.'));
      const form: AddToTalepForm = { isAgent: metadata.agent, metadata, values };
      try {
        await session.hd.addComment({ id: request.talepId, body: request.body, ...(request.forTechsOnly ? { forTechsOnly: true } : {}) });
        services.logger.info(`message ${metadata.channelId}/${metadata.ts} added to talep ${request.talepId} by ${who.teamId}:${who.userId}`);
        const added = { talepId: request.talepId, label: request.label, techsOnly: request.forTechsOnly };
        await surface.update(addedToTalepView(added));
        await confirmAdded(services, client, who, metadata, addedToTalepMessage(added));
      } catch (error) {
        // The form again, with the user's choices and the reason on top (reportFailure logs and marks bad tokens).
        const again: Reply = {
          send: async () => {
            await surface.update(addToTalepView({ ...form, banner: addCommentProblem(error, request.talepId) })).catch(() => undefined);
          },
        };
        await reportFailure(services, who, again, error, { talepId: request.talepId });
      }
    });
  },
};

async function confirmAdded(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  metadata: AddToTalepMetadata,
  message: ReturnType<typeof addedToTalepMessage>,
): Promise<void> {
  try {
    await viaEphemeral(client, metadata.channelId, who.userId, metadata.threadTs).send(message);
  } catch {
    await viaDirectMessage(client, who.userId)
      .send(message)
      .catch((error: unknown) => services.logger.warn('could not confirm the added comment', error));
  }
}
