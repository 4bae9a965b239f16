/**
 * Thread sync's memory in PostgreSQL (see thread-link-store.ts for what each part is for). A link's
 * lists of known comments and files are changed under the row lock, so two instances syncing one
 * thread never drop each other's ids.
 */
import type pg from 'pg';
import type { HeldReply, SyncedReply, ThreadLink, ThreadLinkStore } from '../thread-link-store.js';
import { inTransaction } from './sql.js';

const REPLY_TTL_MS = 24 * 60 * 60_000;
const HELD_TTL_MS = 7 * 24 * 60 * 60_000;
/** At most this many comment (and file) ids per thread, the newest kept (as the embedded store). */
const MAX_KNOWN = 2_000;

interface LinkRow {
  team_id: string;
  channel_id: string;
  thread_ts: string;
  talep_id: number;
  linked_by: string;
  at: Date;
  known_comments: number[];
  closed: boolean;
  known_files: number[] | null;
}

const LINK_COLUMNS = 'team_id, channel_id, thread_ts, talep_id, linked_by, at, known_comments, closed, known_files';
const WHERE_THREAD = 'team_id = $1 AND channel_id = $2 AND thread_ts = $3';

const toLink = (row: LinkRow): ThreadLink => ({
  teamId: row.team_id,
  channelId: row.channel_id,
  threadTs: row.thread_ts,
  talepId: row.talep_id,
  linkedBy: row.linked_by,
  at: row.at,
  knownComments: [...row.known_comments],
  closed: row.closed,
  knownFiles: row.known_files ? [...row.known_files] : undefined,
});

/** `known` with `more` added once each, the newest MAX_KNOWN kept. */
const union = (known: readonly number[], more: readonly number[]): number[] => [...new Set([...known, ...more])].slice(-MAX_KNOWN);

interface HeldRow {
  team_id: string;
  user_id: string;
  channel_id: string;
  thread_ts: string;
  ts: string;
  talep_id: number;
  body: string;
  files: unknown[];
  at: Date;
}

export class PostgresThreadLinkStore implements ThreadLinkStore {
  constructor(private readonly pool: pg.Pool) {}

  async link(teamId: string, channelId: string, threadTs: string, talepId: number, linkedBy: string, at = new Date()): Promise<ThreadLink> {
    // A first link stays: insert-or-nothing, then read what is there.
    await this.pool.query(
      `INSERT INTO thread_links (team_id, channel_id, thread_ts, talep_id, linked_by, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [teamId, channelId, threadTs, talepId, linkedBy, at],
    );
    const link = await this.get(teamId, channelId, threadTs);
    if (!link) throw new Error(`the thread link ${channelId}/${threadTs} vanished as it was made`);
    return link;
  }

  async get(teamId: string, channelId: string, threadTs: string): Promise<ThreadLink | undefined> {
    const result = await this.pool.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM thread_links WHERE ${WHERE_THREAD}`, [teamId, channelId, threadTs]);
    const row = result.rows[0];
    return row ? toLink(row) : undefined;
  }

  async byTalep(talepId: number): Promise<ThreadLink[]> {
    const result = await this.pool.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM thread_links WHERE talep_id = $1 ORDER BY at, thread_ts`, [talepId]);
    return result.rows.map(toLink);
  }

  async all(): Promise<ThreadLink[]> {
    const result = await this.pool.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM thread_links ORDER BY at, thread_ts`);
    return result.rows.map(toLink);
  }

  async knowComments(teamId: string, channelId: string, threadTs: string, commentIds: readonly number[]): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const found = await client.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM thread_links WHERE ${WHERE_THREAD} FOR UPDATE`, [teamId, channelId, threadTs]);
      const row = found.rows[0];
      if (!row) return;
      await client.query(`UPDATE thread_links SET known_comments = $4 WHERE ${WHERE_THREAD}`, [teamId, channelId, threadTs, union(row.known_comments, commentIds)]);
    });
  }

  async knowFiles(talepId: number, fileIds: readonly number[]): Promise<void> {
    await this.#eachOfTalep(talepId, (row) => ({ known_files: union(row.known_files ?? [], fileIds) }));
  }

  async knowBotComment(talepId: number, commentId: number): Promise<void> {
    await this.#eachOfTalep(talepId, (row) => (row.known_comments.includes(commentId) ? undefined : { known_comments: union(row.known_comments, [commentId]) }));
  }

  async setClosed(teamId: string, channelId: string, threadTs: string, closed: boolean): Promise<void> {
    await this.pool.query(`UPDATE thread_links SET closed = $4 WHERE ${WHERE_THREAD}`, [teamId, channelId, threadTs, closed]);
  }

  async rememberReply(teamId: string, channelId: string, ts: string, reply: SyncedReply): Promise<void> {
    await this.pool.query('DELETE FROM thread_replies WHERE at < $1', [new Date(reply.at.getTime() - REPLY_TTL_MS)]);
    await this.pool.query(
      `INSERT INTO thread_replies (team_id, channel_id, ts, talep_id, comment_id, by_user, at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (team_id, channel_id, ts) DO UPDATE SET talep_id = EXCLUDED.talep_id, comment_id = EXCLUDED.comment_id,
         by_user = EXCLUDED.by_user, at = EXCLUDED.at`,
      [teamId, channelId, ts, reply.talepId, reply.commentId ?? null, reply.by, reply.at],
    );
  }

  async reply(teamId: string, channelId: string, ts: string): Promise<SyncedReply | undefined> {
    const result = await this.pool.query<{ talep_id: number; comment_id: number | null; by_user: string; at: Date }>(
      'SELECT talep_id, comment_id, by_user, at FROM thread_replies WHERE team_id = $1 AND channel_id = $2 AND ts = $3',
      [teamId, channelId, ts],
    );
    const row = result.rows[0];
    return row ? { talepId: row.talep_id, commentId: row.comment_id ?? undefined, by: row.by_user, at: row.at } : undefined;
  }

  async hold(reply: HeldReply): Promise<string> {
    const id = [reply.teamId, reply.userId, reply.channelId, reply.ts].join(':');
    await this.pool.query('DELETE FROM held_replies WHERE at < $1', [new Date(reply.at.getTime() - HELD_TTL_MS)]);
    await this.pool.query(
      `INSERT INTO held_replies (id, team_id, user_id, channel_id, thread_ts, ts, talep_id, body, files, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET thread_ts = EXCLUDED.thread_ts, talep_id = EXCLUDED.talep_id, body = EXCLUDED.body, files = EXCLUDED.files, at = EXCLUDED.at`,
      [id, reply.teamId, reply.userId, reply.channelId, reply.threadTs, reply.ts, reply.talepId, reply.text, JSON.stringify(reply.files), reply.at],
    );
    return id;
  }

  async held(id: string): Promise<HeldReply | undefined> {
    const result = await this.pool.query<HeldRow>(
      'SELECT team_id, user_id, channel_id, thread_ts, ts, talep_id, body, files, at FROM held_replies WHERE id = $1',
      [id],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      teamId: row.team_id,
      userId: row.user_id,
      channelId: row.channel_id,
      threadTs: row.thread_ts,
      ts: row.ts,
      talepId: row.talep_id,
      text: row.body,
      files: [...row.files],
      at: row.at,
    };
  }

  async dropHeld(id: string): Promise<void> {
    await this.pool.query('DELETE FROM held_replies WHERE id = $1', [id]);
  }

  async lastCategory(teamId: string, userId: string): Promise<number | undefined> {
    const result = await this.pool.query<{ category_id: number }>('SELECT category_id FROM last_categories WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
    return result.rows[0]?.category_id;
  }

  async setLastCategory(teamId: string, userId: string, categoryId: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO last_categories (team_id, user_id, category_id) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) DO UPDATE SET category_id = EXCLUDED.category_id`,
      [teamId, userId, categoryId],
    );
  }

  /** Changes every link of `talepId` under its row lock; `change` answers the columns to set, or undefined for none. */
  async #eachOfTalep(talepId: number, change: (row: LinkRow) => Partial<Pick<LinkRow, 'known_comments' | 'known_files'>> | undefined): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const found = await client.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM thread_links WHERE talep_id = $1 ORDER BY team_id, channel_id, thread_ts FOR UPDATE`, [talepId]);
      for (const row of found.rows) {
        const next = change(row);
        if (!next) continue;
        await client.query(
          `UPDATE thread_links SET known_comments = coalesce($4, known_comments), known_files = coalesce($5, known_files) WHERE ${WHERE_THREAD}`,
          [row.team_id, row.channel_id, row.thread_ts, next.known_comments ?? null, next.known_files ?? null],
        );
      }
    });
  }
}
