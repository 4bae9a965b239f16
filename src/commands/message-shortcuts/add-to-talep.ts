/**
 * "Add to a talep" (message shortcut): pick a talep (./talep-picker.ts) and add the message as a
 * comment, with its permalink and its files ("agents only" for agents). The form opens at once while
 * the message is read; a submission is accepted as durable work (the outbox) and added once; a
 * failure shows the form again with the reason on top.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import type { FileUpload } from '../../api/wire.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import type { MessageShortcutCtx, SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { inLoadingModal } from '../../slack/modals.js';
import { type Acceptance, acceptWork, defineWork, type WorkCtx } from '../../slack/outbox.js';
import { findComment } from '../../slack/reconcile.js';
import { dmSurface, ephemeralSurface, type ModalRender } from '../../slack/surface.js';
import { attachFilesOnce, downloadFiles, failureReason } from '../../slack/uploads.js';
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
import { checkAddToTalep, readAddToTalepForm } from './add-to-talep-form.js';
import { prefillFrom, type ShortcutMessage, sourceOf } from './message.js';

/** The modal's plain states: a line while it works, the reason when the form cannot be shown. */
const statusRenderIn = (m?: Messages): ModalRender => ({
  progress: (text) => addToTalepStatusView(`:hourglass_flowing_sand: ${text}`, m),
  problem: (text) => addToTalepStatusView(`:warning: ${text}`, m),
});

/** The shortcut: the form opens at once while the message is read (Slack calls only), then fills in. */
export async function openAddToTalep(ctx: MessageShortcutCtx, message: ShortcutMessage): Promise<void> {
  const { services, channelId } = ctx;
  const m = messagesOf(ctx);
  const { threadTs, files } = sourceOf(channelId, message, services.maxUploadBytes, m);
  const opening = { triggerId: ctx.triggerId, title: m.t('addTo.title'), loading: m.t('addTo.reading'), render: statusRenderIn(m) };
  await inLoadingModal(ctx, opening, async ({ actor, surface, client }) => {
    const prefill = await prefillFrom(services, client, channelId, message, m);
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
      }, m),
    );
  });
}

/**
 * The help desk lets only admins and agents of the category comment: a refusal of that is explained
 * (with what to do instead) rather than worded as a generic "forbidden"; undefined for any other failure.
 */
export function addCommentRefusal(error: unknown, talepId: number, m: Messages = english): string | undefined {
  if (!isHelpdeskError(error, 'forbidden') || error.operation !== 'addComment') return undefined;
  return m.t('shortcuts.refused', { id: talepId });
}

/** What the form carries into the outbox: the request, where the message is, and the form to show again. */
export const addToTalepWorkSchema = z.object({
  request: z.object({ talepId: z.int().min(1), label: z.string().max(200), body: z.string().min(1).max(40_000), forTechsOnly: z.boolean() }),
  metadata: addToTalepMetadataSchema,
  values: z.object({
    talep: z.object({ id: z.int(), label: z.string().max(200) }).optional(),
    comment: z.string().max(40_000).optional(),
    techsOnly: z.boolean().optional(),
  }),
});
export type AddToTalepWork = z.infer<typeof addToTalepWorkSchema>;

/**
 * Adds the comment with the message's first file on it, so the file shares the comment's visibility —
 * once: a run that may have sent it already looks for it in the talep's comments first. The other
 * files: attached to the talep when the comment is public; when it is agents-only, each goes with an
 * agents-only comment of its own, because AttachFile would show it to the submitter. Each at most once.
 */
export async function addMessageComment(ctx: WorkCtx<AddToTalepWork>): Promise<Pick<AddedComment, 'files' | 'warnings'>> {
  const { services, actor, steps } = ctx;
  // What goes into the help desk is in the words of the person who adds it.
  const m = messagesOf(ctx);
  const { talepId: id, forTechsOnly, body } = ctx.data.request;
  const files = attachable(ctx.data.metadata.files ?? []);
  const downloaded = new Map<number, FileUpload>();
  const lookFor = (text: string) => async () =>
    (await findComment(actor.hd, { talepId: id, authorId: actor.helpdeskUserId, body: text, forTechsOnly, since: ctx.job.acceptedAt })) === undefined
      ? undefined
      : (true as const);
  await steps.once(
    'comment',
    z.literal(true),
    async () => {
      // Every file first: one Slack will not hand out refuses the submission before anything is added.
      for (const [index, upload] of (await downloadFiles(services, files)).entries()) downloaded.set(index, upload);
      const first = downloaded.get(0);
      await actor.hd.addComment({ id, body, ...(forTechsOnly ? { forTechsOnly: true } : {}), ...(first ? { uploadFile: first } : {}) });
      return true as const;
    },
    lookFor(body),
  );
  const [firstFile, ...others] = files;
  if (!firstFile) return {};
  const added = [firstFile.name];
  const warnings: string[] = [];
  if (forTechsOnly) {
    for (const [index, file] of others.entries()) {
      const text = m.t('shortcuts.anotherFile', { name: file.name });
      try {
        await steps.once(
          `private-file:${index}`,
          z.literal(true),
          async () => {
            const upload = downloaded.get(index + 1) ?? (await downloadFiles(services, [file]))[0];
            await actor.hd.addComment({ id, body: text, forTechsOnly: true, ...(upload ? { uploadFile: upload } : {}) });
            return true as const;
          },
          lookFor(text),
        );
        added.push(file.name);
      } catch (error) {
        warnings.push(m.t('shortcuts.fileNotAdded', { name: file.name, reason: failureReason(error) }));
      }
    }
  } else {
    const later = new Map([...downloaded].filter(([index]) => index > 0).map(([index, upload]) => [index - 1, upload] as const));
    const outcome = await attachFilesOnce(ctx, id, others, { prefix: 'file', downloaded: later });
    added.push(...outcome.attached);
    warnings.push(...outcome.warnings);
  }
  return { files: added, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Only the person who added it sees the confirmation, in the message's thread (else a DM). */
async function confirmAdded(ix: Interaction, metadata: AddToTalepMetadata, added: AddedComment): Promise<void> {
  const message = addedToTalepMessage(added, messagesOf(ix));
  const deps = surfaceDeps(ix.services, ix.client, ix.who.userId);
  await ephemeralSurface(deps, metadata.channelId, metadata.threadTs)
    .send(message)
    .catch(() => dmSurface(deps).send(message))
    .catch((error: unknown) => ix.services.logger.warn('could not confirm the added comment', error));
}

/** "Add to a talep" as accepted work: added as the person, once; the modal (or the thread, or a DM) says so. */
export const addToTalepWork = defineWork({
  kind: 'add-to-talep',
  payload: addToTalepWorkSchema,
  describe: (data, m) => m.t('outbox.whatMessageAdded', { id: data.request.talepId, agentsOnly: data.request.forTechsOnly ? 'yes' : 'no' }),
  keptText: (m) => m.t('addTo.kept'),
  render: (scene) => {
    const m = messagesOf(scene);
    const form: AddToTalepForm = { isAgent: scene.data.metadata.agent, metadata: scene.data.metadata, values: scene.data.values };
    return { ...statusRenderIn(m), problem: (text) => addToTalepView({ ...form, banner: `:warning: ${text}` }, m) };
  },
  run: async (ctx) => {
    const { services, who, data } = ctx;
    const { request, metadata } = data;
    const sent = await addMessageComment(ctx);
    services.logger.info(`message ${metadata.channelId}/${metadata.ts} added to talep ${request.talepId} by ${who.teamId}:${who.userId}`);
    const added: AddedComment = { talepId: request.talepId, label: request.label, techsOnly: request.forTechsOnly, ...sent };
    await ctx.modal?.update(addedToTalepView(added, messagesOf(ctx))).catch((error: unknown) => services.logger.info('the add-to-talep modal is gone', error));
    await confirmAdded(ctx, metadata, added);
    return { talepId: request.talepId };
  },
  failed: async (scene, message, error) => {
    // The form comes back with the reason (and the text); a refusal to comment is explained.
    const refusal = addCommentRefusal(error, scene.data.request.talepId, messagesOf(scene));
    await scene.surface.send(refusal ? { text: refusal } : message, 'problem');
  },
});

/** The submission: read once, checked, accepted as durable work, acknowledged with "Adding…". */
export async function addToTalepSubmitted(ctx: SubmitCtx): Promise<void> {
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(addToTalepMetadataSchema, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: addToTalepStatusView(m.t('shortcuts.outOfDate'), m) });
    return;
  }
  const values = readAddToTalepForm(ctx.values);
  const checked = checkAddToTalep(values, metadata, m);
  if (!checked.ok) {
    await ctx.ack({ response_action: 'errors', errors: checked.errors });
    return;
  }
  const request = checked.values;
  const data: AddToTalepWork = { request, metadata, values };
  await acceptWork(
    ctx,
    { work: addToTalepWork, data, reply: { view: { id: ctx.view.id, title: m.t('addTo.title') }, to: { c: metadata.channelId } } },
    (acceptance) => ctx.ack({ response_action: 'update', view: addToTalepStatusView(acceptedText(acceptance, request.talepId, m), m) }),
  );
}

/** What the modal says once the work is accepted (or, for a copy of the submission, where it stands). */
function acceptedText(acceptance: Acceptance, talepId: number, m: Messages): string {
  switch (acceptance.state) {
    case 'accepted':
    case 'in-progress':
      return m.t('shortcuts.adding', { id: talepId });
    case 'done':
      return m.t('shortcuts.added', { id: talepId });
    case 'failed':
      return m.t('shortcuts.failed', { id: talepId });
    case 'cancelled':
      return m.t('shortcuts.cancelled', { id: talepId });
  }
}
