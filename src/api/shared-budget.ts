/**
 * The port through which several bot instances that leave through one IP share the help desk's rate
 * budget (the help desk counts per IP, so N instances each keeping 90/min would send N × 90/min).
 *
 * The in-process `Throttle` still queues, orders (priorities, per-user turns) and estimates; before it
 * lets its next call go it asks the shared budget for a send permit, one question at a time, so its own
 * order is kept. The shared budget answers from one ledger all instances write (PostgreSQL:
 * src/cluster/budget-ledger.ts): a permit, or how long to wait before asking again. Times are the
 * ledger's own clock, so instances with skewed clocks still count one window.
 *
 * Nothing here knows of PostgreSQL: the client stays usable on its own.
 */
import type { RateBudget } from './endpoints.js';
import type { Priority } from './throttle.js';

export interface SendPermitRequest {
  /** Every window this call counts in (a search call: the general and the search window). */
  windows: readonly RateBudget[];
  /** Limits per window and the window length (with the safety margin): every instance passes the same. */
  limits: Record<RateBudget, number>;
  windowMs: number;
  priority: Priority;
  /** Who the call is for (fairness); an opaque key. */
  userKey: string;
}

/** A granted send, counted from the moment it was granted: say when it really went, or that it never will. */
export interface SendPermit {
  /** The call went on the wire now: its count moves to this instant (the server counts on arrival). */
  sent(): void;
  /** The call will never go: its place is given back. */
  cancel(): void;
}

export type PermitAnswer = { granted: true; permit: SendPermit } | { granted: false; retryAfterMs: number };

export interface SharedBudget {
  /** One atomic decision: a permit when every window has room and no pause runs, else when to ask again. */
  take(request: SendPermitRequest): Promise<PermitAnswer>;
  /** A 429 seen by this instance pauses every instance (a pause never shortens one already running). */
  pause(budget: RateBudget, ms: number): Promise<void>;
}
