/**
 * The hardened Slack receiver on its own, with a small Bolt app: signature, timestamp window and replay
 * refusals (401), the body cap (413), malformed bodies (400, never 500 or a crash), Slack's checks,
 * retry headers, extra routes, and ack answers byte for byte like Bolt's own HTTPReceiver.
 */
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { App, HTTPReceiver, type Receiver } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { MemoryReplayCache } from '../../src/slack/replay-cache.js';
import { SlackHttpReceiver } from '../../src/slack/http-receiver.js';

const SECRET = 'test-signing-secret';
const logs: string[] = [];
const logger = createLogger('debug', (line) => logs.push(line));

interface Reply {
  status: number;
  contentType: string | null;
  body: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sign = (body: string, timestamp: number, secret = SECRET) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;

async function post(
  port: number,
  body: string,
  options: { contentType?: string; timestamp?: number; signature?: string; headers?: Record<string, string>; path?: string } = {},
): Promise<Reply> {
  const timestamp = options.timestamp ?? nowSeconds();
  const response = await fetch(`http://127.0.0.1:${port}${options.path ?? '/slack/events'}`, {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': options.signature ?? sign(body, timestamp),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

/** A signed, form-encoded POST to the events path as raw HTTP/1.1 (for framing and pipelining). */
function rawRequest(body: string, extraHeaders: string[] = []): string {
  const timestamp = nowSeconds();
  const head = [
    'POST /slack/events HTTP/1.1',
    'host: 127.0.0.1',
    ...extraHeaders,
    'content-type: application/x-www-form-urlencoded',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-slack-request-timestamp: ${timestamp}`,
    `x-slack-signature: ${sign(body, timestamp)}`,
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

const form = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`;
let nonce = 0;
const unique = () => `trigger-${++nonce}`;

const team = { id: 'T1', domain: 'test' };
const user = { id: 'U1', username: 'u1', team_id: 'T1' };
const blockAction = (actionId: string, extra: Record<string, unknown> = {}) => ({
  type: 'block_actions',
  team,
  user,
  api_app_id: 'A1',
  trigger_id: unique(),
  container: { type: 'message', message_ts: '1.2', channel_id: 'C1', is_ephemeral: true },
  channel: { id: 'C1', name: 'x' },
  response_url: 'http://127.0.0.1:9/respond/1',
  actions: [{ type: 'button', block_id: 'b', action_id: actionId, action_ts: '1.3', value: 'v' }],
  ...extra,
});
const viewSubmission = (callbackId: string) => ({
  type: 'view_submission',
  team,
  user,
  api_app_id: 'A1',
  trigger_id: unique(),
  view: { id: 'V1', type: 'modal', callback_id: callbackId, private_metadata: '', hash: 'h', state: { values: {} } },
  response_urls: [],
});
const suggestion = (actionId: string) => ({
  type: 'block_suggestion',
  team,
  user,
  api_app_id: 'A1',
  action_id: actionId,
  block_id: 'b',
  value: 'pri',
  container: { type: 'view', view_id: 'V1' },
  view: { id: 'V1', callback_id: 'cb', hash: 'h', state: { values: {} } },
  trigger_id: unique(),
});
const slash = (text: string) =>
  new URLSearchParams({
    command: '/talep',
    text,
    team_id: 'T1',
    user_id: 'U1',
    channel_id: 'C1',
    response_url: 'http://127.0.0.1:9/respond/2',
    trigger_id: unique(),
  }).toString();

/** The same listeners on any receiver, recording what reached them. */
function appOn(receiver: Receiver) {
  const seen: { kind: string; retryNum?: number; retryReason?: string }[] = [];
  const app = new App({ receiver, authorize: async () => ({ botToken: 'xoxb-test' }), logger: createLogger('error', () => undefined) });
  app.action('plain', async ({ ack, context }) => {
    seen.push({ kind: 'plain', retryNum: context.retryNum, retryReason: context.retryReason });
    await ack();
  });
  app.action('text', async ({ ack }) => ack('accepted' as never));
  app.action('never', async () => undefined);
  app.action('late', async ({ ack }) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await ack();
    seen.push({ kind: 'late finished' });
  });
  app.action('late-error', async ({ ack }) => {
    await ack();
    throw new Error('after the ack');
  });
  app.view('errors', async ({ ack }) => ack({ response_action: 'errors', errors: { subject: 'Too long: <b>' } }));
  app.view('update', async ({ ack }) => ack({ response_action: 'update', view: { type: 'modal', title: { type: 'plain_text', text: 'Ünicode ✓' }, blocks: [] } }));
  app.view('clear', async ({ ack }) => ack());
  app.options('priorities', async ({ ack }) => ack({ options: [{ text: { type: 'plain_text', text: 'High' }, value: '1' }] }));
  app.command('/talep', async ({ ack, command }) => {
    seen.push({ kind: `command ${command.text}` });
    await ack();
  });
  app.event('app_home_opened', async () => {
    seen.push({ kind: 'event' });
  });
  app.error(async () => undefined);
  return { app, seen };
}

describe('SlackHttpReceiver', () => {
  let receiver: SlackHttpReceiver;
  let port: number;
  let seen: ReturnType<typeof appOn>['seen'];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    receiver = new SlackHttpReceiver({ signingSecret: SECRET, logger, unackedTimeoutMs: 300, bodyLimitBytes: 64 * 1024 });
    receiver.addRoute({
      method: 'GET',
      path: '/healthz',
      handler: (_req, res) => {
        res.end('ok');
      },
    });
    receiver.addRoute({
      method: 'POST',
      path: '/boom',
      handler: () => {
        throw new Error('route failed');
      },
    });
    ({ seen } = appOn(receiver));
    await receiver.start(0);
    port = receiver.port as number;
  });
  afterAll(async () => {
    await receiver.stop();
    process.off('unhandledRejection', onRejection);
  });
  afterEach(() => {
    const seenRejections = rejections.splice(0);
    logs.length = 0;
    expect(seenRejections).toEqual([]);
  });

  it('dispatches a signed request and passes the retry headers on', async () => {
    const reply = await post(port, form(blockAction('plain')), { headers: { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' } });
    expect(reply).toEqual({ status: 200, contentType: null, body: '' });
    expect(seen.at(-1)).toEqual({ kind: 'plain', retryNum: 2, retryReason: 'http_timeout' });
    await post(port, form(blockAction('plain')), { headers: { 'x-slack-retry-num': 'lots' } });
    expect(seen.at(-1)).toEqual({ kind: 'plain', retryNum: undefined, retryReason: undefined });
  });

  it('refuses a bad signature, a missing header, and timestamps more than 5 minutes in the past or the future (401)', async () => {
    const body = form(blockAction('plain'));
    const before = seen.length;
    expect((await post(port, body, { signature: sign(body, nowSeconds(), 'other-secret') })).status).toBe(401);
    expect((await post(port, body, { signature: 'v0=zz' })).status).toBe(401);
    expect((await post(port, body, { timestamp: nowSeconds() - 301 })).status).toBe(401);
    expect((await post(port, body, { timestamp: nowSeconds() + 301 })).status).toBe(401);
    expect((await post(port, body, { timestamp: nowSeconds() + 3600 })).status).toBe(401);
    const unsigned = await fetch(`http://127.0.0.1:${port}/slack/events`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsigned.status).toBe(401);
    expect(seen.length).toBe(before);
    expect(logs.filter((line) => line.includes('refused POST /slack/events'))).toHaveLength(6);
    expect(logs.join('\n')).toMatch(/timestamp in the future/);
    // One line per refusal, without the body.
    expect(logs.join('\n')).not.toContain('payload');
  });

  it('accepts a timestamp within the window in either direction', async () => {
    expect((await post(port, form(blockAction('plain')), { timestamp: nowSeconds() + 290 })).status).toBe(200);
    expect((await post(port, form(blockAction('plain')), { timestamp: nowSeconds() - 290 })).status).toBe(200);
  });

  it('refuses a replayed signature (401) and runs the listener once', async () => {
    const body = form(blockAction('plain'));
    const timestamp = nowSeconds();
    const before = seen.length;
    expect((await post(port, body, { timestamp })).status).toBe(200);
    expect((await post(port, body, { timestamp })).status).toBe(401);
    expect(seen.length).toBe(before + 1);
    expect(logs.join('\n')).toMatch(/replayed signature/);
  });

  it('caps the body (413), by Content-Length and by the bytes actually sent', async () => {
    const big = form(blockAction('plain', { filler: 'x'.repeat(70 * 1024) }));
    expect((await post(port, big)).status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const timestamp = nowSeconds();
        const req = request(
          { port, method: 'POST', path: '/slack/events', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': sign(big, timestamp) } },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.on('error', reject);
        for (let offset = 0; offset < big.length; offset += 8_192) req.write(big.slice(offset, offset + 8_192));
        req.end();
      }, reject);
    });
    expect(chunked).toBe(413);
  });

  it("answers Slack's SSL check, URL verification and rate-limit notice without dispatching", async () => {
    const before = seen.length;
    expect(await post(port, 'ssl_check=1&token=x', { signature: 'v0=nothing' })).toMatchObject({ status: 200, body: '' });
    const challenge = await post(port, JSON.stringify({ type: 'url_verification', challenge: 'c-123', token: 't' }), { contentType: 'application/json' });
    expect(challenge).toEqual({ status: 200, contentType: 'application/json', body: '{"challenge":"c-123"}' });
    const limited = await post(port, JSON.stringify({ type: 'app_rate_limited', team_id: 'T1', minute_rate_limited: 1, api_app_id: 'A1' }), { contentType: 'application/json' });
    expect(limited.status).toBe(200);
    expect(seen.length).toBe(before);
  });

  it('answers an ack in one piece: its length declared, not chunked (an empty ack, a JSON one, non-ASCII text)', async () => {
    const raw = async (body: string): Promise<string> => {
      const socket = connect(port, '127.0.0.1');
      socket.end(rawRequest(body, ['connection: close']));
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    const framing = (response: string) => {
      const [headText = '', body = ''] = response.split('\r\n\r\n');
      const headers = headText.toLowerCase();
      return { chunked: headers.includes('transfer-encoding'), length: /content-length: (\d+)/.exec(headers)?.[1], body };
    };
    expect(framing(await raw(form(blockAction('plain'))))).toEqual({ chunked: false, length: '0', body: '' });
    const update = framing(await raw(form({ ...viewSubmission('update') })));
    expect(update.chunked).toBe(false);
    expect(Number(update.length)).toBe(Buffer.byteLength(update.body));
    expect(JSON.parse(update.body)).toMatchObject({ response_action: 'update', view: { title: { text: 'Ünicode ✓' } } });
  });

  it('runs events and slash commands (JSON with a charset, form-encoded)', async () => {
    const event = JSON.stringify({ type: 'event_callback', team_id: 'T1', api_app_id: 'A1', event_id: 'Ev1', event_time: 1, event: { type: 'app_home_opened', user: 'U1', channel: 'D1', tab: 'home' } });
    expect((await post(port, event, { contentType: 'application/json; charset=utf-8' })).status).toBe(200);
    expect((await post(port, slash('whoami'))).status).toBe(200);
    await vi.waitFor(() => expect(seen.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['event', 'command whoami'])));
  });

  it.each([
    ['payload=null', 'payload=null'],
    ['payload is not JSON', 'payload=%7Bnot-json'],
    ['payload is an array', form([1, 2])],
    ['payload is a string', form('block_actions')],
    ['payload has no type', form({ ...blockAction('plain'), type: undefined, actions: undefined })],
    ['type of the wrong type', form({ ...blockAction('plain'), type: 7 })],
    ['unknown type', form({ type: 'something_else', user, team })],
    ['user is null', form({ ...blockAction('plain'), user: null })],
    ['user id is a number', form({ ...blockAction('plain'), user: { id: 42 } })],
    ['team id is a number', form({ ...blockAction('plain'), team: { id: 1 } })],
    ['actions is not an array', form({ ...blockAction('plain'), actions: 'plain' })],
    ['actions is empty', form({ ...blockAction('plain'), actions: [] })],
    ['an action is null', form({ ...blockAction('plain'), actions: [null] })],
    ['an action without action_id', form({ ...blockAction('plain'), actions: [{ type: 'button' }] })],
    ['channel is null', form({ ...blockAction('plain'), channel: null })],
    ['response_urls holds null', form({ ...viewSubmission('clear'), response_urls: [null] })],
    ['view without an id', form({ ...viewSubmission('clear'), view: { callback_id: 'clear' } })],
    ['view submission without a view', form({ ...viewSubmission('clear'), view: undefined })],
    ['message shortcut without a message ts', form({ type: 'message_action', callback_id: 'x', trigger_id: 't', team, user, channel: { id: 'C1' }, message: {}, response_url: 'u' })],
    ['suggestion value is a number', form({ ...suggestion('priorities'), value: 3 })],
    ['slash command without a user', 'command=%2Ftalep&team_id=T1&channel_id=C1&text=x'],
    ['slash command field repeated', `${slash('x')}&user_id=U2`],
    ['form without payload or command', 'text=hello&user_id=U1'],
    ['JSON that is not JSON', '{"type":'],
    ['JSON null', 'null'],
    ['event is a string', JSON.stringify({ type: 'event_callback', team_id: 'T1', event: 'app_home_opened' })],
    ['event channel is null', JSON.stringify({ type: 'event_callback', team_id: 'T1', event: { type: 'message', channel: null } })],
    ['event item is a string', JSON.stringify({ type: 'event_callback', team_id: 'T1', event: { type: 'reaction_added', item: 'x' } })],
    ['url_verification without challenge', JSON.stringify({ type: 'url_verification' })],
    ['a slash command sent as JSON', JSON.stringify({ command: '/talep', team_id: 'T1', user_id: 'U1', channel_id: 'C1' })],
    ['deeply nested JSON', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ])('answers 400 for %s, and keeps serving', async (_what, body) => {
    const contentType = body.startsWith('{') || body.startsWith('[') || body === 'null' ? 'application/json' : 'application/x-www-form-urlencoded';
    const reply = await post(port, body, { contentType });
    expect(reply.status).toBe(400);
    expect(logs.some((line) => line.includes('refused POST /slack/events') && line.includes('400 malformed body'))).toBe(true);
    expect((await post(port, form(blockAction('plain')))).status).toBe(200);
  });

  it('answers 400 for an unsupported content type', async () => {
    expect((await post(port, form(blockAction('plain')), { contentType: 'text/plain' })).status).toBe(400);
  });

  it('answers 404 with a warning when no listener acknowledges', async () => {
    const reply = await post(port, form(blockAction('never')));
    expect(reply.status).toBe(404);
    expect(logs.join('\n')).toMatch(/block_actions never was not acknowledged within 300 ms/);
  });

  it('a late ack is logged and ignored, and the listener still finishes its work', async () => {
    expect((await post(port, form(blockAction('late')))).status).toBe(404);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ kind: 'late finished' }));
    expect(logs.join('\n')).toMatch(/block_actions late: ack\(\) came after the request had been answered 404; ignored/);
  });

  it('logs an error a listener throws after its ack, and the answer stays 200', async () => {
    expect((await post(port, form(blockAction('late-error')))).status).toBe(200);
  });

  it('serves extra routes: 200, 405 with Allow, 404, and a failing route is a 500, not a crash', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const wrongMethod = await fetch(`http://127.0.0.1:${port}/healthz`, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET']);
    expect((await fetch(`http://127.0.0.1:${port}/nowhere`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/boom`, { method: 'POST' })).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${port}/slack/events`)).status).toBe(405);
    expect(logs.join('\n')).toMatch(/request POST \/boom failed/);
  });
});

describe('ack answers are the same as Bolt’s HTTPReceiver (processBeforeResponse: false)', () => {
  const receivers: { name: string; port: number; stop: () => Promise<unknown> }[] = [];

  beforeAll(async () => {
    const ours = new SlackHttpReceiver({ signingSecret: SECRET, logger, unackedTimeoutMs: 200 });
    appOn(ours);
    await ours.start(0);
    receivers.push({ name: 'ours', port: ours.port as number, stop: () => ours.stop() });
    const bolts = new HTTPReceiver({ signingSecret: SECRET, processBeforeResponse: false, unhandledRequestTimeoutMillis: 200, logger: createLogger('error', () => undefined) });
    appOn(bolts);
    const server = (await bolts.start(0)) as import('node:http').Server;
    receivers.push({ name: 'bolt', port: (server.address() as import('node:net').AddressInfo).port, stop: () => bolts.stop() });
  });
  afterAll(async () => {
    for (const each of receivers) await each.stop();
  });

  it.each([
    ['view_submission with response_action errors', () => form(viewSubmission('errors'))],
    ['view_submission with response_action update', () => form(viewSubmission('update'))],
    ['view_submission with an empty ack', () => form(viewSubmission('clear'))],
    ['block_suggestion with options', () => form(suggestion('priorities'))],
    ['a button with an empty ack', () => form(blockAction('plain'))],
    ['a button acked with a string', () => form(blockAction('text'))],
    ['a slash command', () => slash('help')],
    ['a listener that never acks', () => form(blockAction('never'))],
  ])('%s', async (_what, body) => {
    const [ours, bolts] = await Promise.all(receivers.map((each) => post(each.port, body())));
    expect(ours).toEqual(bolts);
  });
});

describe('MemoryReplayCache', () => {
  it('forgets signatures once they expire, and stays within its bound', async () => {
    let now = 0;
    const cache = new MemoryReplayCache({ maxEntries: 3, now: () => now });
    expect(await cache.remember('a', 100)).toBe(true);
    expect(await cache.remember('a', 100)).toBe(false);
    now = 100;
    expect(await cache.remember('a', 200)).toBe(true);
    for (const signature of ['b', 'c', 'd', 'e']) await cache.remember(signature, 500);
    expect(cache.size).toBe(3);
  });
});

describe('SlackHttpReceiver: events answered after their listeners (holdEventAnswers)', () => {
  let receiver: SlackHttpReceiver;
  let port: number;
  const finished: string[] = [];

  beforeAll(async () => {
    receiver = new SlackHttpReceiver({ signingSecret: SECRET, logger, holdEventAnswers: { types: new Set(['message', 'reaction_added']), maxMs: 600 } });
    const app = new App({ receiver, authorize: async () => ({ botToken: 'xoxb-test' }), logger: createLogger('error', () => undefined) });
    app.event('message', async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      finished.push('message');
    });
    app.event('reaction_added', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      finished.push('reaction');
    });
    app.event('app_home_opened', async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      finished.push('home');
    });
    app.error(async () => undefined);
    await receiver.start(0);
    port = receiver.port as number;
  });
  afterAll(async () => {
    await receiver.stop();
  });

  const eventBody = (event: Record<string, unknown>) =>
    JSON.stringify({ type: 'event_callback', team_id: 'T1', api_app_id: 'A1', event_id: `Ev${++nonce}`, event_time: 1, event });
  const timed = async (body: string) => {
    const started = Date.now();
    const reply = await post(port, body, { contentType: 'application/json' });
    return { reply, ms: Date.now() - started };
  };

  it('answers a held event once its listener finished (its work is stored before Slack hears it arrived)', async () => {
    const { reply, ms } = await timed(eventBody({ type: 'message', channel: 'C1', user: 'U1', text: 'x', ts: '1.1' }));
    expect(reply.status).toBe(200);
    expect(finished).toContain('message');
    expect(ms).toBeGreaterThanOrEqual(240);
  });

  it('answers at the limit when the listener takes longer, and other events at once', async () => {
    const slow = await timed(eventBody({ type: 'reaction_added', user: 'U1', reaction: 'x', item: { type: 'message', channel: 'C1', ts: '1.1' } }));
    expect(slow.reply.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(590);
    expect(slow.ms).toBeLessThan(1_900);
    expect(finished).not.toContain('reaction');
    const other = await timed(eventBody({ type: 'app_home_opened', user: 'U1', channel: 'D1', tab: 'home' }));
    expect(other.reply.status).toBe(200);
    expect(other.ms).toBeLessThan(240);
  });
});

describe('SlackHttpReceiver, requests read in one turn', () => {
  it('handles them one per turn of the event loop, in the order read (a turn stays short under a burst)', async () => {
    const receiver = new SlackHttpReceiver({ signingSecret: SECRET, logger });
    const app = new App({ receiver, authorize: async () => ({ botToken: 'xoxb-test' }), logger: createLogger('error', () => undefined) });
    const handled: string[] = [];
    app.command('/talep', async ({ ack, command }) => {
      handled.push(command.text);
      // Work the handler leaves for the next turn: were the burst handled in one turn, it would wait for all of it.
      setImmediate(() => handled.push(`after ${command.text}`));
      await ack();
    });
    await receiver.start(0);
    try {
      // Pipelined on one connection: the three requests are read together, in one poll of the socket.
      const requests = ['one', 'two', 'three'].map((text) => rawRequest(slash(text)));
      const socket = connect(receiver.port!, '127.0.0.1');
      socket.write(requests.join(''));
      await vi.waitFor(() => expect(handled).toHaveLength(6));
      socket.destroy();
      // Each request in a turn of its own: what one left for the next turn runs before the one after next.
      expect(handled).toEqual(['one', 'two', 'after one', 'three', 'after two', 'after three']);
    } finally {
      await receiver.stop(100);
    }
  });
});
