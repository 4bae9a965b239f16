/**
 * Which waiting call gets a connection. The throttle decides *when* a call may be sent (the rate
 * budget); the scheduler decides *which* of the calls allowed to go gets one of the pool's connections.
 * Without it the pool's own queue is first-in first-out: while 10 creates wait 5 s for the help desk,
 * another user's `whoami` waits behind them.
 *
 * - At most `maxInFlight` calls are in flight: the pool has exactly that many connections, so undici's
 *   queue stays empty and every wait happens here, where it can be fair.
 * - `readReserve` of them are kept for interactive reads (a person waiting for an answer that changes
 *   nothing): writes and background calls, however slow and however many, never take the last ones.
 * - One fairness key (one user) has at most `perKey` calls in flight in each lane (reads, writes), so
 *   one person's burst cannot fill the pool either.
 * - When a connection frees, interactive reads go first, then interactive writes, then background
 *   reads and writes; within each, keys take turns (round robin), each key's calls in arrival order.
 */
import { HelpdeskError } from './errors.js';
import type { Priority } from './throttle.js';

/** `read`: changes nothing and is usually quick. `write`: anything else (it may be slow). */
export type Lane = 'read' | 'write';

export interface ConnectionSchedulerOptions {
  /** Calls in flight at once: the pool's connection count. Default 32. */
  maxInFlight?: number;
  /** Connections only interactive reads may use. Default 8. */
  readReserve?: number;
  /** Calls of one fairness key in flight per lane. Default 4. */
  perKey?: number;
}

export interface SlotRequest {
  /** Fairness key (one user): keys take turns, and each has its own cap. */
  key: string;
  lane: Lane;
  /** Default interactive. */
  priority?: Priority;
  signal?: AbortSignal;
}

/** A connection for one call. Release it exactly once when the call is over (later calls do nothing). */
export interface Slot {
  release(): void;
}

export interface ConnectionSchedulerStats {
  inFlight: number;
  /** In flight outside the read reserve: everything but interactive reads. */
  inFlightShared: number;
  waiting: number;
}

interface Waiter {
  readonly key: string;
  readonly lane: Lane;
  readonly priority: Priority;
  grant(): void;
}

/** Classes in the order a freed connection is offered to them. */
const CLASSES: readonly { priority: Priority; lane: Lane }[] = [
  { priority: 'interactive', lane: 'read' },
  { priority: 'interactive', lane: 'write' },
  { priority: 'background', lane: 'read' },
  { priority: 'background', lane: 'write' },
];

const classOf = (priority: Priority, lane: Lane): number => (priority === 'interactive' ? 0 : 2) + (lane === 'read' ? 0 : 1);
const usesReserve = (priority: Priority, lane: Lane): boolean => priority === 'interactive' && lane === 'read';

export class ConnectionScheduler {
  readonly #maxInFlight: number;
  readonly #sharedLimit: number;
  readonly #perKey: number;
  #inFlight = 0;
  #inFlightShared = 0;
  #waiting = 0;
  /** `lane:key` → calls in flight. */
  readonly #byKey = new Map<string, number>();
  /** Per class, keys in turn order (Map order: first goes next; a key that went moves to the back). */
  readonly #rings: Map<string, Set<Waiter>>[] = CLASSES.map(() => new Map());

  constructor(options: ConnectionSchedulerOptions = {}) {
    const maxInFlight = options.maxInFlight ?? 32;
    const readReserve = options.readReserve ?? Math.min(8, maxInFlight - 1);
    const perKey = options.perKey ?? 4;
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new RangeError(`maxInFlight must be a positive integer, got ${maxInFlight}`);
    if (!Number.isInteger(readReserve) || readReserve < 0 || readReserve >= maxInFlight) {
      throw new RangeError(`readReserve must be an integer from 0 to maxInFlight - 1, got ${readReserve}`);
    }
    if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError(`perKey must be a positive integer, got ${perKey}`);
    this.#maxInFlight = maxInFlight;
    this.#sharedLimit = maxInFlight - readReserve;
    this.#perKey = perKey;
  }

  /** Resolves with a connection slot when the call may use one; rejects `cancelled` on abort. */
  acquire(request: SlotRequest): Promise<Slot> {
    const { key, lane, signal } = request;
    const priority = request.priority ?? 'interactive';
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    return new Promise<Slot>((resolve, reject) => {
      const ring = this.#rings[classOf(priority, lane)]!;
      const onAbort = (): void => {
        const queue = ring.get(key);
        if (!queue?.delete(waiter)) return;
        if (queue.size === 0) ring.delete(key);
        this.#waiting--;
        reject(cancelledError(signal!));
      };
      const waiter: Waiter = {
        key,
        lane,
        priority,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#slot(waiter));
        },
      };
      let queue = ring.get(key);
      if (!queue) ring.set(key, (queue = new Set()));
      queue.add(waiter);
      this.#waiting++;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pump();
    });
  }

  stats(): ConnectionSchedulerStats {
    return { inFlight: this.#inFlight, inFlightShared: this.#inFlightShared, waiting: this.#waiting };
  }

  #slot(waiter: Waiter): Slot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#count(waiter, -1);
        this.#pump();
      },
    };
  }

  #count(waiter: Waiter, delta: 1 | -1): void {
    this.#inFlight += delta;
    if (!usesReserve(waiter.priority, waiter.lane)) this.#inFlightShared += delta;
    const laneKey = `${waiter.lane}:${waiter.key}`;
    const count = (this.#byKey.get(laneKey) ?? 0) + delta;
    if (count === 0) this.#byKey.delete(laneKey);
    else this.#byKey.set(laneKey, count);
  }

  #mayGo(priority: Priority, lane: Lane, key: string): boolean {
    if (!usesReserve(priority, lane) && this.#inFlightShared >= this.#sharedLimit) return false;
    return (this.#byKey.get(`${lane}:${key}`) ?? 0) < this.#perKey;
  }

  /** Hands out free connections, one grant at a time, each to the first eligible call in order. */
  #pump(): void {
    while (this.#waiting > 0 && this.#inFlight < this.#maxInFlight) {
      const next = this.#nextEligible();
      if (!next) return;
      const { ring, key, queue, waiter } = next;
      queue.delete(waiter);
      ring.delete(key); // re-inserting moves the key to the back of its class's turn order
      if (queue.size > 0) ring.set(key, queue);
      this.#waiting--;
      this.#count(waiter, +1);
      waiter.grant();
    }
  }

  #nextEligible(): { ring: Map<string, Set<Waiter>>; key: string; queue: Set<Waiter>; waiter: Waiter } | undefined {
    for (const [index, { priority, lane }] of CLASSES.entries()) {
      const ring = this.#rings[index]!;
      for (const [key, queue] of ring) {
        const waiter = queue.values().next().value;
        if (waiter && this.#mayGo(priority, lane, key)) return { ring, key, queue, waiter };
      }
    }
    return undefined;
  }
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The help-desk call was cancelled while waiting for a connection.', {
    cause: signal.reason,
  });
}
