/**
 * Attaching files to an existing talep: `/talep attach <id>` and the attachments list's "Attach files"
 * button open a form with a file upload at once; on submit the files are fetched from Slack with the
 * bot token and attached (AttachFile) as the acting person, one by one. The list that opened the form
 * is shown again with the new files.
 */
import type { FileUpload } from '../../api/wire.js';
import { SlackFileError } from '../../slack/files.js';
import { type FormReading, formErrors, formValues, type StateValues } from '../../slack/forms.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import type { SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { openModal } from '../../slack/modals.js';
import { surfaceFromRef } from '../../slack/surface.js';
import { attachUploads, attachWarnings, downloadFiles, readUploads } from '../../slack/uploads.js';
import type { FileRef } from '../../views/kit/slack-files.js';
import {
  type AttachMetadata,
  attachedText,
  attachedView,
  AttachIds,
  attachFilesModal,
  attachingText,
  attachMetadataSchema,
  attachStatusView,
} from '../../views/talep-files/attach.js';
import { filesFor } from './list.js';

/** Opens the form at once (the trigger lives 3 s: nothing but local checks before it). */
export async function openAttachForm(ix: Interaction, triggerId: string, metadata: AttachMetadata): Promise<void> {
  const form = { talepId: metadata.talepId, maxUploadBytes: ix.services.maxUploadBytes, metadata: encodeMetadata(metadata) };
  await openModal(ix, triggerId, attachFilesModal(form));
}

/** The files chosen in the form, or the error its file input shows. */
export function readAttachForm(values: StateValues, maxUploadBytes: number): FormReading<FileRef[]> {
  const uploads = readUploads(values[AttachIds.files.block]?.[AttachIds.files.action]?.files, maxUploadBytes);
  if (!uploads.ok) return formErrors({ [AttachIds.files.block]: uploads.error });
  if (uploads.files.length === 0) return formErrors({ [AttachIds.files.block]: 'Choose at least one file.' });
  return formValues(uploads.files);
}

/** The submission: checked inline, acked with a progress view, then the files travel as the person. */
export async function submitAttachForm(ctx: SubmitCtx): Promise<void> {
  const { services, view } = ctx;
  const metadata = decodeMetadata(attachMetadataSchema, view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: attachStatusView(':warning: This form is out of date. Run `/talep attach <id>` again.') });
    return;
  }
  const reading = readAttachForm(ctx.values, services.maxUploadBytes);
  if (!reading.ok) {
    await ctx.ack({ response_action: 'errors', errors: reading.errors });
    return;
  }
  const { talepId } = metadata;
  await ctx.ack({ response_action: 'update', view: attachStatusView(attachingText(talepId, reading.values.length)) });

  // A failure shows the form again with the reason: the person picks the files anew and retries.
  const formAgain = (banner: string) =>
    attachFilesModal({ talepId, maxUploadBytes: services.maxUploadBytes, metadata: view.private_metadata, banner: `:warning: ${banner}` });
  const surface = ctx.surface.withRender({ progress: attachStatusView, problem: formAgain });
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      let files: FileUpload[];
      try {
        files = await downloadFiles(services, reading.values);
      } catch (error) {
        if (error instanceof SlackFileError) return surface.update(formAgain(error.message));
        throw error;
      }
      const outcome = await attachUploads(actor, talepId, files);
      const [firstFailure] = outcome.failed;
      // Nothing went in: the reason is about the talep or the person (not found, not allowed), not a file.
      if (outcome.attached.length === 0 && firstFailure) throw firstFailure.error;
      services.logger.info(`${outcome.attached.length} file(s) attached to talep ${talepId} by ${actor.teamId}:${actor.userId}`);
      const result = { talepId, attached: outcome.attached, warnings: attachWarnings(outcome) };
      await surface.update(attachedView(result));
      if (metadata.responseUrl) {
        const list = await filesFor(actor, talepId, attachedText(result));
        const where = surfaceFromRef(surfaceDeps(services, ctx.client, ctx.who.userId), { u: metadata.responseUrl, r: true });
        await where.replace(list).catch((error: unknown) => services.logger.info('could not show the attachments list again', error));
      }
    },
    { talepId },
  );
}
