/**
 * A fresh PostgreSQL schema per test file, on the real local server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test): tests never share tables and may run in parallel. Where the
 * server cannot be reached the suites say so and skip (`describe.skipIf(!pgAvailable)`); CI here has it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function canConnect(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    process.stderr.write(`PostgreSQL tests skipped: cannot connect to ${testDatabaseUrl.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message})\n`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const pgAvailable = await canConnect();

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
