/**
 * Help desk → Slack without push: no webhook rule in the help desk, so the budgeted poller finds new
 * taleps (Search from the newest creation time seen) and changes of watched taleps (LastUpdated against
 * the stored marks). A restart in the middle resumes from the stored marks: what changed while the bot
 * was down is told once, and nothing told before is told again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTalepApp } from '../../src/app.js';
import { buildServices } from '../../src/bootstrap.js';
import { createLogger } from '../../src/logger.js';
import { json, slashAnswer } from '../support/e2e.js';
import { useHarness } from '../support/use-harness.js';

const CHANNEL = 'CPOLL1';
const dataDir = await mkdtemp(join(tmpdir(), 'talep-poll-'));
const key = randomBytes(32);
const notify = { webhookSecret: undefined, poll: true, pollShare: 0.25, coalesceMs: 300, dueSoonHours: 24 };
const h = useHarness({ notify, dataDir, encryptionKey: key });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const postsIn = (channel: string) => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === channel);
const cardOf = (talepId: number) => postsIn(CHANNEL).find((call) => !call.args.thread_ts && json(call.args.blocks).includes(`|#${talepId}>`));
const repliesTo = (ts: string) => postsIn(CHANNEL).filter((call) => call.args.thread_ts === ts);

describe("assignees' taleps are watched", () => {
  it("a talep assigned before anyone watched it gets its due reminder, and no false 'assigned' DM", async () => {
    // Created and assigned "long ago" as far as the bot knows: before its poller's first round.
    const { id } = await h.sandboxAs('admin').createTalep({ categoryId: 2, subject: 'Old but due soon', body: 'x', priorityId: 0, assignedToUserId: 3 });
    await h.sandboxAs('admin').updateTalep({ id, dueDate: new Date(Date.now() + 2 * 3_600_000) });
    const dms = () => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === 'UAGENT2' && json(call.args).includes(`#${id}`));
    await h.slack.waitFor(() => dms().find((call) => json(call.args).includes(':alarm_clock:')), 'the due reminder', 20_000);
    expect(dms().filter((call) => json(call.args).includes('Assigned to'))).toHaveLength(0);
    // A comment after that is told (the baseline from the list knew no comments).
    await h.helpdeskAs('agent').addComment({ id, body: 'A later comment for agent2' });
    await h.slack.waitFor(() => dms().find((call) => json(call.args).includes('A later comment')), 'the comment DM', 20_000);
  }, 45_000);
});

describe('polling, with push off', () => {
  let talepId = 0;
  let ts = '';

  it('finds a new talep and its changes by polling', async () => {
    await slashAnswer(h, 'agent', `feed <#${CHANNEL}>`);
    // The poller's first round notes "now" as the newest creation time: history is not news.
    await until(async () => (await h.services.stores.notify.newest('T1:UADMIN')) !== undefined, "the poller's first round");
    ({ id: talepId } = await h.helpdeskAs('user').createTalep({ categoryId: 1, subject: 'Found by polling', body: 'x', priorityId: 0 }));
    const card = await h.slack.waitFor(() => cardOf(talepId), 'the card of a polled talep', 15_000);
    ts = String(card.reply.ts);
    await h.helpdeskAs('agent').addComment({ id: talepId, body: 'Comment one' });
    await h.slack.waitFor(() => repliesTo(ts).find((call) => json(call.args).includes('Comment one')), 'the polled comment', 15_000).catch((error: unknown) => {
      console.log(h.logs.filter((line) => /poll|notif|WARN|ERROR|getTalep|Search|comments/i.test(line)).slice(-40).join('\n'));
      throw error;
    });
  }, 40_000);

  it('resumes after a restart with no duplicate and no gap', async () => {
    await h.app.stop();
    // While the bot is down: a comment and a status change.
    await h.helpdeskAs('agent').addComment({ id: talepId, body: 'Comment two, while down' });
    await h.helpdeskAs('agent').updateTalep({ id: talepId, statusId: 2 });
    const logger = createLogger('warn', () => undefined);
    const config = {
      slack: { botToken: h.slack.botToken, signingSecret: h.signingSecret, appToken: undefined, apiUrl: h.slack.apiUrl, mode: 'http' as const },
      helpdesk: { url: h.sandbox.baseUrl, rateLimits: { enabled: false, general: 90, search: 60 } },
      port: 0,
      logLevel: 'warn' as const,
    };
    const services = await buildServices({ config, helpdeskUrl: h.sandbox.baseUrl, logger, dataDir, encryptionKey: key, notify });
    const again = createTalepApp({ config, services, logger });
    await again.start();
    try {
      await h.slack.waitFor(() => repliesTo(ts).find((call) => json(call.args).includes('Comment two')), 'the comment made while down', 20_000);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const replies = repliesTo(ts).map((call) => json(call.args));
      expect(replies.filter((text) => text.includes('Comment one'))).toHaveLength(1);
      expect(replies.filter((text) => text.includes('Comment two'))).toHaveLength(1);
      expect(replies.some((text) => text.includes('In progress'))).toBe(true);
      // Still one card: the restart updated it in place.
      expect(postsIn(CHANNEL).filter((call) => !call.args.thread_ts && json(call.args.blocks).includes(`|#${talepId}>`))).toHaveLength(1);
    } finally {
      await again.stop();
      await services.helpdesk.close();
    }
  }, 60_000);
});
