/**
 * The rule registry in PostgreSQL (see rule-registry.ts): registered ids in `rules`, the audit trail in
 * `rule_changes` (the newest MAX_LOG_ENTRIES per workspace are kept). A change and its log line are
 * one transaction under the workspace's key lock.
 */
import type pg from 'pg';
import type { RuleChange } from '../database.js';
import { MAX_LOG_ENTRIES, type RuleChangeKind, type RuleRegistry } from '../rule-registry.js';
import { inTransaction, lockKey } from './sql.js';

interface ChangeRow {
  rule_id: number;
  change: RuleChangeKind;
  by_user: string;
  at: Date;
}

const toChange = (row: ChangeRow): RuleChange => ({ ruleId: row.rule_id, change: row.change, by: row.by_user, at: row.at.toISOString() });

export class PostgresRuleRegistry implements RuleRegistry {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async ruleIds(teamId: string): Promise<number[]> {
    const result = await this.pool.query<{ rule_id: number }>('SELECT rule_id FROM rules WHERE team_id = $1 ORDER BY added', [teamId]);
    return result.rows.map((row) => row.rule_id);
  }

  async has(teamId: string, ruleId: number): Promise<boolean> {
    const result = await this.pool.query('SELECT 1 FROM rules WHERE team_id = $1 AND rule_id = $2', [teamId, ruleId]);
    return result.rowCount === 1;
  }

  async recentChanges(teamId: string, limit = 5): Promise<RuleChange[]> {
    if (limit <= 0) return [];
    const result = await this.pool.query<ChangeRow>('SELECT rule_id, change, by_user, at FROM rule_changes WHERE team_id = $1 ORDER BY id DESC LIMIT $2', [
      teamId,
      limit,
    ]);
    return result.rows.map(toChange);
  }

  async lastToggle(teamId: string, ruleId: number): Promise<RuleChange | undefined> {
    const result = await this.pool.query<ChangeRow>(
      `SELECT rule_id, change, by_user, at FROM rule_changes WHERE team_id = $1 AND rule_id = $2 AND change IN ('enabled', 'disabled')
       ORDER BY id DESC LIMIT 1`,
      [teamId, ruleId],
    );
    const row = result.rows[0];
    return row ? toChange(row) : undefined;
  }

  async add(teamId: string, ruleId: number, by: string): Promise<boolean> {
    return this.#change(teamId, ruleId, 'added', by, async (client) => {
      const inserted = await client.query('INSERT INTO rules (team_id, rule_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [teamId, ruleId]);
      return inserted.rowCount === 1;
    });
  }

  async remove(teamId: string, ruleId: number, by: string): Promise<boolean> {
    return this.#change(teamId, ruleId, 'removed', by, async (client) => {
      const deleted = await client.query('DELETE FROM rules WHERE team_id = $1 AND rule_id = $2', [teamId, ruleId]);
      return deleted.rowCount === 1;
    });
  }

  async recordToggle(teamId: string, ruleId: number, change: 'enabled' | 'disabled', by: string): Promise<void> {
    await this.#change(teamId, ruleId, change, by, async () => true);
  }

  async #change(teamId: string, ruleId: number, change: RuleChangeKind, by: string, mutate: (client: pg.PoolClient) => Promise<boolean>): Promise<boolean> {
    const at = this.now();
    return inTransaction(this.pool, async (client) => {
      // One workspace's changes in order: the log's trim below must not interleave with another change.
      await lockKey(client, 'rules', teamId);
      if (!(await mutate(client))) return false;
      await client.query('INSERT INTO rule_changes (team_id, rule_id, change, by_user, at) VALUES ($1, $2, $3, $4, $5)', [teamId, ruleId, change, by, at]);
      await client.query(
        `DELETE FROM rule_changes WHERE team_id = $1 AND id < (
           SELECT min(id) FROM (SELECT id FROM rule_changes WHERE team_id = $1 ORDER BY id DESC LIMIT $2) AS kept)`,
        [teamId, MAX_LOG_ENTRIES],
      );
      return true;
    });
  }
}
