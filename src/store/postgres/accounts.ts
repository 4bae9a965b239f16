/** Account links in PostgreSQL: one row per Slack user; a change is one transaction under the user's key lock. */
import type pg from 'pg';
import type { AccountRecords } from '../account-store.js';
import type { AccountLink } from '../database.js';
import { inTransaction, lockKey } from './sql.js';

interface AccountRow {
  sealed_token: string;
  helpdesk_user_id: number;
  username: string;
  email: string;
  role: AccountLink['role'];
  linked_at: Date;
  verified_at: Date;
  rejected_at: Date | null;
}

const COLUMNS = 'sealed_token, helpdesk_user_id, username, email, role, linked_at, verified_at, rejected_at';

const toLink = (row: AccountRow): AccountLink => ({
  sealedToken: row.sealed_token,
  helpdeskUserId: row.helpdesk_user_id,
  username: row.username,
  email: row.email,
  role: row.role,
  linkedAt: row.linked_at.toISOString(),
  verifiedAt: row.verified_at.toISOString(),
  ...(row.rejected_at ? { rejectedAt: row.rejected_at.toISOString() } : {}),
});

export class PostgresAccountRecords implements AccountRecords {
  constructor(private readonly pool: pg.Pool) {}

  async read(teamId: string, slackUserId: string): Promise<AccountLink | undefined> {
    const result = await this.pool.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE team_id = $1 AND slack_user_id = $2`, [teamId, slackUserId]);
    const row = result.rows[0];
    return row ? toLink(row) : undefined;
  }

  async all(): Promise<{ teamId: string; slackUserId: string; link: AccountLink }[]> {
    const result = await this.pool.query<AccountRow & { team_id: string; slack_user_id: string }>(
      `SELECT team_id, slack_user_id, ${COLUMNS} FROM accounts ORDER BY team_id, slack_user_id`,
    );
    return result.rows.map((row) => ({ teamId: row.team_id, slackUserId: row.slack_user_id, link: toLink(row) }));
  }

  async change(teamId: string, slackUserId: string, decide: (current: AccountLink | undefined) => AccountLink | null | undefined): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      // The key lock also covers a user with no row yet (two first links at once).
      await lockKey(client, 'accounts', `${teamId}:${slackUserId}`);
      const found = await client.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE team_id = $1 AND slack_user_id = $2`, [teamId, slackUserId]);
      const current = found.rows[0];
      const next = decide(current ? toLink(current) : undefined);
      if (next === undefined) return;
      if (next === null) {
        await client.query('DELETE FROM accounts WHERE team_id = $1 AND slack_user_id = $2', [teamId, slackUserId]);
        return;
      }
      await client.query(
        `INSERT INTO accounts (team_id, slack_user_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (team_id, slack_user_id) DO UPDATE SET
           sealed_token = EXCLUDED.sealed_token, helpdesk_user_id = EXCLUDED.helpdesk_user_id, username = EXCLUDED.username,
           email = EXCLUDED.email, role = EXCLUDED.role, linked_at = EXCLUDED.linked_at, verified_at = EXCLUDED.verified_at,
           rejected_at = EXCLUDED.rejected_at`,
        [teamId, slackUserId, next.sealedToken, next.helpdeskUserId, next.username, next.email, next.role, next.linkedAt, next.verifiedAt, next.rejectedAt ?? null],
      );
    });
  }
}
