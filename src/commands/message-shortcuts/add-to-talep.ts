/**
 * "Add to a talep" (message shortcut): pick a talep (./talep-picker.ts) and add the message as a
 * comment, with its permalink and its files ("agents only" for agents). The form opens at once while
 * the message is read; a failure of the submission shows the form again with the reason on top.
 */
import { isHelpdeskError } from '../../api/errors.js';
import type { FileUpload } from '../../api/wire.js';
import type { Actor } from '../../slack/actor.js';
import { SlackFileError } from '../../slack/files.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import type { MessageShortcutCtx, SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { dmSurface, ephemeralSurface, type ModalRender } from '../../slack/surface.js';
import { attachUploads, attachWarnings, downloadFiles, failureReason } from '../../slack/uploads.js';
import { attachable } from '../../views/kit/slack-files.js';
import {
  type AddedComment,
  addedToTalepMessage,
  addedToTalepView,
  type AddToTalepForm,
  type AddToTalepMetadata,
  addToTalepMetadataSchema,
  addToTalepStatusView,
  addToTalepView,
} from '../../views/message-shortcuts/add-to-talep.js';
import { type AddToTalepRequest, checkAddToTalep, readAddToTalepForm } from './add-to-talep-form.js';
import { prefillFrom, type ShortcutMessage, sourceOf } from './message.js';

/** The modal's plain states: a line while it works, the reason when the form cannot be shown. */
const statusRender: ModalRender = {
  progress: (text) => addToTalepStatusView(`:hourglass_flowing_sand: ${text}`),
  problem: (text) => addToTalepStatusView(`:warning: ${text}`),
};

/** The shortcut: the form opens at once while the message is read (Slack calls only), then fills in. */
export async function openAddToTalep(ctx: MessageShortcutCtx, message: ShortcutMessage): Promise<void> {
  const { services, channelId } = ctx;
  const { threadTs, files } = sourceOf(channelId, message, services.maxUploadBytes);
  const opening = { triggerId: ctx.triggerId, title: 'Add to a talep', loading: 'Reading the message…', render: statusRender };
  await inLoadingModal(ctx, opening, async ({ actor, surface, client }) => {
    const prefill = await prefillFrom(services, client, channelId, message);
    await surface.update(
      addToTalepView({
        isAgent: actor.isAgent,
        metadata: {
          channelId,
          ts: message.ts,
          ...(threadTs ? { threadTs } : {}),
          agent: actor.isAgent,
          ...(files.length > 0 ? { files } : {}),
        },
        values: { comment: prefill.body },
      }),
    );
  });
}

/**
 * The help desk lets only admins and agents of the category comment: a refusal of that is explained
 * (with what to do instead) rather than worded as a generic "forbidden"; undefined for any other failure.
 */
export function addCommentRefusal(error: unknown, talepId: number): string | undefined {
  if (!isHelpdeskError(error, 'forbidden') || error.operation !== 'addComment') return undefined;
  return `:no_entry: The help desk refused: only admins and agents of talep #${talepId}’s category can add comments. Ask one of them to add it, or open a new talep from this message with *Open a talep*.`;
}

/**
 * Adds the comment with the message's first file on it, so the file shares the comment's visibility.
 * The other files: attached to the talep when the comment is public; when it is agents-only, each goes
 * with an agents-only comment of its own, because AttachFile would show it to the submitter.
 */
export async function addMessageComment(
  actor: Pick<Actor, 'hd'>,
  request: AddToTalepRequest,
  uploads: readonly FileUpload[],
): Promise<Pick<AddedComment, 'files' | 'warnings'>> {
  const { talepId: id, forTechsOnly } = request;
  const [first, ...others] = uploads;
  await actor.hd.addComment({ id, body: request.body, ...(forTechsOnly ? { forTechsOnly: true } : {}), ...(first ? { uploadFile: first } : {}) });
  if (!first) return {};
  const files = [first.filename];
  const warnings: string[] = [];
  if (forTechsOnly) {
    for (const file of others) {
      try {
        await actor.hd.addComment({ id, body: `Another file of the Slack message above: ${file.filename}`, forTechsOnly: true, uploadFile: file });
        files.push(file.filename);
      } catch (error) {
        warnings.push(`“${file.filename}” could not be added: ${failureReason(error)}`);
      }
    }
  } else {
    const outcome = await attachUploads(actor, id, others);
    files.push(...outcome.attached);
    warnings.push(...attachWarnings(outcome));
  }
  return { files, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Only the person who added it sees the confirmation, in the message's thread (else a DM). */
async function confirmAdded(ix: Interaction, metadata: AddToTalepMetadata, added: AddedComment): Promise<void> {
  const message = addedToTalepMessage(added);
  const deps = surfaceDeps(ix.services, ix.client, ix.who.userId);
  await ephemeralSurface(deps, metadata.channelId, metadata.threadTs)
    .send(message)
    .catch(() => dmSurface(deps).send(message))
    .catch((error: unknown) => ix.services.logger.warn('could not confirm the added comment', error));
}

/** The submission: read once, checked, acknowledged with "Adding…", then added as the person. */
export async function addToTalepSubmitted(ctx: SubmitCtx): Promise<void> {
  const { services, who } = ctx;
  const metadata = decodeMetadata(addToTalepMetadataSchema, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: addToTalepStatusView(':warning: This form is out of date. Please use the shortcut again.') });
    return;
  }
  const values = readAddToTalepForm(ctx.values);
  const checked = checkAddToTalep(values, metadata);
  if (!checked.ok) {
    await ctx.ack({ response_action: 'errors', errors: checked.errors });
    return;
  }
  const request = checked.values;
  await ctx.ack({ response_action: 'update', view: addToTalepStatusView(`:hourglass_flowing_sand: Adding the message to talep #${request.talepId}…`) });

  // Nothing was added when something fails (a file Slack would not hand out, the comment refused):
  // the form again, with the person's choices and the reason on top.
  const form: AddToTalepForm = { isAgent: metadata.agent, metadata, values };
  const surface = ctx.surface.withRender({ ...statusRender, problem: (text) => addToTalepView({ ...form, banner: `:warning: ${text}` }) });
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      let sent: Awaited<ReturnType<typeof addMessageComment>>;
      try {
        const uploads = await downloadFiles(services, attachable(metadata.files ?? []));
        sent = await addMessageComment(actor, request, uploads);
      } catch (error) {
        const refusal = error instanceof SlackFileError ? error.message : addCommentRefusal(error, request.talepId);
        if (refusal === undefined) throw error;
        services.logger.info(`message not added to talep ${request.talepId} for ${who.teamId}:${who.userId}: ${refusal}`);
        return surface.send({ text: refusal }, 'problem');
      }
      services.logger.info(`message ${metadata.channelId}/${metadata.ts} added to talep ${request.talepId} by ${who.teamId}:${who.userId}`);
      const added: AddedComment = { talepId: request.talepId, label: request.label, techsOnly: request.forTechsOnly, ...sent };
      await surface.update(addedToTalepView(added));
      await confirmAdded(ctx, metadata, added);
    },
    { talepId: request.talepId },
  );
}
