/**
 * Changes to one talep that arrive close together become one update: each talep waits until it has
 * been quiet for `quietMs` (at most `maxWaitMs` after its first change), then is handled once. One
 * talep is never handled twice at the same time: a change that arrives while it is being handled
 * starts a new wait that begins after the handling ends.
 */
import type { TalepChange } from '../../events/talep-changes.js';
import { machinery } from '../../machinery.js';

export interface CoalescerOptions {
  quietMs: number;
  maxWaitMs?: number;
  handle: (talepId: number, changes: readonly TalepChange[]) => Promise<void>;
  onError: (error: unknown, talepId: number) => void;
}

interface Pending {
  changes: TalepChange[];
  firstAt: number;
  timer: NodeJS.Timeout | undefined;
}

export class Coalescer {
  readonly #pending = new Map<number, Pending>();
  readonly #running = new Map<number, Promise<void>>();
  readonly #options: Required<Omit<CoalescerOptions, 'handle' | 'onError'>> & CoalescerOptions;
  #stopped = false;

  constructor(options: CoalescerOptions) {
    this.#options = { maxWaitMs: 5_000, ...options };
  }

  add(change: TalepChange): void {
    if (this.#stopped) return;
    const now = Date.now();
    let pending = this.#pending.get(change.talepId);
    if (!pending) {
      pending = { changes: [], firstAt: now, timer: undefined };
      this.#pending.set(change.talepId, pending);
    }
    pending.changes.push(change);
    this.#arm(change.talepId, pending, now);
  }

  #arm(talepId: number, pending: Pending, now: number): void {
    if (pending.timer) clearTimeout(pending.timer);
    const due = Math.min(now + this.#options.quietMs, pending.firstAt + this.#options.maxWaitMs);
    pending.timer = setTimeout(machinery('the notification coalescer', () => this.#fire(talepId)), Math.max(0, due - now));
  }

  #fire(talepId: number): void {
    const running = this.#running.get(talepId);
    if (running) {
      // Handled once the running one ends (then with every change gathered meanwhile).
      void running.finally(() => {
        const pending = this.#pending.get(talepId);
        if (pending) this.#arm(talepId, pending, Date.now());
      });
      return;
    }
    const pending = this.#pending.get(talepId);
    if (!pending) return;
    this.#pending.delete(talepId);
    const run = this.#options
      .handle(talepId, pending.changes)
      .catch((error: unknown) => this.#options.onError(error, talepId))
      .finally(() => this.#running.delete(talepId));
    this.#running.set(talepId, run);
  }

  /** Handles what is waiting now (no more waiting), then refuses new changes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const [talepId, pending] of this.#pending) {
      if (pending.timer) clearTimeout(pending.timer);
      this.#fire(talepId);
    }
    await Promise.all(this.#running.values());
  }

  /** Nothing waiting or running (tests and the bench wait for this). */
  get idle(): boolean {
    return this.#pending.size === 0 && this.#running.size === 0;
  }
}
