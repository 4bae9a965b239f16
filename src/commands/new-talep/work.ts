/**
 * The new talep as accepted work (the outbox): what a submission leaves in the store before the person
 * is told "Creating…", and how it is done — as the person, once, even across restarts and unanswered
 * calls (./create.ts) — and told: the modal while it is open (else where they started, else a DM), the
 * source message's thread once, a queued notice while the help desk is away, and, when it will not be
 * filed, the form again with the reason (or, where the form cannot come back, their text to copy).
 */
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { defineWork, type WorkCtx, type WorkScene } from '../../slack/outbox.js';
import { dmSurface, surfaceFromRef } from '../../slack/surface.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { sourceMessageSchema } from '../../views/new-talep/metadata.js';
import { type CreatedTalep, newTalepCreatedMessage, newTalepCreatedView, newTalepCreatingView, notFiledMessage } from '../../views/new-talep/states.js';
import { fileTalep } from './create.js';
import { formAgainRender } from './load.js';
import { newTalepRequestSchema } from './request.js';
import { linkSourceMessage, releaseSourceMessage } from './source-message.js';

/** The form as the person filled it in (shown again if the talep is not filed). */
const newTalepValuesSchema = z.object({
  categoryId: z.int().optional(),
  priorityId: z.int().optional(),
  subject: z.string().max(3000).optional(),
  body: z.string().max(20_000).optional(),
  tags: z.string().max(3000).optional(),
  assigneeId: z.int().optional(),
  onBehalfOf: z.string().max(40).optional(),
  customFields: z.record(z.string(), z.string()),
});

export const newTalepWorkSchema = z.object({
  request: newTalepRequestSchema,
  values: newTalepValuesSchema,
  /** Where the form was opened: the confirmation's channel, the message it is opened from. */
  where: z.object({ channelId: z.string().max(40).optional(), source: sourceMessageSchema.optional() }),
  /** Slack cannot prefill a file input: a form shown again says to attach them again. */
  hadUploads: z.boolean(),
});
export type NewTalepWork = z.infer<typeof newTalepWorkSchema>;

/** The confirmation after the modal closed: ephemeral where the person started, else (or failing that) a DM. */
async function confirmCreated(ix: Interaction, channelId: string | undefined, message: SlackMessage): Promise<void> {
  const deps = surfaceDeps(ix.services, ix.client, ix.who.userId);
  const dm = () => dmSurface(deps).send(message);
  await surfaceFromRef(deps, channelId ? { c: channelId } : undefined)
    .send(message)
    .catch(() => dm())
    .catch((error: unknown) => ix.services.logger.warn('could not confirm the new talep', error));
}

async function run(ctx: WorkCtx<NewTalepWork>): Promise<CreatedTalep> {
  const { services, who, data } = ctx;
  const talep = await fileTalep(ctx, data.request);
  services.logger.info(`talep ${talep.id} created from Slack by ${who.teamId}:${who.userId}`);
  const threaded = data.where.source ? await linkSourceMessage(ctx, data.where.source, talep) : false;
  // The modal if the person still has it open (a closed one is simply not updated: the confirmation says it).
  const m = messagesOf(ctx);
  await ctx.modal?.update(newTalepCreatedView(talep, m)).catch((error: unknown) => services.logger.info('the new-talep modal is gone', error));
  if (!threaded) await confirmCreated(ctx, data.where.channelId, newTalepCreatedMessage(talep, m));
  return talep;
}

export const newTalepWork = defineWork({
  kind: 'new-talep',
  payload: newTalepWorkSchema,
  describe: (data, m) => m.t(data.where.source ? 'outbox.whatTalepFromMessage' : 'outbox.whatNewTalep', { subject: data.request.subject }),
  keptText: (m) => m.t('newTalep.kept'),
  render: (scene: WorkScene<NewTalepWork>) =>
    formAgainRender({
      services: scene.services,
      actor: () => scene.actor,
      values: scene.data.values,
      where: scene.data.where,
      progress: (text) => newTalepCreatingView(text, messagesOf(scene)),
      m: messagesOf(scene),
      ...(scene.data.hadUploads ? { note: '\n_Attach your files again before you resubmit._' } : {}),
    }),
  run: async (ctx) => {
    const { id, subject, url, warnings } = await run(ctx);
    return { id, subject, url, ...(warnings ? { warnings: [...warnings] } : {}) };
  },
  failed: async (scene, message) => {
    if (scene.data.where.source) await releaseSourceMessage(scene, scene.data.where.source, scene.job.key);
    await scene.surface.send(notFiledMessage(message, { subject: scene.data.request.subject, body: scene.data.request.body }), 'problem');
  },
});
