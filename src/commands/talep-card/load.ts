/**
 * Loading a talep card as the person looking at it: the talep first (it answers 404/403 for the
 * rest), then its comments and the viewer's standing at once.
 */
import type { Talep } from '../../api/schemas.js';
import { isStandardPriority } from '../../domain/priority.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import { type CardViewer, type TalepCardData, talepCard } from '../../views/talep-card/card.js';
import type { SlackMessage } from '../../views/kit/blocks.js';

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

async function isSubscribed(services: Services, actor: Actor, talep: Talep): Promise<boolean | undefined> {
  if (talep.SubmitterUserInfo.UserID === actor.helpdeskUserId) return undefined; // never offered
  try {
    const subscribers = await actor.hd.subscribers({ id: talep.TalepID });
    return subscribers.some((user) => user.UserID === actor.helpdeskUserId);
  } catch (error) {
    services.logger.debug(`subscribers of talep ${talep.TalepID} unavailable`, error);
    return undefined;
  }
}

export interface LoadedCard {
  data: TalepCardData;
  viewer: CardViewer;
}

export async function loadCardData(services: Services, actor: Actor, talepId: number): Promise<LoadedCard> {
  const talep = await actor.hd.getTalep({ id: talepId });
  const [comments, priorities, works, subscribed, integrations] = await Promise.all([
    actor.hd.comments({ id: talepId }),
    isStandardPriority(talep.Priority) ? Promise.resolve(undefined) : actor.hd.priorities().catch(() => undefined),
    worksOnCategory(services, actor, talep),
    isSubscribed(services, actor, talep),
    // Tracker links are a nicety: a help desk without them (or a refusal) leaves them off the card.
    actor.hd.talepIntegrationData({ id: talepId }).catch((error: unknown) => {
      services.logger.debug(`integration data of talep ${talepId} unavailable`, error);
      return undefined;
    }),
  ]);
  return {
    data: {
      talep,
      comments,
      ...(priorities ? { priorities } : {}),
      ...(integrations ? { integrations } : {}),
      talepUrlTemplate: services.talepUrlTemplate,
      now: services.now(),
    },
    viewer: {
      helpdeskUserId: actor.helpdeskUserId,
      role: actor.role,
      worksOnCategory: works,
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
): Promise<SlackMessage> {
  const { data, viewer } = await loadCardData(services, actor, talepId);
  return talepCard(data, { kind: surface, viewer }, notice);
}
