/**
 * Creating a talep from a checked submission (after the modal was acked with "Creating…"): the
 * on-behalf-of user and the files first, then createTalep, then what can only follow it (the
 * assignment's follow-up, a custom priority, more files); the source message gets a thread reply, the
 * person a confirmation. A failure before the talep exists shows the form again with a banner and the
 * person's values.
 */
import { talepUrl } from '../../domain/talep-link.js';
import { isStandardPriority } from '../../domain/priority.js';
import type { Actor } from '../../slack/actor.js';
import { SlackFileError } from '../../slack/files.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import type { SubmitCtx } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { dmSurface, surfaceFromRef } from '../../slack/surface.js';
import { attachUploads, attachWarnings, downloadFiles, failureReason } from '../../slack/uploads.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import type { NewTalepMetadata } from '../../views/new-talep/metadata.js';
import {
  alreadyOpenedView,
  type CreatedTalep,
  newTalepCreatedMessage,
  newTalepCreatedView,
  newTalepCreatingView,
} from '../../views/new-talep/states.js';
import { assignTalep } from '../talep-work/public.js';
import { formAgainRender, formContextOf } from './load.js';
import type { NewTalepReading } from './read.js';
import type { NewTalepRequest } from './request.js';
import { existingTalepFor, linkSourceMessage } from './source-message.js';

/**
 * Creates the talep and attaches the rest. Everything that can fail for the person's input (on behalf
 * of, downloads, the creation itself) happens before or in createTalep; once the talep exists, later
 * failures become warnings, so a retry never makes a duplicate.
 */
export async function createFromRequest(ix: Interaction, actor: Actor, request: NewTalepRequest): Promise<CreatedTalep> {
  const { services } = ix;
  let onBehalfOf: number | undefined;
  if (request.onBehalfOf && request.onBehalfOf !== actor.userId && actor.isAgent) {
    onBehalfOf = (await helpdeskPersonFor(services, actor, ix.client, request.onBehalfOf)).helpdeskUserId;
  }
  const uploads = await downloadFiles(services, request.files);
  const [first, ...others] = uploads;
  const assigneeId = request.assigneeId !== undefined && actor.isAgent ? request.assigneeId : undefined;
  const { id } = await actor.hd.createTalep({
    categoryId: request.categoryId,
    subject: request.subject,
    body: request.body,
    priorityId: isStandardPriority(request.priorityId) ? request.priorityId : 0,
    ...(request.tags.length > 0 ? { tags: request.tags } : {}),
    // The assignment is made by createTalep itself (one call); what follows an assignment runs below.
    ...(assigneeId !== undefined ? { assignedToUserId: assigneeId } : {}),
    ...(onBehalfOf !== undefined && onBehalfOf !== actor.helpdeskUserId ? { userId: onBehalfOf } : {}),
    ...(Object.keys(request.customFields).length > 0 ? { customFields: request.customFields } : {}),
    ...(first ? { uploadFile: first } : {}),
  });

  const warnings: string[] = [];
  if (assigneeId !== undefined) {
    await assignTalep(actor, id, assigneeId, { alreadyApplied: true }).catch((error: unknown) =>
      warnings.push(`The assignment could not be completed: ${failureReason(error)}`),
    );
  }
  if (!isStandardPriority(request.priorityId)) {
    // createTalep's priorityId takes -1..2 only; custom priorities are set right after.
    await actor.hd
      .updateTalep({ id, priority: request.priorityId })
      .catch((error: unknown) => warnings.push(`The priority could not be set: ${failureReason(error)}`));
  }
  warnings.push(...attachWarnings(await attachUploads(actor, id, others)));
  let url = talepUrl(id, services.talepUrlTemplate);
  let subject = request.subject;
  try {
    const talep = await actor.hd.getTalep({ id });
    url = talepUrl(talep, services.talepUrlTemplate);
    subject = talep.Subject;
  } catch (error) {
    services.logger.info(`talep ${id} created but could not be read back`, error);
  }
  return { id, subject, url, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** The confirmation after the modal closed: ephemeral where the person started, else (or failing that) a DM. */
async function confirmCreated(ix: Interaction, channelId: string | undefined, message: SlackMessage): Promise<void> {
  const deps = surfaceDeps(ix.services, ix.client, ix.who.userId);
  const dm = () => dmSurface(deps).send(message);
  await surfaceFromRef(deps, channelId ? { c: channelId } : undefined)
    .send(message)
    .catch(() => dm())
    .catch((error: unknown) => ix.services.logger.warn('could not confirm the new talep', error));
}

/** The submission, once acked: creates the talep as the person and shows the result in the modal. */
export async function submitNewTalep(
  ctx: SubmitCtx,
  metadata: NewTalepMetadata,
  reading: NewTalepReading,
  request: NewTalepRequest,
): Promise<void> {
  const { services, who } = ctx;
  let acting: Actor | undefined;
  const hadUploads = reading.uploads.ok && reading.uploads.files.length > 0;
  const surface = ctx.surface.withRender(
    formAgainRender({
      services,
      actor: () => acting,
      values: reading.values,
      where: formContextOf(metadata),
      progress: (text) => newTalepCreatingView(text),
      // Slack cannot prefill a file input: say so rather than lose the files silently.
      ...(hadUploads ? { note: '\n_Attach your files again before you resubmit._' } : {}),
    }),
  );
  await actAs({ ...ctx, surface }, async (actor) => {
    acting = actor;
    if (metadata.source) {
      // Someone may have opened a talep from the same message while this form was open.
      const existing = await existingTalepFor(services, actor, metadata.source);
      if (existing) return surface.update(alreadyOpenedView(existing));
    }
    let talep: CreatedTalep;
    try {
      talep = await createFromRequest(ctx, actor, request);
    } catch (error) {
      // A file Slack would not hand out: nothing was created; the form says which file and why.
      if (!(error instanceof SlackFileError)) throw error;
      services.logger.info(`new talep refused locally for ${who.teamId}:${who.userId}: ${error.message}`);
      return surface.send({ text: error.message }, 'problem');
    }
    services.logger.info(`talep ${talep.id} created from Slack by ${who.teamId}:${who.userId}`);
    const threaded = metadata.source ? await linkSourceMessage(ctx, actor, metadata.source, talep) : false;
    await surface.update(newTalepCreatedView(talep));
    if (!threaded) await confirmCreated(ctx, metadata.channelId, newTalepCreatedMessage(talep));
  });
}
