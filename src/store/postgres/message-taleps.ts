/**
 * Message → talep links in PostgreSQL (see message-taleps.ts). `reserve` decides and writes in one
 * transaction under the message's key lock: of any number of concurrent reservations on any
 * instances, one wins.
 */
import type pg from 'pg';
import type { MessageTalep } from '../database.js';
import type { MessageClaim, MessageTalepStore } from '../message-taleps.js';
import { inTransaction, lockKey } from './sql.js';

interface LinkRow {
  talep_id: number | null;
  job_key: string | null;
  created_by: string;
  at: Date;
}

const toLink = (row: LinkRow): MessageTalep => ({
  ...(row.talep_id !== null ? { talepId: row.talep_id } : {}),
  ...(row.job_key !== null ? { jobKey: row.job_key } : {}),
  createdBy: row.created_by,
  at: row.at.toISOString(),
});

const WHERE = 'team_id = $1 AND channel_id = $2 AND message_ts = $3';

export class PostgresMessageTalepStore implements MessageTalepStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(teamId: string, channelId: string, messageTs: string): Promise<MessageTalep | undefined> {
    const result = await this.pool.query<LinkRow>(`SELECT talep_id, job_key, created_by, at FROM message_taleps WHERE ${WHERE}`, [teamId, channelId, messageTs]);
    const row = result.rows[0];
    return row ? toLink(row) : undefined;
  }

  async reserve(
    teamId: string,
    channelId: string,
    messageTs: string,
    claim: { jobKey: string; createdBy: string },
    options: { replacing?: string } = {},
  ): Promise<MessageClaim> {
    return inTransaction(this.pool, async (client) => {
      // The key lock serialises reservations of one message on every instance, also before its row exists.
      await lockKey(client, 'message_taleps', `${teamId}:${channelId}:${messageTs}`);
      const found = await client.query<LinkRow>(`SELECT talep_id, job_key, created_by, at FROM message_taleps WHERE ${WHERE}`, [teamId, channelId, messageTs]);
      const existing = found.rows[0];
      if (existing && existing.talep_id !== null) return { state: 'opened', talepId: existing.talep_id, createdBy: existing.created_by };
      if (existing && existing.job_key !== null && existing.job_key !== claim.jobKey && existing.job_key !== options.replacing) {
        return { state: 'opening', jobKey: existing.job_key, createdBy: existing.created_by, at: existing.at };
      }
      await client.query(
        `INSERT INTO message_taleps (team_id, channel_id, message_ts, job_key, created_by, at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (team_id, channel_id, message_ts) DO UPDATE SET talep_id = NULL, job_key = EXCLUDED.job_key,
           created_by = EXCLUDED.created_by, at = EXCLUDED.at`,
        [teamId, channelId, messageTs, claim.jobKey, claim.createdBy],
      );
      return { state: 'reserved' } as const;
    });
  }

  async release(teamId: string, channelId: string, messageTs: string, jobKey: string): Promise<void> {
    await this.pool.query(`DELETE FROM message_taleps WHERE ${WHERE} AND job_key = $4 AND talep_id IS NULL`, [teamId, channelId, messageTs, jobKey]);
  }

  async set(teamId: string, channelId: string, messageTs: string, talepId: number, createdBy: string): Promise<void> {
    // The reservation's job key stays (it tells which work opened the talep).
    await this.pool.query(
      `INSERT INTO message_taleps (team_id, channel_id, message_ts, talep_id, created_by, at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (team_id, channel_id, message_ts) DO UPDATE SET talep_id = EXCLUDED.talep_id, created_by = EXCLUDED.created_by, at = EXCLUDED.at`,
      [teamId, channelId, messageTs, talepId, createdBy],
    );
  }

  async forget(teamId: string, channelId: string, messageTs: string): Promise<void> {
    await this.pool.query(`DELETE FROM message_taleps WHERE ${WHERE}`, [teamId, channelId, messageTs]);
  }

  async messagesOf(talepId: number): Promise<{ teamId: string; channelId: string; ts: string; createdBy: string }[]> {
    const result = await this.pool.query<{ team_id: string; channel_id: string; message_ts: string; created_by: string }>(
      'SELECT team_id, channel_id, message_ts, created_by FROM message_taleps WHERE talep_id = $1 ORDER BY at, message_ts',
      [talepId],
    );
    return result.rows.map((row) => ({ teamId: row.team_id, channelId: row.channel_id, ts: row.message_ts, createdBy: row.created_by }));
  }

  async forgetTalep(talepId: number): Promise<number> {
    const result = await this.pool.query('DELETE FROM message_taleps WHERE talep_id = $1', [talepId]);
    return result.rowCount ?? 0;
  }
}
