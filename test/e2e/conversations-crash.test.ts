/**
 * `kill -9` while a request channel's message is becoming a talep. The real bot runs as a child process
 * on a temporary DATA_DIR; the help desk is stalled, so at the kill the talep's create has reached the
 * proxy but not the help desk. After a restart on the same DATA_DIR the work is done exactly once and
 * the thread gets its card; Slack's re-send of the event (same event id) and the same message under a
 * new event id make nothing more.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { identify } from '../../src/commands/account/public.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { openStores } from '../../src/store/index.js';
import { type BotProcess, startBotProcess } from '../support/bot-child.js';
import { people } from '../support/harness.js';
import { HelpdeskProxy } from '../support/helpdesk-proxy.js';
import { SlackRequests } from '../support/slack-requests.js';

let sandbox: Sandbox;
let slack: SlackStandIn;
let proxy: HelpdeskProxy;
let direct: HelpdeskClient;
let dataDir: string;
let bot: BotProcess | undefined;
let send: SlackRequests;
const signingSecret = randomBytes(16).toString('hex');
const tokenKey = randomBytes(32).toString('hex');

async function startBot(): Promise<void> {
  bot = await startBotProcess({
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.apiUrl,
    HELPDESK_URL: proxy.baseUrl,
    HELPDESK_RATE_LIMITS: 'off',
    DATA_DIR: dataDir,
    TOKEN_ENCRYPTION_KEY: tokenKey,
  });
  send = new SlackRequests(bot.eventsUrl, signingSecret, slack);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, settings: { DisableRateLimit: true } });
  proxy = await new HelpdeskProxy(sandbox.baseUrl).start();
  slack = await new SlackStandIn().start();
  for (const person of Object.values(people)) slack.users.set(person.userId, { id: person.userId, name: person.username, email: person.email });
  direct = new HelpdeskClient({ baseUrl: sandbox.baseUrl, cache: false });
  dataDir = await mkdtemp(join(tmpdir(), 'talep-bot-conv-crash-'));
  const stores = await openStores(dataDir, Buffer.from(tokenKey, 'hex'));
  const token = sandbox.tokenFor(people.user.username);
  await stores.accounts.link('T1', people.user.userId, token, await identify(direct.withCredential(bearer(token))));
  await stores.channelSettings.setRequests('T1', 'CREQ', { mode: 'request', categoryId: SeedIds.categories.hardware, emoji: 'ticket', sync: true }, 'T1:UADMIN');
  await startBot();
}, 90_000);

afterAll(async () => {
  await bot?.kill();
  await direct?.close();
  await slack?.close();
  await proxy?.close();
  await sandbox?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 while a request becomes a talep', () => {
  it('after a restart the talep exists exactly once, its thread has the card, and re-sends make nothing', async () => {
    const subject = `Badge reader at door B is dead ${Date.now().toString(36)}`;
    const ts = `${Math.floor(Date.now() / 1000)}.000777`;
    const event = { type: 'message', channel: 'CREQ', channel_type: 'channel', user: people.user.userId, text: subject, ts };
    const find = async () => (await direct.withCredential(bearer(sandbox.tokenFor('admin'))).search({ query: subject })).filter((talep) => talep.Subject === subject);

    proxy.stall();
    const ack = await send.event(event, 'T1', { eventId: 'EvCrash1' });
    expect(ack.status).toBe(200);
    await slack.waitFor(() => proxy.count('POST', '/api/talep') >= 1, 'the create at the proxy', 30_000);
    await bot?.kill('SIGKILL');
    proxy.thaw();
    expect(await find()).toHaveLength(0);

    await startBot();
    // Slack re-sends the late event to the new process, and the same message comes once more under another id.
    expect((await send.event(event, 'T1', { eventId: 'EvCrash1', retryNum: 1 })).status).toBe(200);
    expect((await send.event(event, 'T1', { eventId: 'EvCrash2' })).status).toBe(200);
    const card = await slack.waitFor(
      () => slack.callsTo('chat.postMessage').find((call) => call.args.channel === 'CREQ' && call.args.thread_ts === ts),
      'the card in the thread',
      60_000,
    );
    const found = await find();
    expect(found).toHaveLength(1);
    expect(JSON.stringify(card.args.blocks)).toContain(`#${found[0]?.TalepID}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slack.callsTo('chat.postMessage').filter((call) => call.args.channel === 'CREQ' && call.args.thread_ts === ts)).toHaveLength(1);
    expect(await find()).toHaveLength(1);
    expect(bot?.output.join('')).toContain('EvCrash1 was handled before (persisted)');
  }, 150_000);
});
