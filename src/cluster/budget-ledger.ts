/**
 * The help desk's rate budget shared by every instance behind one IP, as a ledger of sends in
 * PostgreSQL (./schema.ts `talep_take_send`): each permit is one row per window it counts in, taken
 * under a transaction advisory lock on the scope, so two instances never take the last slot twice.
 * A 429 seen by one instance is a pause row every instance's next question sees. Each instance's
 * waiting head (priority, person) is a "want" the others defer to when it should go first, so
 * interactive calls go before background ones and people take turns across instances as well.
 *
 * The scope is the help desk plus the egress group (`HELPDESK_EGRESS_GROUP`): instances that leave
 * through the same IP share one scope, those with their own IP each their own.
 */
import type pg from 'pg';
import type { RateBudget } from '../api/endpoints.js';
import type { PermitAnswer, SendPermit, SendPermitRequest, SharedBudget } from '../api/shared-budget.js';
import type { Priority } from '../api/throttle.js';

export interface PgBudgetLedgerOptions {
  pool: pg.Pool;
  /** One scope per help desk and egress IP (see `egressScope`). */
  scope: string;
  /** This instance's name in the ledger (diagnostics only). */
  instance: string;
  /** A permit update (sent / cancelled) failed: the row stays, counted at its grant (the safe side). */
  onError?: (error: unknown) => void;
}

/** Lower goes first, across instances too. */
const RANK: Record<Priority, number> = { interactive: 0, background: 1 };

/** The ledger's scope: the help desk's origin and the egress group. */
export const egressScope = (helpdeskUrl: string, egressGroup: string): string => `${new URL(helpdeskUrl).origin} ${egressGroup}`;

export class PgBudgetLedger implements SharedBudget {
  readonly #pool: pg.Pool;
  readonly #scope: string;
  readonly #instance: string;
  readonly #onError: (error: unknown) => void;

  constructor(options: PgBudgetLedgerOptions) {
    this.#pool = options.pool;
    this.#scope = options.scope;
    this.#instance = options.instance;
    this.#onError = options.onError ?? (() => undefined);
  }

  async take(request: SendPermitRequest): Promise<PermitAnswer> {
    const windows = [...request.windows];
    const { rows } = await this.#pool.query<{ granted: boolean; retry_after_ms: number; permit_ids: string[] }>(
      'SELECT granted, retry_after_ms, permit_ids FROM talep_take_send($1, $2, $3, $4, $5, $6, $7)',
      [this.#scope, windows, windows.map((w) => request.limits[w]), request.windowMs, this.#instance, RANK[request.priority], request.userKey],
    );
    const row = rows[0];
    if (!row) throw new Error('talep_take_send answered nothing');
    if (!row.granted) return { granted: false, retryAfterMs: Math.ceil(row.retry_after_ms) };
    return { granted: true, permit: this.#permit(row.permit_ids) };
  }

  async pause(budget: RateBudget, ms: number): Promise<void> {
    await this.#pool.query(
      `INSERT INTO helpdesk_pauses (scope, budget, until) VALUES ($1, $2, talep_now_ms() + $3)
       ON CONFLICT (scope, budget) DO UPDATE SET until = greatest(helpdesk_pauses.until, excluded.until)`,
      [this.#scope, budget, ms],
    );
  }

  /** Sends counted in the scope's window right now (for tests and diagnostics). */
  async sentInWindow(budget: RateBudget, windowMs: number): Promise<number> {
    const { rows } = await this.#pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM helpdesk_sends WHERE scope = $1 AND budget = $2 AND at > talep_now_ms() - $3',
      [this.#scope, budget, windowMs],
    );
    return rows[0]?.n ?? 0;
  }

  #permit(ids: string[]): SendPermit {
    let settled = false;
    const settle = (sent: boolean) => {
      if (settled) return;
      settled = true;
      // Moving a send later only ever counts it longer: no lock needed.
      this.#pool.query('SELECT talep_send_settled($1::bigint[], $2)', [ids, sent]).catch(this.#onError);
    };
    return { sent: () => settle(true), cancel: () => settle(false) };
  }
}
