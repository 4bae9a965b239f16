/**
 * The lock-out guard's snapshot in PostgreSQL: one row, replaced on every save (the embedded store's
 * `authGuard` key). The guard validates what it loads, so the column is plain jsonb.
 */
import type pg from 'pg';
import type { GuardMemory, GuardSnapshot } from '../../api/guard-memory.js';

export class PostgresGuardMemory implements GuardMemory {
  constructor(private readonly pool: pg.Pool) {}

  async load(): Promise<unknown> {
    const result = await this.pool.query<{ snapshot: unknown }>('SELECT snapshot FROM guard_memory WHERE id = 1');
    return result.rows[0]?.snapshot;
  }

  async save(snapshot: GuardSnapshot): Promise<void> {
    await this.pool.query(
      `INSERT INTO guard_memory (id, snapshot, saved_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET snapshot = EXCLUDED.snapshot, saved_at = EXCLUDED.saved_at`,
      [JSON.stringify(snapshot)],
    );
  }
}
