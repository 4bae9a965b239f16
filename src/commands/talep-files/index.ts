/**
 * A talep's attachments: `/talep files <id>` lists them (Download: sent privately; Delete: admins, after
 * Block Kit's confirmation), and `/talep attach <id>` or the list's "Attach files" opens the upload form.
 */
import type { Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import { parseTalepId } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { reportFailure } from '../../slack/failures.js';
import { onlyOnce } from '../../slack/once.js';
import type { ActingOnTalep } from '../../slack/interaction.js';
import { type ActionCtx, buttonValue, type Listener, type ListenerId, onAction, onSubmit } from '../../slack/listeners.js';
import { rowActionPattern } from '../../views/kit/blocks.js';
import { route } from '../../slack/routes.js';
import { AttachIds } from '../../views/talep-files/attach.js';
import { FilesIds, parseFileValue } from '../../views/talep-files/ids.js';
import { fileDeletedNotice, fileSentText, uploadFailedText } from '../../views/talep-files/list.js';
import { talepIdOfButton } from '../talep-card/public.js';
import { attachWork, openAttachForm, submitAttachForm } from './attach.js';
import { sendPrivately, uploadName } from './download.js';
import { filesFor } from './list.js';

const group = 'Talep extras';

/**
 * A button of the attachments list (value: the talep and the file), worked as the person who pressed
 * it. A "not found" is about the file (`label`): it may be gone, or hidden from this person.
 */
function fileButton(
  id: ListenerId,
  label: (file: { talepId: number; fileId: number }, m: Messages) => string,
  work: (ctx: ActionCtx & ActingOnTalep, fileId: number) => Promise<void>,
): Listener {
  const fileOf = (ctx: ActionCtx) => parseFileValue(buttonValue(ctx.action));
  return onAction(id, { talep: (ctx) => fileOf(ctx)?.talepId }, async (ctx) => {
    const { fileId } = fileOf(ctx) as { fileId: number };
    try {
      await work(ctx, fileId);
    } catch (error) {
      if (!isHelpdeskError(error, 'not-found')) throw error;
      await reportFailure({ ...ctx, linkedAt: ctx.actor.account.linkedAt }, error, { label: label({ talepId: ctx.talepId, fileId }, messagesOf(ctx)) });
    }
  });
}

export const talepFilesArea: Area = {
  name: 'talep-files',
  routes: [
    route({
      path: 'files',
      aliases: ['attachments', 'file'],
      usage: 'files <id>',
      summary: "A talep's attachments: download them privately (admins: delete)",
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => ctx.surface.send(await filesFor(ctx.actor, ctx.talepId, undefined, messagesOf(ctx))),
    }),
    route({
      path: 'attach',
      usage: 'attach <id>',
      summary: 'Attach files to a talep (a form with a file upload)',
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      // Only the stored link is checked before the form opens: the trigger lives 3 s.
      needs: { linked: true },
      run: (ctx) => openAttachForm(ctx, ctx.triggerId, { talepId: ctx.args }),
    }),
  ],
  listeners: [
    fileButton(
      FilesIds.download,
      ({ talepId, fileId }, m) => m.t('files.fileOfTalep', { fileId, talepId }),
      async (ctx, fileId) => {
        const { services, client, who, surface, actor, talepId } = ctx;
        const m = messagesOf(ctx);
        const download = await actor.hd.getAttachment({ id: fileId });
        const name = uploadName(download, fileId);
        const refused = await sendPrivately(client, who.userId, { data: download.data, name, talepId, comment: m.t('files.fromTalep', { id: talepId }) });
        if (refused) {
          services.logger.warn(`uploading file ${fileId} of talep ${talepId} to ${who.userId} failed: ${refused}`);
          return surface.send({ text: uploadFailedText(refused, m) });
        }
        await surface.send({ text: fileSentText(name, talepId, m) });
      },
    ),
    // Block Kit's confirmation dialog asked already; the help desk allows this to admins only.
    // One id per file (Slack refuses equal action ids in one block); older messages carry the bare id.
    fileButton(
      rowActionPattern(FilesIds.deleteFile),
      ({ fileId }, m) => m.t('files.fileLabel', { fileId }),
      async (ctx, fileId) => {
        const { surface, actor, talepId } = ctx;
        // Once per press of the button: a copy of the press only shows the list again.
        const deleted = await onlyOnce(ctx, 'delete-file', z.literal(true), async () => {
          await actor.hd.deleteFile({ fileId });
          return true as const;
        });
        if (!deleted) return;
        await surface.replace(await filesFor(actor, talepId, fileDeletedNotice(fileId, messagesOf(ctx)), messagesOf(ctx)));
      },
    ),
    onAction(FilesIds.attach, { talep: (ctx) => talepIdOfButton(ctx.action) }, (ctx) =>
      openAttachForm(ctx, ctx.triggerId, { talepId: ctx.talepId, ...(ctx.body.response_url ? { responseUrl: ctx.body.response_url } : {}) }),
    ),
    onSubmit(AttachIds.callbackId, submitAttachForm),
  ],
  work: [attachWork],
};
