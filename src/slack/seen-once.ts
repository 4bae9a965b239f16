/**
 * "Have I handled this already?" for things Slack may send twice: an event whose first delivery was
 * acknowledged late comes again with the same `event_id` (and an `X-Slack-Retry-Num`), a workflow step
 * the same `function_execution_id`. In memory and bounded: past `maxEntries` the oldest are forgotten,
 * and each is remembered for `ttlMs` (Slack retries within minutes). Used by workflow steps (steps.ts);
 * across instances they also claim the execution in `services.sharedDeliveries`. Message and reaction
 * events are kept in the store instead (`stores.seenEvents`, across restarts).
 */
import { TTLCache } from '@isaacs/ttlcache';

export interface SeenOnceOptions {
  /** Default 10,000. */
  maxEntries?: number;
  /** Default 1 hour (Slack's retries come within a few minutes). */
  ttlMs?: number;
}

export class SeenOnce {
  /** A TTL cache, not lru-cache: lru-cache takes memory for all `maxEntries` up front, at start. */
  readonly #seen: TTLCache<string, true>;

  constructor(options: SeenOnceOptions = {}) {
    this.#seen = new TTLCache<string, true>({ max: Math.max(1, options.maxEntries ?? 10_000), ttl: options.ttlMs ?? 60 * 60_000 });
  }

  /** True the first time `key` is offered (and remembers it); false while it is remembered. */
  firstTime(key: string): boolean {
    if (this.#seen.has(key)) return false;
    this.#seen.set(key, true);
    return true;
  }

  /** Forgets `key`, so it may be handled again (its handling failed before doing anything). */
  forget(key: string): void {
    this.#seen.delete(key);
  }

  get size(): number {
    return this.#seen.size;
  }
}
