/** The bot's persistent state, opened once at start-up. */
import { join } from 'node:path';
import type { JobQueue } from '../jobs/job-queue.js';
import { AccountStore } from './account-store.js';
import { type ChannelSettingsStore, LowdbChannelSettingsStore } from './channel-settings-store.js';
import { TokenCipher } from './crypto.js';
import { type Database, openDatabase } from './database.js';
import { DirectoryStore } from './directory-store.js';
import { type IdempotencyStore, LowdbIdempotencyStore } from './idempotency-store.js';
import { LowdbJobQueue } from './job-store.js';
import { type LanguageStore, LowdbLanguageStore } from './language-store.js';
import { MessageTalepStore } from './message-taleps.js';
import { LowdbNotifyStore, type NotifyStore } from './notify-store.js';
import { ReminderStore } from './reminder-store.js';
import { RuleRegistry } from './rule-registry.js';
import { LowdbSeenEventStore, type SeenEventStore } from './seen-event-store.js';
import { LowdbThreadLinkStore, type ThreadLinkStore } from './thread-link-store.js';

export interface Stores {
  db: Database;
  accounts: AccountStore;
  directory: DirectoryStore;
  messageTaleps: MessageTalepStore;
  /** Automation rules registered per workspace (the API cannot list them) and their change log. */
  rules: RuleRegistry;
  /** Reserve-before-write keys of user actions, kept ≥ 24 h. */
  idempotency: IdempotencyStore;
  /** Durable jobs: accepted work that a worker sends, retries and dead-letters. */
  jobs: JobQueue;
  /** `/talep remind` reminders (Slack holds the messages; this lists and cancels them). */
  reminders: ReminderStore;
  /** What people set per channel (how much link previews show there). */
  channelSettings: ChannelSettingsStore;
  /** The language each person chose (`/talep language`). */
  languages: LanguageStore;
  /** Events handled, by event id, kept ≥ 1 h (Slack re-sends late-acked events, also across restarts). */
  seenEvents: SeenEventStore;
  /** Slack threads linked to taleps (thread sync), replies kept for unlinked people, last categories. */
  threadLinks: ThreadLinkStore;
  /** Help desk → Slack: feeds, feed cards, personal notification state and settings, poll marks. */
  notify: NotifyStore;
}

export const DATABASE_FILE_NAME = 'talep-bot.json';

export const databaseFilePath = (dataDir: string): string => join(dataDir, DATABASE_FILE_NAME);

/**
 * `source`: the data directory, an already opened database (the entry point opens it first to check
 * the keys against it), or undefined to keep everything in memory (tests). `keys`: the current token
 * key first, then older keys that may still open stored tokens.
 */
export async function openStores(source: string | Database | undefined, keys: Buffer | readonly Buffer[]): Promise<Stores> {
  const db = typeof source === 'object' ? source : await openDatabase(source === undefined ? undefined : databaseFilePath(source));
  return {
    db,
    accounts: new AccountStore(db, new TokenCipher(keys)),
    directory: new DirectoryStore(db),
    messageTaleps: new MessageTalepStore(db),
    rules: new RuleRegistry(db),
    idempotency: new LowdbIdempotencyStore(db),
    jobs: new LowdbJobQueue(db),
    reminders: new ReminderStore(db),
    channelSettings: new LowdbChannelSettingsStore(db),
    languages: new LowdbLanguageStore(db),
    seenEvents: new LowdbSeenEventStore(db),
    threadLinks: new LowdbThreadLinkStore(db),
    notify: new LowdbNotifyStore(db),
  };
}
