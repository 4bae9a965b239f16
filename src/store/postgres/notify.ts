/**
 * Notifications' memory in PostgreSQL (see notify-store.ts for what each part is for), shared by every
 * instance: a feed card, a person's last state and a posted key are one row each, and `claim` is one
 * insert, so two instances noticing one change post it once.
 */
import type pg from 'pg';
import {
  defaultPrefs,
  type Feed,
  type FeedCard,
  feedFilter,
  type NotifyPrefs,
  type NotifyStore,
  type PersonalState,
  personalEntry,
  type PollMark,
  pollMark,
  prefsEntry,
  snapshot,
} from '../notify-store.js';

/** Posted keys are kept this long (as the embedded store), then may be pruned. */
const SENT_KEPT_MS = 14 * 86_400_000;
/** Old posted keys are pruned at most this often. */
const PRUNE_EVERY_MS = 60 * 60_000;

interface FeedRow {
  id: number;
  team_id: string;
  channel_id: string;
  created_by: string;
  filter: unknown;
  created_at: Date;
  paused_at: Date | null;
}

const FEED_COLUMNS = 'id, team_id, channel_id, created_by, filter, created_at, paused_at';

const toFeed = (row: FeedRow): Feed => ({
  id: row.id,
  teamId: row.team_id,
  channelId: row.channel_id,
  createdBy: row.created_by,
  filter: feedFilter.parse(row.filter),
  createdAt: row.created_at,
  ...(row.paused_at ? { pausedAt: row.paused_at } : {}),
});

interface CardRow {
  team_id: string;
  channel_id: string;
  talep_id: number;
  feed_id: number;
  ts: string;
  state: unknown;
}

const toCard = (row: CardRow): FeedCard => ({
  teamId: row.team_id,
  channelId: row.channel_id,
  talepId: row.talep_id,
  feedId: row.feed_id,
  ts: row.ts,
  state: snapshot.parse(row.state),
});

export class PostgresNotifyStore implements NotifyStore {
  #lastPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async addFeed(feed: Omit<Feed, 'id' | 'pausedAt'>): Promise<Feed> {
    const result = await this.pool.query<FeedRow>(
      `INSERT INTO notify_feeds (team_id, channel_id, created_by, filter, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${FEED_COLUMNS}`,
      [feed.teamId, feed.channelId, feed.createdBy, JSON.stringify(feedFilter.parse(feed.filter)), feed.createdAt],
    );
    const row = result.rows[0];
    if (!row) throw new Error('the feed was not stored');
    return toFeed(row);
  }

  async feeds(teamId?: string): Promise<Feed[]> {
    const result = await this.pool.query<FeedRow>(`SELECT ${FEED_COLUMNS} FROM notify_feeds WHERE ($1::text IS NULL OR team_id = $1::text) ORDER BY id`, [
      teamId ?? null,
    ]);
    return result.rows.map(toFeed);
  }

  async removeFeed(teamId: string, id: number): Promise<Feed | undefined> {
    const result = await this.pool.query<FeedRow>(`DELETE FROM notify_feeds WHERE team_id = $1 AND id = $2 RETURNING ${FEED_COLUMNS}`, [teamId, id]);
    const row = result.rows[0];
    return row ? toFeed(row) : undefined;
  }

  async setFeedsPaused(teamId: string, userId: string, paused: boolean, at = new Date()): Promise<number> {
    const result = paused
      ? await this.pool.query('UPDATE notify_feeds SET paused_at = $3 WHERE team_id = $1 AND created_by = $2 AND paused_at IS NULL', [teamId, userId, at])
      : await this.pool.query('UPDATE notify_feeds SET paused_at = NULL WHERE team_id = $1 AND created_by = $2 AND paused_at IS NOT NULL', [teamId, userId]);
    return result.rowCount ?? 0;
  }

  async card(teamId: string, channelId: string, talepId: number): Promise<FeedCard | undefined> {
    const result = await this.pool.query<CardRow>(
      'SELECT team_id, channel_id, talep_id, feed_id, ts, state FROM notify_cards WHERE team_id = $1 AND channel_id = $2 AND talep_id = $3',
      [teamId, channelId, talepId],
    );
    const row = result.rows[0];
    return row ? toCard(row) : undefined;
  }

  async saveCard(card: FeedCard, at = new Date()): Promise<void> {
    // The first posting time stays.
    await this.pool.query(
      `INSERT INTO notify_cards (team_id, channel_id, talep_id, feed_id, ts, state, posted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (team_id, channel_id, talep_id) DO UPDATE SET feed_id = EXCLUDED.feed_id, ts = EXCLUDED.ts, state = EXCLUDED.state`,
      [card.teamId, card.channelId, card.talepId, card.feedId, card.ts, JSON.stringify(snapshot.parse(card.state)), at],
    );
  }

  async feedCardsOf(talepId: number): Promise<FeedCard[]> {
    const result = await this.pool.query<CardRow>(
      'SELECT team_id, channel_id, talep_id, feed_id, ts, state FROM notify_cards WHERE talep_id = $1 ORDER BY team_id, channel_id',
      [talepId],
    );
    return result.rows.map(toCard);
  }

  async personal(teamId: string, userId: string, talepId: number): Promise<PersonalState | undefined> {
    const result = await this.pool.query<{ entry: unknown }>('SELECT entry FROM notify_personal WHERE team_id = $1 AND user_id = $2 AND talep_id = $3', [
      teamId,
      userId,
      talepId,
    ]);
    const row = result.rows[0];
    return row ? personalEntry.parse(row.entry) : undefined;
  }

  async savePersonal(teamId: string, userId: string, talepId: number, state: PersonalState): Promise<void> {
    await this.pool.query(
      `INSERT INTO notify_personal (team_id, user_id, talep_id, entry) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, user_id, talep_id) DO UPDATE SET entry = EXCLUDED.entry`,
      [teamId, userId, talepId, JSON.stringify(personalEntry.parse(state))],
    );
  }

  async prefs(teamId: string, userId: string): Promise<NotifyPrefs> {
    const result = await this.pool.query<{ prefs: unknown }>('SELECT prefs FROM notify_prefs WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
    const row = result.rows[0];
    return row ? prefsEntry.parse(row.prefs) : defaultPrefs();
  }

  async savePrefs(teamId: string, userId: string, prefs: NotifyPrefs): Promise<void> {
    await this.pool.query(
      `INSERT INTO notify_prefs (team_id, user_id, prefs) VALUES ($1, $2, $3) ON CONFLICT (team_id, user_id) DO UPDATE SET prefs = EXCLUDED.prefs`,
      [teamId, userId, JSON.stringify(prefsEntry.parse(prefs))],
    );
  }

  async holdForDigest(teamId: string, userId: string, line: string): Promise<void> {
    await this.pool.query('INSERT INTO notify_digests (team_id, user_id, line) VALUES ($1, $2, $3)', [teamId, userId, line]);
  }

  async takeDigest(teamId: string, userId: string): Promise<string[]> {
    // Taken and forgotten in one statement: two instances sending digests never send one line twice.
    const result = await this.pool.query<{ line: string }>(
      `WITH taken AS (DELETE FROM notify_digests WHERE team_id = $1 AND user_id = $2 RETURNING id, line) SELECT line FROM taken ORDER BY id`,
      [teamId, userId],
    );
    return result.rows.map((row) => row.line);
  }

  async digestOwners(): Promise<{ teamId: string; userId: string }[]> {
    const result = await this.pool.query<{ team_id: string; user_id: string }>('SELECT DISTINCT team_id, user_id FROM notify_digests ORDER BY team_id, user_id');
    return result.rows.map((row) => ({ teamId: row.team_id, userId: row.user_id }));
  }

  async mark(talepId: number): Promise<PollMark | undefined> {
    const result = await this.pool.query<{ mark: unknown }>('SELECT mark FROM poll_marks WHERE talep_id = $1', [talepId]);
    const row = result.rows[0];
    return row ? pollMark.parse(row.mark) : undefined;
  }

  async marks(): Promise<Map<number, PollMark>> {
    const result = await this.pool.query<{ talep_id: number; mark: unknown }>('SELECT talep_id, mark FROM poll_marks');
    return new Map(result.rows.map((row) => [row.talep_id, pollMark.parse(row.mark)]));
  }

  async setMark(talepId: number, mark: PollMark): Promise<void> {
    await this.pool.query('INSERT INTO poll_marks (talep_id, mark) VALUES ($1, $2) ON CONFLICT (talep_id) DO UPDATE SET mark = EXCLUDED.mark', [
      talepId,
      JSON.stringify(pollMark.parse(mark)),
    ]);
  }

  async newest(scope: string): Promise<Date | undefined> {
    const result = await this.pool.query<{ at: Date }>('SELECT at FROM poll_newest WHERE scope = $1', [scope]);
    return result.rows[0]?.at;
  }

  async setNewest(scope: string, at: Date): Promise<void> {
    await this.pool.query('INSERT INTO poll_newest (scope, at) VALUES ($1, $2) ON CONFLICT (scope) DO UPDATE SET at = EXCLUDED.at', [scope, at]);
  }

  async claimReconnectNotice(teamId: string, userId: string, linkedAt: Date): Promise<boolean> {
    // One statement: true only for the instance that recorded this link first.
    const result = await this.pool.query(
      `INSERT INTO reconnect_told (team_id, user_id, linked_at) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) DO UPDATE SET linked_at = EXCLUDED.linked_at WHERE reconnect_told.linked_at <> EXCLUDED.linked_at`,
      [teamId, userId, linkedAt.toISOString()],
    );
    return result.rowCount === 1;
  }

  async claim(key: string, at = new Date()): Promise<boolean> {
    if (at.getTime() - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = at.getTime();
      await this.pool.query('DELETE FROM notify_sent WHERE at < $1', [new Date(at.getTime() - SENT_KEPT_MS)]);
    }
    const result = await this.pool.query('INSERT INTO notify_sent (key, at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [key, at]);
    return result.rowCount === 1;
  }

  async release(key: string): Promise<void> {
    await this.pool.query('DELETE FROM notify_sent WHERE key = $1', [key]);
  }
}

