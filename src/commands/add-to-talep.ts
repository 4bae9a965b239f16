/**
 * "Add to a talep" (message shortcut): pick a talep (an external select that searches as you type) and
 * add the message as a comment, with its permalink and its files ("agents only" for agents).
 */
import type { webApi } from '@slack/bolt';
import type { HelpdeskClient } from '../api/client.js';
import { isHelpdeskError } from '../api/errors.js';
import type { FileUpload } from '../api/wire.js';
import { SlackFileError } from '../slack/files.js';
import type { PlainTextOption } from '../views/kit/blocks.js';
import { errorText } from '../slack/failures.js';
import { connectPrompt } from '../views/kit/notices.js';
import {
  type AddedComment,
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
import { attachable } from '../views/kit/slack-files.js';
import { parseTalepId } from './args.js';
import { prefillFrom, type ShortcutMessage, sourceOf } from './message-shortcuts.js';
import { decodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { modalSurface, openModalNow, viaModal } from './modal-surface.js';
import { type Reply, silentReply, viaDirectMessage, viaEphemeral, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, reportFailure, type Session, type Who, whoActs } from './session.js';
import { ShortcutIds } from './shortcut-ids.js';
import { attachUploads, attachWarnings, downloadFiles, reasonOf } from '../slack/uploads.js';

/** The options request is answered in its HTTP response, within Slack's 3 s. */
export const OPTIONS_TIMEOUT_MS = 2_500;

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

/**
 * Adds the comment with the message's first file on it, so the file shares the comment's visibility.
 * The other files: attached to the talep when the comment is public; when it is agents-only, each goes
 * with an agents-only comment of its own, because AttachFile would show it to the submitter.
 */
export async function addMessageComment(
  session: Session,
  request: AddToTalepRequest,
  uploads: readonly FileUpload[],
): Promise<Pick<AddedComment, 'files' | 'warnings'>> {
  const { talepId: id, forTechsOnly } = request;
  const [first, ...others] = uploads;
  await session.hd.addComment({ id, body: request.body, ...(forTechsOnly ? { forTechsOnly: true } : {}), ...(first ? { uploadFile: first } : {}) });
  if (!first) return {};
  const files = [first.filename];
  const warnings: string[] = [];
  if (forTechsOnly) {
    for (const file of others) {
      try {
        await session.hd.addComment({ id, body: `Another file of the Slack message above: ${file.filename}`, forTechsOnly: true, uploadFile: file });
        files.push(file.filename);
      } catch (error) {
        warnings.push(`“${file.filename}” could not be added: ${reasonOf(error)}`);
      }
    }
  } else {
    const outcome = await attachUploads(session, id, others);
    files.push(...outcome.attached);
    warnings.push(...attachWarnings(outcome));
  }
  return { files, ...(warnings.length > 0 ? { warnings } : {}) };
}

// ── the module ──────────────────────────────────────────────────────────────────────────────────

export const addToTalepModule: CommandModule = {
  name: 'add-to-talep',
  register({ app, services }) {
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
      const { threadTs, files } = sourceOf(shortcut.channel.id, message, services.maxUploadBytes);
      const isAgent = account.role === 'agent' || account.role === 'admin';
      try {
        const prefill = await prefillFrom(services, client, shortcut.channel.id, message);
        await surface.update(
          addToTalepView({
            isAgent,
            metadata: {
              channelId: shortcut.channel.id,
              ts: message.ts,
              ...(threadTs ? { threadTs } : {}),
              agent: isAgent,
              ...(files.length > 0 ? { files } : {}),
            },
            values: { comment: prefill.body },
          }),
        );
      } catch (error) {
        await reportFailure(services, who, viaModal(surface, (reply) => addToTalepStatusView(reply.text), services), error);
      }
    });

    app.options(AddToTalepIds.talep.action, async ({ ack, body }) => {
      const who = whoActs(body);
      const session = openSession(services, who, silentReply);
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
      const formAgain = (banner: string) => surface.update(addToTalepView({ ...form, banner })).catch(() => undefined);
      try {
        const uploads = await downloadFiles(services, attachable(metadata.files ?? []));
        const sent = await addMessageComment(session, request, uploads);
        services.logger.info(`message ${metadata.channelId}/${metadata.ts} added to talep ${request.talepId} by ${who.teamId}:${who.userId}`);
        const added: AddedComment = { talepId: request.talepId, label: request.label, techsOnly: request.forTechsOnly, ...sent };
        await surface.update(addedToTalepView(added));
        await confirmAdded(services, client, who, metadata, addedToTalepMessage(added));
      } catch (error) {
        // Nothing was added (a file Slack would not hand out, or the comment refused): the form again,
        // with the user's choices and the reason on top (reportFailure logs and marks bad tokens).
        if (error instanceof SlackFileError) return formAgain(`:paperclip: ${error.message}`);
        const again: Reply = { send: () => formAgain(addCommentProblem(error, request.talepId)) };
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
