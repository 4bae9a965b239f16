/** One page of a talep's comments for the acting person (always ephemeral: it may hold agents-only comments). */
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { commentsMessage } from '../../views/talep-comments/list.js';
import { talepUrl } from '../../domain/talep-link.js';
import { worksOnCategory } from '../talep-card/public.js';

export async function commentsListFor(
  services: Services,
  actor: Actor,
  talepId: number,
  page = 0,
  notice?: string,
  m: Messages = english,
): Promise<SlackMessage> {
  const [talep, comments] = await Promise.all([actor.hd.getTalep({ id: talepId }), actor.hd.comments({ id: talepId })]);
  // Only an agent of the category (or an admin) edits other people's comments; others only their own.
  const editsAll = actor.isAgent && (await worksOnCategory(services, actor, talep));
  const viewer = { helpdeskUserId: actor.helpdeskUserId, agent: actor.isAgent, editsAll };
  return commentsMessage(
    { talepId, subject: talep.Subject, url: talepUrl(talep, services.talepUrlTemplate), comments, viewer, page },
    notice,
    m,
  );
}
