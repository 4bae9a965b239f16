/** Slack user → help-desk user, found once by e-mail (UserByEmail is on the tight search budget). */
import { type Database, type DirectoryEntry, key } from './database.js';

/** Entries older than this are looked up again (people change e-mails, accounts get merged). */
const MAX_AGE_MS = 24 * 60 * 60_000;

export interface DirectoryStore {
  /** The entry, unless missing or older than a day (then it is looked up again). */
  get(teamId: string, slackUserId: string, now?: number): Promise<DirectoryEntry | undefined>;
  set(teamId: string, slackUserId: string, entry: Omit<DirectoryEntry, 'at'>): Promise<void>;
  forget(teamId: string, slackUserId: string): Promise<void>;
}

/** `at` older than this is stale. */
export const isFresh = (entry: DirectoryEntry, now: number): boolean => now - Date.parse(entry.at) <= MAX_AGE_MS;

export class LowdbDirectoryStore implements DirectoryStore {
  constructor(private readonly db: Database) {}

  async get(teamId: string, slackUserId: string, now = Date.now()): Promise<DirectoryEntry | undefined> {
    const entry = this.db.data.directory[key(teamId, slackUserId)];
    if (!entry || !isFresh(entry, now)) return undefined;
    return { ...entry };
  }

  async set(teamId: string, slackUserId: string, entry: Omit<DirectoryEntry, 'at'>): Promise<void> {
    await this.db.update((data) => {
      data.directory[key(teamId, slackUserId)] = { ...entry, at: new Date().toISOString() };
    });
  }

  async forget(teamId: string, slackUserId: string): Promise<void> {
    await this.db.update((data) => {
      delete data.directory[key(teamId, slackUserId)];
    });
  }
}
