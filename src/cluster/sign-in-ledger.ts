/**
 * The lock-out guard's sign-in budget shared by the instances behind one IP, in PostgreSQL
 * (./schema.ts `talep_claim_signin`, under a transaction advisory lock on the scope): an unverified
 * call's slot is a row `in-flight`, turned into `failed` when the help desk refused it, deleted
 * otherwise. A row left in flight by an instance that died counts as a failure (its outcome is
 * unknown) until the failure window passes — the same rule as the guard's own write-ahead memory.
 */
import type pg from 'pg';
import type { SharedSignIns, SignInClaim, SignInClaimAnswer } from '../api/shared-sign-ins.js';

export interface PgSignInLedgerOptions {
  pool: pg.Pool;
  /** The same scope as the budget ledger's (help desk + egress group). */
  scope: string;
  instance: string;
  /** An unverified call in flight longer than this is taken to be lost with its instance. Default 60 s. */
  staleMs?: number;
}

export class PgSignInLedger implements SharedSignIns {
  readonly #pool: pg.Pool;
  readonly #scope: string;
  readonly #instance: string;
  readonly #staleMs: number;

  constructor(options: PgSignInLedgerOptions) {
    this.#pool = options.pool;
    this.#scope = options.scope;
    this.#instance = options.instance;
    this.#staleMs = options.staleMs ?? 60_000;
  }

  async claim(call: SignInClaim): Promise<SignInClaimAnswer> {
    const { rows } = await this.#pool.query<{ outcome: string; retry_after_ms: number; attempt_id: string | null }>(
      'SELECT outcome, retry_after_ms, attempt_id FROM talep_claim_signin($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        this.#scope,
        call.credential,
        call.presenter,
        call.newCredential,
        call.maxFailures,
        call.newcomerReserve,
        call.failureWindowMs,
        this.#staleMs,
        this.#instance,
      ],
    );
    const row = rows[0];
    switch (row?.outcome) {
      case 'claimed': {
        const id = row.attempt_id;
        return {
          kind: 'claimed',
          slot: {
            settle: async (outcome) => {
              if (outcome === 'failed') {
                await this.#pool.query(`UPDATE signin_attempts SET state = 'failed', at = talep_now_ms() WHERE id = $1`, [id]);
              } else {
                await this.#pool.query('DELETE FROM signin_attempts WHERE id = $1', [id]);
              }
            },
          },
        };
      }
      case 'rejected':
        return { kind: 'rejected' };
      case 'paused':
        return { kind: 'paused', retryAfterMs: Math.max(0, Math.ceil(row.retry_after_ms)) };
      case 'wait':
        return { kind: 'wait', retryAfterMs: Math.max(0, Math.ceil(row.retry_after_ms)) };
      default:
        throw new Error(`talep_claim_signin answered ${JSON.stringify(row)}`);
    }
  }

  async reject(credential: string): Promise<void> {
    await this.#pool.query(
      'INSERT INTO signin_rejected (scope, credential, at) VALUES ($1, $2, talep_now_ms()) ON CONFLICT DO NOTHING',
      [this.#scope, credential],
    );
  }

  async startBlock(ms: number): Promise<void> {
    await this.#pool.query(
      `INSERT INTO signin_blocks (scope, until) VALUES ($1, talep_now_ms() + $2)
       ON CONFLICT (scope) DO UPDATE SET until = greatest(signin_blocks.until, excluded.until)`,
      [this.#scope, Math.max(0, ms)],
    );
  }

  async blockRemainingMs(): Promise<number> {
    const { rows } = await this.#pool.query<{ ms: number | null }>(
      'SELECT greatest(0, until - talep_now_ms()) AS ms FROM signin_blocks WHERE scope = $1',
      [this.#scope],
    );
    return Math.ceil(rows[0]?.ms ?? 0);
  }
}
