/**
 * A check whose answer is kept for a while: however often readiness is asked, the check itself runs at
 * most once per `maxAgeMs` (one run at a time; callers during a run share it). A check that throws
 * counts as failed, with the error's message.
 */
import type { CheckResult } from './readiness.js';

export class CachedCheck {
  readonly #run: () => Promise<CheckResult>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #last: { at: number; result: CheckResult } | undefined;
  #running: Promise<CheckResult> | undefined;

  constructor(run: () => Promise<CheckResult>, options: { maxAgeMs: number; now?: () => number }) {
    this.#run = run;
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? Date.now;
  }

  /** The last answer while it is fresh, else a new run's. */
  async get(): Promise<CheckResult> {
    if (this.#last && this.#now() - this.#last.at < this.#maxAgeMs) return this.#last.result;
    this.#running ??= this.#run()
      .catch((error: unknown): CheckResult => ({ ok: false, detail: error instanceof Error ? error.message : String(error) }))
      .then((result) => {
        this.#last = { at: this.#now(), result };
        return result;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Sets the answer (e.g. the start-up check's), fresh from now. */
  set(result: CheckResult): void {
    this.#last = { at: this.#now(), result };
  }
}
