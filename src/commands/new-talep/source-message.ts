/**
 * The message a talep is opened from ("Open a talep"): the duplicate guard (a message that already
 * opened a talep offers that one instead, asked when the form opens and again on submission) and the
 * link made once the talep exists (the store, and a reply in the message's thread).
 */
import { talepUrl } from '../../domain/talep-link.js';
import { isHelpdeskError } from '../../api/errors.js';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import type { Services } from '../../slack/services.js';
import type { SourceMessage } from '../../views/new-talep/metadata.js';
import { type CreatedTalep, type ExistingTalep, talepOpenedThreadReply } from '../../views/new-talep/states.js';

/** The talep this message already opened, if it still exists (a vanished one is forgotten). */
export async function existingTalepFor(
  services: Services,
  actor: Actor,
  source: Pick<SourceMessage, 'channelId' | 'ts'>,
): Promise<ExistingTalep | undefined> {
  const link = services.stores.messageTaleps.get(actor.teamId, source.channelId, source.ts);
  if (!link) return undefined;
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

/** Links the message to the talep and says so in its thread (id, subject, link: nothing private); false when the reply could not be posted. */
export async function linkSourceMessage(ix: Interaction, actor: Actor, source: SourceMessage, talep: CreatedTalep): Promise<boolean> {
  await ix.services.stores.messageTaleps.set(actor.teamId, source.channelId, source.ts, talep.id, actor.userId);
  try {
    await ix.client.chat.postMessage({ channel: source.channelId, thread_ts: source.threadTs ?? source.ts, ...talepOpenedThreadReply(talep) });
    return true;
  } catch (error) {
    ix.services.logger.warn(`could not post the talep ${talep.id} link in ${source.channelId}`, error);
    return false;
  }
}
