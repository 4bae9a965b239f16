/**
 * Client-side rate limiting for one help-desk host, so the bot stays under the server's limits
 * instead of collecting 429s and the 2–3 minute penalty the spec promises for them.
 *
 * One reading of the spec's rate table (README, "Rate limits"): its two rows are two separate budgets.
 * "General methods" get 90 requests per minute; "Search and UserByEmail" get 60 per minute and apply
 * to "those two methods" only, so a search call counts against the search budget and not against the
 * general one. The sandbox (src/sandbox/rate-limit.ts) counts the same way.
 *
 * - Each budget is its own lane: its send log, its 429 pause, its queue. A full search budget never
 *   holds back a general call, and the other way round.
 * - Sends are counted over a sliding window of `windowMs + safetyMarginMs`: the server counts on
 *   arrival and we count on send, so a little margin absorbs network jitter.
 * - Sends are spread over the window (`spread`): a short burst earned while idle may go at once, then
 *   one per window ÷ limit (a token bucket), so a queue drains evenly instead of 90 calls in the first
 *   seconds of each minute.
 * - Queued calls go interactive first, then background; within a priority users take turns (round
 *   robin), so one user's flood cannot starve another's single call. Within one user, calls go by
 *   their `order` (the action they belong to; default: arrival): a card's follow-up reads belong to
 *   an action that started earlier, so they go before that user's later commands; calls of one
 *   action queued together go in one turn.
 * - `reserve` grants a send whose instant is not known yet (the call still waits for a connection):
 *   until the ticket says it went, it counts as sent *now* in its window, so the send is never counted
 *   earlier than it reaches the wire, and a call that never goes gives its place back.
 * - With a `shared` budget (instances behind one IP, ./shared-budget.ts) the order stays local: the
 *   next call of a lane that may go here asks the shared ledger for a permit, one question at a time
 *   per lane, and only goes with one; a refusal says when to ask again. The ledger's window holds
 *   every instance's sends, so it replaces the local window; the spread and pauses stay local. A 429
 *   pauses every instance.
 */
import { machinery } from '../machinery.js';
import type { RateBudget } from './endpoints.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { HelpdeskError } from './errors.js';
import type { SendPermit, SharedBudget } from './shared-budget.js';

export type Priority = 'interactive' | 'background';

export interface ThrottleOptions {
  /** Requests per window. Default 90 general / 60 search (the spec's limits). */
  limits?: { general: number; search: number };
  /** Default 60_000 (the server's "per minute"). */
  windowMs?: number;
  /** Added to the window: the server counts on arrival, we count on send. Default 1_000. */
  safetyMarginMs?: number;
  /** `false` = no limits at all (local installs with `DisableRateLimit`). Default true. */
  enabled?: boolean;
  /** Pause after a 429 without Retry-After. Default 120_000 (the spec says retry after 2 to 3 minutes). */
  defaultPauseMs?: number;
  /**
   * Spread sends over the window: at most `burst` sends at once (earned while nothing waits), then one
   * per window ÷ limit. Default true (burst: a ninth of the limit, 10 of 90, 7 of 60); `false` lets a
   * whole window go at once.
   */
  spread?: boolean | { burst: number };
  /**
   * While calls wait, their `onQueued` is told a fresh estimate this often (the queue moved faster or
   * slower than thought). Default 5_000; 0 = only once, when the call is queued.
   */
  reestimateEveryMs?: number;
  clock?: Clock;
  /** The budget shared with other instances behind the same IP; without it the budget is this process's. */
  shared?: SharedBudget;
  /** The shared budget could not be asked (it is asked again in a second; nothing goes meanwhile). */
  onSharedError?: (error: unknown) => void;
}

export interface AcquireRequest {
  budget: RateBudget;
  /** Fairness key: calls of different users take turns. */
  userKey: string;
  priority?: Priority /* default interactive */;
  /**
   * Where the call stands among its user's queued calls: lower goes first (ties: arrival). Calls of
   * one action share the action's number (`nextActionOrder()` when it started). Default: a new number.
   */
  order?: number;
  signal?: AbortSignal;
  /**
   * Called only when the call cannot go at once, with the estimated wait; then again every
   * `reestimateEveryMs` while it waits, with a fresh estimate.
   */
  onQueued?: (estimatedWaitMs: number) => void;
}

/**
 * An action accepted whose calls are not queued yet (see `Throttle.expect`). `estimatedWaitMs`: when
 * its last expected call would go, as things stand.
 */
export interface ExpectedCall {
  readonly estimatedWaitMs: number;
  /**
   * The place's estimate now (the queue has moved, or grown ahead of it since: newcomers' first
   * turns); undefined once its first call is under way.
   */
  estimateNowMs(): number | undefined;
  /**
   * How long until the place's estimate stops depending on people the bot may not have read yet: 0
   * when it is in its person's first turn (a newcomer takes a turn after it), or when no one else has
   * joined the lane anew for NEWCOMER_QUIET_MS; else the rest of that quiet time. At a flood's start the
   * requests still in the sockets are mostly people's first commands, and each takes its turn before
   * anyone's second: an estimate made then for a second command came up short by a third or more.
   */
  settlesInMs(): number;
  /** The action is done (or made fewer calls of this budget): what is left of its place goes. Idempotent. */
  release(): void;
  /**
   * Calls `start` (once) when the action's work should begin for its first call to be queued in time:
   * at once when its place may come up within `leadMs` or the throttle has no limits; else when a
   * check (timed for the nearest waiting place) finds it that close, or its turn comes early (the
   * queue moved faster than thought). Nothing is called once the place is released. `start` runs
   * inside the throttle's bookkeeping: it must not call the throttle synchronously.
   */
  whenDue(leadMs: number, start: () => void): void;
  /**
   * The action's work is running now: its first call is moments away. For WORKING_PLACE_GRACE_MS the
   * calls of people behind it in the ring wait for it rather than take the send its estimate counted.
   */
  working(): void;
}

/** A granted send. Say `sent()` when it goes on the wire, or `cancel()` if it never will (exactly one counts). */
export interface SendTicket {
  sent(): void;
  cancel(): void;
}

export interface ThrottleStats {
  queued: Record<Priority, number>;
  queuedSearch: number;
  sentInWindow: Record<RateBudget, number>;
  pausedUntil: Record<RateBudget, number | undefined>;
}

const PRIORITIES: readonly Priority[] = ['interactive', 'background'];
const BUDGETS: readonly RateBudget[] = ['general', 'search'];

let actionCounter = 0;
/** A new action's place in its user's queue: later actions get higher numbers. */
export function nextActionOrder(): number {
  return ++actionCounter;
}

const noop = (): void => undefined;

/** The due check (`Throttle.#armDueCheck`) runs at most this often. */
const DUE_CHECK_MIN_MS = 250;
/**
 * How long a person whose interactive queue in a lane emptied keeps their slot in its rotation (an idle
 * slot, see `#remove`): a flood's commands arrive over seconds, each person's in turn, and their queue
 * empties for a moment whenever their calls went faster than their next command came.
 */
const IDLE_SLOT_MS = 10_000;
/**
 * How long after a newcomer joined a lane a later turn's estimate may still be short (`settlesInMs`):
 * a flood's first requests come in on new connections and are read over its first ~100–200 ms, not in
 * the order they were sent, so people's first commands were still being read while others' second
 * ones were acked (bench: told 13–21 s, answered in 18–26).
 */
export const NEWCOMER_QUIET_MS = 200;
/**
 * How long a kept place whose work is running (`ExpectedCall.working`) holds the calls behind it. Works
 * let go together after a burst's acks reach the throttle a few milliseconds apart, not in the order
 * they were acked (a person's first command reads their account, a later one finds it cached): a
 * command acked later took the send an earlier one had been told was its own, and was answered a
 * second early (told 3 s, answered in 2) while the earlier one waited a turn more. Short, so a work
 * stuck before its call (a slow Slack profile, the lock-out guard) delays nobody for long.
 */
const WORKING_PLACE_GRACE_MS = 200;
/**
 * How long the lane keeps a send for the rest of a turn: an action's calls made at once (a card's
 * record and comments) reach the queue a few microtasks apart, and the first may be granted alone.
 * Without the wait the next person's call took the budget's last free send in between, and the card
 * waited for the spread's next one (told 2.5 s, answered in 3.4). Short: an action that makes fewer
 * calls than it said (a card whose record was known) leaves its last kept place until it is done.
 */
const STARTED_PLACE_GRACE_MS = 25;
/** How fast a lane's typical action size (`Lane.callsPerAction`) follows the actions acked. */
const ACTION_SIZE_WEIGHT = 0.25;

/** The ticket of a send that was counted when granted (or of a throttle without limits): nothing to settle. */
const settledTicket: SendTicket = { sent: noop, cancel: noop };

interface Waiter {
  readonly budget: RateBudget;
  readonly priority: Priority;
  readonly userKey: string;
  readonly order: number;
  /** `reserve`: the send is held in the log until the ticket settles; `acquire`: logged when granted. */
  readonly holds: boolean;
  /** `expect`: keeps a place for one of an action's calls, for the estimates; never let go itself. */
  readonly placeholder?: true;
  /** A kept place whose action has sent another of its calls: its own call is on the way (the turn goes on). */
  started?: true;
  /** When that other call was sent: the lane waits for this one a moment (STARTED_PLACE_GRACE_MS). */
  startedAt?: number;
  /** The first kept place of an action whose work waits for its turn to near (`ExpectedCall.whenDue`). */
  due?: { leadMs: number; start: () => void };
  /** The first kept place of an action whose work is running (`ExpectedCall.working`): since when. */
  workingSince?: number;
  readonly onQueued: ((estimatedWaitMs: number) => void) | undefined;
  state: 'queued' | 'sent' | 'cancelled';
  /** The shared budget's permit, when there is one: settled with the ticket. */
  permit?: SendPermit;
  settle(error?: HelpdeskError): void;
}

/**
 * When the k-th (0-based) of a run of future events goes, if at most `limit` may happen in any
 * `windowMs` and `times` are the latest past ones (oldest first): event n must wait for event n-limit
 * to leave the window, so the answer follows a chain of k/limit whole windows back to a logged event
 * (or to `start`).
 */
function nthAt(times: readonly number[], limit: number, windowMs: number, k: number, start: number): number {
  const logged = times.length;
  let index = logged + k - limit;
  let windows = 1;
  if (index >= logged) {
    const hops = Math.floor((index - logged) / limit) + 1;
    index -= hops * limit;
    windows += hops;
  }
  const fromLog = index >= 0 ? times[index]! + windows * windowMs : -Infinity;
  return Math.max(start + (windows - 1) * windowMs, fromLog);
}

/**
 * The most recent `limit` send times of one budget, and the sends granted but not on the wire yet
 * (`held`), which count as happening now. Only the `limit`-th most recent send decides when the window
 * has room again, so nothing older needs to be kept.
 */
class SendLog {
  readonly #times: number[] = [];
  #held = 0;

  constructor(readonly limit: number, private readonly windowMs: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Rate limit must be a positive integer, got ${limit}`);
  }

  record(at: number): void {
    this.#times.push(at);
    if (this.#times.length > this.limit) this.#times.shift();
  }

  hold(): void {
    this.#held++;
  }

  /** A held send went (logged at `at`) or never will (`undefined`). */
  release(at: number | undefined): void {
    this.#held--;
    if (at !== undefined) this.record(at);
  }

  /** Earliest instant at which one more send stays within the limit; Infinity while held sends fill it. */
  freeAt(): number {
    const room = this.limit - this.#held; // logged sends that may still be inside the window
    if (room <= 0) return Infinity;
    return this.#times.length < room ? -Infinity : this.#times[this.#times.length - room]! + this.windowMs;
  }

  countSince(since: number): number {
    return this.#times.filter((t) => t > since).length + this.#held;
  }

  /** When the k-th of a run of future sends would go (held sends are taken as going at `start`). */
  nthSendAt(k: number, start: number): number {
    const times = this.#held > 0 ? [...this.#times, ...Array<number>(this.#held).fill(start)].slice(-this.limit) : this.#times;
    return nthAt(times, this.limit, this.windowMs, k, start);
  }
}

/**
 * The spread: a token bucket holding at most `burst` sends, refilled at the budget's steady rate (one
 * per window ÷ limit). Counted on grants (not sends): it only shapes when calls are let go; the
 * window still decides how many may go.
 *
 * The burst is earned while nothing waits: an idle bot answers an action's run of calls (a
 * notification's reads, a form's lists) at once. While calls wait, the bucket refills to one send at
 * most, so a queue drains at the steady rate, with room each second for a newcomer's call in its
 * turn, instead of a whole window at the start of each minute. A run that starts with a burst meets
 * the window once, a burst's worth of intervals before the burst leaves it; every call still goes no
 * later than it would at the steady rate alone.
 *
 * Half the burst is kept for interactive calls: a background call (the poller, notifications) goes
 * only while that half stays in the bucket, so a person's card never waits behind the poller's run.
 */
class Pacer {
  #tokens: number;
  #at = -Infinity;
  /** `burst` while nothing waits; while calls wait, what was earned before they did (at least what the head needs). */
  #ceiling: number;
  #waiting: Priority | undefined;
  readonly #reserve: number;

  constructor(private readonly burst: number, readonly interval: number) {
    this.#tokens = burst;
    this.#ceiling = burst;
    this.#reserve = Math.floor(burst / 2);
  }

  /** Tokens a grant of this priority needs in the bucket: background ones leave the reserve. */
  #needs(priority: Priority): number {
    return priority === 'background' ? 1 + this.#reserve : 1;
  }

  #tokensAt(now: number): number {
    return this.#at === -Infinity ? this.#ceiling : Math.min(this.#ceiling, this.#tokens + (now - this.#at) / this.interval);
  }

  granted(at: number): void {
    this.#tokens = this.#tokensAt(at) - 1;
    this.#at = at;
    if (this.#waiting) this.#ceiling = Math.max(this.#needs(this.#waiting), Math.min(this.#ceiling, this.#tokens));
  }

  /** Which priority waits at the head of the lane from `now` on, if any (told after every pump). */
  waiting(now: number, head: Priority | undefined): void {
    if (head === this.#waiting) return;
    this.#tokens = this.#tokensAt(now);
    this.#at = now;
    this.#waiting = head;
    this.#ceiling = head ? Math.max(this.#needs(head), this.#tokens) : this.burst;
  }

  /** When a call of `priority` may be granted (-Infinity: now). */
  freeAt(priority: Priority): number {
    const needs = this.#needs(priority);
    if (this.#at === -Infinity || this.#tokens >= needs) return -Infinity;
    return this.#at + Math.ceil((needs - this.#tokens) * this.interval);
  }

  /** When the k-th (0-based) of a run of future grants of `priority` could go, none before `start`. */
  nthAt(k: number, start: number, priority: Priority): number {
    return start + Math.max(0, Math.ceil((k + this.#needs(priority) - this.#tokensAt(start)) * this.interval));
  }
}

/**
 * A user's queued calls and kept places in one lane, by order; `turnEnds` is kept by `turnEnds()`.
 * Empty, it is an idle slot (interactive rotation only), kept since `idleSince` (see `#remove`).
 */
type UserQueue = Waiter[] & { turnEnds?: number[] | undefined; idleSince?: number };

/** One budget's state: its log, spread, 429 pause and queue (per priority, users in turn order). */
interface Lane {
  readonly log: SendLog;
  readonly pacer: Pacer | undefined;
  pausedUntil: number;
  /** Map order is turn order: the first user goes next; a user who went moves to the back. */
  readonly rings: Record<Priority, Map<string, UserQueue>>;
  readonly queued: Record<Priority, number>;
  /** Places kept by `expect` (not calls yet): an interactive one holds the lane's background calls back. */
  readonly kept: Record<Priority, number>;
  /** How many calls of this budget an acked action makes, on average lately (`expect`'s `calls`). */
  callsPerAction: number;
  /** The last call let go: a queued call of the same action goes right after it, in the same turn. */
  last: { userKey: string; order: number; priority: Priority } | undefined;
  /** With a shared budget: a question to the ledger is open (its answer pumps again). */
  asking: boolean;
  /** With a shared budget: the ledger said not before this instant. */
  sharedRetryAt: number;
  /** The calls wait for a working kept place's call until then, at most (see WORKING_PLACE_GRACE_MS). */
  heldForWorkUntil: number | undefined;
  /** Who last joined the interactive ring anew, and when (a newcomer: their first turn comes before others' second). */
  newcomer: { at: number; userKey: string } | undefined;
}

export class Throttle {
  readonly #clock: Clock;
  readonly #enabled: boolean;
  readonly #defaultPauseMs: number;
  readonly #windowMs: number;
  readonly #lanes: Record<RateBudget, Lane>;
  #timer: { handle: unknown; at: number } | undefined;
  readonly #reestimateEveryMs: number;
  #reestimateTimer: unknown;
  #dueTimer: { handle: unknown; at: number } | undefined;
  readonly #shared: SharedBudget | undefined;
  readonly #onSharedError: (error: unknown) => void;
  /** People by when they last queued an interactive call or kept a place (any lane), oldest first. */
  readonly #recentlyActive = new Map<string, number>();

  constructor(options: ThrottleOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#shared = options.shared;
    this.#onSharedError = options.onSharedError ?? (() => undefined);
    this.#reestimateEveryMs = options.reestimateEveryMs ?? 5_000;
    this.#enabled = options.enabled ?? true;
    this.#defaultPauseMs = options.defaultPauseMs ?? 120_000;
    this.#windowMs = (options.windowMs ?? 60_000) + (options.safetyMarginMs ?? 1_000);
    const limits = options.limits ?? { general: 90, search: 60 };
    const spread = options.spread ?? true;
    const lane = (limit: number): Lane => {
      const burst = spread === false ? undefined : spread === true ? Math.max(1, Math.ceil(limit / 9)) : Math.max(1, spread.burst);
      return {
        log: new SendLog(limit, this.#windowMs),
        // The steady rate fills the window exactly. Whole milliseconds: fractional instants would let
        // float rounding put one send too many in it.
        pacer: burst === undefined || burst >= limit ? undefined : new Pacer(burst, Math.ceil(this.#windowMs / limit)),
        pausedUntil: -Infinity,
        rings: { interactive: new Map(), background: new Map() },
        queued: { interactive: 0, background: 0 },
        kept: { interactive: 0, background: 0 },
        callsPerAction: 1,
        last: undefined,
        asking: false,
        sharedRetryAt: -Infinity,
        heldForWorkUntil: undefined,
        newcomer: undefined,
      };
    };
    this.#lanes = { general: lane(limits.general), search: lane(limits.search) };
  }

  /** Resolves when the call may be sent; the send is counted at that instant. */
  acquire(request: AcquireRequest): Promise<void> {
    return this.#request(request, false).then(() => undefined);
  }

  /**
   * Like `acquire`, for a call that may still wait (for a connection) after the budget lets it go: the
   * send is counted from `ticket.sent()`, and as happening now until then; `ticket.cancel()` gives
   * the place back. Settle every ticket, or its place stays taken.
   */
  reserve(request: AcquireRequest): Promise<SendTicket> {
    return this.#request(request, true);
  }

  /**
   * Keeps a place in the queue for an action whose calls are not queued yet: a slash command acked
   * now whose work waits behind the other acks (src/slack/ack-first.ts). The place counts in every
   * estimate as a queued call of `budget` would, so the wait told in the ack itself is the one the
   * call will have, and commands acked later are told theirs behind it. It is never let go: the
   * action's calls of `budget` (same user, same `order`) take it over; `release()` drops what is left.
   * `calls`: how many calls of `budget` the action makes (default 1); the estimate is the last one's.
   */
  expect(request: Omit<AcquireRequest, 'signal' | 'order'> & { order: number; calls?: number }): ExpectedCall {
    const { budget, userKey, order } = request;
    const lane = this.#lanes[budget];
    if (!this.#enabled) {
      const pausedFor = (): number => Math.max(0, lane.pausedUntil - this.#clock.now());
      return { estimatedWaitMs: pausedFor(), estimateNowMs: pausedFor, settlesInMs: () => 0, release: noop, whenDue: (_leadMs, start) => start(), working: noop };
    }
    // One place per call the action is expected to make (they go in one turn): its answer comes after the last.
    const count = Math.max(1, request.calls ?? 1);
    lane.callsPerAction += ACTION_SIZE_WEIGHT * (count - lane.callsPerAction);
    const places = Array.from({ length: count }, (_, index): Waiter => ({
      budget,
      priority: request.priority ?? 'interactive',
      userKey,
      order,
      holds: false,
      placeholder: true,
      // While the action's work waits (`whenDue`), a re-estimate of its last place tells the action's estimate.
      onQueued: index === count - 1 ? request.onQueued : undefined,
      state: 'queued',
      settle: noop,
    }));
    for (const place of places) this.#enqueue(place);
    const first = places[0]!;
    const last = places[places.length - 1]!;
    const estimatedWaitMs = this.#placeEstimate(last);
    const expectedAt = this.#clock.now();
    return {
      estimatedWaitMs,
      estimateNowMs: () => (last.state === 'queued' && !first.started ? this.#placeEstimate(last) : undefined),
      whenDue: (leadMs, start) => {
        // Asked at once (as a command's ack does), the last place's estimate is the one just made: no
        // second pass over the queue. It is at most a turn later than the first place's.
        const firstWaitMs = this.#clock.now() === expectedAt ? estimatedWaitMs : this.#placeEstimate(first);
        if (first.state !== 'queued' || firstWaitMs <= leadMs) {
          start();
          return;
        }
        first.due = { leadMs, start };
        this.#armDueCheck(firstWaitMs - leadMs);
      },
      working: () => {
        if (first.state === 'queued' && !first.started) first.workingSince = this.#clock.now();
      },
      settlesInMs: () => {
        // The person's own arrival tells nothing of others still unread.
        const { newcomer } = lane;
        if (first.state !== 'queued' || first.priority !== 'interactive' || !newcomer || newcomer.userKey === userKey) return 0;
        const quietFor = this.#clock.now() - newcomer.at;
        if (quietFor >= NEWCOMER_QUIET_MS) return 0;
        const queue = lane.rings.interactive.get(userKey);
        const inFirstTurn = !queue || queue[0] === first;
        return inFirstTurn ? 0 : NEWCOMER_QUIET_MS - quietFor;
      },
      release: () => {
        let dropped = false;
        for (const place of places) {
          if (place.state !== 'queued') continue;
          place.state = 'cancelled';
          place.due = undefined;
          // A started action's turn ends here: its user goes to the back of the ring.
          this.#remove(place, place.started === true);
          dropped = true;
        }
        if (dropped) this.#pump(); // background calls may have waited for it
      },
    };
  }

  #request(request: AcquireRequest, holds: boolean): Promise<SendTicket> {
    const { budget, userKey, signal, onQueued } = request;
    const priority = request.priority ?? 'interactive';
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    if (!this.#enabled) return this.#waitOutPause(budget, signal, onQueued).then(() => settledTicket);

    return new Promise<SendTicket>((resolve, reject) => {
      const onAbort = (): void => {
        if (waiter.state !== 'queued') return;
        this.#remove(waiter, false);
        waiter.settle(cancelledError(signal!));
        this.#pump(); // also drops an idle timer
      };
      const waiter: Waiter = {
        budget,
        priority,
        userKey,
        order: request.order ?? nextActionOrder(),
        holds,
        onQueued,
        state: 'queued',
        settle: (error) => {
          waiter.state = error ? 'cancelled' : 'sent';
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(holds ? this.#ticket(budget, waiter.permit) : settledTicket); // a shared permit counts from its grant
        },
      };
      this.#enqueue(waiter);
      this.#pump();
      if (waiter.state !== 'queued') return;
      signal?.addEventListener('abort', onAbort, { once: true });
      onQueued?.(this.#estimate(budget, this.#callsAhead(waiter), waiter.priority));
      this.#armReestimates();
    });
  }

  #ticket(budget: RateBudget, permit: SendPermit | undefined): SendTicket {
    let settled = false;
    const settle = (sent: boolean): void => {
      if (settled) return;
      settled = true;
      if (sent) permit?.sent();
      else permit?.cancel();
      this.#lanes[budget].log.release(sent ? this.#clock.now() : undefined);
      this.#pump(); // a held send no longer fills the window from now on
    };
    return { sent: () => settle(true), cancel: () => settle(false) };
  }

  /** After a 429: hold this budget's queued calls until the pause ends. A pause never shortens one already running. */
  pause(budget: RateBudget, ms: number = this.#defaultPauseMs): void {
    const now = this.#clock.now();
    const lane = this.#lanes[budget];
    lane.pausedUntil = Math.max(lane.pausedUntil, now + Math.max(0, ms));
    this.#shared?.pause(budget, Math.max(0, ms)).catch(this.#onSharedError);
    this.#pump();
  }

  /** How long a new call (from a user with nothing queued) would wait now. */
  estimateWait(budget: RateBudget, priority: Priority = 'interactive'): number {
    if (!this.#enabled) return Math.max(0, this.#lanes[budget].pausedUntil - this.#clock.now());
    const lane = this.#lanes[budget];
    let ahead = priority === 'background' ? lane.queued.interactive + lane.kept.interactive : 0;
    // A new user's first call goes after one turn of every user ahead of where it joins (`#join`).
    for (const queue of lane.rings[priority].values()) {
      if (queue.length === 0) break;
      ahead++;
    }
    return Math.max(this.#estimate(budget, ahead, priority), lane.sharedRetryAt - this.#clock.now());
  }

  /** The steady rate of one budget under a long queue: one send per this many ms. */
  sendIntervalMs(budget: RateBudget): number {
    const lane = this.#lanes[budget];
    return lane.pacer?.interval ?? this.#windowMs / lane.log.limit;
  }

  stats(): ThrottleStats {
    const now = this.#clock.now();
    const since = now - this.#windowMs;
    const { general, search } = this.#lanes;
    const pausedUntil = (lane: Lane): number | undefined => (lane.pausedUntil > now ? lane.pausedUntil : undefined);
    return {
      queued: {
        interactive: general.queued.interactive + search.queued.interactive,
        background: general.queued.background + search.queued.background,
      },
      queuedSearch: search.queued.interactive + search.queued.background,
      sentInWindow: { general: general.log.countSince(since), search: search.log.countSince(since) },
      pausedUntil: { general: pausedUntil(general), search: pausedUntil(search) },
    };
  }

  /**
   * Without limits (local installs) there is no queue, but a 429 still means the server wants a break:
   * honour its pause rather than re-send at once.
   */
  #waitOutPause(budget: RateBudget, signal: AbortSignal | undefined, onQueued: AcquireRequest['onQueued']): Promise<void> {
    const waitMs = this.#lanes[budget].pausedUntil - this.#clock.now();
    if (waitMs <= 0) return Promise.resolve();
    onQueued?.(waitMs);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.#clock.clearTimeout(handle);
        reject(cancelledError(signal!));
      };
      const handle = this.#clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #enqueue(waiter: Waiter): void {
    const lane = this.#lanes[waiter.budget];
    if (waiter.priority === 'interactive') this.#seen(waiter.userKey);
    const ring = lane.rings[waiter.priority];
    let queue = ring.get(waiter.userKey);
    if (queue?.length === 0 && this.#idleSlotGone(ring, waiter.userKey, queue)) queue = undefined;
    if (!queue) {
      this.#join(ring, waiter.userKey, (queue = []));
      if (waiter.priority === 'interactive') lane.newcomer = { at: this.#clock.now(), userKey: waiter.userKey };
    }
    queue.idleSince = undefined; // back in their slot, if they had one
    if (!waiter.placeholder) {
      // A call of the action takes a place kept for it (`expect`).
      const kept = queue.findIndex((other) => other.placeholder && other.order === waiter.order);
      if (kept >= 0) {
        queue[kept]!.state = 'cancelled';
        queue[kept] = waiter;
        lane.kept[waiter.priority]--;
        lane.queued[waiter.priority]++;
        return;
      }
    }
    // Sorted by order, ties in arrival order: almost always an append; an earlier action's follow-up
    // call goes in front of the user's later commands.
    let at = queue.length;
    while (at > 0 && queue[at - 1]!.order > waiter.order) at--;
    queue.splice(at, 0, waiter);
    queue.turnEnds = undefined;
    if (waiter.placeholder) lane.kept[waiter.priority]++;
    else lane.queued[waiter.priority]++;
  }

  /** Notes that `userKey` is active now, and forgets those who were not lately. */
  #seen(userKey: string): void {
    const now = this.#clock.now();
    this.#recentlyActive.delete(userKey); // re-inserted last: the map stays oldest first
    this.#recentlyActive.set(userKey, now);
    for (const [key, at] of this.#recentlyActive) {
      if (at > now - IDLE_SLOT_MS) break;
      this.#recentlyActive.delete(key);
    }
  }

  /**
   * A user new to the rotation (or whose idle slot expired) joins it ahead of the idle slots: those
   * people had a turn since the last one of everyone ahead of them, the newcomer has not.
   */
  #join(ring: Map<string, UserQueue>, userKey: string, queue: UserQueue): void {
    const behind: [string, UserQueue][] = [];
    for (const entry of ring) {
      if (behind.length === 0 && entry[1].length > 0) continue;
      behind.push(entry);
    }
    for (const [key] of behind) ring.delete(key);
    ring.set(userKey, queue);
    for (const [key, other] of behind) if (other.length > 0 || !this.#idleSlotGone(ring, key, other)) ring.set(key, other);
  }

  /** Whether an idle slot has expired (IDLE_SLOT_MS); it then leaves the rotation. */
  #idleSlotGone(ring: Map<string, UserQueue>, userKey: string, queue: UserQueue): boolean {
    if (this.#clock.now() - (queue.idleSince ?? -Infinity) < IDLE_SLOT_MS) return false;
    ring.delete(userKey);
    return true;
  }

  /**
   * `tookTurn`: the user just sent, so they move to the back of the ring; a cancel keeps their place.
   * A person whose interactive queue empties keeps their slot for IDLE_SLOT_MS (an idle slot): coming
   * back, they take their turn there, before those who went after them. Sent to the back instead, the
   * order of a flood's turns hung on milliseconds (whether a person's next command came before or
   * after someone else's turn went), and estimates could not tell it: in the bench's flood a person's
   * `show` told 28 s was answered in 21 (the others came back just after its user's turn went).
   */
  #remove(waiter: Waiter, tookTurn: boolean): void {
    const lane = this.#lanes[waiter.budget];
    const ring = lane.rings[waiter.priority];
    const queue = ring.get(waiter.userKey);
    const index = queue ? queue.indexOf(waiter) : -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    queue.turnEnds = undefined;
    if (waiter.placeholder) lane.kept[waiter.priority]--;
    else lane.queued[waiter.priority]--;
    if (tookTurn) {
      ring.delete(waiter.userKey); // re-inserting moves the user to the back of the Map's order
      ring.set(waiter.userKey, queue);
    }
    if (queue.length > 0) return;
    if (waiter.priority === 'background') {
      ring.delete(waiter.userKey);
      return;
    }
    queue.idleSince = this.#clock.now();
    // Idle slots drift to the front as others take turns: the expired ones leave from there.
    for (const [key, first] of ring) if (first.length > 0 || !this.#idleSlotGone(ring, key, first)) break;
  }

  /** When a call of `priority` may go next in `lane`. */
  #freeAt(lane: Lane, priority: Priority): number {
    // With a shared budget the ledger's window (every instance's sends, this one's too) replaces the
    // local one: the lane's head asks even when the local window is full, so the ledger knows it waits.
    const window = this.#shared ? lane.sharedRetryAt : lane.log.freeAt();
    return Math.max(lane.pausedUntil, window, lane.pacer?.freeAt(priority) ?? -Infinity);
  }

  /** Sends every call that may go now, then arms one timer for the next moment something can change. */
  #pump(): void {
    const now = this.#clock.now();
    for (const budget of BUDGETS) {
      const lane = this.#lanes[budget];
      if (this.#shared) this.#askShared(this.#shared, budget, lane, now);
      else for (let next = this.#next(lane, now); next; next = this.#next(lane, now)) this.#grant(lane, next, now);
      lane.pacer?.waiting(now, headPriority(lane));
    }
    this.#reschedule(now);
  }

  #grant(lane: Lane, next: Waiter, now: number): void {
    // A turn is all of an action's calls (a card's record and comments). One that went before the
    // others reached the queue (a free budget grants at once) leaves their kept places waiting for
    // them: the user keeps their place in the ring, and their later commands wait, until the rest
    // have come and gone. Sent to the back at once, the rest waited a whole round of the other users,
    // twice the wait the estimate had told.
    this.#remove(next, !startKeptPlaces(lane.rings[next.priority].get(next.userKey), next, now));
    lane.last = { userKey: next.userKey, order: next.order, priority: next.priority };
    lane.pacer?.granted(now);
    if (next.holds) lane.log.hold();
    else lane.log.record(now);
    next.settle();
  }

  /**
   * The shared-budget pump of one lane: the call that would go next here (local order, spread and
   * pause) asks the ledger; one question at a time per lane, so a later call never overtakes it. A
   * refusal arms the timer for when the ledger says; a failed question is asked again in a second.
   */
  #askShared(shared: SharedBudget, budget: RateBudget, lane: Lane, now: number): void {
    if (lane.asking) return;
    const next = this.#next(lane, now);
    if (!next) return;
    lane.asking = true;
    const limits = { general: this.#lanes.general.log.limit, search: this.#lanes.search.log.limit };
    shared.take({ windows: [budget], limits, windowMs: this.#windowMs, priority: next.priority, userKey: next.userKey }).then(
      (answer) => {
        lane.asking = false;
        if (answer.granted) {
          lane.sharedRetryAt = -Infinity;
          if (next.state === 'queued') {
            next.permit = answer.permit;
            this.#grant(lane, next, this.#clock.now());
          } else {
            answer.permit.cancel(); // cancelled while we asked: its place goes back
          }
        } else {
          lane.sharedRetryAt = this.#clock.now() + Math.max(1, answer.retryAfterMs);
        }
        this.#pump();
      },
      (error: unknown) => {
        lane.asking = false;
        lane.sharedRetryAt = this.#clock.now() + 1_000;
        this.#onSharedError(error);
        this.#pump();
      },
    );
  }

  #next(lane: Lane, now: number): Waiter | undefined {
    lane.heldForWorkUntil = undefined;
    if (now < this.#freeAt(lane, 'interactive')) return undefined;
    // The calls an action makes at once (a card's record and comments) go in one turn of its user.
    const last = lane.last;
    const lastQueue = last && this.#mayGo(lane, last.priority) && this.#paced(lane, last.priority, now) ? lane.rings[last.priority].get(last.userKey) : undefined;
    const sameAction = firstCall(lastQueue);
    if (sameAction && sameAction.order === last?.order) return sameAction;
    // The rest of that turn, the action's other calls, may be moments away (see the constant).
    const onTheWay = lastQueue?.[0];
    const restOfTurnUntil =
      onTheWay?.startedAt !== undefined && onTheWay.order === last?.order && onTheWay.state === 'queued' && now < onTheWay.startedAt + STARTED_PLACE_GRACE_MS
        ? onTheWay.startedAt + STARTED_PLACE_GRACE_MS
        : undefined;
    for (const priority of PRIORITIES) {
      if (lane.queued[priority] === 0 || !this.#mayGo(lane, priority) || !this.#paced(lane, priority, now)) continue; // only kept places, or held back
      for (const queue of lane.rings[priority].values()) {
        const workingSince = queue[0]?.workingSince;
        if (workingSince !== undefined && queue[0]!.state === 'queued' && now < workingSince + WORKING_PLACE_GRACE_MS) {
          // Its call is moments away, and the send is the one its estimate counted (see the constant).
          lane.heldForWorkUntil = workingSince + WORKING_PLACE_GRACE_MS;
          return undefined;
        }
        const call = firstCall(queue);
        if (call && restOfTurnUntil !== undefined) {
          lane.heldForWorkUntil = restOfTurnUntil;
          return undefined;
        }
        if (call) return call;
      }
    }
    return undefined;
  }

  /**
   * Background calls wait while an interactive place is kept: it is an interactive call whose work
   * is seconds away (src/slack/ack-first.ts), and it would otherwise find its turn taken.
   */
  #mayGo(lane: Lane, priority: Priority): boolean {
    return priority === 'interactive' || lane.kept.interactive === 0;
  }

  /** Whether the spread lets a call of `priority` go now (`#next` checked the interactive case first). */
  #paced(lane: Lane, priority: Priority, now: number): boolean {
    return priority === 'interactive' || now >= (lane.pacer?.freeAt('background') ?? -Infinity);
  }

  #reschedule(now: number): void {
    let wakeAt = Infinity;
    for (const budget of BUDGETS) {
      const lane = this.#lanes[budget];
      // A lane waiting only for a held send to leave has no time to wake at: its ticket pumps; nor one
      // waiting for the ledger's answer: the answer pumps.
      // Nor one whose queued calls are held back by kept places: their release pumps. Nor one free now
      // whose calls the pump just left (a user's later calls behind a started action's kept place):
      // the action's next call or its release pumps, and a timer for now would re-arm on every pump.
      const ready = lane.queued.interactive > 0 ? 'interactive' : lane.queued.background > 0 && this.#mayGo(lane, 'background') ? 'background' : undefined;
      const freeAt = ready && !lane.asking ? this.#freeAt(lane, ready) : Infinity;
      if (freeAt > now) wakeAt = Math.min(wakeAt, freeAt);
      // Free, but waiting for a working kept place's call: its call or release pumps, or this timer.
      else if (lane.heldForWorkUntil !== undefined) wakeAt = Math.min(wakeAt, lane.heldForWorkUntil);
    }
    if (wakeAt === Infinity) {
      this.#clearTimer(); // nothing waits (let the process exit), or only a ticket can make room
      return;
    }
    if (this.#timer?.at === wakeAt) return;
    this.#clearTimer();
    const handle = this.#clock.setTimeout(
      machinery('the help-desk throttle', () => {
        this.#timer = undefined;
        this.#pump();
      }),
      Math.max(0, wakeAt - now),
      { keepAlive: true },
    );
    this.#timer = { handle, at: wakeAt };
  }

  /**
   * One timer for the works waiting for their places' turns (`whenDue`): it fires when the nearest is
   * expected to come within its lead, at most every DUE_CHECK_MIN_MS, and starts every work whose place
   * is then that close. Only a user's first waiting place is looked at: their later ones come after it.
   */
  #armDueCheck(inMs: number): void {
    const at = this.#clock.now() + Math.max(DUE_CHECK_MIN_MS, inMs);
    if (this.#dueTimer && this.#dueTimer.at <= at) return;
    if (this.#dueTimer) this.#clock.clearTimeout(this.#dueTimer.handle);
    const handle = this.#clock.setTimeout(machinery('the help-desk throttle', () => this.#checkDues()), at - this.#clock.now());
    this.#dueTimer = { handle, at };
  }

  #checkDues(): void {
    this.#dueTimer = undefined;
    let nextInMs = Infinity;
    for (const queue of this.#userQueues()) {
      for (const waiter of queue) {
        if (!waiter.due) continue;
        const inMs = this.#placeEstimate(waiter) - waiter.due.leadMs;
        if (inMs > 0) {
          nextInMs = Math.min(nextInMs, inMs);
          break; // the user's later places come after this one
        }
        startDue(waiter);
      }
    }
    if (nextInMs < Infinity) this.#armDueCheck(nextInMs);
  }

  /** Every user's queue, in every lane and priority (for the timed passes, not the pump). */
  *#userQueues(): Generator<UserQueue> {
    for (const budget of BUDGETS) for (const priority of PRIORITIES) yield* this.#lanes[budget].rings[priority].values();
  }

  /** While calls wait, one timer tells each waiter that asked a fresh estimate every few seconds. */
  #armReestimates(): void {
    if (this.#reestimateEveryMs <= 0 || this.#reestimateTimer !== undefined) return;
    this.#reestimateTimer = this.#clock.setTimeout(machinery('the help-desk throttle', () => this.#reestimate()), this.#reestimateEveryMs);
  }

  /** Tells every waiter that asked for it a fresh estimate; again later while calls wait. */
  #reestimate(): void {
    this.#reestimateTimer = undefined;
    let waiting = false;
    for (const queue of this.#userQueues()) {
      for (const waiter of queue) {
        if (waiter.placeholder) {
          // A kept place whose work waits for its turn (`#checkDues`): its estimate is told meanwhile.
          const estimate = waiter.onQueued && !waiter.started ? this.#placeEstimate(waiter) : 0;
          if (estimate > 0) waiter.onQueued!(estimate);
          waiting ||= waiter.onQueued !== undefined;
          continue;
        }
        waiting = true;
        if (!waiter.onQueued) continue;
        const estimate = this.#estimate(waiter.budget, this.#callsAhead(waiter), waiter.priority);
        if (estimate > 0) waiter.onQueued(estimate); // 0: it goes this instant
      }
    }
    if (waiting) this.#armReestimates();
  }

  #clearTimer(): void {
    if (this.#timer) this.#clock.clearTimeout(this.#timer.handle);
    this.#timer = undefined;
  }

  /**
   * How many queued calls of its lane go before `self`: all of a higher priority, then per round-robin
   * round, where one user's turn is one action (its calls queued together go at once). `self` is in
   * its user's turn number `rounds`; users ahead of it in the ring get one more turn than those behind,
   * unless its user's first turn is under way (its action has sent a call): the others ahead have
   * not gone in this round, and go once before the user's next turn, like those behind.
   *
   * An idle slot counts as a person coming back, with one action of the lane's typical size a turn, and
   * so does a person active lately in the other lane (see `#activeElsewhere`). Before a first turn only
   * while others wait in the lane: people come back into a queue, but outside one most do not within
   * seconds (counted anyway, a person acting alone after someone else was told a wait for that
   * someone's next command).
   */
  #callsAhead(self: Waiter): number {
    const lane = this.#lanes[self.budget];
    const ring = lane.rings[self.priority];
    let ahead = self.priority === 'background' ? lane.queued.interactive + lane.kept.interactive : 0;
    const mine = ring.get(self.userKey) ?? [];
    const index = mine.indexOf(self);
    const rounds = index < 0 ? 0 : turnsBefore(mine, index);
    const firstTurnUnderWay = rounds > 0 && isUnderWay(lane, mine[0]!);
    let beforeSelf = !firstTurnUnderWay;
    // Turns of people with an idle slot, or active lately in another lane, if they come (each an action
    // of the lane's typical size); newcomers join ahead of the first idle slot (`#join`).
    let idleTurns = 0;
    let newcomerTurns = rounds;
    // Whether others' calls or places are counted ahead: the lane is contended.
    let othersWait = false;
    // forEach, not for…of: an estimate is made at every ack, and a flood's cold code allocated an entry
    // pair per person per estimate (3 % of a burst's allocation).
    ring.forEach((queue, userKey) => {
      if (queue === mine) {
        beforeSelf = false;
        ahead += Math.max(0, index);
        return;
      }
      if (beforeSelf && queue.length === 0) newcomerTurns = rounds + 1;
      // A user with work queued is taken to keep sending at their pace: a flood's later commands
      // from others would otherwise make every early estimate too short.
      const turns = beforeSelf ? rounds + 1 : rounds;
      if (queue.length === 0) {
        // In a flood, a person's queue empties for a moment whenever their calls went faster than
        // their next command came: left out, a person's later commands were told half their wait.
        if (!this.#idleSlotGone(ring, userKey, queue)) idleTurns += turns;
        return;
      }
      if (turns === 0) return;
      const ends = turnEnds(queue);
      // Fewer turns queued than counted: the ones queued, at the pace of those.
      ahead += turns < ends.length ? ends[turns - 1]! : Math.round((turns * queue.length) / ends.length);
      othersWait = true;
    });
    if (rounds === 0 && !othersWait) return ahead;
    if (self.priority === 'interactive' && newcomerTurns > 0) idleTurns += newcomerTurns * this.#activeElsewhere(ring);
    return ahead + Math.round(idleTurns * lane.callsPerAction);
  }

  /**
   * People active lately (in any lane) with no slot in `ring`: a flood's people search and show in
   * turn, and most of those searching now come to the general lane in moments (counted only in their
   * own lane, the general lane's estimates missed them).
   */
  #activeElsewhere(ring: Map<string, UserQueue>): number {
    const since = this.#clock.now() - IDLE_SLOT_MS;
    let count = 0;
    this.#recentlyActive.forEach((at, userKey) => {
      if (at > since && !ring.has(userKey)) count++;
    });
    return count;
  }

  /** When a kept place would go, as things stand (a shared budget's refusal included). */
  #placeEstimate(place: Waiter): number {
    return Math.max(this.#estimate(place.budget, this.#callsAhead(place), place.priority), this.#lanes[place.budget].sharedRetryAt - this.#clock.now());
  }

  /** An estimate: assumes every call ahead goes as early as its window, the spread and any pause allow. */
  #estimate(budget: RateBudget, ahead: number, priority: Priority): number {
    const now = this.#clock.now();
    const lane = this.#lanes[budget];
    const start = Math.max(now, lane.pausedUntil);
    const at = Math.max(lane.log.nthSendAt(ahead, start), lane.pacer?.nthAt(ahead, start, priority) ?? -Infinity);
    return Math.max(0, at - now);
  }
}

/** The priority of the calls that wait at the head of `lane`, if any wait. */
function headPriority(lane: Lane): Priority | undefined {
  return lane.queued.interactive > 0 ? 'interactive' : lane.queued.background > 0 ? 'background' : undefined;
}

/**
 * A user's first queued call that may go: kept places are skipped (their action is not ready), but
 * not one of a started action (its call is on the way, and its turn goes on before the user's later calls).
 */
function firstCall(queue: readonly Waiter[] | undefined): Waiter | undefined {
  if (!queue) return undefined;
  for (const waiter of queue) {
    if (!waiter.placeholder) return waiter;
    if (waiter.started) return undefined;
    // Its turn came before its work was started (the queue moved faster than estimated): start it now.
    if (waiter.due) startDue(waiter);
  }
  return undefined;
}

/** Starts the work waiting for `place`'s turn (`ExpectedCall.whenDue`), once. */
function startDue(place: Waiter): void {
  const due = place.due;
  place.due = undefined;
  due?.start();
}

/** Whether the action of `waiter` (a user's first queued) has sent a call: its turn goes on (`#next`). */
function isUnderWay(lane: Lane, waiter: Waiter): boolean {
  const last = lane.last;
  return waiter.started === true || (last !== undefined && last.userKey === waiter.userKey && last.order === waiter.order && last.priority === waiter.priority);
}

/** Marks the places kept for more calls of `sent`'s action as started; whether there were any. */
function startKeptPlaces(queue: readonly Waiter[] | undefined, sent: Waiter, now: number): boolean {
  let started = false;
  for (const waiter of queue ?? []) {
    if (waiter.order > sent.order) break; // sorted by order
    if (waiter.placeholder && waiter.order === sent.order) {
      waiter.started = started = true;
      waiter.startedAt ??= now;
    }
  }
  return started;
}

/**
 * Where each turn (run of one action's calls) of `queue` ends, exclusive: the last is its length.
 * Found once per change of the queue, not on every estimate: an estimate looks at every user's queue,
 * and in a flood each holds a dozen turns (2 % of a burst's CPU went to counting them).
 */
function turnEnds(queue: UserQueue): readonly number[] {
  if (queue.turnEnds) return queue.turnEnds;
  const ends: number[] = [];
  for (let i = 1; i < queue.length; i++) if (queue[i]!.order !== queue[i - 1]!.order) ends.push(i);
  if (queue.length > 0) ends.push(queue.length);
  return (queue.turnEnds = ends);
}

/** How many turns of `queue` come before the one holding `index` (a valid index). */
function turnsBefore(queue: UserQueue, index: number): number {
  const ends = turnEnds(queue);
  let turns = 0;
  while (ends[turns]! <= index) turns++;
  return turns;
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The help-desk call was cancelled while waiting for the rate limit.', {
    cause: signal.reason,
  });
}
