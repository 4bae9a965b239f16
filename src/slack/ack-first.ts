/**
 * Acks first: the work a listener does after `ack()` waits until the requests the receiver has
 * already read are acknowledged too, then runs a few at a time.
 *
 * Why: an ack is due within 3 s and costs well under a millisecond; the work after it (help-desk
 * calls, rendering, posting) costs several and has minutes. Run as they come, every continuation of a
 * burst sits between the receiver and the next request, so the last acks of a burst wait for all the
 * work before them (issue 13: ack p99 ≈ the length of the burst). Held here, acks go out at the speed
 * of a bare Bolt app and the work follows.
 *
 * Nothing starves: while requests keep arriving, one continuation a turn is let go once the oldest has
 * waited `maxHoldMs`; when none waits for its ack, `batch` a turn, so the receiver reads what arrived
 * in between. Work whose person was told in the ack that the help desk's queue will keep them longer
 * (./acked-place.ts) may be held longer (`holdMs`): it would only wait in that queue instead. It
 * waits until no request has arrived for `quietMs` (the end of a flood), or its own deadline.
 */
import { withinMs } from './within.js';

export interface AckFirstOptions {
  /** Continuations let go per turn of the event loop. */
  batch?: number;
  /** The longest a continuation waits for acks (under a flood that never pauses). */
  maxHoldMs?: number;
  /** Work whose wait was told (`holdMs`) waits until no request has arrived for this long (default 50). */
  quietMs?: number;
}

interface Held {
  resolve: () => void;
  /** performance.now() after which it goes even while acks wait. */
  until: number;
}

export class AckFirst {
  readonly #batch: number;
  readonly #maxHoldMs: number;
  #unacked = 0;
  /** Oldest first, by hold: `until` grows along each queue. */
  readonly #held: Held[] = [];
  readonly #patient: Held[] = [];
  #turnScheduled = false;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #lastArrival = -Infinity;
  readonly #quietMs: number;
  readonly #running = new Set<Promise<unknown>>();

  constructor(options: AckFirstOptions = {}) {
    this.#batch = options.batch ?? 8;
    this.#maxHoldMs = options.maxHoldMs ?? 1_000;
    this.#quietMs = options.quietMs ?? 50;
  }

  /** Work started with `run` that has not finished. */
  get running(): number {
    return this.#running.size;
  }

  /** Requests read but not yet answered. */
  get unacked(): number {
    return this.#unacked;
  }

  /** A request was read; call the function returned once it has been answered (once; more calls are ignored). */
  arrived(): () => void {
    this.#unacked++;
    this.#lastArrival = performance.now();
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.#unacked--;
      if (this.#unacked === 0) this.#scheduleTurn();
    };
  }

  /**
   * Runs `work` after the acks (see the module's comment), apart from the request that started it;
   * `settled()` waits for it at shutdown. Its failure goes to `onError`.
   */
  run(work: () => Promise<unknown>, onError: (error: unknown) => void, holdMs?: number): void {
    const running = this.afterAcks(holdMs)
      .then(work)
      .catch(onError)
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves when the work started with `run` has finished, or after `timeoutMs` (a stop's grace). */
  async settled(timeoutMs: number): Promise<void> {
    await withinMs(timeoutMs, Promise.allSettled([...this.#running]));
  }

  /**
   * Resolves when the work after an ack may run (see the module's comment). `holdMs`: how long it may
   * wait for acks when longer than `maxHoldMs` (work whose wait was told).
   */
  afterAcks(holdMs?: number): Promise<void> {
    return new Promise((resolve) => {
      const patient = holdMs !== undefined && holdMs > this.#maxHoldMs;
      (patient ? this.#patient : this.#held).push({ resolve, until: performance.now() + (patient ? holdMs : this.#maxHoldMs) });
      this.#scheduleTurn();
    });
  }

  #scheduleTurn(): void {
    if (this.#turnScheduled || this.#held.length + this.#patient.length === 0) return;
    this.#turnScheduled = true;
    // setImmediate: after the I/O that is ready, i.e. after the requests already received were read.
    setImmediate(() => this.#turn());
  }

  #turn(): void {
    this.#turnScheduled = false;
    if (this.#held.length + this.#patient.length === 0) return;
    const now = performance.now();
    // Plain work waits for the acks of the requests already read. Work whose wait was told also waits
    // for a quiet moment: in a flood each request is read and acked within one turn, so "no ack is
    // pending" alone would let that work run between the requests of the flood.
    const plainHeld = this.#unacked > 0;
    const patientHeld = plainHeld || now - this.#lastArrival < this.#quietMs;
    let released = 0;
    let pastDeadline = 1; // while held: one a turn past its deadline, enough to make progress under a flood
    for (const [queue, held] of [[this.#held, plainHeld], [this.#patient, patientHeld]] as const) {
      if (held) {
        if (pastDeadline > 0 && queue[0] !== undefined && queue[0].until <= now) {
          queue.shift()!.resolve();
          pastDeadline--;
          released++;
        }
        continue;
      }
      for (const item of queue.splice(0, this.#batch - released)) {
        item.resolve();
        released++;
      }
    }
    if (released > 0) {
      this.#scheduleTurn(); // the rest next turn, so the receiver reads what arrived in between
      return;
    }
    // All held: the last ack (arrived()'s function), the end of the flood or the next deadline lets them go.
    const next = Math.min(
      this.#held[0]?.until ?? Infinity,
      this.#patient[0]?.until ?? Infinity,
      this.#patient.length > 0 && !plainHeld ? this.#lastArrival + this.#quietMs : Infinity,
    );
    if (next === Infinity || (this.#timer && this.#timerAt <= next)) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = next;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.#scheduleTurn();
    }, Math.max(0, next - now));
  }
}
