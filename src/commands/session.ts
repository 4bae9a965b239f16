/**
 * One user action against the help desk, as that user. `withSession` resolves the acting user's
 * account (or sends the connect prompt), tells them once when their call is queued, and turns every
 * failure into one short ephemeral message — so command code only writes the happy path.
 */
import type { webApi } from '@slack/bolt';
import type { HelpdeskClient } from '../api/client.js';
import { type Interaction, surfaceDeps } from '../slack/interaction.js';
import { dmSurface } from '../slack/surface.js';
import { HelpdeskError } from '../api/errors.js';
import type { Account } from '../store/account-store.js';
import { PersonNotFound } from '../slack/people.js';
import { type ErrorSubject, errorMessage, errorText } from '../slack/failures.js';
import { connectPrompt, queuedMessage } from '../views/kit/notices.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';

export interface Who {
  teamId: string;
  userId: string;
}

/** The acting user of an interaction payload (block action, view submission, options request, shortcut). */
export function whoActs(body: { team?: { id: string } | null; user: { id: string; team_id?: string } }): Who {
  return { teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id };
}

export interface Session extends Who {
  account: Account;
  /** The help-desk client acting as this user for this action. */
  hd: HelpdeskClient;
  isAgent: boolean;
  isAdmin: boolean;
}

/** Waits shorter than this are not worth a "queued" message. */
const QUEUED_NOTICE_AFTER_MS = 2_000;

export function openSession(services: Services, who: Who, reply: Reply): Session | 'not-linked' | 'rejected' {
  const account = services.stores.accounts.get(who.teamId, who.userId);
  if (!account) return 'not-linked';
  if (account.rejected) return 'rejected';
  let toldQueued = false;
  const hd = services.helpdesk.withCredential(account.credential, {
    priority: 'interactive',
    fairnessKey: `${who.teamId}:${who.userId}`,
    onQueued: (waitMs) => {
      if (toldQueued || waitMs < QUEUED_NOTICE_AFTER_MS) return;
      toldQueued = true;
      reply.send(queuedMessage(waitMs)).catch((error: unknown) => services.logger.warn('queued notice failed', error));
    },
  });
  return {
    ...who,
    account,
    hd,
    isAdmin: account.role === 'admin',
    isAgent: account.role === 'agent' || account.role === 'admin',
  };
}

export async function withSession(
  services: Services,
  who: Who,
  reply: Reply,
  work: (session: Session) => Promise<void>,
  subject: ErrorSubject = {},
): Promise<void> {
  const session = openSession(services, who, reply);
  if (session === 'not-linked') return reply.send(connectPrompt());
  if (session === 'rejected') {
    return reply.send(connectPrompt('The help desk refused your saved token. Connect your account again.'));
  }
  try {
    await work(session);
  } catch (error) {
    await reportFailure(services, who, reply, error, subject);
  }
}

/** Logs what deserves logging, marks refused tokens, and tells the user in one sentence. */
export async function reportFailure(
  services: Services,
  who: Who,
  reply: Reply,
  error: unknown,
  subject: ErrorSubject = {},
): Promise<void> {
  if (error instanceof HelpdeskError) {
    if (error.kind === 'unauthorized') await services.stores.accounts.markRejected(who.teamId, who.userId);
    const level = error.kind === 'invalid-response' || error.kind === 'unavailable' ? 'warn' : 'info';
    services.logger[level](`help-desk ${error.kind} in ${error.operation ?? 'call'} for ${who.teamId}:${who.userId}: ${error.message}`);
  } else {
    services.logger.error(`unexpected failure for ${who.teamId}:${who.userId}`, error);
  }
  try {
    await reply.send(errorMessage(error, subject));
  } catch (sendError) {
    services.logger.error('could not tell the user about a failure', sendError);
  }
}

// ── transitional: people-lookup failures as messages (the kernel's failures.ts words them now) ──

/** The user-facing text for a resolver failure, or undefined when it is not one. */
export function personProblem(error: unknown): string | undefined {
  if (error instanceof PersonNotFound) return errorText(error);
  if (error instanceof HelpdeskError && error.kind === 'forbidden' && error.operation === 'userByEmail') {
    return ':no_entry: Finding Slack users in the help desk needs agent permission.';
  }
  return undefined;
}

/** Runs `find` (a person lookup); a resolver failure (`personProblem`) is told through `reply` and gives undefined. */
export async function explainPersonProblems<T>(reply: Reply, find: () => Promise<T>): Promise<T | undefined> {
  try {
    return await find();
  } catch (error) {
    const problem = personProblem(error);
    if (!problem) throw error;
    await reply.send({ text: problem });
    return undefined;
  }
}

/** Transitional: a kernel interaction for old modules that call kernel pieces (answers that cannot go elsewhere go to a DM). */
export function legacyInteraction(services: Services, who: Who, client: webApi.WebClient): Interaction {
  return { services, client, who, surface: dmSurface(surfaceDeps(services, client, who.userId)) };
}
