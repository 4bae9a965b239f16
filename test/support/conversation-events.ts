/** What the conversations e2e suites share: Slack message events, unique timestamps, polling. */
import type { SlackCall } from '../../src/playground/slack-stand-in.js';
import { callsSince } from './e2e.js';
import type { Harness } from './harness.js';

let tsCounter = 0;
/** Slack timestamps of now, or `offsetSeconds` from now (edits are followed for 10 minutes after them), unique per message. */
export const nextTs = (offsetSeconds = 0) => `${Math.floor(Date.now() / 1000) + offsetSeconds}.${String(++tsCounter).padStart(6, '0')}`;

/** Polls `probe` until it gives something (async probes: the help desk, the store). */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A `message` event as Slack sends it for a channel message. */
export const message = (user: string, channel: string, ts: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'message',
  channel,
  channel_type: 'channel',
  user,
  text,
  ts,
  event_ts: ts,
  ...extra,
});

/** The bot's posts in a thread since call number `since`. */
export const postsIn = (h: Harness, channel: string, threadTs: string, since = 0): SlackCall[] =>
  callsSince(h, since, 'chat.postMessage').filter((call) => call.args.channel === channel && call.args.thread_ts === threadTs);

/** Waits until every accepted job is done (or given up). */
export const jobsSettled = (h: Harness) =>
  eventually(async () => {
    const { db, pool } = h.services.stores;
    if (pool) return (await pool.query("SELECT 1 FROM jobs WHERE state IN ('pending', 'running') LIMIT 1")).rowCount === 0;
    const jobs = Object.values(db?.data.jobs ?? {}) as { state: string }[];
    return jobs.every((job) => job.state !== 'pending' && job.state !== 'running');
  }, 'the jobs to settle');
