/**
 * Settings people give a Slack channel: today how much the bot's link previews may show there
 * (`/talep unfurl`); the channel modal of a later issue adds more. The interface is async and small so
 * a PostgreSQL table can replace the embedded implementation without touching callers.
 */
import * as z from 'zod';
import { DEFAULT_UNFURL_MODE, UNFURL_MODES, type UnfurlMode } from '../domain/unfurl-mode.js';
import type { Database } from './database.js';

/** Slack ids contain no colon (as database.ts's `key`, which this module cannot import: database.ts imports this one). */
const channelKey = (teamId: string, channelId: string): string => `${teamId}:${channelId}`;

export interface ChannelSettings {
  unfurl: UnfurlMode;
  /** The language of the bot's posts there (`/talep language channel`); unset: the workspace default. */
  language?: 'en' | 'tr';
  /** `team:user` of whoever changed it last, and when. */
  changedBy: string;
  changedAt: Date;
}

export interface ChannelSettingsStore {
  /** The channel's settings, or undefined when nobody set any (the defaults apply). */
  get(teamId: string, channelId: string): Promise<ChannelSettings | undefined>;
  setUnfurl(teamId: string, channelId: string, mode: UnfurlMode, changedBy: string, at?: Date): Promise<void>;
  /** `undefined` goes back to the workspace default. */
  setLanguage(teamId: string, channelId: string, language: 'en' | 'tr' | undefined, changedBy: string, at?: Date): Promise<void>;
}

export const channelSettingsEntry = z.object({
  unfurl: z.enum(UNFURL_MODES),
  language: z.enum(['en', 'tr']).optional(),
  changedBy: z.string(),
  changedAt: z.iso.datetime(),
});
/** `team:channel` → settings. */
export const channelSettingsTable = z.record(z.string(), channelSettingsEntry);

/** The embedded implementation: one table of the lowdb document. */
export class LowdbChannelSettingsStore implements ChannelSettingsStore {
  constructor(private readonly db: Database) {}

  async get(teamId: string, channelId: string): Promise<ChannelSettings | undefined> {
    const entry = this.db.data.channelSettings[channelKey(teamId, channelId)];
    if (!entry) return undefined;
    const { language, ...rest } = entry;
    return { ...rest, ...(language ? { language } : {}), changedAt: new Date(entry.changedAt) };
  }

  async setUnfurl(teamId: string, channelId: string, mode: UnfurlMode, changedBy: string, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      const language = data.channelSettings[channelKey(teamId, channelId)]?.language;
      data.channelSettings[channelKey(teamId, channelId)] = { unfurl: mode, ...(language ? { language } : {}), changedBy, changedAt: at.toISOString() };
    });
  }

  async setLanguage(teamId: string, channelId: string, language: 'en' | 'tr' | undefined, changedBy: string, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      // A channel nobody set yet keeps the default previews: only its language changes.
      const unfurl = data.channelSettings[channelKey(teamId, channelId)]?.unfurl ?? DEFAULT_UNFURL_MODE;
      data.channelSettings[channelKey(teamId, channelId)] = { unfurl, ...(language ? { language } : {}), changedBy, changedAt: at.toISOString() };
    });
  }
}
