/**
 * Two small layers in front of the network:
 * - SingleFlight: identical concurrent reads share one request (and one throttle slot); each caller
 *   can still cancel its own wait.
 * - ReferenceCache: categories, priorities, custom-field definitions and comment templates change
 *   rarely; keeping them (refreshed in the background) lets modals open instantly and spares the budget.
 */
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
}

export class SingleFlight {
  readonly #inFlight = new Map<string, Flight>();

  /**
   * Runs `work` once per key at a time; identical concurrent calls share its result. Each caller's
   * `signal` cancels only that caller's wait: one user's cancel must not fail another's call. The
   * shared work sees its own signal, aborted once every caller has cancelled, and an `onQueued` that
   * tells every caller (those who join later get the estimate at once, less the time gone by).
   */
  run<T>(
    key: string,
    work: (signal: AbortSignal, onQueued: (estimatedWaitMs: number) => void) => Promise<T>,
    callerSignals: readonly (AbortSignal | undefined)[] = [],
    onQueued?: (estimatedWaitMs: number) => void,
  ): Promise<T> {
    // Several signals (a call's own and its queue cancel) are each listened to: AbortSignal.any made a
    // signal with weak references for every call, most of the allocation of a queued help-desk call.
    const signals = callerSignals.filter((one): one is AbortSignal => one !== undefined);
    const aborted = signals.find((one) => one.aborted);
    if (aborted) return Promise.reject(cancelledError(aborted));
    let flight = this.#inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const listeners = new Set<(estimatedWaitMs: number) => void>();
      // The flight exists before the work starts: the work may report a wait synchronously.
      const started: Flight = { promise: Promise.resolve(), controller, waiting: 0, listeners, estimate: undefined };
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
      started.promise.then(done, done);
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
