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
 * in between.
 */
import { withinMs } from './within.js';

export interface AckFirstOptions {
  /** Continuations let go per turn of the event loop. */
  batch?: number;
  /** The longest a continuation waits for acks (under a flood that never pauses). */
  maxHoldMs?: number;
}

interface Held {
  resolve: () => void;
  since: number;
}

export class AckFirst {
  readonly #batch: number;
  readonly #maxHoldMs: number;
  #unacked = 0;
  readonly #held: Held[] = [];
  #turnScheduled = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #running = new Set<Promise<unknown>>();

  constructor(options: AckFirstOptions = {}) {
    this.#batch = options.batch ?? 8;
    this.#maxHoldMs = options.maxHoldMs ?? 1_000;
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
  run(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const running = this.afterAcks()
      .then(work)
      .catch(onError)
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves when the work started with `run` has finished, or after `timeoutMs` (a stop's grace). */
  async settled(timeoutMs: number): Promise<void> {
    await withinMs(timeoutMs, Promise.allSettled([...this.#running]));
  }

  /** Resolves when the work after an ack may run (see the module's comment). */
  afterAcks(): Promise<void> {
    return new Promise((resolve) => {
      this.#held.push({ resolve, since: performance.now() });
      this.#scheduleTurn();
    });
  }

  #scheduleTurn(): void {
    if (this.#turnScheduled || this.#held.length === 0) return;
    this.#turnScheduled = true;
    // setImmediate: after the I/O that is ready, i.e. after the requests already received were read.
    setImmediate(() => this.#turn());
  }

  #turn(): void {
    this.#turnScheduled = false;
    const oldest = this.#held[0];
    if (!oldest) return;
    const waited = performance.now() - oldest.since;
    if (this.#unacked > 0 && waited < this.#maxHoldMs) {
      // Held: the last ack (arrived()'s function) or the oldest one's deadline lets them go.
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        this.#scheduleTurn();
      }, this.#maxHoldMs - waited);
      return;
    }
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    // Past its deadline while acks still wait: one per turn, enough to make progress under a flood
    // without taking the turn from the acks.
    const count = this.#unacked > 0 ? 1 : this.#batch;
    for (const held of this.#held.splice(0, count)) held.resolve();
    this.#scheduleTurn();
  }
}
