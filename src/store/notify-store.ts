/**
 * What help desk → Slack notifications remember (README "Help desk → Slack"): channel feeds, the one
 * card per talep per channel, what each person was last told about a talep, their notification
 * settings and held digest, the poller's marks, and the keys of what was already posted (so nothing is
 * posted twice, also across a restart). Async and small, so a PostgreSQL store can replace the embedded one.
 */
import * as z from 'zod';
import type { Database } from './database.js';

import { FEED_EVENTS, type FeedEvent } from '../domain/feed-events.js';

export { FEED_EVENTS, type FeedEvent };

export const feedFilter = z.object({
  /** Category names, lower case; absent: every category. */
  categories: z.array(z.string()).optional(),
  /** The lowest priority id shown (e.g. 1 for `priority:high+`). */
  minPriority: z.int().optional(),
  /** `me` (the feed's creator), `none` (unassigned) or a help-desk user name. */
  assignee: z.string().optional(),
  events: z.array(z.enum(FEED_EVENTS)),
});
export type FeedFilter = z.infer<typeof feedFilter>;

const feedEntry = z.object({
  id: z.int(),
  teamId: z.string(),
  channelId: z.string(),
  /** The Slack user who created it: the feed reads the help desk with their token. */
  createdBy: z.string(),
  filter: feedFilter,
  createdAt: z.string(),
  /** Set while the creator's token is refused: the feed posts nothing until they reconnect. */
  pausedAt: z.string().optional(),
});

/** A talep as a destination last showed it: what a new read is compared with to say what changed. */
export const snapshot = z.object({
  lastUpdated: z.string().optional(),
  statusId: z.int().optional(),
  status: z.string(),
  assigneeId: z.int().nullable(),
  assigneeName: z.string().nullable(),
  priority: z.int(),
  dueDate: z.string().nullable(),
  /** The newest comment this destination may see (0: none). */
  lastCommentId: z.int(),
});
export type TalepSnapshot = z.infer<typeof snapshot>;

const cardEntry = z.object({ feedId: z.int(), ts: z.string(), state: snapshot, postedAt: z.string() });

export const personalEntry = z.object({
  state: snapshot,
  /** The due date a "due soon" / "overdue" DM was sent for (a new due date is told again). */
  dueSoonFor: z.string().optional(),
  overdueFor: z.string().optional(),
});

export const prefsEntry = z.object({
  kinds: z.object({ assigned: z.boolean(), comment: z.boolean(), status: z.boolean(), due: z.boolean() }),
  /** Hours in the person's zone, e.g. 20 → 8; DMs are held and sent as one digest afterwards. */
  quietHours: z.object({ from: z.int().min(0).max(23), to: z.int().min(0).max(23) }).optional(),
  digestOnly: z.boolean(),
  muted: z.array(z.int()),
  /** The person's UTC offset in seconds, as Slack said when they set quiet hours. */
  tzOffset: z.int().optional(),
});
export type NotifyPrefs = z.infer<typeof prefsEntry>;
export type NotifyKind = keyof NotifyPrefs['kinds'];

export const pollMark = z.object({
  lastUpdated: z.string().optional(),
  /** When the talep last changed as far as the bot saw (recently active taleps are checked more often). */
  activeAt: z.string(),
  checkedAt: z.string(),
  dueDate: z.string().nullable().optional(),
});
export type PollMark = z.infer<typeof pollMark>;

export const notifyTable = z.object({
  nextFeedId: z.int(),
  feeds: z.array(feedEntry),
  /** `team:channel:talep` → the feed card there. */
  cards: z.record(z.string(), cardEntry),
  /** `team:user:talep` → what the person was last told. */
  personal: z.record(z.string(), personalEntry),
  /** `team:user` → settings (absent: the defaults). */
  prefs: z.record(z.string(), prefsEntry),
  /** `team:user` → DM lines held during quiet hours (or for digest-only people). */
  digests: z.record(z.string(), z.array(z.string())),
  /** talep id → the poller's mark. */
  marks: z.record(z.string(), pollMark),
  /** A scope (`team:user`, whose Search it is) → the newest creation time seen. */
  newest: z.record(z.string(), z.string()),
  /** `team:user` → the link (`linkedAt`) whose refusal the person was told about once. */
  reconnectTold: z.record(z.string(), z.string()),
  /** Idempotency key (destination, talep, change) → when it was posted; pruned after 14 days. */
  sent: z.record(z.string(), z.string()),
});
export type NotifyData = z.infer<typeof notifyTable>;

export const emptyNotifyData = (): NotifyData => ({
  nextFeedId: 1,
  feeds: [],
  cards: {},
  personal: {},
  prefs: {},
  digests: {},
  marks: {},
  newest: {},
  reconnectTold: {},
  sent: {},
});

export interface Feed {
  id: number;
  teamId: string;
  channelId: string;
  createdBy: string;
  filter: FeedFilter;
  createdAt: Date;
  pausedAt?: Date;
}

export interface FeedCard {
  teamId: string;
  channelId: string;
  talepId: number;
  feedId: number;
  ts: string;
  state: TalepSnapshot;
}

export interface PersonalState {
  state: TalepSnapshot;
  dueSoonFor?: string;
  overdueFor?: string;
}

export const defaultPrefs = (): NotifyPrefs => ({
  kinds: { assigned: true, comment: true, status: true, due: true },
  digestOnly: false,
  muted: [],
});

export interface NotifyStore {
  addFeed(feed: Omit<Feed, 'id' | 'pausedAt'>): Promise<Feed>;
  feeds(teamId?: string): Promise<Feed[]>;
  removeFeed(teamId: string, id: number): Promise<Feed | undefined>;
  /** Pauses (or resumes, `paused` false) every feed that reads with this person's token; returns how many changed. */
  setFeedsPaused(teamId: string, userId: string, paused: boolean, at?: Date): Promise<number>;
  card(teamId: string, channelId: string, talepId: number): Promise<FeedCard | undefined>;
  saveCard(card: FeedCard, at?: Date): Promise<void>;
  /** Every channel message that shows talep `talepId` (feed cards), for thread sync. */
  feedCardsOf(talepId: number): Promise<FeedCard[]>;
  personal(teamId: string, userId: string, talepId: number): Promise<PersonalState | undefined>;
  savePersonal(teamId: string, userId: string, talepId: number, state: PersonalState): Promise<void>;
  prefs(teamId: string, userId: string): Promise<NotifyPrefs>;
  savePrefs(teamId: string, userId: string, prefs: NotifyPrefs): Promise<void>;
  holdForDigest(teamId: string, userId: string, line: string): Promise<void>;
  /** Takes the held lines (and forgets them). */
  takeDigest(teamId: string, userId: string): Promise<string[]>;
  /** `team:user` of everyone with held lines. */
  digestOwners(): Promise<{ teamId: string; userId: string }[]>;
  mark(talepId: number): Promise<PollMark | undefined>;
  marks(): Promise<Map<number, PollMark>>;
  setMark(talepId: number, mark: PollMark): Promise<void>;
  newest(scope: string): Promise<Date | undefined>;
  setNewest(scope: string, at: Date): Promise<void>;
  /** True the first time for this link: the person is told once that their token was refused. */
  claimReconnectNotice(teamId: string, userId: string, linkedAt: Date): Promise<boolean>;
  /** Reserves an idempotency key: true the first time, false when it was taken already. */
  claim(key: string, at?: Date): Promise<boolean>;
  /** Gives a reserved key back (the post it stood for failed). */
  release(key: string): Promise<void>;
}

const SENT_KEPT_MS = 14 * 86_400_000;

const cardKey = (teamId: string, channelId: string, talepId: number) => `${teamId}:${channelId}:${talepId}`;
const personKey = (teamId: string, userId: string) => `${teamId}:${userId}`;

const toFeed = (entry: z.infer<typeof feedEntry>): Feed => ({
  id: entry.id,
  teamId: entry.teamId,
  channelId: entry.channelId,
  createdBy: entry.createdBy,
  filter: entry.filter,
  createdAt: new Date(entry.createdAt),
  ...(entry.pausedAt ? { pausedAt: new Date(entry.pausedAt) } : {}),
});

/** The embedded implementation: the `notify` table of the lowdb document. */
export class LowdbNotifyStore implements NotifyStore {
  constructor(private readonly db: Database) {}

  get #data(): NotifyData {
    return this.db.data.notify;
  }

  async addFeed(feed: Omit<Feed, 'id' | 'pausedAt'>): Promise<Feed> {
    let id = 0;
    await this.db.update((data) => {
      id = data.notify.nextFeedId++;
      data.notify.feeds.push({ ...feed, id, createdAt: feed.createdAt.toISOString() });
    });
    return { ...feed, id };
  }

  async feeds(teamId?: string): Promise<Feed[]> {
    return this.#data.feeds.filter((feed) => teamId === undefined || feed.teamId === teamId).map(toFeed);
  }

  async removeFeed(teamId: string, id: number): Promise<Feed | undefined> {
    const found = this.#data.feeds.find((feed) => feed.teamId === teamId && feed.id === id);
    if (!found) return undefined;
    await this.db.update((data) => {
      data.notify.feeds = data.notify.feeds.filter((feed) => feed !== found);
    });
    return toFeed(found);
  }

  async setFeedsPaused(teamId: string, userId: string, paused: boolean, at = new Date()): Promise<number> {
    let changed = 0;
    await this.db.update((data) => {
      for (const feed of data.notify.feeds) {
        if (feed.teamId !== teamId || feed.createdBy !== userId || (feed.pausedAt !== undefined) === paused) continue;
        if (paused) feed.pausedAt = at.toISOString();
        else delete feed.pausedAt;
        changed += 1;
      }
    });
    return changed;
  }

  async card(teamId: string, channelId: string, talepId: number): Promise<FeedCard | undefined> {
    const entry = this.#data.cards[cardKey(teamId, channelId, talepId)];
    return entry ? { teamId, channelId, talepId, feedId: entry.feedId, ts: entry.ts, state: entry.state } : undefined;
  }

  async saveCard(card: FeedCard, at = new Date()): Promise<void> {
    await this.db.update((data) => {
      const key = cardKey(card.teamId, card.channelId, card.talepId);
      data.notify.cards[key] = { feedId: card.feedId, ts: card.ts, state: card.state, postedAt: data.notify.cards[key]?.postedAt ?? at.toISOString() };
    });
  }

  async feedCardsOf(talepId: number): Promise<FeedCard[]> {
    const suffix = `:${talepId}`;
    return Object.entries(this.#data.cards)
      .filter(([key]) => key.endsWith(suffix))
      .map(([key, entry]) => {
        const [teamId = '', channelId = ''] = key.split(':');
        return { teamId, channelId, talepId, feedId: entry.feedId, ts: entry.ts, state: entry.state };
      });
  }

  async personal(teamId: string, userId: string, talepId: number): Promise<PersonalState | undefined> {
    const entry = this.#data.personal[`${personKey(teamId, userId)}:${talepId}`];
    return entry ? { ...entry } : undefined;
  }

  async savePersonal(teamId: string, userId: string, talepId: number, state: PersonalState): Promise<void> {
    await this.db.update((data) => {
      data.notify.personal[`${personKey(teamId, userId)}:${talepId}`] = state;
    });
  }

  async prefs(teamId: string, userId: string): Promise<NotifyPrefs> {
    const entry = this.#data.prefs[personKey(teamId, userId)];
    return entry ? structuredClone(entry) : defaultPrefs();
  }

  async savePrefs(teamId: string, userId: string, prefs: NotifyPrefs): Promise<void> {
    await this.db.update((data) => {
      data.notify.prefs[personKey(teamId, userId)] = prefs;
    });
  }

  async holdForDigest(teamId: string, userId: string, line: string): Promise<void> {
    await this.db.update((data) => {
      (data.notify.digests[personKey(teamId, userId)] ??= []).push(line);
    });
  }

  async takeDigest(teamId: string, userId: string): Promise<string[]> {
    const key = personKey(teamId, userId);
    const lines = this.#data.digests[key] ?? [];
    if (lines.length === 0) return [];
    await this.db.update((data) => {
      delete data.notify.digests[key];
    });
    return lines;
  }

  async digestOwners(): Promise<{ teamId: string; userId: string }[]> {
    return Object.entries(this.#data.digests)
      .filter(([, lines]) => lines.length > 0)
      .map(([key]) => {
        const [teamId = '', userId = ''] = key.split(':');
        return { teamId, userId };
      });
  }

  async mark(talepId: number): Promise<PollMark | undefined> {
    return this.#data.marks[String(talepId)];
  }

  async marks(): Promise<Map<number, PollMark>> {
    return new Map(Object.entries(this.#data.marks).map(([id, mark]) => [Number(id), mark]));
  }

  async setMark(talepId: number, mark: PollMark): Promise<void> {
    await this.db.update((data) => {
      data.notify.marks[String(talepId)] = mark;
    });
  }

  async newest(scope: string): Promise<Date | undefined> {
    const at = this.#data.newest[scope];
    return at ? new Date(at) : undefined;
  }

  async setNewest(scope: string, at: Date): Promise<void> {
    await this.db.update((data) => {
      data.notify.newest[scope] = at.toISOString();
    });
  }

  async claimReconnectNotice(teamId: string, userId: string, linkedAt: Date): Promise<boolean> {
    const key = personKey(teamId, userId);
    if (this.#data.reconnectTold[key] === linkedAt.toISOString()) return false;
    await this.db.update((data) => {
      data.notify.reconnectTold[key] = linkedAt.toISOString();
    });
    return true;
  }

  async claim(key: string, at = new Date()): Promise<boolean> {
    let first = false;
    await this.db.update((data) => {
      const sent = data.notify.sent;
      if (sent[key] !== undefined) return;
      first = true;
      sent[key] = at.toISOString();
      // Pruned as it goes: keys older than two weeks can no longer be repeated.
      const before = at.getTime() - SENT_KEPT_MS;
      for (const [old, when] of Object.entries(sent)) if (Date.parse(when) < before) delete sent[old];
    });
    return first;
  }

  async release(key: string): Promise<void> {
    await this.db.update((data) => {
      delete data.notify.sent[key];
    });
  }
}
