/**
 * Idempotency keys: a user action that writes reserves its key before the help-desk call, and a repeat
 * (Slack's retry, a double click, a second copy arriving at the same instant) gets the first one's
 * answer instead of writing again.
 *
 * `reserve` is an atomic check-and-reserve: of any number of concurrent reservations of one key exactly
 * one gets 'reserved'. Entries are kept at least `retentionMs` (24 h) after they were last touched,
 * then pruned. A reservation that stays in flight longer than `leaseMs` is taken to be abandoned (the
 * process died mid-call) and may be reserved again; work that can take longer belongs in a durable job.
 *
 * The interface is small so that PostgreSQL can implement it later with one table
 * (`INSERT … ON CONFLICT DO NOTHING`, then read the row); the embedded implementation is below.
 */
import * as z from 'zod';
import type { Database } from './database.js';
import { type JsonValue, jsonValue } from './json-value.js';

/** What is being done and by whom: kept with the key for diagnostics and `/talep pending`-style views. */
export interface IdempotencyMeta {
  /** e.g. 'new-talep', 'comment', 'open-from-message'. */
  kind: string;
  /** The acting user, `team:user`. */
  actor: string;
}

export type ReserveOutcome =
  | 'reserved'
  | { state: 'in-flight'; reservedAt: Date; meta: IdempotencyMeta }
  | { state: 'done'; result: JsonValue; completedAt: Date };

export interface IdempotencyStore {
  /** Atomically: 'reserved' when the key was free (or abandoned), else what the first holder is doing or did. */
  reserve(key: string, meta: IdempotencyMeta): Promise<ReserveOutcome>;
  /** Records the result; repeats of the key answer with it until the entry is pruned. */
  complete(key: string, result: JsonValue): Promise<void>;
  /** Frees an in-flight key after a failure that is safe to retry (nothing was written). A done key stays. */
  release(key: string): Promise<void>;
  /** Removes expired entries; answers how many. */
  prune(): Promise<number>;
}

export const idempotencyEntry = z.object({
  state: z.enum(['in-flight', 'done']),
  kind: z.string(),
  actor: z.string(),
  reservedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().optional(),
  result: jsonValue.optional(),
  /** Pruned after this instant. */
  expiresAt: z.iso.datetime(),
});
export type IdempotencyEntry = z.infer<typeof idempotencyEntry>;
export const idempotencyTable = z.record(z.string(), idempotencyEntry);

export interface IdempotencyOptions {
  /** How long an entry is kept after its last change (default 24 h). */
  retentionMs?: number;
  /** An in-flight reservation older than this is abandoned and may be reserved again (default 15 min). */
  leaseMs?: number;
  /** Expired entries are swept at most this often during reservations (default 10 min). */
  pruneEveryMs?: number;
  now?: () => Date;
}

export const DEFAULT_RETENTION_MS = 24 * 60 * 60_000;
export const DEFAULT_LEASE_MS = 15 * 60_000;

/** The options with their defaults filled in: one reading for both implementations. */
export function idempotencySettings(options: IdempotencyOptions): Required<IdempotencyOptions> {
  return {
    retentionMs: Math.max(options.retentionMs ?? DEFAULT_RETENTION_MS, 0),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    pruneEveryMs: options.pruneEveryMs ?? 10 * 60_000,
    now: options.now ?? (() => new Date()),
  };
}

/** The embedded implementation: one table of the lowdb document. */
export class LowdbIdempotencyStore implements IdempotencyStore {
  readonly #retentionMs: number;
  readonly #leaseMs: number;
  readonly #pruneEveryMs: number;
  readonly #now: () => Date;
  #lastPrune = 0;

  constructor(
    private readonly db: Database,
    options: IdempotencyOptions = {},
  ) {
    ({ retentionMs: this.#retentionMs, leaseMs: this.#leaseMs, pruneEveryMs: this.#pruneEveryMs, now: this.#now } = idempotencySettings(options));
  }

  async reserve(key: string, meta: IdempotencyMeta): Promise<ReserveOutcome> {
    const now = this.#now();
    let outcome: ReserveOutcome = 'reserved';
    // The decision and the mutation happen in one synchronous section: no other reservation can run
    // between the check and the act, whatever awaits surround this call.
    await this.db.update((data) => {
      if (now.getTime() - this.#lastPrune >= this.#pruneEveryMs) this.#sweep(data.idempotency, now);
      const existing = data.idempotency[key];
      if (existing && Date.parse(existing.expiresAt) > now.getTime()) {
        if (existing.state === 'done') {
          outcome = { state: 'done', result: existing.result ?? null, completedAt: new Date(existing.completedAt ?? existing.reservedAt) };
          return;
        }
        if (now.getTime() - Date.parse(existing.reservedAt) < this.#leaseMs) {
          outcome = { state: 'in-flight', reservedAt: new Date(existing.reservedAt), meta: { kind: existing.kind, actor: existing.actor } };
          return;
        }
      }
      data.idempotency[key] = {
        state: 'in-flight',
        kind: meta.kind,
        actor: meta.actor,
        reservedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + Math.max(this.#retentionMs, this.#leaseMs)).toISOString(),
      };
    });
    return outcome;
  }

  async complete(key: string, result: JsonValue): Promise<void> {
    const now = this.#now();
    const parsed = jsonValue.parse(result);
    await this.db.update((data) => {
      const existing = data.idempotency[key];
      data.idempotency[key] = {
        state: 'done',
        kind: existing?.kind ?? 'unknown',
        actor: existing?.actor ?? 'unknown',
        reservedAt: existing?.reservedAt ?? now.toISOString(),
        completedAt: now.toISOString(),
        result: parsed,
        expiresAt: new Date(now.getTime() + this.#retentionMs).toISOString(),
      };
    });
  }

  async release(key: string): Promise<void> {
    if (this.db.data.idempotency[key]?.state !== 'in-flight') return;
    await this.db.update((data) => {
      if (data.idempotency[key]?.state === 'in-flight') delete data.idempotency[key];
    });
  }

  async prune(): Promise<number> {
    let removed = 0;
    await this.db.update((data) => {
      removed = this.#sweep(data.idempotency, this.#now());
    });
    return removed;
  }

  #sweep(table: Record<string, IdempotencyEntry>, now: Date): number {
    this.#lastPrune = now.getTime();
    let removed = 0;
    for (const [key, entry] of Object.entries(table)) {
      if (Date.parse(entry.expiresAt) <= now.getTime()) {
        delete table[key];
        removed += 1;
      }
    }
    return removed;
  }
}
