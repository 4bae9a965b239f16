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
 * pending call) takes no place: it is answered with the pending one, so it is told that one's wait,
 * as the pending place's estimate has it now (people seen since may have turns before it).
 *
 * The work of a read whose place is far down the queue starts only when its turn nears (`start`): a
 * burst's queued reads are then a place and a closure each, not minutes of suspended work holding
 * its contexts, promises and timers (issue 13: in a burst of 1,000 commands that work cost about as
 * much CPU as the acks themselves, mostly its garbage, promoted because it lived on). The place is
 * kept and counted in every estimate meanwhile; the notice is told the place's fresh estimates.
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
  /** Whether its work waits for its turn to near (`start`), rather than starting after the ack. */
  readonly startsLater: boolean;
  /**
   * How long until its estimate no longer depends on people not read yet (`ExpectedCall.settlesInMs`):
   * 0 when the wait may be told in the ack; else it is told once that time has passed (./dispatch.ts).
   */
  settlesInMs(): number;
  /** The wait for the help desk's budget expected now; undefined once its first call is under way. */
  waitNowMs(): number | undefined;
  /**
   * How long its work may wait for the other acks (./ack-first.ts): the burst's hold its estimate
   * counted, or, when its wait was told in the ack (`told`), longer, well inside that wait.
   */
  holdMs(told: boolean): number;
  /** The work is running: its first call is moments away, and its kept place is held for it (`ExpectedCall.working`). */
  working(): void;
  /** The work is over: its kept place (if its first call never came) and its pending entry go. */
  done(): void;
  /**
   * Runs `work`: at once (`later` false), or, for a read far down the queue, once its place nears its
   * turn, the pending read it joined starts, or its wait is cancelled from the notice (`later` true).
   */
  start(work: (later: boolean) => void): void;
}

/**
 * How long before its place's turn the work of a read starts (`ExpectedCall.whenDue`), besides the
 * ack hold it was told: ample for what comes before its first call (the person's account and words,
 * a moment behind other work), which takes milliseconds.
 */
const START_LEAD_MS = 2_000;

/**
 * How long the work of a command whose wait was told in its ack may wait for the other acks: well
 * inside that wait, so its first call is queued before its kept place comes up.
 */
const PATIENT_HOLD_MAX_MS = 5_000;
const PATIENT_HOLD_MARGIN_MS = 2_000;

/** Works waiting for their place's turn to near; the first `open` lets them go, later ones go at once. */
class StartGate {
  #waiting: (() => void)[] | undefined = [];

  readonly open = (): void => {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    for (const go of waiting ?? []) go();
  };

  get isOpen(): boolean {
    return this.#waiting === undefined;
  }

  /** Runs `work` when open (now, if it is), or at once when the wait is cancelled from `notice`. */
  enter(work: (later: boolean) => void, notice: QueueNotice): void {
    if (!this.#waiting) {
      work(false);
      return;
    }
    let went = false;
    const go = (): void => {
      if (went) return;
      went = true;
      work(true);
    };
    this.#waiting.push(go);
    notice.whenCancelled(go);
  }
}

/** Pending commands whose repeats join them, by person and text. Entries leave with their work. */
const pendingReads = new Map<string, { notice: QueueNotice; order: number; gate: StartGate; kept: ExpectedCall }>();

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
  let gate: StartGate;
  if (pending && pendingAnswerInMs !== undefined) {
    // The pending place's estimate now, while it waits: the queue may have grown ahead of it since it
    // was told (the first moments of a flood bring people not seen yet, whose first turns come first).
    // Else the pending answer's time, which already holds a call's time the notice adds again.
    waitMs = pending.kept.estimateNowMs() ?? Math.max(0, pendingAnswerInMs - (services.helpdesk.typicalCallMs || 0));
    // Its work starts with the pending one's: either may make the call the other joins.
    gate = pending.gate;
  } else {
    kept = services.helpdesk.expectCall(hint.budget, { fairnessKey, order, ...(hint.calls ? { calls: hint.calls } : {}), onQueued: notice.onQueued });
    // Its first call cannot go before its work runs: in a burst that waits for the burst's acks.
    waitMs = Math.max(kept.estimatedWaitMs, startsInMs);
    gate = new StartGate();
    // Only a read waits for its turn (a repeat joins it: see QueueHint): nothing it does outlives the process.
    if (hint.repeatJoins) kept.whenDue(START_LEAD_MS + startsInMs, gate.open);
    else gate.open();
  }
  const answerInMs = notice.expect(waitMs);
  if (repeatKey && !pending && kept) pendingReads.set(repeatKey, { notice, order, gate, kept });
  // A repeat's wait is the pending place's.
  const place = kept ?? pending?.kept;
  return {
    order,
    notice,
    waitMs,
    announce: answerInMs > ANNOUNCE_EXPECTED_OVER_MS,
    startsLater: !gate.isOpen,
    settlesInMs: () => place?.settlesInMs() ?? 0,
    waitNowMs: () => place?.estimateNowMs(),
    holdMs(told) {
      // Never less than the burst's hold: a wait told under 2 s was held for no time, its work ran
      // before that of commands acked ahead of it and took their places (told 3 s, answered in 2).
      return told ? Math.max(startsInMs, Math.min(PATIENT_HOLD_MAX_MS, waitMs - PATIENT_HOLD_MARGIN_MS)) : startsInMs;
    },
    working() {
      kept?.working();
    },
    done() {
      kept?.release();
      if (repeatKey && pendingReads.get(repeatKey)?.notice === notice) pendingReads.delete(repeatKey);
      // Repeats that joined it and still wait (it was cancelled before its turn) go now, with calls of their own.
      gate.open();
    },
    start(work) {
      gate.enter(work, notice);
    },
  };
}
