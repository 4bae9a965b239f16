/**
 * Messages the kernel sends on every surface: the connect prompt for people without a usable link,
 * and the notice that a call waits in the help desk's queue. Pure: data → Block Kit.
 */
import { actions, button, type SlackMessage, section } from './blocks.js';

export const CONNECT_ACTION = 'account_connect_open';

export function connectPrompt(reason = 'Connect your help-desk account to use /talep.'): SlackMessage {
  return {
    text: reason,
    blocks: [
      section(`:link: ${reason}`),
      actions('account_connect', [button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary')]),
    ],
  };
}

export const QUEUE_CANCEL_ACTION = 'queue_cancel';

/** "about 40 s" / "about 5 min": the form the estimate is given in everywhere. */
export function aboutText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return seconds < 90 ? `about ${seconds} s` : `about ${Math.ceil(seconds / 60)} min`;
}

/**
 * The help desk's queue holds the request: for how long, roughly (`position × rate`, corrected as the
 * queue moves), and, with `cancelToken`, a Cancel button that takes it out of the queue.
 */
export function queuedMessage(waitMs: number, cancelToken?: string): SlackMessage {
  const text = `:hourglass_flowing_sand: The help desk is busy; your request is queued (${aboutText(waitMs)}) and the answer will appear here.`;
  if (!cancelToken) return { text };
  return { text, blocks: [section(text), actions('queue_notice', [button('Cancel', QUEUE_CANCEL_ACTION, cancelToken)])] };
}

/** After Cancel on a queued notice. */
export function queueCancelledMessage(cancelled: boolean): SlackMessage {
  return {
    text: cancelled
      ? ':x: Cancelled: your request left the help desk queue; nothing was sent for it.'
      : 'That request is no longer waiting in the queue (it already ran or was cancelled).',
  };
}

/** Said in a DM instead of an answer with agents-only details (they are shown only ephemerally or in a modal). */
export function confidentialElsewhereMessage(): SlackMessage {
  return {
    text: ':lock: That answer has agents-only details, which I show only in a private reply or a modal, never in a lasting message. Run the command (or press the button) again to see it.',
  };
}

export function cannotPostHereMessage(): SlackMessage {
  return {
    text: ':speech_balloon: I cannot post in this conversation. Invite me to the channel (`/invite @talep-bot`) and press *Share in channel* again.',
  };
}

/**
 * Accepted work the help desk cannot take now: it is kept and sent later, and the person is told so
 * once — never "try again", which would make it twice.
 */
export function keptForLaterMessage(reason: string, kept: string): SlackMessage {
  return { text: `:hourglass_flowing_sand: ${reason} ${kept} No need to send it again.` };
}

/** Accepted work given up after its last attempt (the help desk stayed unreachable). */
export function lastTryMessage(attempts: number): SlackMessage {
  return {
    text: `:warning: The help desk stayed unreachable, so this could not be done after ${attempts} attempts. Nothing more will be tried; please send it again when the help desk is back.`,
  };
}
