/**
 * Filing a talep from a checked submission, as durable work (./work.ts) run as the person: the
 * on-behalf-of user and the files first, then createTalep — at most once: its body carries the work's
 * reference, and a run that may have sent it before (a crash, no answer) looks for the talep by that
 * reference first — then what can only follow it (the assignment's follow-up, a custom priority, more
 * files, each at most once). Once the talep exists, later failures become warnings, so nothing after
 * it can make a duplicate.
 */
import * as z from 'zod';
import type { FileUpload } from '../../api/wire.js';
import { isStandardPriority } from '../../domain/priority.js';
import { talepUrl } from '../../domain/talep-link.js';
import type { WorkCtx } from '../../slack/outbox.js';
import { messagesOf } from '../../slack/locale.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { findTalepByRef, slackRef, withSlackRef } from '../../slack/reconcile.js';
import { attachFilesOnce, downloadFiles, failureReason } from '../../slack/uploads.js';
import type { CreatedTalep } from '../../views/new-talep/states.js';
import { assignTalep } from '../talep-work/public.js';
import type { NewTalepRequest } from './request.js';

/** What a filed talep's work answers (and a copy of its submission is shown). */
export const createdTalepSchema = z.object({
  id: z.int().positive(),
  subject: z.string(),
  url: z.string(),
  warnings: z.array(z.string()).optional(),
});

/** createTalep as the person, with the work's reference at the end of the body; the files already downloaded are kept by index. */
async function createTalep(ctx: WorkCtx<unknown>, request: NewTalepRequest, ref: string, downloaded: Map<number, FileUpload>): Promise<number> {
  const { services, actor } = ctx;
  let onBehalfOf: number | undefined;
  if (request.onBehalfOf && request.onBehalfOf !== actor.userId && actor.isAgent) {
    onBehalfOf = (await helpdeskPersonFor(services, actor, ctx.client, request.onBehalfOf, messagesOf(ctx))).helpdeskUserId;
  }
  // Every file first: one Slack will not hand out refuses the submission before anything is created.
  const uploads = await downloadFiles(services, request.files);
  for (const [index, upload] of uploads.entries()) downloaded.set(index, upload);
  const [first] = uploads;
  const assigneeId = request.assigneeId !== undefined && actor.isAgent ? request.assigneeId : undefined;
  const { id } = await actor.hd.createTalep({
    categoryId: request.categoryId,
    subject: request.subject,
    body: withSlackRef(request.body, ref),
    priorityId: isStandardPriority(request.priorityId) ? request.priorityId : 0,
    ...(request.tags.length > 0 ? { tags: request.tags } : {}),
    // The assignment is made by createTalep itself (one call); what follows an assignment runs below.
    ...(assigneeId !== undefined ? { assignedToUserId: assigneeId } : {}),
    ...(onBehalfOf !== undefined && onBehalfOf !== actor.helpdeskUserId ? { userId: onBehalfOf } : {}),
    ...(Object.keys(request.customFields).length > 0 ? { customFields: request.customFields } : {}),
    ...(first ? { uploadFile: first } : {}),
  });
  return id;
}

/** Files the talep, once, and everything that follows; the talep as the person sees it. */
export async function fileTalep(ctx: WorkCtx<unknown>, request: NewTalepRequest): Promise<CreatedTalep> {
  const { services, actor, steps } = ctx;
  const ref = slackRef(ctx.job.key);
  const downloaded = new Map<number, FileUpload>();
  const id = await steps.once(
    'talep',
    z.int().positive(),
    () => createTalep(ctx, request, ref, downloaded),
    () => findTalepByRef(actor.hd, ref),
  );

  const warnings: string[] = [];
  const assigneeId = request.assigneeId !== undefined && actor.isAgent ? request.assigneeId : undefined;
  if (assigneeId !== undefined) {
    await assignTalep(actor, id, assigneeId, { alreadyApplied: true }).catch((error: unknown) =>
      warnings.push(`The assignment could not be completed: ${failureReason(error)}`),
    );
  }
  if (!isStandardPriority(request.priorityId)) {
    // createTalep's priorityId takes -1..2 only; custom priorities are set right after (setting it twice is harmless).
    await actor.hd
      .updateTalep({ id, priority: request.priorityId })
      .catch((error: unknown) => warnings.push(`The priority could not be set: ${failureReason(error)}`));
  }
  // The first file went with createTalep; the others one by one, each at most once.
  const later = new Map([...downloaded].filter(([index]) => index > 0).map(([index, upload]) => [index - 1, upload] as const));
  warnings.push(...(await attachFilesOnce(ctx, id, request.files.slice(1), { prefix: 'file', downloaded: later })).warnings);
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
