/**
 * Settings people give a Slack channel: how much the bot's link previews may show there
 * (`/talep unfurl`), and what the channel does with messages (`/talep channel`: request channel or
 * triage, default category and priority, the emoji that opens a talep, thread sync). The interface is
 * async and small so a PostgreSQL table can replace the embedded implementation without touching callers.
 */
import * as z from 'zod';
import { CHANNEL_MODES, type ChannelMode } from '../domain/channel-mode.js';
import { DEFAULT_UNFURL_MODE, UNFURL_MODES, type UnfurlMode } from '../domain/unfurl-mode.js';
import type { Database } from './database.js';

/** Slack ids contain no colon (as database.ts's `key`, which this module cannot import: database.ts imports this one). */
const channelKey = (teamId: string, channelId: string): string => `${teamId}:${channelId}`;

/** What the channel does with messages (`/talep channel`). */
export interface ChannelRequests {
  mode: ChannelMode;
  /** The category (and priority) of taleps opened here by a request or the emoji. */
  categoryId?: number;
  priorityId?: number;
  /** The emoji's name as Slack sends it (`ticket`). */
  emoji: string;
  /** Whether linked threads here and their taleps exchange comments. */
  sync: boolean;
}

export interface ChannelSettings {
  unfurl: UnfurlMode;
  /** The language of the bot's posts there (`/talep language channel`); unset: the workspace default. */
  language?: 'en' | 'tr';
  /** Undefined: nobody opened `/talep channel` here (mode off, 🎫, sync on). */
  requests?: ChannelRequests;
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
  setRequests(teamId: string, channelId: string, requests: ChannelRequests, changedBy: string, at?: Date): Promise<void>;
  /** Every channel whose requests settings were set (the event filter's index is built from it). */
  withRequests(): Promise<{ teamId: string; channelId: string; requests: ChannelRequests }[]>;
}

export const channelRequestsEntry = z.object({
  mode: z.enum(CHANNEL_MODES),
  categoryId: z.int().positive().optional(),
  priorityId: z.int().optional(),
  emoji: z.string().min(1).max(100),
  sync: z.boolean(),
});

export const channelSettingsEntry = z.object({
  unfurl: z.enum(UNFURL_MODES),
  language: z.enum(['en', 'tr']).optional(),
  /** Absent in older files and until `/talep channel` was used here. */
  requests: channelRequestsEntry.optional(),
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
    const { language, requests, ...rest } = entry;
    return { ...rest, ...(requests ? { requests } : {}), ...(language ? { language } : {}), changedAt: new Date(entry.changedAt) };
  }

  async setRequests(teamId: string, channelId: string, requests: ChannelRequests, changedBy: string, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      const channel = channelKey(teamId, channelId);
      const kept = data.channelSettings[channel];
      const unfurl = kept?.unfurl ?? DEFAULT_UNFURL_MODE;
      data.channelSettings[channel] = {
        unfurl,
        requests: { ...requests },
        ...(kept?.language ? { language: kept.language } : {}),
        changedBy,
        changedAt: at.toISOString(),
      };
    });
  }

  async withRequests(): Promise<{ teamId: string; channelId: string; requests: ChannelRequests }[]> {
    return Object.entries(this.db.data.channelSettings).flatMap(([channel, entry]) => {
      const [teamId = '', channelId = ''] = channel.split(':');
      return entry.requests ? [{ teamId, channelId, requests: { ...entry.requests } }] : [];
    });
  }

  async setUnfurl(teamId: string, channelId: string, mode: UnfurlMode, changedBy: string, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      const kept = data.channelSettings[channelKey(teamId, channelId)];
      data.channelSettings[channelKey(teamId, channelId)] = {
        unfurl: mode,
        ...(kept?.requests ? { requests: kept.requests } : {}),
        ...(kept?.language ? { language: kept.language } : {}),
        changedBy,
        changedAt: at.toISOString(),
      };
    });
  }

  async setLanguage(teamId: string, channelId: string, language: 'en' | 'tr' | undefined, changedBy: string, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      // A channel nobody set yet keeps the default previews: only its language changes.
      const kept = data.channelSettings[channelKey(teamId, channelId)];
      data.channelSettings[channelKey(teamId, channelId)] = {
        unfurl: kept?.unfurl ?? DEFAULT_UNFURL_MODE,
        ...(kept?.requests ? { requests: kept.requests } : {}),
        ...(language ? { language } : {}),
        changedBy,
        changedAt: at.toISOString(),
      };
    });
  }
}
