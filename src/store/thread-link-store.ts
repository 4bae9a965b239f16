/**
 * Slack threads that are one conversation with a talep (thread sync), and what sync needs to remember
 * about each: which help-desk comments the thread already has (posted there, or written by the bot
 * from a reply — so nothing is posted twice and nothing is echoed), which Slack reply became which
 * comment (edits and deletions follow it), whether the closing was announced; replies of people who
 * have not linked an account, kept until they add or dismiss them; each person's last category.
 *
 * Async and small so a PostgreSQL implementation can replace the lowdb one without touching callers.
 */
import * as z from 'zod';
import type { Database } from './database.js';

export interface ThreadLink {
  teamId: string;
  channelId: string;
  /** The thread's root message (the message the talep was opened from, or the shared card). */
  threadTs: string;
  talepId: number;
  /** The Slack user who linked it (opened the talep, shared the card): sync reads the talep as them. */
  linkedBy: string;
  at: Date;
  /** Help-desk comments the thread has (posted there, or made from it): never posted again. */
  knownComments: number[];
  /** Whether the thread was told the talep is closed (and the ✅ added). */
  closed: boolean;
  /** The talep's attachments the thread knows of (undefined: not read yet); new ones are listed with comments. */
  knownFiles: number[] | undefined;
}

/** A Slack reply that became a help-desk comment: edits and deletions within minutes follow it. */
export interface SyncedReply {
  talepId: number;
  commentId: number | undefined;
  by: string;
  at: Date;
}

/** A reply of someone who had not linked an account: kept until they add it or dismiss it. */
export interface HeldReply {
  teamId: string;
  userId: string;
  channelId: string;
  threadTs: string;
  ts: string;
  talepId: number;
  text: string;
  files: unknown[];
  at: Date;
}

export interface ThreadLinkStore {
  /** Links the thread (a first link stays: its talep and who linked it); answers the link. */
  link(teamId: string, channelId: string, threadTs: string, talepId: number, linkedBy: string, at?: Date): Promise<ThreadLink>;
  get(teamId: string, channelId: string, threadTs: string): Promise<ThreadLink | undefined>;
  byTalep(talepId: number): Promise<ThreadLink[]>;
  all(): Promise<ThreadLink[]>;
  /** Adds comment ids the thread has. */
  knowComments(teamId: string, channelId: string, threadTs: string, commentIds: readonly number[]): Promise<void>;
  /** Adds attachment ids of the talep that are known (listed in the thread, or came from Slack) to every thread of it. */
  knowFiles(talepId: number, fileIds: readonly number[]): Promise<void>;
  /** A comment the bot wrote on `talepId`: known to every thread of that talep, so none echoes it. */
  knowBotComment(talepId: number, commentId: number): Promise<void>;
  setClosed(teamId: string, channelId: string, threadTs: string, closed: boolean): Promise<void>;
  rememberReply(teamId: string, channelId: string, ts: string, reply: SyncedReply): Promise<void>;
  reply(teamId: string, channelId: string, ts: string): Promise<SyncedReply | undefined>;
  hold(reply: HeldReply): Promise<string>;
  held(id: string): Promise<HeldReply | undefined>;
  dropHeld(id: string): Promise<void>;
  lastCategory(teamId: string, userId: string): Promise<number | undefined>;
  setLastCategory(teamId: string, userId: string, categoryId: number): Promise<void>;
}

const linkEntry = z.object({
  talepId: z.int().positive(),
  linkedBy: z.string(),
  at: z.iso.datetime(),
  knownComments: z.array(z.int()),
  closed: z.boolean(),
  knownFiles: z.array(z.int()).optional(),
});
const replyEntry = z.object({ talepId: z.int(), commentId: z.int().optional(), by: z.string(), at: z.iso.datetime() });
const heldEntry = z.object({
  teamId: z.string(),
  userId: z.string(),
  channelId: z.string(),
  threadTs: z.string(),
  ts: z.string(),
  talepId: z.int(),
  text: z.string().max(40_000),
  files: z.array(z.unknown()).max(20),
  at: z.iso.datetime(),
});

export const threadSyncTable = z
  .object({
    /** `team:channel:threadTs` → link. */
    links: z.record(z.string(), linkEntry).default({}),
    /** `team:channel:ts` of a Slack reply → the comment it became (kept a day). */
    replies: z.record(z.string(), replyEntry).default({}),
    /** `team:user:channel:ts` → a reply kept for someone who had not linked an account (kept 7 days). */
    held: z.record(z.string(), heldEntry).default({}),
    /** `team:user` → the category of the talep they last opened with the emoji or a request. */
    lastCategory: z.record(z.string(), z.int()).default({}),
  })
  .default({ links: {}, replies: {}, held: {}, lastCategory: {} });

const key = (...parts: string[]): string => parts.join(':');
const REPLY_TTL_MS = 24 * 60 * 60_000;
const HELD_TTL_MS = 7 * 24 * 60 * 60_000;
/** At most this many comment ids per thread (the newest kept): enough for any conversation. */
const MAX_KNOWN = 2_000;

function toLink(id: string, entry: z.infer<typeof linkEntry>): ThreadLink {
  const [teamId = '', channelId = '', threadTs = ''] = id.split(':');
  return {
    teamId,
    channelId,
    threadTs,
    talepId: entry.talepId,
    linkedBy: entry.linkedBy,
    closed: entry.closed,
    knownComments: [...entry.knownComments],
    knownFiles: entry.knownFiles ? [...entry.knownFiles] : undefined,
    at: new Date(entry.at),
  };
}

export class LowdbThreadLinkStore implements ThreadLinkStore {
  constructor(private readonly db: Database) {}

  get #table() {
    return this.db.data.threadSync;
  }

  async link(teamId: string, channelId: string, threadTs: string, talepId: number, linkedBy: string, at = new Date()): Promise<ThreadLink> {
    const id = key(teamId, channelId, threadTs);
    if (!this.#table.links[id]) {
      await this.db.update((data) => {
        data.threadSync.links[id] ??= { talepId, linkedBy, at: at.toISOString(), knownComments: [], closed: false };
      });
    }
    return toLink(id, this.#table.links[id]!);
  }

  async get(teamId: string, channelId: string, threadTs: string): Promise<ThreadLink | undefined> {
    const id = key(teamId, channelId, threadTs);
    const entry = this.#table.links[id];
    return entry ? toLink(id, entry) : undefined;
  }

  async byTalep(talepId: number): Promise<ThreadLink[]> {
    return Object.entries(this.#table.links)
      .filter(([, entry]) => entry.talepId === talepId)
      .map(([id, entry]) => toLink(id, entry));
  }

  async all(): Promise<ThreadLink[]> {
    return Object.entries(this.#table.links).map(([id, entry]) => toLink(id, entry));
  }

  async knowComments(teamId: string, channelId: string, threadTs: string, commentIds: readonly number[]): Promise<void> {
    await this.db.update((data) => {
      const entry = data.threadSync.links[key(teamId, channelId, threadTs)];
      if (!entry) return;
      entry.knownComments = [...new Set([...entry.knownComments, ...commentIds])].slice(-MAX_KNOWN);
    });
  }

  async knowFiles(talepId: number, fileIds: readonly number[]): Promise<void> {
    await this.db.update((data) => {
      for (const entry of Object.values(data.threadSync.links)) {
        if (entry.talepId === talepId) entry.knownFiles = [...new Set([...(entry.knownFiles ?? []), ...fileIds])].slice(-MAX_KNOWN);
      }
    });
  }

  async knowBotComment(talepId: number, commentId: number): Promise<void> {
    await this.db.update((data) => {
      for (const entry of Object.values(data.threadSync.links)) {
        if (entry.talepId === talepId && !entry.knownComments.includes(commentId)) entry.knownComments = [...entry.knownComments, commentId].slice(-MAX_KNOWN);
      }
    });
  }

  async setClosed(teamId: string, channelId: string, threadTs: string, closed: boolean): Promise<void> {
    await this.db.update((data) => {
      const entry = data.threadSync.links[key(teamId, channelId, threadTs)];
      if (entry) entry.closed = closed;
    });
  }

  async rememberReply(teamId: string, channelId: string, ts: string, reply: SyncedReply): Promise<void> {
    await this.db.update((data) => {
      const oldest = reply.at.getTime() - REPLY_TTL_MS;
      for (const [id, entry] of Object.entries(data.threadSync.replies)) if (Date.parse(entry.at) < oldest) delete data.threadSync.replies[id];
      data.threadSync.replies[key(teamId, channelId, ts)] = {
        talepId: reply.talepId,
        ...(reply.commentId !== undefined ? { commentId: reply.commentId } : {}),
        by: reply.by,
        at: reply.at.toISOString(),
      };
    });
  }

  async reply(teamId: string, channelId: string, ts: string): Promise<SyncedReply | undefined> {
    const entry = this.#table.replies[key(teamId, channelId, ts)];
    return entry ? { talepId: entry.talepId, commentId: entry.commentId, by: entry.by, at: new Date(entry.at) } : undefined;
  }

  async hold(reply: HeldReply): Promise<string> {
    const id = key(reply.teamId, reply.userId, reply.channelId, reply.ts);
    await this.db.update((data) => {
      const oldest = reply.at.getTime() - HELD_TTL_MS;
      for (const [each, entry] of Object.entries(data.threadSync.held)) if (Date.parse(entry.at) < oldest) delete data.threadSync.held[each];
      data.threadSync.held[id] = { ...reply, files: [...reply.files], at: reply.at.toISOString() };
    });
    return id;
  }

  async held(id: string): Promise<HeldReply | undefined> {
    const entry = this.#table.held[id];
    return entry ? { ...entry, files: [...entry.files], at: new Date(entry.at) } : undefined;
  }

  async dropHeld(id: string): Promise<void> {
    if (!this.#table.held[id]) return;
    await this.db.update((data) => {
      delete data.threadSync.held[id];
    });
  }

  async lastCategory(teamId: string, userId: string): Promise<number | undefined> {
    return this.#table.lastCategory[key(teamId, userId)];
  }

  async setLastCategory(teamId: string, userId: string, categoryId: number): Promise<void> {
    if (this.#table.lastCategory[key(teamId, userId)] === categoryId) return;
    await this.db.update((data) => {
      data.threadSync.lastCategory[key(teamId, userId)] = categoryId;
    });
  }
}
