/**
 * Messages the kernel sends on every surface: the connect prompt for people without a usable link,
 * and the notice that a call waits in the help desk's queue. Pure: data → Block Kit.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { actions, button, type SlackMessage, section } from './blocks.js';

export const CONNECT_ACTION = 'account_connect_open';

export function connectPrompt(reason?: string, m: Messages = english): SlackMessage {
  const text = reason ?? m.t('kit.connectPrompt');
  return {
    text,
    blocks: [
      section(`:link: ${text}`),
      actions('account_connect', [button(m.t('kit.connectButton'), CONNECT_ACTION, 'connect', 'primary')]),
    ],
  };
}

export const QUEUE_CANCEL_ACTION = 'queue_cancel';

/**
 * The estimate as it is said: the nearest half second under 10 s, the nearest whole second under
 * 3 min, then the nearest whole minute. Rounding moves it by about a tenth at most (a quarter second
 * of the shortest wait told, 2.4 s; half a second of 10 s; 30 s of 5 min) and a sixth from 3 min on.
 * Whole seconds said "about 3 s" for 2.5 s, a fifth over before the queue moved at all, and a call
 * that then went at once (answered in 2.06 s) was a third under it. Rounding up said 4 s for 3.03 s;
 * whole minutes from 90 s on said 3 min for 121 s.
 */
function roundedWait(waitMs: number): { seconds: number } | { minutes: number } {
  if (waitMs < 9_750) return { seconds: Math.max(1, Math.round(waitMs / 500) / 2) };
  const seconds = Math.round(waitMs / 1000);
  return seconds < 180 ? { seconds } : { minutes: Math.round(seconds / 60) };
}

const aboutWait = (wait: ReturnType<typeof roundedWait>, m: Messages): string =>
  'seconds' in wait ? m.t('kit.aboutSeconds', wait) : m.t('kit.aboutMinutes', wait);

/** "about 40 s" / "about 5 min": the form the estimate is given in everywhere. */
export function aboutText(waitMs: number, m: Messages = english): string {
  return aboutWait(roundedWait(waitMs), m);
}

/**
 * A notice's text, its section block and its Cancel button's label, by language and rounded estimate:
 * a flood tells hundreds of people the same few estimates, each at its ack. The blocks are shared
 * between messages, never changed.
 */
interface QueuedWords {
  text: string;
  section: ReturnType<typeof section>;
  cancelLabel: string;
}
const queuedWords = new Map<string, QueuedWords>();
const QUEUED_WORDS_MAX = 1_000;

function queuedWordsFor(waitMs: number, m: Messages): QueuedWords {
  const wait = roundedWait(waitMs);
  const key = 'seconds' in wait ? `${m.locale} ${wait.seconds} s` : `${m.locale} ${wait.minutes} min`;
  let words = queuedWords.get(key);
  if (words === undefined) {
    if (queuedWords.size >= QUEUED_WORDS_MAX) queuedWords.clear();
    const text = m.t('kit.queued', { about: aboutWait(wait, m) });
    words = { text, section: section(text), cancelLabel: m.t('kit.queueCancelButton') };
    queuedWords.set(key, words);
  }
  return words;
}

/**
 * The help desk's queue holds the request: for how long, roughly (`position × rate`, corrected as the
 * queue moves), and, with `cancelToken`, a Cancel button that takes it out of the queue.
 */
export function queuedMessage(waitMs: number, cancelToken?: string, m: Messages = english): SlackMessage {
  const { text, section: said, cancelLabel } = queuedWordsFor(waitMs, m);
  if (!cancelToken) return { text };
  return { text, blocks: [said, actions('queue_notice', [button(cancelLabel, QUEUE_CANCEL_ACTION, cancelToken)])] };
}

/** After Cancel on a queued notice. */
export function queueCancelledMessage(cancelled: boolean, m: Messages = english): SlackMessage {
  return { text: cancelled ? m.t('kit.queueCancelled') : m.t('kit.queueGone') };
}

/** Said in a DM instead of an answer with agents-only details (they are shown only ephemerally or in a modal). */
export function confidentialElsewhereMessage(m: Messages = english): SlackMessage {
  return { text: m.t('kit.confidentialElsewhere') };
}

export function cannotPostHereMessage(m: Messages = english): SlackMessage {
  return { text: m.t('kit.cannotPostHere') };
}

/**
 * Accepted work the help desk cannot take now: it is kept and sent later, and the person is told so
 * once — never "try again", which would make it twice.
 */
export function keptForLaterMessage(reason: string, kept: string, m: Messages = english): SlackMessage {
  return { text: m.t('kit.keptForLater', { reason, kept }) };
}

/** Accepted work given up after its last attempt (the help desk stayed unreachable). */
export function lastTryMessage(attempts: number, m: Messages = english): SlackMessage {
  return { text: m.t('kit.lastTry', { attempts }) };
}
