/**
 * A slash command's place in the help desk's queue, taken when it is acked, so that a long wait is
 * told in the ack itself (issue 13: every wait over 3 s announced within 1 s, with an estimate).
 *
 * Why at the ack: the work after an ack waits for the other acks of a burst (./ack-first.ts), and only
 * that work reaches the throttle. Told from there, the notice of a command in a burst came after the
 * burst, and its estimate missed the commands acked before it whose work had not started either.
 * Taken at the ack, the command's place counts in every estimate at once (Throttle's `expect`), its
 * own estimate is known before the ack is written, and its work may then wait longer for the acks
 * (the wait was told, and its place is kept).
 *
 * A repeat of a pending read (the same text from the same person, for a route whose repeats join the
 * pending call) takes no place: it is answered with the pending one, so it is told that one's wait.
 */
import type { RateBudget } from '../api/endpoints.js';
import type { ExpectedCall } from '../api/throttle.js';
import { nextActionOrder } from '../api/throttle.js';
import { fairnessKeyOf, type Who } from './actor.js';
import { ANNOUNCE_EXPECTED_OVER_MS, type QueueNotice, queueNotice } from './queue-notice.js';
import type { Services } from './services.js';
import type { Surface } from './surface.js';

/** What a route tells the kernel for the wait told in its ack. */
export interface QueueHint {
  /** The rate budget of the route's help-desk calls. */
  budget: RateBudget;
  /** How many calls of that budget it makes before it answers (default 1), e.g. a card's record and comments. */
  calls?: number;
  /** The same command again, while one is pending, joins its calls (a read) instead of queueing anew. */
  repeatJoins?: true;
}

export interface AckedPlace {
  /** The action's place among its person's calls (the actor's `order`). */
  readonly order: number;
  readonly notice: QueueNotice;
  /** The wait for the help desk's budget expected now (the notice adds a call's own time). */
  readonly waitMs: number;
  /** Whether the answer is expected later than the announcement threshold. */
  readonly announce: boolean;
  /** The work is over: its kept place (if its first call never came) and its pending entry go. */
  done(): void;
}

/** Pending commands whose repeats join them, by person and text. Entries leave with their work. */
const pendingReads = new Map<string, { notice: QueueNotice; order: number }>();

/** `startsInMs`: how long the work may wait for other acks before it runs (./ack-first.ts `holdNowMs`). */
export function placeAtAck(services: Services, surface: Surface, who: Who, hint: QueueHint, text: string, startsInMs = 0): AckedPlace {
  const fairnessKey = fairnessKeyOf(who);
  const notice = queueNotice(services, surface);
  const repeatKey = hint.repeatJoins ? `${fairnessKey}\n${text.trim().replace(/\s+/g, ' ')}` : undefined;
  const pending = repeatKey ? pendingReads.get(repeatKey) : undefined;
  const pendingAnswerInMs = pending?.notice.answerInMs();
  // A repeat acts with the pending command's place: whichever of the two reaches the help desk first
  // makes the call in that place, and the other joins it. With a place of its own, a repeat whose work
  // ran first queued the call behind all of the person's later commands, and the first one with it.
  const order = pending && pendingAnswerInMs !== undefined ? pending.order : nextActionOrder();
  let kept: ExpectedCall | undefined;
  let waitMs: number;
  if (pendingAnswerInMs !== undefined) {
    // The pending answer's time already holds a call's time, which the notice adds again.
    waitMs = Math.max(0, pendingAnswerInMs - (services.helpdesk.typicalCallMs || 0));
  } else {
    kept = services.helpdesk.expectCall(hint.budget, { fairnessKey, order, ...(hint.calls ? { calls: hint.calls } : {}) });
    // Its first call cannot go before its work runs: in a burst that waits for the burst's acks.
    waitMs = Math.max(kept.estimatedWaitMs, startsInMs);
  }
  const answerInMs = notice.expect(waitMs);
  if (repeatKey && !pending) pendingReads.set(repeatKey, { notice, order });
  return {
    order,
    notice,
    waitMs,
    announce: answerInMs > ANNOUNCE_EXPECTED_OVER_MS,
    done() {
      kept?.release();
      if (repeatKey && pendingReads.get(repeatKey)?.notice === notice) pendingReads.delete(repeatKey);
    },
  };
}
