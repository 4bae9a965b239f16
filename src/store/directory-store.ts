/** Slack user → help-desk user, found once by e-mail (UserByEmail is on the tight search budget). */
import { type Database, type DirectoryEntry, key } from './database.js';

/** Entries older than this are looked up again (people change e-mails, accounts get merged). */
const MAX_AGE_MS = 24 * 60 * 60_000;

export class DirectoryStore {
  constructor(private readonly db: Database) {}

  get(teamId: string, slackUserId: string, now = Date.now()): DirectoryEntry | undefined {
    const entry = this.db.data.directory[key(teamId, slackUserId)];
    if (!entry || now - Date.parse(entry.at) > MAX_AGE_MS) return undefined;
    return entry;
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
