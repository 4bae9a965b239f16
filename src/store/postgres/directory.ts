/** Slack user → help-desk user found by e-mail, in PostgreSQL (see directory-store.ts). */
import type pg from 'pg';
import type { DirectoryEntry } from '../database.js';
import { type DirectoryStore, isFresh } from '../directory-store.js';

interface DirectoryRow {
  helpdesk_user_id: number;
  username: string;
  email: string;
  at: Date;
}

export class PostgresDirectoryStore implements DirectoryStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(teamId: string, slackUserId: string, now = Date.now()): Promise<DirectoryEntry | undefined> {
    const result = await this.pool.query<DirectoryRow>('SELECT helpdesk_user_id, username, email, at FROM directory WHERE team_id = $1 AND slack_user_id = $2', [
      teamId,
      slackUserId,
    ]);
    const row = result.rows[0];
    if (!row) return undefined;
    const entry: DirectoryEntry = { helpdeskUserId: row.helpdesk_user_id, username: row.username, email: row.email, at: row.at.toISOString() };
    return isFresh(entry, now) ? entry : undefined;
  }

  async set(teamId: string, slackUserId: string, entry: Omit<DirectoryEntry, 'at'>): Promise<void> {
    await this.pool.query(
      `INSERT INTO directory (team_id, slack_user_id, helpdesk_user_id, username, email, at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (team_id, slack_user_id) DO UPDATE SET helpdesk_user_id = EXCLUDED.helpdesk_user_id, username = EXCLUDED.username,
         email = EXCLUDED.email, at = EXCLUDED.at`,
      [teamId, slackUserId, entry.helpdeskUserId, entry.username, entry.email],
    );
  }

  async forget(teamId: string, slackUserId: string): Promise<void> {
    await this.pool.query('DELETE FROM directory WHERE team_id = $1 AND slack_user_id = $2', [teamId, slackUserId]);
  }
}
