/**
 * Help desk → Slack (issue 14), in one process: the sandbox, the Slack stand-in and the bot (the
 * harness's wiring, rate limits ON at 90/60 per minute). Measures
 * - detection latency with push (the sandbox's HttpPost rule → webhook → card update seen by Slack):
 *   one change at a time, each once the bot has finished the last one and a few seconds passed. A
 *   change costs about 5 help-desk reads (the feed's, the people's), so changes every second would
 *   ask for more than the 90 a minute the budget has, and measure the queue instead of the push path,
 * - detection latency by polling at the default share (no rule; the poller finds the change),
 * - the share of the help desk's general budget the poller used while 20 people worked interactively,
 * - those people's p99 wait per help-desk call, with the poller stopped and running (must not grow).
 */
import { randomBytes } from 'node:crypto';
import { bearer } from '../../../src/api/auth.js';
import { HelpdeskClient } from '../../../src/api/client.js';
import { createTalepApp } from '../../../src/app.js';
import { buildServices } from '../../../src/bootstrap.js';
import { identify } from '../../../src/commands/account/public.js';
import { runningEngines } from '../../../src/commands/notifications/engine.js';
import { createLogger } from '../../../src/logger.js';
import { SlackStandIn } from '../../../src/playground/slack-stand-in.js';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { Scenario } from '../scenario.js';
import { percentile, round } from '../stats.js';

const CHANNEL = 'CBENCH';
const USERS = 20;
const SAMPLES = 8;
/** Between one change's follow-up and the next change: a busy help desk's pace, within the budget. */
const PUSH_GAP_MS = 4_000;

interface Bench {
  close(): Promise<void>;
  changeAndWait(kind: 'push' | 'poll'): Promise<number | undefined>;
  interactive(seconds: number): Promise<number[]>;
  pollerCalls(): number;
  setPoller(on: boolean): Promise<void>;
  /** Until the client's general window holds at most `calls` sends (at most 70 s): phases start alike. */
  drain(calls: number): Promise<void>;
  /** Until the notifications are handled and no help-desk call waits (at most 60 s). */
  quiet(): Promise<void>;
}

async function startBench(push: boolean, log: (line: string) => void): Promise<Bench> {
  const sandbox = await startSandbox({ port: 0, settings: { DisableRateLimit: true } });
  const slack = await new SlackStandIn().start();
  const secret = randomBytes(16).toString('hex');
  const config = {
    slack: { botToken: slack.botToken, signingSecret: secret, appToken: undefined, apiUrl: slack.apiUrl, mode: 'http' as const },
    helpdesk: { url: sandbox.baseUrl, rateLimits: { enabled: true, general: 90, search: 60 } },
    port: 0,
    logLevel: 'warn' as const,
  };
  const logger = createLogger('warn', () => undefined);
  const webhookSecret = randomBytes(16).toString('hex');
  const services = await buildServices({
    config,
    helpdeskUrl: sandbox.baseUrl,
    logger,
    dataDir: undefined,
    encryptionKey: randomBytes(32),
    // The push world has no poller, so its latency is the webhook's alone.
    notify: { webhookSecret, poll: !push, pollShare: 0.25, coalesceMs: 700, dueSoonHours: 24 },
  });
  const app = createTalepApp({ config, services, logger });
  const { port } = await app.start();
  const link = async (username: string, userId: string) => {
    const token = sandbox.tokenFor(username);
    const identity = await identify(services.helpdesk.withCredential(bearer(token), { knownGood: true }));
    await services.stores.accounts.link('T1', userId, token, identity);
  };
  await link('agent', 'UAGENT');
  await link('admin', 'UADMIN');
  await services.stores.notify.addFeed({ teamId: 'T1', channelId: CHANNEL, createdBy: 'UAGENT', filter: { events: ['new', 'assigned', 'status', 'comment', 'closed'] }, createdAt: new Date() });
  if (push) {
    await sandbox.addRule({ name: 'bench', enabled: true, match: 'All', conditions: [], actions: [{ type: 'HttpPost', value: `http://127.0.0.1:${port}/helpdesk/events?secret=${webhookSecret}` }] });
  }
  const client = new HelpdeskClient({ baseUrl: sandbox.baseUrl, cache: false });
  const admin = client.withCredential(bearer(sandbox.tokenFor('admin')));
  const engine = runningEngines.get(services);
  // A few watched taleps with cards (what the poller checks), created before the poller's first search.
  const ids: number[] = [];
  for (let n = 0; n < 6; n += 1) ids.push((await admin.createTalep({ categoryId: 1, subject: `Bench talep ${n}`, body: 'x', priorityId: 0 })).id);
  for (const id of ids) await services.talepChanges.publish({ talepId: id, kind: 'created', via: 'push', at: new Date() });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  let counter = 0;
  const cardTs = (id: number) =>
    slack.callsTo('chat.postMessage').find((call) => call.args.channel === CHANNEL && !call.args.thread_ts && JSON.stringify(call.args.blocks).includes(`|#${id}>`))?.reply.ts as string | undefined;

  return {
    async changeAndWait(kind) {
      const id = ids[counter++ % ids.length]!;
      const ts = cardTs(id);
      if (!ts) return undefined;
      const body = `Bench ${kind} change ${counter}`;
      const started = Date.now();
      await admin.addComment({ id, body });
      const deadline = started + 60_000;
      while (Date.now() < deadline) {
        if (slack.callsTo('chat.postMessage').some((call) => call.args.thread_ts === ts && JSON.stringify(call.args).includes(body))) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      log(`notify: a ${kind} change was not seen within 60 s`);
      return undefined;
    },
    async interactive(seconds) {
      const waits: number[] = [];
      const until = Date.now() + seconds * 1000;
      const agent = sandbox.tokenFor('agent');
      await Promise.all(
        Array.from({ length: USERS }, async (_, user) => {
          const hd = services.helpdesk.withCredential(bearer(agent), { knownGood: true, priority: 'interactive', fairnessKey: `T1:UBENCH${user}` });
          // Each person: a read every ~25 s (with jitter), about 48 calls a minute for the 20 of them.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 25_000));
          while (Date.now() < until) {
            const started = Date.now();
            await hd.getTalep({ id: ids[user % ids.length]! });
            waits.push(Date.now() - started);
            await new Promise((resolve) => setTimeout(resolve, 20_000 + Math.random() * 10_000));
          }
        }),
      );
      return waits;
    },
    pollerCalls: () => engine?.poller?.budget.used.general ?? 0,
    async drain(calls) {
      const deadline = Date.now() + 70_000;
      while (services.helpdesk.throttle.stats().sentInWindow.general > calls && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async quiet() {
      const deadline = Date.now() + 60_000;
      const busy = () => !(engine?.idle ?? true) || Object.values(services.helpdesk.throttle.stats().queued).some((calls) => calls > 0);
      while (busy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async setPoller(on) {
      if (on) await engine?.poller?.start();
      else await engine?.poller?.stop();
    },
    async close() {
      await app.stop();
      await client.close();
      await services.helpdesk.close();
      await slack.close();
      await sandbox.close();
    },
  };
}

const median = (values: readonly (number | undefined)[]) => percentile(values.filter((value): value is number => value !== undefined), 50);

export const notifyScenario: Scenario = {
  name: 'notify',
  rows: [
    { metric: 'notify: detection latency, push (webhook), median', bot: 'notify.push.p50', unit: 'ms', goal: { kind: 'at-most', max: 1_000, text: '≤ 1 s' } },
    { metric: 'notify: detection latency, polling at the default 25 % share, median', bot: 'notify.poll.p50', unit: 'ms', goal: { kind: 'at-most', max: 15_000, text: '≤ 15 s' } },
    { metric: "notify: poller's share of the general budget while 20 people work", bot: 'notify.poller.share', unit: 'percent', goal: { kind: 'at-most', max: 25, text: '≤ 25 %' } },
    {
      metric: 'notify: interactive wait p99 with the poller (baseline column: without)',
      bot: 'notify.wait.with.p99',
      baseline: 'notify.wait.without.p99',
      unit: 'ms',
      goal: { kind: 'ratio-at-most', max: 1.25, text: 'does not grow (≤ 1.25×, noise)' },
    },
  ],
  async run(context) {
    // At least a minute, so the share is measured over a whole budget window.
    const seconds = context.options.quick ? 65 : 120;
    context.log('notify: push latency');
    const pushBench = await startBench(true, context.log);
    const push: (number | undefined)[] = [];
    try {
      for (let n = 0; n < SAMPLES; n += 1) {
        await pushBench.quiet();
        await new Promise((resolve) => setTimeout(resolve, PUSH_GAP_MS));
        push.push(await pushBench.changeAndWait('push'));
      }
    } finally {
      await pushBench.close();
    }
    context.log(`notify: polling latency, then 20 people for ${seconds} s without and ${seconds} s with the poller`);
    const pollBench = await startBench(false, context.log);
    const poll: (number | undefined)[] = [];
    let without: number[] = [];
    let withPoller: number[] = [];
    let share = 0;
    try {
      for (let n = 0; n < (context.options.quick ? 3 : SAMPLES); n += 1) poll.push(await pollBench.changeAndWait('poll'));
      await pollBench.setPoller(false);
      await pollBench.drain(0);
      without = await pollBench.interactive(seconds);
      await pollBench.setPoller(true);
      // The poller's calls, sampled every second: the share is the busiest sliding minute of them.
      const samples: { at: number; calls: number }[] = [];
      const sampler = setInterval(() => samples.push({ at: Date.now(), calls: pollBench.pollerCalls() }), 1_000);
      withPoller = await pollBench.interactive(seconds);
      clearInterval(sampler);
      let busiest = 0;
      for (const sample of samples) {
        const minuteLater = samples.filter((other) => other.at - sample.at <= 60_000).at(-1);
        if (minuteLater) busiest = Math.max(busiest, minuteLater.calls - sample.calls);
      }
      share = round((busiest / 90) * 100, 1);
    } finally {
      await pollBench.close();
    }
    const p99 = (values: number[]) => percentile(values, 99);
    const figure = (value: number | undefined) => (value === undefined ? undefined : { value });
    return {
      figures: {
        'notify.push.p50': figure(median(push)),
        'notify.poll.p50': figure(median(poll)),
        'notify.poller.share': { value: share },
        'notify.wait.with.p99': figure(p99(withPoller)),
        'notify.wait.without.p99': figure(p99(without)),
      },
      details: { push, poll, share, waitsWithout: without.length, waitsWith: withPoller.length, p99Without: p99(without), p99With: p99(withPoller) },
    };
  },
};
