/**
 * Two small layers in front of the network:
 * - SingleFlight: identical concurrent reads share one request (and one throttle slot); each caller
 *   can still cancel its own wait. A read made for an action also answers that action's repeats that
 *   come moments after it finished (see `SingleFlight.run`'s `action`).
 * - ReferenceCache: categories, priorities, custom-field definitions and comment templates change
 *   rarely; keeping them (refreshed in the background) lets modals open instantly and spares the budget.
 */
import { TTLCache } from '@isaacs/ttlcache';
import { LRUCache } from 'lru-cache';
import { HelpdeskError } from './errors.js';

interface Flight {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  /** Callers still waiting for the result; the request is cancelled when the last one cancels. */
  waiting: number;
  /** Callers told when the shared request has to wait (a repeat joins a queued call: it waits too). */
  readonly listeners: Set<(estimatedWaitMs: number) => void>;
  /** The shared request's latest wait estimate, and when it was made (for callers who join later). */
  estimate: { ms: number; at: number } | undefined;
  /** The action (its order) whose call started the request: its answer then lingers for that action. */
  readonly action: number | undefined;
}

/**
 * How long a read made for an action answers that action's late repeats. Ample for a repeat whose work
 * was held behind a burst of acks (./slack/acked-place.ts holds a work 5 s at most), short next to
 * anything a person would notice as stale.
 */
export const ACTION_ANSWER_LINGER_MS = 10_000;
/** Lingering answers kept at most (the oldest go first): a flood's actions, not a cache. */
const LINGERING_MAX = 2_000;

export class SingleFlight {
  readonly #inFlight = new Map<string, Flight>();
  /** Finished reads of actions, by key (checked for age on every read: a lingering answer is never late). */
  readonly #finished = new TTLCache<string, { action: number; value: unknown }>({ max: LINGERING_MAX, ttl: ACTION_ANSWER_LINGER_MS, checkAgeOnGet: true });

  /**
   * Runs `work` once per key at a time; identical concurrent calls share its result. Each caller's
   * `signal` cancels only that caller's wait: one user's cancel must not fail another's call. The
   * shared work sees its own signal, aborted once every caller has cancelled, and an `onQueued` that
   * tells every caller (those who join later get the estimate at once, less the time gone by).
   *
   * `action`: the order of the action the read is for (Throttle's `order`). Its answer then lingers
   * ACTION_ANSWER_LINGER_MS for later reads of the same key *and action*: a repeated command joins the
   * pending one's action (./slack/acked-place.ts) and was told it would be answered with it, but when
   * its work ran moments after that read's answer (held behind a burst of acks), it made a call of its
   * own, in the pending action's early place, and every later command of that person lost a turn
   * (told 24 s, answered in 51, on a loaded host). A write made for the action forgets its answers
   * (`forgetAction`), so the action's own reads after it are fresh.
   */
  run<T>(
    key: string,
    work: (signal: AbortSignal, onQueued: (estimatedWaitMs: number) => void) => Promise<T>,
    callerSignals: readonly (AbortSignal | undefined)[] = [],
    onQueued?: (estimatedWaitMs: number) => void,
    action?: number,
  ): Promise<T> {
    // Several signals (a call's own and its queue cancel) are each listened to: AbortSignal.any made a
    // signal with weak references for every call, most of the allocation of a queued help-desk call.
    const signals = callerSignals.filter((one): one is AbortSignal => one !== undefined);
    const aborted = signals.find((one) => one.aborted);
    if (aborted) return Promise.reject(cancelledError(aborted));
    let flight = this.#inFlight.get(key);
    if (!flight && action !== undefined) {
      const finished = this.#finished.get(key);
      if (finished?.action === action) return Promise.resolve(finished.value as T);
    }
    if (!flight) {
      const controller = new AbortController();
      const listeners = new Set<(estimatedWaitMs: number) => void>();
      // The flight exists before the work starts: the work may report a wait synchronously.
      const started: Flight = { promise: Promise.resolve(), controller, waiting: 0, listeners, estimate: undefined, action };
      const tell = (ms: number): void => {
        started.estimate = { ms, at: performance.now() };
        for (const listener of [...listeners]) listener(ms);
      };
      if (onQueued) listeners.add(onQueued);
      (started as { promise: Promise<unknown> }).promise = work(controller.signal, tell);
      const done = (): void => {
        listeners.clear();
        if (this.#inFlight.get(key) === started) this.#inFlight.delete(key);
      };
      // Registered first, so the key is free again before any caller sees the outcome.
      started.promise.then((value) => {
        done();
        if (action !== undefined) this.#finished.set(key, { action, value });
      }, done);
      this.#inFlight.set(key, started);
      flight = started;
    } else if (onQueued) {
      flight.listeners.add(onQueued);
      if (flight.estimate) onQueued(Math.max(0, flight.estimate.ms - (performance.now() - flight.estimate.at)));
    }
    return this.#join(key, flight, signals, onQueued) as Promise<T>;
  }

  get size(): number {
    return this.#inFlight.size;
  }

  /** Forgets the lingering answers of `action` (it wrote: what it read before may have changed). */
  forgetAction(action: number): void {
    for (const [key, finished] of this.#finished) if (finished.action === action) this.#finished.delete(key);
  }

  has(key: string): boolean {
    return this.#inFlight.has(key);
  }

  #join(key: string, flight: Flight, signals: readonly AbortSignal[], onQueued: ((ms: number) => void) | undefined): Promise<unknown> {
    flight.waiting++;
    if (signals.length === 0) return flight.promise;
    return new Promise((resolve, reject) => {
      const listening = signals.map((signal) => {
        const leave = (): void => {
          stopListening();
          flight.waiting--;
          if (onQueued) flight.listeners.delete(onQueued);
          if (flight.waiting === 0) {
            // Nobody wants the answer any more: stop the request, and let the next caller start afresh.
            if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
            flight.controller.abort(signal.reason);
          }
          reject(cancelledError(signal));
        };
        signal.addEventListener('abort', leave, { once: true });
        return { signal, leave };
      });
      const stopListening = (): void => {
        for (const { signal, leave } of listening) signal.removeEventListener('abort', leave);
      };
      flight.promise.then(
        (value) => {
          stopListening();
          resolve(value);
        },
        (error: unknown) => {
          stopListening();
          reject(error);
        },
      );
    });
  }
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The call was cancelled.', { cause: signal.reason });
}

export interface ReferenceCacheOptions {
  /** After this long an entry is still served, but refreshed in the background. Default 5 minutes. */
  refreshAfterMs?: number;
  /** After this long an entry is no longer served (its refresh kept failing). Default 30 minutes. */
  ttlMs?: number;
  /** Upper bound on entries (per-user entries multiply with users). Default 2000. */
  maxEntries?: number;
  now?: () => number;
}

export interface CacheHit {
  value: unknown;
  /** Older than `refreshAfterMs`: serve it, and refresh it in the background. */
  stale: boolean;
}

/**
 * Reference data kept in memory, bounded (LRU, `maxEntries`). A fresh entry is served as is; a stale
 * one is still served at once while the caller refreshes it in the background, so a person opening a
 * form rarely waits for reference data; an entry past `ttlMs` is gone.
 */
export class ReferenceCache {
  readonly #entries: LRUCache<string, { value: unknown; operation: string; at: number }>;
  readonly #refreshAfterMs: number;
  readonly #now: () => number;

  constructor(options: ReferenceCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#refreshAfterMs = options.refreshAfterMs ?? 5 * 60_000;
    const ttl = Math.max(options.ttlMs ?? 30 * 60_000, this.#refreshAfterMs);
    this.#entries = new LRUCache({ max: options.maxEntries ?? 2000, ttl, perf: { now: this.#now } });
  }

  get(key: string): CacheHit | undefined {
    const entry = this.#entries.get(key);
    return entry ? { value: entry.value, stale: this.#now() - entry.at >= this.#refreshAfterMs } : undefined;
  }

  set(key: string, operation: string, value: unknown): void {
    this.#entries.set(key, { value, operation, at: this.#now() });
  }

  /** Drops every entry of these operations (after a write that changes them). */
  invalidate(operations: readonly string[]): void {
    for (const [key, entry] of this.#entries.entries()) {
      if (operations.includes(entry.operation)) this.#entries.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
