/**
 * One short, actionable sentence per failure. Nothing here ever includes a stack trace, a token or
 * the raw help-desk body beyond its reason text.
 */
import { endpointDef } from '../api/endpoints.js';
import { HelpdeskError } from '../api/errors.js';
import { actions, button, type SlackMessage, section } from './blocks.js';

export const CONNECT_ACTION = 'account_connect_open';

/** What the failed action was about, so "not found" can say what was not found. */
export interface ErrorSubject {
  talepId?: number;
  /** e.g. "Asset 12", "User ali@example.com". */
  label?: string;
}

const minutes = (ms: number | undefined) => Math.max(1, Math.ceil((ms ?? 60_000) / 60_000));

function permissionText(operation: string | undefined): string {
  const def = endpointDef(operation);
  if (def?.permission === 'admin') return 'This needs help-desk *admin* permission.';
  if (def?.permission === 'agent') {
    return `This needs help-desk *agent* (Temsilci) permission${def.permissionNote ? ` — ${def.permissionNote}` : ''}.`;
  }
  return def?.permissionNote ? `The help desk allows this for ${def.permissionNote}.` : 'You do not have permission for that.';
}

export function connectPrompt(reason = 'Connect your help-desk account to use /talep.'): SlackMessage {
  return {
    text: reason,
    blocks: [
      section(`:link: ${reason}`),
      actions('account_connect', [button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary')]),
    ],
  };
}

export function queuedMessage(waitMs: number): SlackMessage {
  const seconds = Math.ceil(waitMs / 1000);
  const when = seconds < 90 ? `about ${seconds} s` : `about ${Math.ceil(seconds / 60)} min`;
  return { text: `:hourglass_flowing_sand: The help desk is busy; your request is queued (${when}) and the answer will appear here.` };
}

/** The user-facing text for a failure; unexpected errors get a neutral sentence (the caller logs them). */
export function errorText(error: unknown, subject: ErrorSubject = {}): string {
  if (!(error instanceof HelpdeskError)) return ':warning: Something went wrong on our side. It has been logged; please try again.';
  const reason = error.reason ? ` (${error.reason})` : '';
  const what = subject.talepId !== undefined ? `Talep #${subject.talepId}` : subject.label;
  switch (error.kind) {
    case 'invalid':
      return error.source === 'client'
        ? `:warning: ${error.message.replace(/^\w+: /, '')}`
        : `:warning: The help desk refused that${reason}.`;
    case 'unauthorized':
      return ':lock: The help desk refused your token. Connect your account again with `/talep connect`.';
    case 'forbidden':
      return `:no_entry: The help desk refused: ${permissionText(error.operation)}`;
    case 'not-found':
      return `:mag: ${what ? `${what} was not found` : 'That was not found in the help desk'}${what ? '' : reason}.`;
    case 'rate-limited':
      return `:hourglass: The help desk is rate-limiting us. Please try again in about ${minutes(error.retryAfterMs)} min.`;
    case 'unavailable':
      return ':electric_plug: The help desk is not reachable right now. Please try again in a minute.';
    case 'unknown-outcome':
      // Not "try again": the help desk may have done it, and a second try could do it twice.
      return ':hourglass: The help desk did not answer in time; I am checking whether it was done.';
    case 'invalid-response':
      return ':warning: The help desk sent an answer I could not read. An admin can find the details in the bot log.';
    case 'auth-paused':
      return `:shield: Sign-ins are paused for ${minutes(error.retryAfterMs)} min after failed attempts, to keep the help desk from locking everyone out. Please try again then.`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

export function errorMessage(error: unknown, subject: ErrorSubject = {}): SlackMessage {
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
    return connectPrompt('The help desk refused your token. Connect your account again.');
  }
  return { text: errorText(error, subject) };
}
