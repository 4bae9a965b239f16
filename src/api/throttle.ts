/**
 * Client-side rate limiting for one help-desk host, so the bot stays under the server's limits
 * (90 requests/min in general, 60/min for Search and UserByEmail) instead of collecting 429s and
 * the 2–3 minute penalty the spec promises for them.
 *
 * - Sends are counted over a sliding window of `windowMs + safetyMarginMs`: the server counts on
 *   arrival and we count on send, so a little margin absorbs network jitter.
 * - A search call must fit in the search window AND the general window: the spec does not say whether
 *   search calls also count toward the general limit, so we are safe under either reading.
 * - Queued calls go interactive first, then background; within a priority users take turns (round
 *   robin), each user's calls in FIFO order, so one user's flood cannot starve another's single call.
 * - `reserve` grants a send whose instant is not known yet (the call still waits for a connection):
 *   until the ticket says it went, it counts as sent *now* in every window, so the send is never
 *   counted earlier than it reaches the wire, and a call that never goes gives its place back.
 * - With a `shared` budget (instances behind one IP, ./shared-budget.ts) the order stays local: the
 *   next call that may go here asks the shared ledger for a permit, one question at a time, and only
 *   goes with one; a refusal says when to ask again. A 429 pauses every instance.
 */
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
  signal?: AbortSignal;
  /** Called once, only when the call cannot go at once, with the estimated wait. */
  onQueued?: (estimatedWaitMs: number) => void;
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

/** The ticket of a send that was counted when granted (or of a throttle without limits): nothing to settle. */
const settledTicket: SendTicket = { sent: () => undefined, cancel: () => undefined };

/** Queued calls, all of them and the search ones (which also need the search window). */
interface Ahead {
  all: number;
  search: number;
}

interface Waiter {
  readonly budget: RateBudget;
  /** `reserve`: the send is held in the logs until the ticket settles; `acquire`: logged when granted. */
  readonly holds: boolean;
  state: 'queued' | 'sent' | 'cancelled';
  /** The shared budget's permit, when there is one: settled with the ticket. */
  permit?: SendPermit;
  settle(error?: HelpdeskError): void;
}

/** One user's queued calls of one priority. A Set keeps FIFO order and deletes a cancelled call in O(1). */
interface UserQueue {
  readonly waiters: Set<Waiter>;
  searchCount: number;
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

  /**
   * When the k-th (0-based) of a run of future sends would go if every send went as early as this
   * window allows, none before `start` (held sends are taken as going at `start`). Send n must wait for
   * send n-limit to leave the window, so the answer follows a chain of k/limit whole windows back to a
   * logged send (or to `start`).
   */
  nthSendAt(k: number, start: number): number {
    const times = this.#held > 0 ? [...this.#times, ...Array<number>(this.#held).fill(start)].slice(-this.limit) : this.#times;
    const logged = times.length;
    let index = logged + k - this.limit;
    let windows = 1;
    if (index >= logged) {
      const hops = Math.floor((index - logged) / this.limit) + 1;
      index -= hops * this.limit;
      windows += hops;
    }
    const fromLog = index >= 0 ? times[index]! + windows * this.windowMs : -Infinity;
    return Math.max(start + (windows - 1) * this.windowMs, fromLog);
  }
}

export class Throttle {
  readonly #clock: Clock;
  readonly #enabled: boolean;
  readonly #defaultPauseMs: number;
  readonly #windowMs: number;
  readonly #logs: Record<RateBudget, SendLog>;
  readonly #pausedUntil: Record<RateBudget, number> = { general: -Infinity, search: -Infinity };
  /** Map order is turn order: the first user goes next; a user who went moves to the back. */
  readonly #rings: Record<Priority, Map<string, UserQueue>> = { interactive: new Map(), background: new Map() };
  readonly #queued: Record<Priority, Ahead> = { interactive: { all: 0, search: 0 }, background: { all: 0, search: 0 } };
  #timer: { handle: unknown; at: number } | undefined;
  readonly #shared: SharedBudget | undefined;
  readonly #onSharedError: (error: unknown) => void;
  readonly #limits: Record<RateBudget, number>;
  /** A question to the shared budget is open (its answer pumps again). */
  #asking = false;
  /** The shared budget said: not before this instant. */
  #sharedRetryAt = -Infinity;

  constructor(options: ThrottleOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#enabled = options.enabled ?? true;
    this.#defaultPauseMs = options.defaultPauseMs ?? 120_000;
    this.#windowMs = (options.windowMs ?? 60_000) + (options.safetyMarginMs ?? 1_000);
    const limits = options.limits ?? { general: 90, search: 60 };
    this.#limits = { ...limits };
    this.#shared = options.shared;
    this.#onSharedError = options.onSharedError ?? (() => undefined);
    this.#logs = { general: new SendLog(limits.general, this.#windowMs), search: new SendLog(limits.search, this.#windowMs) };
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

  #request(request: AcquireRequest, holds: boolean): Promise<SendTicket> {
    const { budget, userKey, signal, onQueued } = request;
    const priority = request.priority ?? 'interactive';
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    if (!this.#enabled) return this.#waitOutPause(budget, signal, onQueued).then(() => settledTicket);

    return new Promise<SendTicket>((resolve, reject) => {
      const onAbort = (): void => {
        if (waiter.state !== 'queued') return;
        this.#remove(waiter, priority, userKey, false);
        waiter.settle(cancelledError(signal!));
        this.#pump(); // the cancelled call may have held back its user's next call; also drops an idle timer
      };
      const waiter: Waiter = {
        budget,
        holds,
        state: 'queued',
        settle: (error) => {
          waiter.state = error ? 'cancelled' : 'sent';
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(holds ? this.#ticket(budget, waiter.permit) : settledTicket); // a shared permit counts from its grant
        },
      };
      const queue = this.#enqueue(waiter, priority, userKey);
      this.#pump();
      if (waiter.state !== 'queued') return;
      signal?.addEventListener('abort', onAbort, { once: true });
      onQueued?.(this.#estimate(budget, this.#callsAhead(priority, budget, queue)));
    });
  }

  #ticket(budget: RateBudget, permit: SendPermit | undefined): SendTicket {
    let settled = false;
    const settle = (sent: boolean): void => {
      if (settled) return;
      settled = true;
      if (sent) permit?.sent();
      else permit?.cancel();
      const at = sent ? this.#clock.now() : undefined;
      this.#logs.general.release(at);
      if (budget === 'search') this.#logs.search.release(at);
      this.#pump(); // a held send no longer fills the window from now on
    };
    return { sent: () => settle(true), cancel: () => settle(false) };
  }

  /**
   * After a 429: hold queued calls until the pause ends. Pausing `general` stops everything (search
   * calls count against it too). A pause never shortens one already running.
   */
  pause(budget: RateBudget, ms: number = this.#defaultPauseMs): void {
    const now = this.#clock.now();
    this.#pausedUntil[budget] = Math.max(this.#pausedUntil[budget], now + Math.max(0, ms));
    this.#shared?.pause(budget, Math.max(0, ms)).catch(this.#onSharedError);
    this.#pump();
  }

  /** How long a new call (from a user with nothing queued) would wait now. */
  estimateWait(budget: RateBudget, priority: Priority = 'interactive'): number {
    if (!this.#enabled) return Math.max(0, this.#pauseEnd(budget) - this.#clock.now());
    const local = this.#estimate(budget, this.#callsAhead(priority, budget, undefined));
    return Math.max(local, this.#sharedRetryAt - this.#clock.now());
  }

  stats(): ThrottleStats {
    const now = this.#clock.now();
    const since = now - this.#windowMs;
    const pausedUntil = (b: RateBudget): number | undefined => (this.#pausedUntil[b] > now ? this.#pausedUntil[b] : undefined);
    return {
      queued: { interactive: this.#queued.interactive.all, background: this.#queued.background.all },
      queuedSearch: this.#queued.interactive.search + this.#queued.background.search,
      sentInWindow: { general: this.#logs.general.countSince(since), search: this.#logs.search.countSince(since) },
      pausedUntil: { general: pausedUntil('general'), search: pausedUntil('search') },
    };
  }

  /** When calls of this budget may go again after a 429 (a general pause holds search calls too). */
  #pauseEnd(budget: RateBudget): number {
    return budget === 'search' ? Math.max(this.#pausedUntil.general, this.#pausedUntil.search) : this.#pausedUntil.general;
  }

  /**
   * Without limits (local installs) there is no queue, but a 429 still means the server wants a break:
   * honour its pause rather than re-send at once.
   */
  #waitOutPause(budget: RateBudget, signal: AbortSignal | undefined, onQueued: AcquireRequest['onQueued']): Promise<void> {
    const waitMs = this.#pauseEnd(budget) - this.#clock.now();
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

  #enqueue(waiter: Waiter, priority: Priority, userKey: string): UserQueue {
    const ring = this.#rings[priority];
    let queue = ring.get(userKey);
    if (!queue) ring.set(userKey, (queue = { waiters: new Set(), searchCount: 0 }));
    queue.waiters.add(waiter);
    this.#count(priority, waiter.budget, queue, +1);
    return queue;
  }

  /** `tookTurn`: the user just sent, so they move to the back of the ring; a cancel keeps their place. */
  #remove(waiter: Waiter, priority: Priority, userKey: string, tookTurn: boolean): void {
    const ring = this.#rings[priority];
    const queue = ring.get(userKey);
    if (!queue?.waiters.delete(waiter)) return;
    this.#count(priority, waiter.budget, queue, -1);
    if (queue.waiters.size === 0) ring.delete(userKey);
    else if (tookTurn) {
      ring.delete(userKey); // re-inserting moves the user to the back of the Map's order
      ring.set(userKey, queue);
    }
  }

  #count(priority: Priority, budget: RateBudget, queue: UserQueue, delta: 1 | -1): void {
    this.#queued[priority].all += delta;
    if (budget === 'search') {
      this.#queued[priority].search += delta;
      queue.searchCount += delta;
    }
  }

  /** Sends every call that may go now, then arms one timer for the next moment something can change. */
  #pump(): void {
    const now = this.#clock.now();
    if (this.#shared) {
      this.#askShared(this.#shared, now);
      return;
    }
    for (let next = this.#nextEligible(now); next; next = this.#nextEligible(now)) {
      this.#grant(next, now);
    }
    this.#reschedule(now);
  }

  #grant({ waiter, priority, userKey }: { waiter: Waiter; priority: Priority; userKey: string }, now: number): void {
    this.#remove(waiter, priority, userKey, true);
    for (const log of waiter.budget === 'search' ? [this.#logs.general, this.#logs.search] : [this.#logs.general]) {
      if (waiter.holds) log.hold();
      else log.record(now);
    }
    waiter.settle();
  }

  /**
   * The shared-budget pump: the call that would go next here (local order, local windows) asks the
   * shared ledger; one question at a time, so a later call never overtakes it. A refusal arms the
   * timer for when the ledger says; a failed question is asked again in a second.
   */
  #askShared(shared: SharedBudget, now: number): void {
    if (this.#asking) return;
    const next = now >= this.#sharedRetryAt ? this.#nextEligible(now) : undefined;
    if (!next) {
      this.#reschedule(now);
      return;
    }
    this.#asking = true;
    this.#clearTimer();
    const request = {
      windows: next.waiter.budget === 'search' ? (['general', 'search'] as const) : (['general'] as const),
      limits: this.#limits,
      windowMs: this.#windowMs,
      priority: next.priority,
      userKey: next.userKey,
    };
    shared.take(request).then(
      (answer) => {
        this.#asking = false;
        if (answer.granted) {
          this.#sharedRetryAt = -Infinity;
          if (next.waiter.state === 'queued') {
            next.waiter.permit = answer.permit;
            this.#grant(next, this.#clock.now());
          } else {
            answer.permit.cancel(); // cancelled while we asked: its place goes back
          }
        } else {
          this.#sharedRetryAt = this.#clock.now() + Math.max(1, answer.retryAfterMs);
        }
        this.#pump();
      },
      (error: unknown) => {
        this.#asking = false;
        this.#sharedRetryAt = this.#clock.now() + 1_000;
        this.#onSharedError(error);
        this.#pump();
      },
    );
  }

  /** Search calls need room in both windows (and no pause on either); general calls only in the general one. */
  #isOpen(budget: RateBudget, now: number): boolean {
    // With a shared budget the ledger's windows (which hold this instance's sends too) decide: the head
    // asks even when the local window is full, so the ledger knows what this instance waits for.
    const open = (b: RateBudget): boolean => now >= this.#pausedUntil[b] && (this.#shared !== undefined || now >= this.#logs[b].freeAt());
    return open('general') && (budget === 'general' || open('search'));
  }

  #nextEligible(now: number): { waiter: Waiter; priority: Priority; userKey: string } | undefined {
    if (!this.#isOpen('general', now)) return undefined;
    const searchOpen = this.#isOpen('search', now);
    for (const priority of PRIORITIES) {
      // Usually the first user's head goes. Only while the search budget is closed do we skip users
      // whose next call is a search (their later calls wait behind it: FIFO per user).
      for (const [userKey, queue] of this.#rings[priority]) {
        const head = queue.waiters.values().next().value;
        if (head && (head.budget === 'general' || searchOpen)) return { waiter: head, priority, userKey };
      }
    }
    return undefined;
  }

  #reschedule(now: number): void {
    if (this.#queued.interactive.all + this.#queued.background.all === 0) {
      this.#clearTimer(); // nothing waits: let the process exit
      return;
    }
    // Something is queued and nothing can go: either the general budget is closed, or only calls
    // blocked by the search budget remain.
    const generalAt = Math.max(this.#pausedUntil.general, this.#logs.general.freeAt());
    const localWakeAt = generalAt > now ? generalAt : Math.max(this.#pausedUntil.search, this.#logs.search.freeAt());
    // With a shared budget: a question is open (its answer pumps), or a pause runs, or the ledger said
    // when to ask again.
    if (this.#asking) {
      this.#clearTimer();
      return;
    }
    const pauseEnd = this.#pausedUntil.general > now ? this.#pausedUntil.general : this.#pausedUntil.search;
    const wakeAt = this.#shared ? Math.max(pauseEnd, this.#sharedRetryAt) : localWakeAt;
    if (wakeAt === Infinity) {
      this.#clearTimer(); // only a held send leaving can make room: its ticket pumps
      return;
    }
    if (this.#timer?.at === wakeAt) return;
    this.#clearTimer();
    const handle = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#pump();
    }, Math.max(0, wakeAt - now));
    this.#timer = { handle, at: wakeAt };
  }

  #clearTimer(): void {
    if (this.#timer) this.#clock.clearTimeout(this.#timer.handle);
    this.#timer = undefined;
  }

  /**
   * How many queued calls go before a call in `self` (its newest call), or before a new user's first
   * call when `self` is undefined: all of a higher priority, then per round-robin round. Users ahead of
   * `self` in the ring get one more round than those behind it.
   */
  #callsAhead(priority: Priority, budget: RateBudget, self: UserQueue | undefined): Ahead {
    const ahead: Ahead = { all: 0, search: 0 };
    if (priority === 'background') {
      ahead.all += this.#queued.interactive.all;
      ahead.search += this.#queued.interactive.search;
    }
    const rounds = self ? self.waiters.size - 1 : 0;
    let beforeSelf = true;
    for (const queue of this.#rings[priority].values()) {
      if (queue === self) {
        beforeSelf = false;
        ahead.all += rounds;
        ahead.search += queue.searchCount - (budget === 'search' ? 1 : 0);
        continue;
      }
      const turns = beforeSelf ? rounds + 1 : rounds;
      ahead.all += Math.min(queue.waiters.size, turns);
      ahead.search += Math.min(queue.searchCount, turns);
    }
    return ahead;
  }

  /** An estimate: assumes every call ahead goes as early as its windows and any pause allow. */
  #estimate(budget: RateBudget, ahead: Ahead): number {
    const now = this.#clock.now();
    const generalStart = Math.max(now, this.#pausedUntil.general);
    let at = this.#logs.general.nthSendAt(ahead.all, generalStart);
    if (budget === 'search') {
      const searchStart = Math.max(generalStart, this.#pausedUntil.search);
      at = Math.max(at, this.#logs.search.nthSendAt(ahead.search, searchStart));
    }
    return Math.max(0, at - now);
  }
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The help-desk call was cancelled while waiting for the rate limit.', {
    cause: signal.reason,
  });
}
