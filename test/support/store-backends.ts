/**
 * The two store implementations for contract tests: each suite runs `describe.each(storeBackends)`, so
 * one set of expectations holds for the embedded store and for PostgreSQL (a schema per test). The
 * PostgreSQL run is skipped, saying why, only where no server answers (test/support/postgres.ts).
 */
import type pg from 'pg';
import type { JobQueue } from '../../src/jobs/job-queue.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { type IdempotencyOptions, LowdbIdempotencyStore, type IdempotencyStore } from '../../src/store/idempotency-store.js';
import { openStores, type Stores } from '../../src/store/index.js';
import { LowdbJobQueue } from '../../src/store/job-store.js';
import { PostgresIdempotencyStore } from '../../src/store/postgres/idempotency.js';
import { PostgresJobQueue } from '../../src/store/postgres/jobs.js';
import { PostgresRuleRegistry } from '../../src/store/postgres/rules.js';
import { LowdbRuleRegistry, type RuleRegistry } from '../../src/store/rule-registry.js';
import { openTestPostgres, postgresUnavailable } from './postgres.js';

/** One opened store: the embedded document or a migrated PostgreSQL schema. */
export type StoreHandle = { kind: 'embedded'; db: Database } | { kind: 'postgres'; pool: pg.Pool };

export interface StoreBackend {
  name: 'embedded' | 'postgres';
  /** Why this backend cannot run here, or undefined. */
  unavailable: string | undefined;
  /** A fresh, empty store (PostgreSQL: a schema of its own, dropped by `dropTestSchemas`). */
  open(): Promise<StoreHandle>;
}

export const storeBackends: StoreBackend[] = [
  { name: 'embedded', unavailable: undefined, open: async () => ({ kind: 'embedded', db: await openDatabase(undefined) }) },
  { name: 'postgres', unavailable: postgresUnavailable, open: async () => ({ kind: 'postgres', pool: await openTestPostgres() }) },
];

/** Every store on `handle` (as the bot opens them). */
export const storesOn = (handle: StoreHandle, keys: Buffer | readonly Buffer[]): Promise<Stores> =>
  openStores(handle.kind === 'embedded' ? handle.db : { postgres: handle.pool }, keys);

/** The stores whose clock a test drives. */
export function jobQueueOn(handle: StoreHandle, options: { now?: () => Date; leaseMs?: number; defaultMaxAttempts?: number } = {}): JobQueue {
  return handle.kind === 'embedded' ? new LowdbJobQueue(handle.db, options) : new PostgresJobQueue(handle.pool, options);
}

export function idempotencyOn(handle: StoreHandle, options: IdempotencyOptions = {}): IdempotencyStore {
  return handle.kind === 'embedded' ? new LowdbIdempotencyStore(handle.db, options) : new PostgresIdempotencyStore(handle.pool, options);
}

export function rulesOn(handle: StoreHandle, now: () => Date): RuleRegistry {
  return handle.kind === 'embedded' ? new LowdbRuleRegistry(handle.db, now) : new PostgresRuleRegistry(handle.pool, now);
}
