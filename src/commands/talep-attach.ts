/**
 * Attaching files to an existing talep: `/talep attach <id>` and the attachments list's "Attach files"
 * button open a form with a file upload at once; on submit the files are fetched from Slack with the
 * bot token and attached (AttachFile) as the acting user, one by one. The list that opened the form is
 * shown again with the new files.
 */
import type { webApi } from '@slack/bolt';
import type { FileUpload } from '../api/wire.js';
import { SlackFileError } from '../slack/files.js';
import {
  type AttachMetadata,
  attachedText,
  attachedView,
  AttachIds,
  attachFilesModal,
  attachingText,
  attachMetadataSchema,
  attachStatusView,
} from '../views/talep-attach.js';
import { ExtrasIds } from '../views/talep-extras.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { withModalSession } from './modal-session.js';
import { openModalNow } from './modal-surface.js';
import { postToResponseUrl, type Reply, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, whoActs, withSession, type Who } from './session.js';
import { attachUploads, attachWarnings, downloadFiles, readUploads } from '../slack/uploads.js';
import { talepIdOfButton } from './legacy-card.js';
import { filesFor } from './talep-files.js';
import { parseTalepId } from '../slack/args.js';

/** Opens the form at once (only local checks before views.open: the trigger lives 3 s). */
async function openAttachForm(services: Services, client: webApi.WebClient, who: Who, triggerId: string, metadata: AttachMetadata, reply: Reply) {
  // Not linked, or the token was refused: withSession answers with the Connect prompt.
  if (typeof openSession(services, who, reply) === 'string') return withSession(services, who, reply, async () => undefined);
  const form = { talepId: metadata.talepId, maxUploadBytes: services.maxUploadBytes, metadata: encodeMetadata(metadata) };
  await openModalNow(services, client, triggerId, attachFilesModal(form), reply);
}

export const talepAttachModule: CommandModule = {
  name: 'talep-attach',
  register({ app, services, router }) {
    router.add<number>({
      name: 'attach',
      usage: 'attach <id>',
      summary: 'Attach files to a talep (a form with a file upload)',
      group: 'Talep extras',
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      run: (context, talepId) => openAttachForm(services, context.client, context, context.triggerId, { talepId }, context.reply),
    });

    app.action(ExtrasIds.attach, async ({ ack, body, action, respond, client }) => {
      await ack();
      if (body.type !== 'block_actions') return;
      const reply = viaRespond(respond);
      const talepId = talepIdOfButton(action);
      if (talepId === undefined) return reply.send({ text: ':warning: That button is out of date. Run `/talep attach <id>` instead.' });
      const metadata: AttachMetadata = { talepId, ...(body.response_url ? { responseUrl: body.response_url } : {}) };
      await openAttachForm(services, client, whoActs(body), body.trigger_id, metadata, reply);
    });

    app.view(AttachIds.callbackId, async ({ ack, body, view, client }) => {
      const metadata = decodeMetadata(attachMetadataSchema, view.private_metadata);
      if (!metadata) {
        await ack({ response_action: 'update', view: attachStatusView(':warning: This form is out of date. Run `/talep attach <id>` again.') });
        return;
      }
      const uploads = readUploads(view.state.values[AttachIds.files.block]?.[AttachIds.files.action]?.files, services.maxUploadBytes);
      if (!uploads.ok || uploads.files.length === 0) {
        await ack({ response_action: 'errors', errors: { [AttachIds.files.block]: uploads.ok ? 'Choose at least one file.' : uploads.error } });
        return;
      }
      const { talepId } = metadata;
      await ack({ response_action: 'update', view: attachStatusView(attachingText(talepId, uploads.files.length)) });

      // A failure shows the form again with the reason: the user picks the files anew and retries.
      const formAgain = (banner: string) =>
        attachFilesModal({ talepId, maxUploadBytes: services.maxUploadBytes, metadata: view.private_metadata, banner: `:warning: ${banner}` });
      const render = { working: attachStatusView, problem: formAgain };
      const who = whoActs(body);
      await withModalSession(services, who, client, view.id, render, async (session, update) => {
        let files: FileUpload[];
        try {
          files = await downloadFiles(services, uploads.files);
        } catch (error) {
          if (error instanceof SlackFileError) return update(formAgain(error.message));
          throw error;
        }
        const outcome = await attachUploads(session, talepId, files);
        const [firstFailure] = outcome.failed;
        // Nothing went in: the reason is about the talep or the user (not found, not allowed), not a file.
        if (outcome.attached.length === 0 && firstFailure) throw firstFailure.error;
        services.logger.info(`${outcome.attached.length} file(s) attached to talep ${talepId} by ${who.teamId}:${who.userId}`);
        const result = { talepId, attached: outcome.attached, warnings: attachWarnings(outcome) };
        await update(attachedView(result));
        if (metadata.responseUrl) {
          const list = await filesFor(session, talepId, attachedText(result));
          await postToResponseUrl(metadata.responseUrl, { response_type: 'ephemeral', replace_original: true, ...list }).catch((error: unknown) =>
            services.logger.info('could not show the attachments list again', error),
          );
        }
      }, { talepId });
    });
  },
};
