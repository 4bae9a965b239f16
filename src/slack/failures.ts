/**
 * Every way an action can fail → one short, actionable sentence, in ONE place; and `reportFailure`,
 * the one path a failure takes: logged (never with a token), a refused token marked, the person told on
 * the surface they acted from. Nothing here ever shows a stack trace or a raw help-desk body beyond its
 * reason text, and every piece of text that came from outside is escaped.
 */
import { unescapeSlack } from '../domain/slack-text.js';
import { endpointDef } from '../api/endpoints.js';
import { HelpdeskError } from '../api/errors.js';
import { english, type Messages } from '../i18n/messages.js';
import type { MessageKey } from '../i18n/en.js';
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

const linkProblemKey: Record<LinkProblem, MessageKey> = {
  'not-linked': 'failure.notLinked',
  rejected: 'failure.rejected',
  unreadable: 'failure.unreadable',
};

/** Why someone cannot act as themselves, in their words. */
export const linkProblemText = (problem: LinkProblem, m: Messages): string => m.t(linkProblemKey[problem] as 'failure.notLinked');

export const linkProblemMessage = (problem: LinkProblem, m: Messages = english): SlackMessage =>
  connectPrompt(m.t(linkProblemKey[problem] as 'failure.notLinked'), m);

const stepLinkProblemKey = {
  'not-linked': 'steps.notLinked',
  rejected: 'steps.rejected',
  unreadable: 'steps.unreadable',
} as const satisfies Record<LinkProblem, MessageKey>;

/** The same problems, said by a workflow step that cannot run as the person who ran the workflow. */
export const stepLinkProblemText = (problem: LinkProblem, m: Messages = english): string => m.t(stepLinkProblemKey[problem]);

/**
 * A sentence made for a message, as plain text for a place without mrkdwn (a workflow step's error in
 * Workflow Builder): no leading emoji, no bold or code marks, Slack's escapes undone.
 */
export function plainSentence(text: string): string {
  return unescapeSlack(withoutLeadingEmoji(text).replace(/[*`]/g, '')).trim();
}

/** Why a queued interaction's waits were aborted: its person pressed Cancel on the "queued" notice (./queue-notice.ts). */
export class CancelledFromNotice extends Error {
  constructor() {
    super('cancelled from the queued notice');
    this.name = 'CancelledFromNotice';
  }
}

/** Whether `error` comes from a Cancel on the notice (the client wraps the throttle's error in its own). */
function cancelledFromNotice(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) if (cause instanceof CancelledFromNotice) return true;
  return false;
}

/** Said when a write may have been done without an answer (an `unknown-outcome`), while the bot finds out. */
export const CHECKING_TEXT = ':hourglass: The help desk did not answer in time; I am checking whether it was done.';

const minutes = (ms: number | undefined) => Math.max(1, Math.ceil((ms ?? 60_000) / 60_000));

function permissionText(operation: string | undefined, m: Messages): string {
  const def = endpointDef(operation);
  if (def?.permission === 'admin') return m.t('failure.needsAdmin');
  if (def?.permission === 'agent') {
    return def.permissionNote ? m.t('failure.needsAgentNote', { note: def.permissionNote }) : m.t('failure.needsAgent');
  }
  return def?.permissionNote ? m.t('failure.allowedFor', { note: def.permissionNote }) : m.t('failure.noPermission');
}

/** Operations whose 403 means "this talep is someone else's" for a regular user. */
const TALEP_READS = new Set([
  'getTalep', 'updateTalep', 'closeTalep', 'comments', 'subscribers', 'addSubscriber', 'removeSubscriber',
  'tagTalep', 'talepCustomFields', 'setCustomFields', 'attachments', 'getAttachment', 'subTaleps', 'parentTalep',
]);

export const foreignTalepText = (talepId: number, m: Messages = english): string => m.t('failure.foreignTalep', { id: talepId });

/** The person-facing text for a failure; unexpected errors get a neutral sentence (the caller logs them). */
export function errorText(error: unknown, subject: ErrorSubject = {}, m: Messages = english): string {
  if (error instanceof StoredLinkUnreadableError) return `:lock: ${error.userMessage}`;
  if (error instanceof PersonNotFound) return `${error.refused ? ':no_entry:' : ':bust_in_silhouette:'} ${error.message}`;
  if (error instanceof UnconfirmedWrite) return m.t('failure.unconfirmed');
  if (!(error instanceof HelpdeskError)) return m.t('failure.unexpected');
  const reason = error.reason ? ` (${escapeText(error.reason)})` : '';
  switch (error.kind) {
    case 'invalid':
      return error.source === 'client'
        ? `:warning: ${escapeText(error.message.replace(/^\w+: /, ''))}`
        : m.t('failure.refusedThat', { reason });
    case 'unauthorized':
      return m.t('failure.tokenRefused');
    case 'forbidden':
      if (subject.regularUser && subject.talepId !== undefined && TALEP_READS.has(error.operation ?? '')) {
        return foreignTalepText(subject.talepId, m);
      }
      return m.t('failure.refused', { why: permissionText(error.operation, m) });
    case 'not-found':
      if (subject.talepId !== undefined) return m.t('failure.talepNotFound', { id: subject.talepId });
      if (subject.label) return m.t('failure.subjectNotFound', { what: escapeText(subject.label) });
      return m.t('failure.notFound', { reason });
    case 'rate-limited':
      return m.t('failure.rateLimited', { minutes: minutes(error.retryAfterMs) });
    case 'unavailable':
      return m.t('failure.unavailable');
    case 'unknown-outcome':
      // Not "try again": the help desk may have done it, and a second try could do it twice.
      return m.t('failure.checking');
    case 'invalid-response':
      return m.t('failure.invalidResponse');
    case 'auth-paused':
      return m.t('failure.authPaused', { minutes: minutes(error.retryAfterMs) });
    case 'cancelled':
      return m.t('failure.cancelled');
  }
}

export function errorMessage(error: unknown, subject: ErrorSubject = {}, m: Messages = english): SlackMessage {
  // This call's token was just refused (the stored link is marked; the next attempt says "saved token").
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') return connectPrompt(m.t('failure.tokenRefusedPrompt'), m);
  return { text: errorText(error, subject, m) };
}

export interface FailureScene {
  services: Services;
  who: Who;
  surface: Surface;
  /** The person's words (./locale.ts); English without them. */
  m?: Messages;
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
  if (error instanceof HelpdeskError && error.kind === 'cancelled' && cancelledFromNotice(error)) {
    // The notice's Cancel already told them, replacing the notice: a second "Cancelled." is noise.
    services.logger.info(`${whom} cancelled a queued request`);
    return;
  }
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
    await scene.surface.send(errorMessage(error, subject, scene.m), 'problem');
  } catch (sendError) {
    services.logger.error('could not tell the person about a failure', sendError);
  }
}
