/**
 * Who acts: the Slack person behind an interaction, their linked help-desk account, and a help-desk
 * client bound to their own token. Every help-desk call the bot makes for a person goes through an
 * Actor, so it is made as that person — never with someone else's token.
 */
import type { Messages } from '../i18n/messages.js';
import type { HelpdeskClient } from '../api/client.js';
import { nextActionOrder } from '../api/throttle.js';
import { type HelpdeskRole, isAdminRole, isAgentRole } from '../domain/roles.js';
import type { Account } from '../store/account-store.js';
import { type LinkProblem, linkProblemMessage } from './failures.js';
import { type QueueNotice, queueNotice } from './queue-notice.js';
import type { Services } from './services.js';
import type { Surface } from './surface.js';

export interface Who {
  teamId: string;
  userId: string;
}

/** The acting person of an interaction payload (block action, view submission, options request, shortcut). */
export function whoActs(body: { team?: { id: string } | null; user: { id: string; team_id?: string } }): Who {
  return { teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id };
}

/** Whose turn a call is in the help desk's queue: calls of different people take turns. */
export const fairnessKeyOf = (who: Who): string => `${who.teamId}:${who.userId}`;

export interface Actor extends Who {
  account: Account;
  /** The help-desk client acting as this person for this interaction. */
  hd: HelpdeskClient;
  helpdeskUserId: number;
  role: HelpdeskRole;
  isAgent: boolean;
  isAdmin: boolean;
}

export interface ActorOptions {
  /** Where a "your request is queued" notice goes; none: the call waits quietly (e.g. a form being filled in). */
  queuedNotices?: Surface;
  priority?: 'interactive' | 'background';
  /** The words of the "queued" notice (English without them). */
  m?: Messages;
  /** The place the action took when its command was acked (./acked-place.ts): its order and notice. */
  acked?: { order: number; notice: QueueNotice };
}

/** The person's actor, or why they cannot act as themselves. Reads the store only: no help-desk call. */
export async function actorFor(services: Services, who: Who, options: ActorOptions = {}): Promise<Actor | LinkProblem> {
  const found = await services.stores.accounts.lookup(who.teamId, who.userId);
  if (found.state === 'unlinked') return 'not-linked';
  // A link the keys cannot open is not "never linked": the person is told it is unreadable.
  if (found.state === 'unreadable') return 'unreadable';
  const { account } = found;
  if (account.rejected) return 'rejected';
  const notice = options.acked?.notice ?? (options.queuedNotices ? queueNotice(services, options.queuedNotices, options.m) : undefined);
  if (options.acked && options.m) options.acked.notice.speak(options.m);
  const hd = services.helpdesk.withCredential(account.credential, {
    // Linking checked this token with the help desk; the guard treats it as verified (unless refused since).
    knownGood: true,
    priority: options.priority ?? 'interactive',
    fairnessKey: fairnessKeyOf(who),
    // One interaction is one action: its calls keep their place before this person's later commands.
    order: options.acked?.order ?? nextActionOrder(),
    // Agents-only categories are shown to agents and admins: one cached category list per class.
    visibility: isAgentRole(account.role) ? 'agent' : 'user',
    // A wait over 3 s is told at once, with an estimate and a Cancel button (./queue-notice.ts).
    ...(notice ? { onQueued: notice.onQueued, queueSignal: notice.signal } : {}),
  });
  // Spelled out, not `...who`: see ../objects.ts.
  return {
    teamId: who.teamId,
    userId: who.userId,
    account,
    hd,
    helpdeskUserId: account.helpdeskUserId,
    role: account.role,
    isAgent: isAgentRole(account.role),
    isAdmin: isAdminRole(account.role),
  };
}

/**
 * The person's actor; without a usable link they are told how to connect (on `surface`) and the
 * answer is undefined. The one "require a linked account" primitive.
 */
export async function requireLinked(
  scene: { services: Services; who: Who; surface: Surface; m?: Messages },
  options: ActorOptions = { queuedNotices: scene.surface, ...(scene.m ? { m: scene.m } : {}) },
): Promise<Actor | undefined> {
  const actor = await actorFor(scene.services, scene.who, options);
  if (typeof actor !== 'string') return actor;
  await scene.surface.send(linkProblemMessage(actor, scene.m), 'problem');
  return undefined;
}
