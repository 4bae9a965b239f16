/** Per-channel settings in PostgreSQL (see channel-settings-store.ts). */
import type pg from 'pg';
import type { UnfurlMode } from '../../domain/unfurl-mode.js';
import { type ChannelSettings, type ChannelSettingsStore, channelSettingsEntry } from '../channel-settings-store.js';

export class PostgresChannelSettingsStore implements ChannelSettingsStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(teamId: string, channelId: string): Promise<ChannelSettings | undefined> {
    const result = await this.pool.query<{ unfurl: string; changed_by: string; changed_at: Date }>(
      'SELECT unfurl, changed_by, changed_at FROM channel_settings WHERE team_id = $1 AND channel_id = $2',
      [teamId, channelId],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    // Validated like the embedded table: a mode a later release wrote is not passed on unchecked.
    const entry = channelSettingsEntry.parse({ unfurl: row.unfurl, changedBy: row.changed_by, changedAt: row.changed_at.toISOString() });
    return { ...entry, changedAt: row.changed_at };
  }

  async setUnfurl(teamId: string, channelId: string, mode: UnfurlMode, changedBy: string, at = new Date()): Promise<void> {
    await this.pool.query(
      `INSERT INTO channel_settings (team_id, channel_id, unfurl, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (team_id, channel_id) DO UPDATE SET unfurl = EXCLUDED.unfurl, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
      [teamId, channelId, mode, changedBy, at],
    );
  }
}
