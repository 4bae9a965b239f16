/**
 * The language each person chose with `/talep language tr|en` (`auto` forgets it, and their Slack
 * locale applies again). Async and small, so a PostgreSQL table can replace the embedded one.
 */
import * as z from 'zod';
import type { Database } from './database.js';

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LanguageStore {
  /** The person's chosen language, or undefined when they chose none. */
  get(teamId: string, userId: string): Promise<Language | undefined>;
  /** `undefined` forgets the choice. */
  set(teamId: string, userId: string, language: Language | undefined, at?: Date): Promise<void>;
}

export const languageEntry = z.object({ language: z.enum(LANGUAGES), at: z.iso.datetime() });
/** `team:user` → the chosen language. */
export const languagesTable = z.record(z.string(), languageEntry);

const personKey = (teamId: string, userId: string): string => `${teamId}:${userId}`;

export class LowdbLanguageStore implements LanguageStore {
  constructor(private readonly db: Database) {}

  async get(teamId: string, userId: string): Promise<Language | undefined> {
    return this.db.data.languages[personKey(teamId, userId)]?.language;
  }

  async set(teamId: string, userId: string, language: Language | undefined, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      if (language) data.languages[personKey(teamId, userId)] = { language, at: at.toISOString() };
      else delete data.languages[personKey(teamId, userId)];
    });
  }
}
