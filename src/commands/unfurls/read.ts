/**
 * Reading a talep for a preview, always as a person (the poster of the link, or the viewer of the
 * details panel) with their own token: what they may not read is not previewed. Only the allow-listed
 * facts and public comments leave this file (views/unfurls/facts.ts).
 */
import { english, type Messages } from '../../i18n/messages.js';
import { isHelpdeskError } from '../../api/errors.js';
import { isStandardPriority } from '../../domain/priority.js';
import { talepUrl } from '../../domain/talep-link.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import { type PublicComment, publicComments, type TalepFacts, talepFacts } from '../../views/unfurls/facts.js';

export interface TalepPreview {
  facts: TalepFacts;
  comments: PublicComment[];
  /** Who is assigned, by help-desk user id (for the actions a viewer is offered; never shown). */
  assigneeId: number | undefined;
}

/** The talep's facts (and up to `comments` public comments) as `actor` reads them. */
export async function readTalepPreview(services: Services, actor: Actor, talepId: number, comments: number, m: Messages = english): Promise<TalepPreview> {
  const talep = await actor.hd.getTalep({ id: talepId });
  const [priorities, list] = await Promise.all([
    // Only a custom priority needs its name from the help desk's list.
    isStandardPriority(talep.Priority) ? Promise.resolve([]) : actor.hd.priorities().catch(() => []),
    comments > 0 ? actor.hd.comments({ id: talepId }) : Promise.resolve([]),
  ]);
  return {
    facts: talepFacts(talep, talepUrl(talep, services.talepUrlTemplate), priorities, m),
    comments: publicComments(list, comments),
    assigneeId: talep.AssigneeUserInfo?.UserID || undefined,
  };
}

/** For a link preview: a talep the poster cannot read (gone, someone else's) gets no preview, silently. */
export async function previewOrNothing(
  services: Services,
  actor: Actor,
  talepId: number,
  comments: number,
  m: Messages = english,
): Promise<TalepPreview | undefined> {
  try {
    return await readTalepPreview(services, actor, talepId, comments, m);
  } catch (error) {
    // A refused token is remembered as refused, as everywhere (the person is asked to reconnect next time).
    if (isHelpdeskError(error, 'unauthorized')) await services.stores.accounts.markRejected(actor.teamId, actor.userId, actor.account.linkedAt);
    const quiet = isHelpdeskError(error, 'not-found') || isHelpdeskError(error, 'forbidden');
    services.logger[quiet ? 'debug' : 'info'](`no preview of talep ${talepId} for ${actor.teamId}:${actor.userId}`, error);
    return undefined;
  }
}
