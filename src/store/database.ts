/**
 * The bot's own embedded store (lowdb): one JSON file under DATA_DIR, or memory for tests.
 * The file is validated on load, so a hand-edited or truncated file gives a clear error, not a crash later.
 * It holds sealed tokens and user data, so it is written 0600 in a 0700 directory (see private-files.ts).
 */
import { dirname } from 'node:path';
import { Low, Memory } from 'lowdb';
import * as z from 'zod';
import { channelSettingsTable } from './channel-settings-store.js';
import { idempotencyTable } from './idempotency-store.js';
import { jobsTable } from './job-store.js';
import { languagesTable } from './language-store.js';
import { emptyNotifyData, notifyTable } from './notify-store.js';
import { ensurePrivateDir, PrivateJsonFile } from './private-files.js';
import { seenEventsTable } from './seen-event-store.js';
import { threadSyncTable } from './thread-link-store.js';

const role = z.enum(['admin', 'agent', 'user']);
export type HelpdeskRole = z.infer<typeof role>;

const accountLink = z.object({
  /** AES-256-GCM ciphertext of the help-desk token, bound to `team:user`. */
  sealedToken: z.string(),
  helpdeskUserId: z.int(),
  username: z.string(),
  email: z.string(),
  role,
  linkedAt: z.string(),
  verifiedAt: z.string(),
  /** Set when the help desk refused the token; the user is asked to reconnect. */
  rejectedAt: z.string().optional(),
});
export type AccountLink = z.infer<typeof accountLink>;

const directoryEntry = z.object({ helpdeskUserId: z.int(), username: z.string(), email: z.string(), at: z.string() });
export type DirectoryEntry = z.infer<typeof directoryEntry>;

/**
 * A message's talep: `talepId` once it exists; before that, `jobKey` names the accepted work that is
 * opening it (the reservation that makes concurrent "Open a talep"s on one message open one talep).
 */
const messageTalep = z.object({ talepId: z.int().optional(), jobKey: z.string().optional(), createdBy: z.string(), at: z.string() });
export type MessageTalep = z.infer<typeof messageTalep>;

const reminderEntry = z.object({
  /** Slack's id of the scheduled message. */
  scheduledMessageId: z.string(),
  /** The DM channel Slack scheduled it in (needed to cancel it). */
  channelId: z.string(),
  talepId: z.int(),
  subject: z.string(),
  postAt: z.string(),
  createdAt: z.string(),
});
export type ReminderEntry = z.infer<typeof reminderEntry>;

const ruleChange = z.object({
  ruleId: z.int(),
  change: z.enum(['added', 'removed', 'enabled', 'disabled']),
  by: z.string(),
  at: z.string(),
});
export type RuleChange = z.infer<typeof ruleChange>;

export const databaseSchema = z.object({
  version: z.literal(1),
  /** `team:user` → the Slack user's help-desk account. */
  accounts: z.record(z.string(), accountLink),
  /** `team:user` → help-desk user found by e-mail (for assign and "on behalf of"). */
  directory: z.record(z.string(), directoryEntry),
  /** `team:channel:ts` → the talep opened (or being opened) from that message (the duplicate guard). */
  messageTaleps: z.record(z.string(), messageTalep),
  /** `team` → automation rules the admins registered (the API cannot list rules), and who changed what. */
  rules: z.record(z.string(), z.object({ ruleIds: z.array(z.int()), log: z.array(ruleChange) })),
  /**
   * The lock-out guard's memory (recent sign-in failures, refused and accepted credentials as keyed
   * fingerprints, a suspected block). Absent in older files and until the first save; the guard
   * validates it on load (`src/api/guard-memory.ts`), so a bad entry makes it cautious, not the bot fail.
   */
  authGuard: z.unknown().optional(),
  /** Idempotency key → reservation or result (idempotency-store.ts). */
  idempotency: idempotencyTable,
  /** `team:user` → reminders scheduled with Slack's chat.scheduleMessage (reminder-store.ts); absent in older files. */
  reminders: z.record(z.string(), z.array(reminderEntry)).default({}),
  /** Job id → durable job, the outbox (job-store.ts). */
  jobs: jobsTable,
  /** `team:channel` → what people set for that channel (channel-settings-store.ts); absent in older files. */
  channelSettings: channelSettingsTable.default({}),
  /** `team:user` → the language the person chose (language-store.ts); absent in older files. */
  languages: languagesTable.default({}),
  /** `event_id` → when handled: Slack's re-sent events are handled once (seen-event-store.ts); absent in older files. */
  seenEvents: seenEventsTable.default({}),
  /** Threads linked to taleps and what their sync remembers (thread-link-store.ts); absent in older files. */
  threadSync: threadSyncTable,
  /** Help desk → Slack: feeds, cards, what people were told, settings, poll marks (notify-store.ts); absent in older files. */
  notify: notifyTable.default(emptyNotifyData),
});
export type DatabaseData = z.infer<typeof databaseSchema>;

export const emptyDatabase = (): DatabaseData => ({
  version: 1,
  accounts: {},
  directory: {},
  messageTaleps: {},
  rules: {},
  idempotency: {},
  jobs: {},
  reminders: {},
  channelSettings: {},
  languages: {},
  seenEvents: {},
  threadSync: { links: {}, replies: {}, held: {}, lastCategory: {} },
  notify: emptyNotifyData(),
});

export type Database = Low<DatabaseData>;

/** Opens (and validates) the store; `file` undefined keeps everything in memory. */
export async function openDatabase(file: string | undefined): Promise<Database> {
  if (!file) {
    const db = new Low<DatabaseData>(new Memory<DatabaseData>(), emptyDatabase());
    await db.read();
    return db;
  }
  await ensurePrivateDir(dirname(file));
  const db = new Low<DatabaseData>(new PrivateJsonFile<DatabaseData>(file), emptyDatabase());
  await db.read();
  const parsed = databaseSchema.safeParse({ ...emptyDatabase(), ...(db.data as object) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`The data file ${file} is not valid (${issue?.path.join('.')}: ${issue?.message}). Restore it from a backup or move it away.`);
  }
  db.data = parsed.data;
  return db;
}

/** Keys are `team:user`-style; Slack ids never contain a colon. */
export const key = (...parts: string[]): string => parts.join(':');
