/**
 * Where the coordination tables come from (migrations 10 and 12, src/store/postgres/migrations/, applied
 * by `openPostgres` with the stores' migrations) and the advisory-lock key space this bot uses.
 */
import type pg from 'pg';
import { openPostgres } from '../store/postgres/open.js';
import * as coordination from '../store/postgres/migrations/010-coordination.js';
import * as signinOneSnapshot from '../store/postgres/migrations/012-signin-one-snapshot.js';

/** Advisory-lock key space of this bot (the first of the two int4 keys), clear of other users of the database. */
export const LOCK_SPACE = 500201;

/** Applies only the coordination migrations to the schema of `pool` (tests of this module alone). */
export async function ensureClusterSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCK_SPACE]);
    try {
      await client.query(coordination.sql);
      await client.query(signinOneSnapshot.sql);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCK_SPACE]);
    }
  } finally {
    client.release();
  }
}

export { openPostgres };
