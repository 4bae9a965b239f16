/**
 * The message a talep is opened from ("Open a talep"): the duplicate guard (a message that already
 * opened a talep, or is opening one, offers that instead — asked when the form opens, and decided
 * atomically when it is submitted: the message is reserved for the submission's work before the work
 * is accepted), and the link made once the talep exists (the store, and ONE reply in its thread).
 */
import * as z from 'zod';
import { talepUrl } from '../../domain/talep-link.js';
import { isHelpdeskError } from '../../api/errors.js';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import { channelMessages } from '../../slack/locale.js';
import { workIsAlive, type WorkCtx } from '../../slack/outbox.js';
import type { Services } from '../../slack/services.js';
import type { MessageClaim } from '../../store/message-taleps.js';
import type { SourceMessage } from '../../views/new-talep/metadata.js';
import { type CreatedTalep, type ExistingTalep, talepOpenedThreadReply } from '../../views/new-talep/states.js';

/** The talep this message already opened, if it still exists (a vanished one is forgotten). */
export async function existingTalepFor(
  services: Services,
  actor: Actor,
  source: Pick<SourceMessage, 'channelId' | 'ts'>,
): Promise<ExistingTalep | undefined> {
  const link = await services.stores.messageTaleps.get(actor.teamId, source.channelId, source.ts);
  if (link?.talepId === undefined) return undefined;
  try {
    const talep = await actor.hd.getTalep({ id: link.talepId });
    return { id: talep.TalepID, subject: talep.Subject, url: talepUrl(talep, services.talepUrlTemplate) };
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) {
      await services.stores.messageTaleps.forget(actor.teamId, source.channelId, source.ts);
      return undefined;
    }
    // It exists, but this person may not see it: still no duplicate, and no details.
    if (isHelpdeskError(error, 'forbidden')) return { id: link.talepId };
    throw error;
  }
}

/** Who is opening a talep from this message right now (accepted work that is not done yet). */
export async function talepBeingOpened(services: Services, teamId: string, source: Pick<SourceMessage, 'channelId' | 'ts'>): Promise<{ by: string } | undefined> {
  const link = await services.stores.messageTaleps.get(teamId, source.channelId, source.ts);
  if (link?.talepId !== undefined || link?.jobKey === undefined) return undefined;
  return (await workIsAlive(services, link.jobKey)) ? { by: link.createdBy } : undefined;
}

/**
 * Reserves the message for this submission's work (its delivery key), atomically: of any number of
 * concurrent submissions for one message one is 'reserved'; the others learn the talep or who is opening
 * it. A reservation whose work ended without a talep (given up, cancelled) is taken over.
 */
export async function claimSourceMessage(ix: Interaction, source: SourceMessage): Promise<MessageClaim> {
  const store = ix.services.stores.messageTaleps;
  const claim = { jobKey: ix.deliveryKey ?? `${ix.who.teamId}:${ix.who.userId}:${source.ts}`, createdBy: ix.who.userId };
  const found = await store.reserve(ix.who.teamId, source.channelId, source.ts, claim);
  if (found.state !== 'opening' || (await reservationHolds(ix.services, found))) return found;
  return store.reserve(ix.who.teamId, source.channelId, source.ts, claim, { replacing: found.jobKey });
}

/**
 * A message is reserved before its work is enqueued, so a reservation whose job does not exist yet
 * is young work on its way (on another instance, or a moment behind), not abandoned work, until this
 * long has passed; a job that exists holds it while it is pending or running.
 */
const RESERVED_BEFORE_ENQUEUE_MS = 60_000;

async function reservationHolds(services: Interaction['services'], found: Extract<MessageClaim, { state: 'opening' }>): Promise<boolean> {
  // One read decides: a job that appears just after it is covered by the reservation's young age.
  const job = await services.jobs.queue.getByKey(found.jobKey);
  if (job) return job.state === 'pending' || job.state === 'running';
  return services.now().getTime() - found.at.getTime() < RESERVED_BEFORE_ENQUEUE_MS;
}

/** The work `jobKey` ended without a talep (or was never accepted): the message may open one again. */
export async function releaseSourceMessage(scene: Pick<Interaction, 'services' | 'who'>, source: SourceMessage, jobKey: string): Promise<void> {
  await scene.services.stores.messageTaleps.release(scene.who.teamId, source.channelId, source.ts, jobKey);
}

/**
 * Links the message to the talep and says so in its thread (id, subject, link: nothing private), at
 * most once per work even if the job runs again; false when the reply was not posted.
 */
export async function linkSourceMessage(ctx: WorkCtx<unknown>, source: SourceMessage, talep: CreatedTalep): Promise<boolean> {
  const { services, actor } = ctx;
  await services.stores.messageTaleps.set(actor.teamId, source.channelId, source.ts, talep.id, actor.userId);
  const posted = await ctx.steps.atMostOnce('thread-reply', z.boolean(), async () => {
    try {
      // Many people read the thread: the channel's language.
      const m = await channelMessages(services, actor.teamId, source.channelId);
      await ctx.client.chat.postMessage({ channel: source.channelId, thread_ts: source.threadTs ?? source.ts, ...talepOpenedThreadReply(talep, m) });
      return true;
    } catch (error) {
      services.logger.warn(`could not post the talep ${talep.id} link in ${source.channelId}`, error);
      return false;
    }
  });
  return posted === true;
}
