/**
 * The real local PostgreSQL for store tests: TEST_DATABASE_URL (default the machines' trust-auth
 * `test` database). Each test gets its own schema (dropped afterwards), so tests never see each
 * other's rows and may run in parallel. Where no server answers, suites skip with the reason.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type OpenPostgresOptions } from '../../src/store/postgres/open.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probe(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Undefined when PostgreSQL answers; else why not (tests skip, saying so). */
export const postgresUnavailable = await probe();
if (postgresUnavailable) {
  console.warn(`PostgreSQL store tests are SKIPPED: ${TEST_DATABASE_URL} cannot be reached (${postgresUnavailable}). Set TEST_DATABASE_URL to run them.`);
}

/** A fresh schema name. */
export const freshSchema = (): string => `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

const opened: { pool: pg.Pool; schema: string }[] = [];

/** A migrated pool on a schema of its own; `dropTestSchemas` (afterEach) removes it. */
export async function openTestPostgres(options: OpenPostgresOptions = {}): Promise<pg.Pool> {
  const schema = options.schema ?? freshSchema();
  const pool = await openPostgres(TEST_DATABASE_URL, { max: 4, ...options, schema });
  opened.push({ pool, schema });
  return pool;
}

/** Closes every test pool opened here and drops its schema (an afterEach hook). */
export const dropTestSchemas = (): Promise<void> => dropTestSchemasOf(opened.map((entry) => entry.pool));

/** Closes these test pools and drops their schemas. */
export async function dropTestSchemasOf(pools: readonly pg.Pool[]): Promise<void> {
  const all = opened.filter((entry) => pools.includes(entry.pool));
  for (const entry of all) opened.splice(opened.indexOf(entry), 1);
  const schemas = [...new Set(all.map((entry) => entry.schema))];
  await Promise.all(all.map((entry) => entry.pool.end().catch(() => undefined)));
  if (schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
