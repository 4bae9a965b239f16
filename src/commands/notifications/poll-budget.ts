/**
 * The poller's own share of the help desk's budget: at most `share` of each limit (90/min general,
 * 60/min search by default) over a sliding minute, counted by the poller itself. Its calls also go
 * through the client's throttle at `background` priority, so an interactive call always goes first;
 * and the poller does not start a call while interactive calls are queued, so nobody waits behind it.
 */
export type PollBudgetName = 'general' | 'search';

export interface PollBudgetOptions {
  share: number;
  limits?: { general: number; search: number };
  windowMs?: number;
  now?: () => number;
}

export class PollBudget {
  readonly #allowed: Record<PollBudgetName, number>;
  readonly #sent: Record<PollBudgetName, number[]> = { general: [], search: [] };
  readonly #windowMs: number;
  readonly #now: () => number;
  /** Every call the poller made (for the bench's "share used"). */
  readonly used: Record<PollBudgetName, number> = { general: 0, search: 0 };

  constructor(options: PollBudgetOptions) {
    const limits = options.limits ?? { general: 90, search: 60 };
    this.#allowed = {
      general: Math.max(1, Math.floor(limits.general * options.share)),
      search: Math.max(1, Math.floor(limits.search * options.share)),
    };
    this.#windowMs = options.windowMs ?? 61_000;
    this.#now = options.now ?? Date.now;
  }

  /** Calls allowed per window. */
  allowed(budget: PollBudgetName): number {
    return this.#allowed[budget];
  }

  #prune(budget: PollBudgetName, now: number): number[] {
    const log = this.#sent[budget];
    while (log.length > 0 && log[0]! <= now - this.#windowMs) log.shift();
    return log;
  }

  /** Takes one call of `budget` (a search call also counts as a general one) when the share allows it now. */
  take(budget: PollBudgetName): boolean {
    const now = this.#now();
    const general = this.#prune('general', now);
    const search = this.#prune('search', now);
    if (general.length >= this.#allowed.general) return false;
    if (budget === 'search' && search.length >= this.#allowed.search) return false;
    general.push(now);
    this.used.general += 1;
    if (budget === 'search') {
      search.push(now);
      this.used.search += 1;
    }
    return true;
  }

  /** Calls still allowed now. */
  left(budget: PollBudgetName): number {
    const now = this.#now();
    const general = this.#allowed.general - this.#prune('general', now).length;
    return budget === 'general' ? general : Math.min(general, this.#allowed.search - this.#prune('search', now).length);
  }
}
