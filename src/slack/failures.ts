/**
 * Every way an action can fail → one short, actionable sentence, in ONE place; and `reportFailure`,
 * the one path a failure takes: logged (never with a token), a refused token marked, the person told on
 * the surface they acted from. Nothing here ever shows a stack trace or a raw help-desk body beyond its
 * reason text, and every piece of text that came from outside is escaped.
 */
import { unescapeSlack } from '../domain/slack-text.js';
import { endpointDef } from '../api/endpoints.js';
import { HelpdeskError } from '../api/errors.js';
import { escapeText, type SlackMessage } from '../views/kit/blocks.js';
import { connectPrompt } from '../views/kit/notices.js';
import type { Who } from './actor.js';
import { StoredLinkUnreadableError } from '../store/account-store.js';
import { UnconfirmedWrite } from './once.js';
import { PersonNotFound } from './people.js';
import type { Services } from './services.js';
import { type Surface, withoutLeadingEmoji } from './surface.js';

/** What the failed action was about, so "not found" can say what was not found. */
export interface ErrorSubject {
  talepId?: number;
  /** e.g. "Asset 12", "User ali@example.com" (plain text; escaped here). */
  label?: string;
  /** The person is not an agent: a refusal on a talep means "someone else's talep", not "needs agent permission". */
  regularUser?: boolean;
}

/** Why someone cannot act as themselves. */
export type LinkProblem = 'not-linked' | 'rejected' | 'unreadable';

export const linkProblemText: Record<LinkProblem, string> = {
  'not-linked': 'Connect your help-desk account to use /talep.',
  rejected: 'The help desk refused your saved token. Connect your account again.',
  unreadable:
    'Your stored help-desk link cannot be read (stored link unreadable: the bot’s encryption key changed). Ask an admin to restore the previous key, or disconnect and connect again.',
};

export const linkProblemMessage = (problem: LinkProblem): SlackMessage => connectPrompt(linkProblemText[problem]);

/** The same problems, said by a workflow step that cannot run as the person who ran the workflow. */
export const stepLinkProblemText: Record<LinkProblem, string> = {
  'not-linked':
    'The person who ran this workflow has not connected a help-desk account. Connect it with /talep connect in Slack, then run the workflow again.',
  rejected: 'The help desk refused the saved token of the person who ran this workflow. Connect again with /talep connect in Slack, then run the workflow again.',
  unreadable:
    'The stored help-desk link of the person who ran this workflow cannot be read (the bot’s encryption key changed). Connect again with /talep connect, or ask an admin to restore the key.',
};

/**
 * A sentence made for a message, as plain text for a place without mrkdwn (a workflow step's error in
 * Workflow Builder): no leading emoji, no bold or code marks, Slack's escapes undone.
 */
export function plainSentence(text: string): string {
  return unescapeSlack(withoutLeadingEmoji(text).replace(/[*`]/g, '')).trim();
}

/** Said when a write may have been done without an answer (an `unknown-outcome`), while the bot finds out. */
export const CHECKING_TEXT = ':hourglass: The help desk did not answer in time; I am checking whether it was done.';

const minutes = (ms: number | undefined) => Math.max(1, Math.ceil((ms ?? 60_000) / 60_000));

function permissionText(operation: string | undefined): string {
  const def = endpointDef(operation);
  if (def?.permission === 'admin') return 'This needs help-desk *admin* permission.';
  if (def?.permission === 'agent') {
    return `This needs help-desk *agent* (Temsilci) permission${def.permissionNote ? ` — ${def.permissionNote}` : ''}.`;
  }
  return def?.permissionNote ? `The help desk allows this for ${def.permissionNote}.` : 'You do not have permission for that.';
}

/** Operations whose 403 means "this talep is someone else's" for a regular user. */
const TALEP_READS = new Set([
  'getTalep', 'updateTalep', 'closeTalep', 'comments', 'subscribers', 'addSubscriber', 'removeSubscriber',
  'tagTalep', 'talepCustomFields', 'setCustomFields', 'attachments', 'getAttachment', 'subTaleps', 'parentTalep',
]);

export const foreignTalepText = (talepId: number): string =>
  `:no_entry: Talep #${talepId} belongs to someone else: only its submitter and help-desk agents can open it.`;

/** The person-facing text for a failure; unexpected errors get a neutral sentence (the caller logs them). */
export function errorText(error: unknown, subject: ErrorSubject = {}): string {
  if (error instanceof StoredLinkUnreadableError) return `:lock: ${error.userMessage}`;
  if (error instanceof PersonNotFound) return `${error.refused ? ':no_entry:' : ':bust_in_silhouette:'} ${error.message}`;
  if (error instanceof UnconfirmedWrite) {
    return ':hourglass: The help desk did not answer in time, so I cannot tell whether that was done. Look in the help desk before you do it again.';
  }
  if (!(error instanceof HelpdeskError)) return ':warning: Something went wrong on our side. It has been logged; please try again.';
  const reason = error.reason ? ` (${escapeText(error.reason)})` : '';
  const what = subject.talepId !== undefined ? `Talep #${subject.talepId}` : subject.label ? escapeText(subject.label) : undefined;
  switch (error.kind) {
    case 'invalid':
      return error.source === 'client'
        ? `:warning: ${escapeText(error.message.replace(/^\w+: /, ''))}`
        : `:warning: The help desk refused that${reason}.`;
    case 'unauthorized':
      return ':lock: The help desk refused your token. Connect your account again with `/talep connect`.';
    case 'forbidden':
      if (subject.regularUser && subject.talepId !== undefined && TALEP_READS.has(error.operation ?? '')) {
        return foreignTalepText(subject.talepId);
      }
      return `:no_entry: The help desk refused: ${permissionText(error.operation)}`;
    case 'not-found':
      return `:mag: ${what ? `${what} was not found` : 'That was not found in the help desk'}${what ? '' : reason}.`;
    case 'rate-limited':
      return `:hourglass: The help desk is rate-limiting us. Please try again in about ${minutes(error.retryAfterMs)} min.`;
    case 'unavailable':
      return ':electric_plug: The help desk is not reachable right now. Please try again in a minute.';
    case 'unknown-outcome':
      // Not "try again": the help desk may have done it, and a second try could do it twice.
      return CHECKING_TEXT;
    case 'invalid-response':
      return ':warning: The help desk sent an answer I could not read. An admin can find the details in the bot log.';
    case 'auth-paused':
      return `:shield: Sign-ins are paused for ${minutes(error.retryAfterMs)} min after failed attempts, to keep the help desk from locking everyone out. Please try again then.`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

export function errorMessage(error: unknown, subject: ErrorSubject = {}): SlackMessage {
  // This call's token was just refused (the stored link is marked; the next attempt says "saved token").
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') return connectPrompt('The help desk refused your token. Connect your account again.');
  return { text: errorText(error, subject) };
}

export interface FailureScene {
  services: Services;
  who: Who;
  surface: Surface;
  /**
   * When the account that acted was linked (`actor.account.linkedAt`): a refused token marks only that
   * link, never a newer one; without it, a refusal marks nothing (the link's next use will tell).
   */
  linkedAt?: Date;
}

/** Logs what deserves logging, marks a refused token, and tells the person in one sentence. */
export async function reportFailure(scene: FailureScene, error: unknown, subject: ErrorSubject = {}): Promise<void> {
  const { services, who } = scene;
  const whom = `${who.teamId}:${who.userId}`;
  if (error instanceof HelpdeskError) {
    if (error.kind === 'unauthorized') {
      if (scene.linkedAt) await services.stores.accounts.markRejected(who.teamId, who.userId, scene.linkedAt);
      else services.logger.warn(`a token of ${whom} was refused, but not which link made the call: no link is marked`);
    }
    const level = error.kind === 'invalid-response' || error.kind === 'unavailable' || error.kind === 'unknown-outcome' ? 'warn' : 'info';
    services.logger[level](`help-desk ${error.kind} in ${error.operation ?? 'call'} for ${whom}: ${error.message}`);
  } else if (error instanceof UnconfirmedWrite) {
    services.logger.warn(`unconfirmed write for ${whom}: ${error.message}`);
  } else if (error instanceof PersonNotFound || error instanceof StoredLinkUnreadableError) {
    services.logger.info(`person not found for ${whom}: ${error.message}`);
  } else {
    services.logger.error(`unexpected failure for ${whom}`, error);
  }
  try {
    await scene.surface.send(errorMessage(error, subject), 'problem');
  } catch (sendError) {
    services.logger.error('could not tell the person about a failure', sendError);
  }
}
