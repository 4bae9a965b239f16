/** Per-channel settings in PostgreSQL (see channel-settings-store.ts): unfurl mode and requests settings, one row per channel. */
import type pg from 'pg';
import { DEFAULT_UNFURL_MODE, type UnfurlMode } from '../../domain/unfurl-mode.js';
import { type ChannelRequests, type ChannelSettings, type ChannelSettingsStore, channelRequestsEntry, channelSettingsEntry } from '../channel-settings-store.js';

interface SettingsRow {
  team_id: string;
  channel_id: string;
  unfurl: string;
  requests: unknown;
  language: string | null;
  changed_by: string;
  changed_at: Date;
}

export class PostgresChannelSettingsStore implements ChannelSettingsStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(teamId: string, channelId: string): Promise<ChannelSettings | undefined> {
    const result = await this.pool.query<SettingsRow>(
      'SELECT team_id, channel_id, unfurl, requests, language, changed_by, changed_at FROM channel_settings WHERE team_id = $1 AND channel_id = $2',
      [teamId, channelId],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    // Validated like the embedded table: what a later release wrote is not passed on unchecked.
    const entry = channelSettingsEntry.parse({
      unfurl: row.unfurl,
      ...(row.requests !== null ? { requests: row.requests } : {}),
      ...(row.language !== null ? { language: row.language } : {}),
      changedBy: row.changed_by,
      changedAt: row.changed_at.toISOString(),
    });
    return { ...entry, changedAt: row.changed_at };
  }

  async setUnfurl(teamId: string, channelId: string, mode: UnfurlMode, changedBy: string, at = new Date()): Promise<void> {
    // The requests settings stay as they are.
    await this.pool.query(
      `INSERT INTO channel_settings (team_id, channel_id, unfurl, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (team_id, channel_id) DO UPDATE SET unfurl = EXCLUDED.unfurl, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
      [teamId, channelId, mode, changedBy, at],
    );
  }

  async setRequests(teamId: string, channelId: string, requests: ChannelRequests, changedBy: string, at = new Date()): Promise<void> {
    // The unfurl mode stays as it is (the default for a channel nobody set).
    await this.pool.query(
      `INSERT INTO channel_settings (team_id, channel_id, unfurl, requests, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (team_id, channel_id) DO UPDATE SET requests = EXCLUDED.requests, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
      [teamId, channelId, DEFAULT_UNFURL_MODE, JSON.stringify(channelRequestsEntry.parse(requests)), changedBy, at],
    );
  }

  async setLanguage(teamId: string, channelId: string, language: 'en' | 'tr' | undefined, changedBy: string, at = new Date()): Promise<void> {
    // The unfurl mode and the requests settings stay as they are (the default unfurl for a channel nobody set).
    await this.pool.query(
      `INSERT INTO channel_settings (team_id, channel_id, unfurl, language, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (team_id, channel_id) DO UPDATE SET language = EXCLUDED.language, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
      [teamId, channelId, DEFAULT_UNFURL_MODE, language ?? null, changedBy, at],
    );
  }

  async withRequests(): Promise<{ teamId: string; channelId: string; requests: ChannelRequests }[]> {
    const result = await this.pool.query<SettingsRow>(
      'SELECT team_id, channel_id, unfurl, requests, changed_by, changed_at FROM channel_settings WHERE requests IS NOT NULL ORDER BY team_id, channel_id',
    );
    return result.rows.flatMap((row) => {
      const parsed = channelRequestsEntry.safeParse(row.requests);
      return parsed.success ? [{ teamId: row.team_id, channelId: row.channel_id, requests: parsed.data }] : [];
    });
  }
}
