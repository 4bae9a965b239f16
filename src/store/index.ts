/**
 * The bot's persistent state, opened once at start-up: the embedded store (lowdb, one JSON file in
 * DATA_DIR, or memory in tests) for one process, or PostgreSQL (`DATABASE_URL`) for any number of
 * instances. Every store has one interface and both implementations; callers never know which.
 */
import { join } from 'node:path';
import type pg from 'pg';
import type { GuardMemory } from '../api/guard-memory.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { AccountStore, LowdbAccountRecords } from './account-store.js';
import { type ChannelSettingsStore, LowdbChannelSettingsStore } from './channel-settings-store.js';
import { TokenCipher } from './crypto.js';
import { type Database, openDatabase } from './database.js';
import { type DirectoryStore, LowdbDirectoryStore } from './directory-store.js';
import { GuardMemoryStore } from './guard-memory-store.js';
import { type IdempotencyStore, LowdbIdempotencyStore } from './idempotency-store.js';
import { LowdbJobQueue } from './job-store.js';
import { type LanguageStore, LowdbLanguageStore } from './language-store.js';
import { PostgresLanguageStore } from './postgres/languages.js';
import { LowdbMessageTalepStore, type MessageTalepStore } from './message-taleps.js';
import { LowdbNotifyStore, type NotifyStore } from './notify-store.js';
import { PostgresAccountRecords } from './postgres/accounts.js';
import { PostgresChannelSettingsStore } from './postgres/channel-settings.js';
import { PostgresDirectoryStore } from './postgres/directory.js';
import { PostgresGuardMemory } from './postgres/guard-memory.js';
import { PostgresIdempotencyStore } from './postgres/idempotency.js';
import { PostgresJobQueue } from './postgres/jobs.js';
import { PostgresMessageTalepStore } from './postgres/message-taleps.js';
import { PostgresNotifyStore } from './postgres/notify.js';
import { PostgresReminderStore } from './postgres/reminders.js';
import { PostgresRuleRegistry } from './postgres/rules.js';
import { LowdbReminderStore, type ReminderStore } from './reminder-store.js';
import { LowdbRuleRegistry, type RuleRegistry } from './rule-registry.js';
import { LowdbSeenEventStore, type SeenEventStore } from './seen-event-store.js';
import { LowdbThreadLinkStore, type ThreadLinkStore } from './thread-link-store.js';
import { PostgresSeenEventStore } from './postgres/seen-events.js';
import { PostgresThreadLinkStore } from './postgres/thread-links.js';

export interface Stores {
  /** Which implementation: the embedded document, or PostgreSQL shared by every instance. */
  kind: 'embedded' | 'postgres';
  /** The embedded document (the embedded store only). */
  db?: Database;
  /** The migrated pool (PostgreSQL only); whoever opened it closes it. */
  pool?: pg.Pool;
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
  /** The lock-out guard's remembered state. */
  guardMemory: GuardMemory;
  /** Events handled, by event id, kept ≥ 1 h (Slack re-sends late-acked events, also across restarts). */
  seenEvents: SeenEventStore;
  /** Slack threads linked to taleps (thread sync), replies kept for unlinked people, last categories. */
  threadLinks: ThreadLinkStore;
  /** Help desk → Slack: feeds, feed cards, personal notification state and settings, poll marks. */
  notify: NotifyStore;
}

export const DATABASE_FILE_NAME = 'talep-bot.json';

export const databaseFilePath = (dataDir: string): string => join(dataDir, DATABASE_FILE_NAME);

/** Where the stores live: a data directory, an opened embedded document, a migrated PostgreSQL pool, or memory (undefined). */
export type StoreSource = string | Database | { postgres: pg.Pool } | undefined;

/**
 * `source`: the data directory, an already opened database (the entry point opens it first to check
 * the keys against it), a PostgreSQL pool from `openPostgres`, or undefined to keep everything in
 * memory (tests). `keys`: the current token key first, then older keys that may still open stored tokens.
 */
export async function openStores(source: StoreSource, keys: Buffer | readonly Buffer[]): Promise<Stores> {
  const cipher = new TokenCipher(keys);
  if (typeof source === 'object' && 'postgres' in source) return postgresStores(source.postgres, cipher);
  const db = typeof source === 'object' ? source : await openDatabase(source === undefined ? undefined : databaseFilePath(source));
  return {
    kind: 'embedded',
    db,
    accounts: new AccountStore(new LowdbAccountRecords(db), cipher),
    directory: new LowdbDirectoryStore(db),
    messageTaleps: new LowdbMessageTalepStore(db),
    rules: new LowdbRuleRegistry(db),
    idempotency: new LowdbIdempotencyStore(db),
    jobs: new LowdbJobQueue(db),
    reminders: new LowdbReminderStore(db),
    channelSettings: new LowdbChannelSettingsStore(db),
    languages: new LowdbLanguageStore(db),
    guardMemory: new GuardMemoryStore(db),
    seenEvents: new LowdbSeenEventStore(db),
    threadLinks: new LowdbThreadLinkStore(db),
    notify: new LowdbNotifyStore(db),
  };
}

function postgresStores(pool: pg.Pool, cipher: TokenCipher): Stores {
  return {
    kind: 'postgres',
    pool,
    accounts: new AccountStore(new PostgresAccountRecords(pool), cipher),
    directory: new PostgresDirectoryStore(pool),
    messageTaleps: new PostgresMessageTalepStore(pool),
    rules: new PostgresRuleRegistry(pool),
    idempotency: new PostgresIdempotencyStore(pool),
    jobs: new PostgresJobQueue(pool),
    reminders: new PostgresReminderStore(pool),
    channelSettings: new PostgresChannelSettingsStore(pool),
    languages: new PostgresLanguageStore(pool),
    guardMemory: new PostgresGuardMemory(pool),
    seenEvents: new PostgresSeenEventStore(pool),
    threadLinks: new PostgresThreadLinkStore(pool),
    notify: new PostgresNotifyStore(pool),
  };
}
