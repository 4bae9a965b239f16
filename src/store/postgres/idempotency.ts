/**
 * Idempotency keys in PostgreSQL (see idempotency-store.ts for the contract). `reserve` is one
 * transaction under the key's lock, so of concurrent reservations on any number of instances exactly one
 * gets 'reserved'. Instants come from the injected clock, as in the embedded store.
 */
import type pg from 'pg';
import {
  idempotencySettings,
  type IdempotencyMeta,
  type IdempotencyOptions,
  type IdempotencyStore,
  type ReserveOutcome,
} from '../idempotency-store.js';
import { type JsonValue, jsonValue } from '../json-value.js';
import { inTransaction, lockKey } from './sql.js';

interface KeyRow {
  state: 'in-flight' | 'done';
  kind: string;
  actor: string;
  reserved_at: Date;
  completed_at: Date | null;
  result: JsonValue | null;
  expires_at: Date;
}

export class PostgresIdempotencyStore implements IdempotencyStore {
  readonly #retentionMs: number;
  readonly #leaseMs: number;
  readonly #pruneEveryMs: number;
  readonly #now: () => Date;
  #lastPrune = 0;

  constructor(
    private readonly pool: pg.Pool,
    options: IdempotencyOptions = {},
  ) {
    ({ retentionMs: this.#retentionMs, leaseMs: this.#leaseMs, pruneEveryMs: this.#pruneEveryMs, now: this.#now } = idempotencySettings(options));
  }

  async reserve(key: string, meta: IdempotencyMeta): Promise<ReserveOutcome> {
    const now = this.#now();
    if (now.getTime() - this.#lastPrune >= this.#pruneEveryMs) await this.prune();
    return inTransaction(this.pool, async (client) => {
      await lockKey(client, 'idempotency', key);
      const found = await client.query<KeyRow>('SELECT state, kind, actor, reserved_at, completed_at, result, expires_at FROM idempotency_keys WHERE key = $1', [key]);
      const existing = found.rows[0];
      if (existing && existing.expires_at.getTime() > now.getTime()) {
        if (existing.state === 'done') return { state: 'done', result: existing.result, completedAt: existing.completed_at ?? existing.reserved_at };
        if (now.getTime() - existing.reserved_at.getTime() < this.#leaseMs) {
          return { state: 'in-flight', reservedAt: existing.reserved_at, meta: { kind: existing.kind, actor: existing.actor } };
        }
      }
      await client.query(
        `INSERT INTO idempotency_keys (key, state, kind, actor, reserved_at, completed_at, result, expires_at) VALUES ($1, 'in-flight', $2, $3, $4, NULL, NULL, $5)
         ON CONFLICT (key) DO UPDATE SET state = EXCLUDED.state, kind = EXCLUDED.kind, actor = EXCLUDED.actor, reserved_at = EXCLUDED.reserved_at,
           completed_at = NULL, result = NULL, expires_at = EXCLUDED.expires_at`,
        [key, meta.kind, meta.actor, now, new Date(now.getTime() + Math.max(this.#retentionMs, this.#leaseMs))],
      );
      return 'reserved' as const;
    });
  }

  async complete(key: string, result: JsonValue): Promise<void> {
    const now = this.#now();
    const parsed = jsonValue.parse(result);
    await this.pool.query(
      `INSERT INTO idempotency_keys (key, state, kind, actor, reserved_at, completed_at, result, expires_at) VALUES ($1, 'done', 'unknown', 'unknown', $2, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET state = 'done', completed_at = EXCLUDED.completed_at, result = EXCLUDED.result, expires_at = EXCLUDED.expires_at`,
      [key, now, JSON.stringify(parsed), new Date(now.getTime() + this.#retentionMs)],
    );
  }

  async release(key: string): Promise<void> {
    await this.pool.query("DELETE FROM idempotency_keys WHERE key = $1 AND state = 'in-flight'", [key]);
  }

  async prune(): Promise<number> {
    const now = this.#now();
    this.#lastPrune = now.getTime();
    const result = await this.pool.query('DELETE FROM idempotency_keys WHERE expires_at <= $1', [now]);
    return result.rowCount ?? 0;
  }
}
