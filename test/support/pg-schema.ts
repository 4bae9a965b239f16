/**
 * A fresh PostgreSQL schema for a test file that needs several pools on it (several instances) or its
 * URL (for bot processes), on the server of ./postgres.ts (TEST_DATABASE_URL): tests never share tables.
 * Where the server cannot be reached the suites skip (`describe.skipIf(!pgAvailable)`); CI here has it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

import { postgresUnavailable, TEST_DATABASE_URL } from './postgres.js';

export const testDatabaseUrl = TEST_DATABASE_URL;
/** False where PostgreSQL cannot be reached (./postgres.ts says why, once). */
export const pgAvailable = postgresUnavailable === undefined;

export interface TestSchema {
  name: string;
  /** The URL with the schema as search_path (what a bot process gets as DATABASE_URL). */
  url: string;
  /** A new pool on the schema (each is ended by `drop`). */
  pool(options?: pg.PoolConfig): pg.Pool;
  drop(): Promise<void>;
}

export async function freshSchema(prefix = 't'): Promise<TestSchema> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const pools: pg.Pool[] = [];
  const url = new URL(testDatabaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    pool: (options = {}) => {
      const pool = new pg.Pool({ connectionString: testDatabaseUrl, options: `-c search_path=${name}`, max: 5, ...options });
      pool.on('error', () => undefined); // a test that kills connections sees the error where it awaits
      pools.push(pool);
      return pool;
    },
    drop: async () => {
      await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await client.end();
    },
  };
}
