/**
 * Attaching files to an existing talep: `/talep attach <id>` and the attachments list's "Attach files"
 * button open a form with a file upload at once; a submission is accepted as durable work, then the
 * files are fetched from Slack with the bot token and attached (AttachFile) as the acting person, one
 * by one, each once. The list that opened the form is shown again with the new files.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import type { FileUpload } from '../../api/wire.js';
import { type FormReading, formErrors, formValues, type StateValues } from '../../slack/forms.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import type { SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import { type Acceptance, acceptWork, defineWork } from '../../slack/outbox.js';
import { surfaceFromRef } from '../../slack/surface.js';
import { attachFilesOnce, downloadFiles, readUploads } from '../../slack/uploads.js';
import { type FileRef, fileRefSchema, MAX_FILES } from '../../views/kit/slack-files.js';
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
  await openModal(ix, triggerId, attachFilesModal(form, messagesOf(ix)));
}

/** The files chosen in the form, or the error its file input shows. */
export function readAttachForm(values: StateValues, maxUploadBytes: number, m: Messages = english): FormReading<FileRef[]> {
  const uploads = readUploads(values[AttachIds.files.block]?.[AttachIds.files.action]?.files, maxUploadBytes, m);
  if (!uploads.ok) return formErrors({ [AttachIds.files.block]: uploads.error });
  if (uploads.files.length === 0) return formErrors({ [AttachIds.files.block]: m.t('attach.chooseFile') });
  return formValues(uploads.files);
}

export const attachWorkSchema = z.object({
  talepId: z.int().min(1),
  files: z.array(fileRefSchema).min(1).max(MAX_FILES),
  /** The attachments list that opened the form: it is shown again with the new files. */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The form's private_metadata, to show the form again after a refusal. */
  formMetadata: z.string().max(3000),
});
export type AttachWork = z.infer<typeof attachWorkSchema>;

/**
 * Attaching files as accepted work: each file once (a file the help desk may have got without
 * answering is looked for by name and size first); while the help desk is away the files are kept and
 * attached later. Nothing attached because of the talep or the person (not found, not allowed): the
 * form again with the reason.
 */
export const attachWork = defineWork({
  kind: 'attach-files',
  payload: attachWorkSchema,
  describe: (data, m) => m.t('outbox.whatFiles', { count: data.files.length, id: data.talepId }),
  keptText: (m) => m.t('attach.kept'),
  render: (scene) => ({
    progress: (text) => attachStatusView(text, messagesOf(scene)),
    problem: (text) =>
      attachFilesModal(
        { talepId: scene.data.talepId, maxUploadBytes: scene.services.maxUploadBytes, metadata: scene.data.formMetadata, banner: `:warning: ${text}` },
        messagesOf(scene),
      ),
  }),
  run: async (ctx) => {
    const { services, actor, data, steps } = ctx;
    const { talepId } = data;
    // The first run fetches every file first: one Slack will not hand out refuses the whole form.
    const downloaded = new Map<number, FileUpload>();
    if (!steps.result('downloaded', z.literal(true))) {
      for (const [index, upload] of (await downloadFiles(services, data.files)).entries()) downloaded.set(index, upload);
      await steps.record('downloaded');
    }
    const outcome = await attachFilesOnce(ctx, talepId, data.files, { prefix: 'file', downloaded, retry: true });
    // Nothing went in: the reason is about the talep or the person (not found, not allowed), not a file.
    if (outcome.attached.length === 0 && outcome.firstError !== undefined) throw outcome.firstError;
    services.logger.info(`${outcome.attached.length} file(s) attached to talep ${talepId} by ${actor.teamId}:${actor.userId}`);
    const result = { talepId, attached: outcome.attached, warnings: outcome.warnings };
    const m = messagesOf(ctx);
    await ctx.modal?.update(attachedView(result, m)).catch((error: unknown) => services.logger.info('the attach modal is gone', error));
    if (data.responseUrl) {
      const list = await filesFor(actor, talepId, attachedText(result, m), m);
      const where = surfaceFromRef(surfaceDeps(services, ctx.client, ctx.who.userId), { u: data.responseUrl, r: true });
      await where.replace(list).catch((error: unknown) => services.logger.info('could not show the attachments list again', error));
    }
    return { talepId, attached: outcome.attached };
  },
});

/** The submission: checked inline, accepted as durable work, acked with a progress view; the files follow. */
export async function submitAttachForm(ctx: SubmitCtx): Promise<void> {
  const { services, view } = ctx;
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(attachMetadataSchema, view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: attachStatusView(m.t('attach.outOfDate'), m) });
    return;
  }
  const reading = readAttachForm(ctx.values, services.maxUploadBytes, m);
  if (!reading.ok) {
    await ctx.ack({ response_action: 'errors', errors: reading.errors });
    return;
  }
  const { talepId } = metadata;
  const data: AttachWork = {
    talepId,
    files: reading.values,
    ...(metadata.responseUrl ? { responseUrl: metadata.responseUrl } : {}),
    formMetadata: view.private_metadata,
  };
  await acceptWork(ctx, { work: attachWork, data, reply: { view: { id: view.id, title: m.t('attach.title') } } }, (acceptance) =>
    ctx.ack({ response_action: 'update', view: attachStatusView(acceptedText(acceptance, talepId, reading.values.length, m), m) }),
  );
}

function acceptedText(acceptance: Acceptance, talepId: number, count: number, m: Messages): string {
  switch (acceptance.state) {
    case 'accepted':
    case 'in-progress':
      return attachingText(talepId, count, m);
    case 'done':
      return m.t('attach.done', { id: talepId });
    case 'failed':
      return m.t('attach.failed', { id: talepId });
    case 'cancelled':
      return m.t('attach.cancelled', { id: talepId });
  }
}
