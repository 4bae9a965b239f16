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
 * (./acked-place.ts) may be held longer (`holdMs`): it would only wait in that queue instead.
 */
import { machinery } from '../machinery.js';
import { withinMs } from './within.js';

export interface AckFirstOptions {
  /** Continuations let go per turn of the event loop. */
  batch?: number;
  /** The longest a continuation waits for acks (under a flood that never pauses). */
  maxHoldMs?: number;
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
  /** When the requests waiting for their acks last went from none to some (undefined: none wait). */
  #backlogSince: number | undefined;
  /** By deadline: `until` grows along each queue. */
  readonly #held: Held[] = [];
  readonly #patient: Held[] = [];
  #turnScheduled = false;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
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

  /**
   * How long work handed to `run` now (by a request not yet answered) is expected to wait for the
   * acks, and may: none when no other request waits for its ack; else as long as requests have been
   * waiting without a break, up to `maxHoldMs`. A backlog that has lasted that long is taken to last
   * about as long again: the start of a flood is acked in moments (with one request a turn the acks
   * keep up with hundreds a second), while a backlog a second old is a flood the acks do not keep up
   * with. A command's estimate counts it, and its work is held no longer (`afterAcks`).
   */
  get holdNowMs(): number {
    if (this.#unacked <= 1 || this.#backlogSince === undefined) return 0;
    return Math.min(this.#maxHoldMs, Math.round(performance.now() - this.#backlogSince));
  }

  /** A request was read; call the function returned once it has been answered (once; more calls are ignored). */
  arrived(): () => void {
    this.#unacked++;
    if (this.#unacked === 1) this.#backlogSince = performance.now();
    let answered = false;
    return machinery('the ack scheduler', () => {
      if (answered) return;
      answered = true;
      this.#unacked--;
      if (this.#unacked === 0) {
        this.#backlogSince = undefined;
        this.#scheduleTurn();
      }
    });
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
   * wait for acks, when not `maxHoldMs`: longer for work whose wait was told, shorter for work whose
   * estimate counted a shorter hold (`holdNowMs` at its ack), 0 for not at all.
   */
  afterAcks(holdMs?: number): Promise<void> {
    // Held for no time: work acked while no other request waited, whose wait was told without a hold.
    if (holdMs === 0) return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const hold = holdMs ?? this.#maxHoldMs;
      insertByDeadline(hold > this.#maxHoldMs ? this.#patient : this.#held, { resolve, until: performance.now() + hold });
      this.#scheduleTurn();
    });
  }

  #scheduleTurn(): void {
    if (this.#turnScheduled || this.#held.length + this.#patient.length === 0) return;
    this.#turnScheduled = true;
    // setImmediate: after the I/O that is ready, i.e. after the requests already received were read.
    setImmediate(this.#turnOnce);
  }

  readonly #timerFired = machinery('the ack scheduler', () => {
    this.#timer = undefined;
    this.#scheduleTurn();
  });

  readonly #turnOnce = machinery('the ack scheduler', () => this.#turn());

  #turn(): void {
    this.#turnScheduled = false;
    if (this.#held.length + this.#patient.length === 0) return;
    const now = performance.now();
    if (this.#unacked > 0) {
      // Past its deadline while acks still wait: one per turn, enough to make progress under a flood
      // without taking the turn from the acks.
      const due = [this.#held, this.#patient].find((queue) => queue[0] !== undefined && queue[0].until <= now);
      if (due) {
        due.shift()!.resolve();
        this.#scheduleTurn();
        return;
      }
      // Held: the last ack (arrived()'s function) or the next deadline lets them go.
      const next = Math.min(this.#held[0]?.until ?? Infinity, this.#patient[0]?.until ?? Infinity);
      if (this.#timer && this.#timerAt <= next) return;
      if (this.#timer) clearTimeout(this.#timer);
      this.#timerAt = next;
      this.#timer = setTimeout(this.#timerFired, next - now);
      return;
    }
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    let count = this.#batch;
    for (const queue of [this.#held, this.#patient]) {
      for (const held of queue.splice(0, count)) {
        held.resolve();
        count--;
      }
    }
    this.#scheduleTurn();
  }
}

/** Keeps `queue` in deadline order; a new entry's deadline is mostly the latest, so the search starts at the end. */
function insertByDeadline(queue: Held[], held: Held): void {
  let at = queue.length;
  while (at > 0 && (queue[at - 1] as Held).until > held.until) at--;
  queue.splice(at, 0, held);
}
