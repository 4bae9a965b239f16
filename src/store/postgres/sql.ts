/** Small helpers the PostgreSQL stores share: a transaction, and a lock on one key within it. */
import type pg from 'pg';

/** Runs `work` in one transaction on one connection; rolls back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Serialises transactions about one key, also while its row does not exist yet (where `FOR UPDATE`
 * locks nothing): held until the transaction ends.
 */
export async function lockKey(client: pg.PoolClient, scope: string, key: string): Promise<void> {
  // The two-key form: one space per scope (a table), the key hashed within it.
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [scope, key]);
}
