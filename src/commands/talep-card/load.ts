/**
 * Loading a talep card as the person looking at it: the talep and its latest comments at once; the
 * viewer's standing from what is known (./known.ts, the reference cache).
 */
import type { Messages } from '../../i18n/messages.js';
import type { Comment, Talep } from '../../api/schemas.js';
import { isStandardPriority } from '../../domain/priority.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import { type CardViewer, type TalepCardData, talepCard } from '../../views/talep-card/card.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { knownComments, knownSubscribed, knownTalep, rememberComments, rememberOwnComment, rememberTalep, watchChanges } from './known.js';

/** Where a private card lives: an ephemeral message, or the app's Messages tab. */
export type PrivateCardKind = 'ephemeral' | 'direct';

/** Admin, or an agent of the talep's category (commenting, editing comments and taking the talep need it). */
export async function worksOnCategory(services: Services, actor: Actor, talep: Talep): Promise<boolean> {
  if (actor.isAdmin) return true;
  if (!actor.isAgent) return false;
  if (talep.CategoryID === undefined) return true; // cannot tell: offer it, the help desk decides
  try {
    const agents = await actor.hd.techsForCategory({ id: talep.CategoryID });
    return agents.some((agent) => agent.UserID === actor.helpdeskUserId);
  } catch (error) {
    services.logger.debug(`agents of category ${talep.CategoryID} unavailable`, error);
    return true;
  }
}

export interface LoadedCard {
  data: TalepCardData;
  viewer: CardViewer;
}

/**
 * Whether the card offers the agent's controls, at once: the help desk's answer when it is known
 * (cached per visibility class), else yes (the help desk decides when the button is pressed) while
 * the agents of the category are read in the background budget for the next card.
 */
function worksOnCategoryNow(services: Services, actor: Actor, talep: Talep): boolean {
  if (actor.isAdmin) return true;
  if (!actor.isAgent) return false;
  if (talep.CategoryID === undefined) return true;
  if (talep.AssigneeUserInfo?.UserID === actor.helpdeskUserId) return true;
  const agents = actor.hd.peek('techsForCategory', { id: talep.CategoryID });
  if (agents) return agents.some((agent) => agent.UserID === actor.helpdeskUserId);
  actor.hd.techsForCategory({ id: talep.CategoryID }, { priority: 'background', onQueued: () => undefined }).catch((error: unknown) => {
    services.logger.debug(`agents of category ${talep.CategoryID} unavailable`, error);
  });
  return true;
}

/** The latest comments as this person sees them: re-read at most once a minute (./known.ts). */
async function commentsOf(actor: Actor, talepId: number): Promise<{ comments: readonly Comment[]; read: boolean }> {
  const known = knownComments(actor, talepId);
  if (known) return { comments: known, read: false };
  const comments = await actor.hd.comments({ id: talepId });
  rememberComments(actor, talepId, comments);
  return { comments, read: true };
}

/** The talep as the person sees it now (one call), remembered for the card after their next action. */
export async function readTalep(actor: Actor, talepId: number): Promise<Talep> {
  const talep = await actor.hd.getTalep({ id: talepId });
  rememberTalep(actor, talep);
  return talep;
}

export interface CardLoadOptions {
  /**
   * The card after an action that started at this instant (performance.now()): a record the action
   * patched with what it did (./known.ts `patchTalep`) is used as it is; otherwise it is read again.
   */
  knownSince?: number;
  /** A comment the action just added (not in the remembered comments yet). */
  addedComment?: Comment;
  /** The reader's words (English without them). */
  m?: Messages;
}

/**
 * The card's data: the talep record (1 call) and its latest comments (1 call, or none within a minute
 * of the last read). Subscribers and tracker links are read only when asked for (Subscribe; More →
 * Related), the agents of the category in the background.
 */
export async function loadCardData(services: Services, actor: Actor, talepId: number, options: CardLoadOptions = {}): Promise<LoadedCard> {
  watchChanges(services);
  const known = options.knownSince === undefined ? undefined : knownTalep(actor, talepId, options.knownSince);
  // Both at once (one turn in the help desk's queue); the record's refusal (404, 403) is the one told.
  const [record, latest] = await Promise.allSettled([known ?? readTalep(actor, talepId), commentsOf(actor, talepId)]);
  if (record.status === 'rejected') throw record.reason;
  if (latest.status === 'rejected') throw latest.reason;
  const talep = record.value;
  const { comments, read } = latest.value;
  const priorities = isStandardPriority(talep.Priority) ? undefined : await actor.hd.priorities().catch(() => undefined);
  // A comment just added is in a fresh read already; remembered comments get it appended.
  const added = read ? undefined : options.addedComment;
  const allComments = added ? [...comments, added] : comments;
  if (options.addedComment) rememberOwnComment(actor, talepId, allComments);
  const subscribed = talep.SubmitterUserInfo.UserID === actor.helpdeskUserId ? undefined : knownSubscribed(actor, talepId);
  return {
    data: {
      talep,
      comments: allComments,
      ...(priorities ? { priorities } : {}),
      talepUrlTemplate: services.talepUrlTemplate,
      now: services.now(),
    },
    viewer: {
      helpdeskUserId: actor.helpdeskUserId,
      role: actor.role,
      worksOnCategory: worksOnCategoryNow(services, actor, talep),
      ...(subscribed !== undefined ? { subscribed } : {}),
    },
  };
}

/** The card for the acting person, with an optional notice of what just happened. */
export async function cardMessage(
  services: Services,
  actor: Actor,
  talepId: number,
  surface: PrivateCardKind = 'ephemeral',
  notice?: string,
  options: CardLoadOptions = {},
): Promise<SlackMessage> {
  const { data, viewer } = await loadCardData(services, actor, talepId, options);
  return talepCard(data, { kind: surface, viewer }, notice, options.m);
}
