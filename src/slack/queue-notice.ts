/**
 * Honest queues: a person whose request has to wait in the help desk's queue is told so at once,
 * with an estimate, and can take it out of the queue.
 *
 * - Told when the wait for the answer (the queue's estimate — position × budget rate, from the
 *   throttle, the lock-out guard or the shared read it joined — plus a typical call's time) may be
 *   over 3 s: expected over 2.4 s, as an estimate may be a quarter short; not for a short queue, where
 *   the notice would only flicker before the answer.
 * - Told again when the estimate moves by more than a quarter (the queue moved faster or slower),
 *   at most every few seconds; never after the request left the queue.
 * - Cancel aborts the interaction's waits (`queueSignal`): a call already on the wire is never cut off.
 */
import { randomUUID } from 'node:crypto';
import { queueCancelledMessage, QUEUE_CANCEL_ACTION, queuedMessage } from '../views/kit/notices.js';
import type { Messages } from '../i18n/messages.js';
import { CancelledFromNotice } from './failures.js';
import { type Listener, onAction } from './listeners.js';
import { messagesOf } from './locale.js';
import type { Services } from './services.js';
import type { Surface } from './surface.js';
import type { SlackMessage } from '../views/kit/blocks.js';

/** Answers later than this are announced… */
export const ANNOUNCE_WAITS_OVER_MS = 3_000;
/**
 * …so answers expected later than this are: an estimate within a quarter of the wait (issue 13's bar)
 * may be that much short. Announced at 3 s sharp, answers expected in 2.5 s that came in 3.1 s (a
 * help-desk call slower than typical) went untold.
 */
export const ANNOUNCE_EXPECTED_OVER_MS = ANNOUNCE_WAITS_OVER_MS / 1.25;
/** A new estimate is told when it differs this much from the last one told… */
const RETELL_CHANGE = 0.25;
/** …and this long after it. */
const RETELL_AFTER_MS = 5_000;

/**
 * Waiting interactions that can still be cancelled, by the token on their Cancel button. An entry
 * leaves when it is cancelled or WAITING_TTL_MS after it was told (a wait is told in minutes, not
 * hours); past WAITING_MAX the oldest leave first. A Map's insertion order is all that takes: every
 * queued command of a flood makes an entry at its ack, and an LRU cache's `set` was a visible part of
 * those acks' CPU (issue 13).
 */
const WAITING_MAX = 5_000;
const WAITING_TTL_MS = 10 * 60_000;
const waiting = new Map<string, { cancellation: Cancellation; until: number }>();
/** When the oldest entry (as of the last look) expires: until then, and under the cap, nothing is looked at. */
let oldestUntil = Infinity;

function keepWaiting(token: string, cancellation: Cancellation): void {
  const now = performance.now();
  if (now >= oldestUntil || waiting.size >= WAITING_MAX) {
    for (const [oldest, entry] of waiting) {
      if (entry.until > now && waiting.size < WAITING_MAX) break;
      waiting.delete(oldest);
    }
    oldestUntil = waiting.values().next().value?.until ?? Infinity;
  }
  const until = now + WAITING_TTL_MS;
  oldestUntil = Math.min(oldestUntil, until);
  waiting.set(token, { cancellation, until });
}

export interface QueueNotice {
  /** For the interaction's help-desk calls: the throttle's (or guard's, or shared read's) estimate. */
  onQueued(estimatedWaitMs: number): void;
  /**
   * For a slash command's ack (./acked-place.ts): the notice to answer the ack with when the answer
   * is expected later than 3 s, counted as told; undefined when there is nothing to tell.
   */
  atAck(estimatedWaitMs: number, m: Messages): SlackMessage | undefined;
  /** The words of later notices (the person's language, found after the ack). */
  speak(m: Messages): void;
  /** Notes an estimate without telling it (the wait expected when the command was acked); answers when the answer is expected, in ms. */
  expect(estimatedWaitMs: number): number;
  /** How long until the answer, by the latest estimate (told or not); undefined before any. */
  answerInMs(): number | undefined;
  /** Aborted by the notice's Cancel button. */
  readonly signal: AbortSignal;
  /** Calls `then` once when the notice's Cancel button is pressed (at once if it was); cheaper than listening to `signal`. */
  whenCancelled(then: () => void): void;
}

/** One interaction's notice on `surface`. Nothing is posted unless a wait is long enough. */
export function queueNotice(services: Services, surface: Surface, words?: Messages): QueueNotice {
  return new Notice(services, surface, words);
}

/**
 * What a Cancel button reaches, apart from its notice (the notice holds the surface and the services;
 * a waiting entry outlives the wait by minutes): the waits to abort and the works to start. The
 * controller behind `signal` is made when first needed (its AbortSignal is an EventTarget, dear to make).
 */
class Cancellation {
  cancelled = false;
  #controller: AbortController | undefined;
  #then: (() => void)[] | undefined;

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.cancelled) this.#controller.abort(new CancelledFromNotice());
    }
    return this.#controller.signal;
  }

  whenCancelled(then: () => void): void {
    if (this.cancelled) then();
    else (this.#then ??= []).push(then);
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.#controller?.abort(new CancelledFromNotice());
    const callbacks = this.#then ?? [];
    this.#then = undefined;
    for (const then of callbacks) then();
  }
}

/**
 * A class rather than an object of closures: every slash command of a flood makes one at its ack,
 * and the closures were most of what that allocated. Its Cancellation is made when first needed.
 */
class Notice implements QueueNotice {
  #m: Messages | undefined;
  #cancellation: Cancellation | undefined;
  #token: string | undefined;
  #told: { ms: number; at: number } | undefined;
  #latest: { ms: number; at: number } | undefined;

  constructor(
    private readonly services: Services,
    private readonly surface: Surface,
    words: Messages | undefined,
  ) {
    this.#m = words;
  }

  get signal(): AbortSignal {
    return this.#cancellationMade().signal;
  }

  /** Passed on alone (as the calls' `onQueued`), so bound. */
  readonly onQueued = (estimatedWaitMs: number): void => {
    // 0: the call was sent. Its answer is expected in a call's time; there is no queue to tell of.
    if (estimatedWaitMs <= 0) {
      this.#note(0);
      return;
    }
    const message = this.#due(estimatedWaitMs, this.#m);
    if (!message) return;
    this.surface.send(message, 'progress').catch((error: unknown) => this.services.logger.warn('queued notice failed', error));
  };

  atAck(estimatedWaitMs: number, words: Messages): SlackMessage | undefined {
    return this.#due(estimatedWaitMs, words);
  }

  speak(words: Messages): void {
    this.#m = words;
  }

  expect(estimatedWaitMs: number): number {
    return this.#note(estimatedWaitMs).ms;
  }

  answerInMs(): number | undefined {
    const latest = this.#latest;
    return latest ? Math.max(0, latest.ms - (performance.now() - latest.at)) : undefined;
  }

  whenCancelled(then: () => void): void {
    this.#cancellationMade().whenCancelled(then);
  }

  /** The notice's Cancellation, made when first needed. */
  #cancellationMade(): Cancellation {
    return (this.#cancellation ??= new Cancellation());
  }

  #note(estimatedWaitMs: number): { ms: number; at: number } {
    return (this.#latest = { ms: estimatedWaitMs + (this.services.helpdesk.typicalCallMs || 0), at: performance.now() });
  }

  /** The notice to tell for this estimate, if one is due (and it then counts as told). */
  #due(estimatedWaitMs: number, said: Messages | undefined): SlackMessage | undefined {
    if (this.#cancellation?.cancelled) return undefined;
    const { ms: answerIn, at: now } = this.#note(estimatedWaitMs);
    if (answerIn <= ANNOUNCE_EXPECTED_OVER_MS) return undefined;
    const told = this.#told;
    if (told) {
      const expected = Math.max(0, told.ms - (now - told.at));
      const moved = Math.abs(answerIn - expected) > RETELL_CHANGE * Math.max(expected, ANNOUNCE_WAITS_OVER_MS);
      if (!moved || now - told.at < RETELL_AFTER_MS) return undefined;
    }
    this.#told = { ms: answerIn, at: now };
    if (!this.#token) {
      this.#token = randomUUID();
      keepWaiting(this.#token, this.#cancellationMade());
    }
    return queuedMessage(answerIn, this.#token, said);
  }
}

/** Takes a waiting interaction out of the queue; false when it is not waiting (any more). */
export function cancelQueued(token: string): boolean {
  const entry = waiting.get(token);
  if (!entry) return false;
  waiting.delete(token);
  if (entry.until <= performance.now()) return false;
  entry.cancellation.cancel();
  return true;
}

/** The notice's Cancel button (registered by the kernel with the areas' listeners). */
export const queueCancelListener: Listener = onAction(QUEUE_CANCEL_ACTION, async (ctx) => {
  const value = (ctx.action as { value?: unknown }).value;
  const token = typeof value === 'string' ? value : '';
  await ctx.surface.replace(queueCancelledMessage(cancelQueued(token), messagesOf(ctx)));
});
