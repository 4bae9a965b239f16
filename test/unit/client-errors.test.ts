/**
 * Every failure of a call is a HelpdeskError with a kind: HTTP statuses, network failures, timeouts,
 * cancellation, responses that do not match the schema, and parameters the client refuses to send.
 */
import { errors } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import type { CallLog } from '../../src/api/client.js';
import type { HelpdeskErrorKind } from '../../src/api/errors.js';
import { failure, ManualClock, type MockHelpdesk, mockHelpdesk, type Reply, settle, talepJson } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;
const open = (...args: Parameters<typeof mockHelpdesk>): MockHelpdesk => (hd = mockHelpdesk(...args));

afterEach(async () => {
  hd?.agent.assertNoPendingInterceptors();
  await hd?.close();
  hd = undefined;
});

describe('HTTP statuses', () => {
  it.each<[string, Reply, HelpdeskErrorKind, string]>([
    ['400 with a text reason', { status: 400, body: 'categoryId is required' }, 'invalid', 'categoryId is required'],
    [
      '400 with a JSON {"error"} reason',
      { status: 400, body: '{"error":"priorityId must be between -1 and 2"}', headers: { 'content-type': 'application/json' } },
      'invalid',
      'priorityId must be between -1 and 2',
    ],
    [
      '400 with a JSON string body (ASP.NET Web API style)',
      { status: 400, body: '"Parameter \'subject\' is required"', headers: { 'content-type': 'application/json; charset=utf-8' } },
      'invalid',
      "Parameter 'subject' is required",
    ],
    [
      '401',
      { status: 401, body: '{"Message":"Authorization has been denied for this request."}', headers: { 'content-type': 'application/json' } },
      'unauthorized',
      'Authorization has been denied for this request.',
    ],
    ['403', { status: 403, body: 'Agent permission required' }, 'forbidden', 'Agent permission required'],
    ['404', { status: 404, body: 'Talep not found' }, 'not-found', 'Talep not found'],
    ['500', { status: 500, body: 'Internal Server Error' }, 'unavailable', 'Internal Server Error'],
    [
      '503 with an HTML page',
      { status: 503, body: '<html><body><h1>Service Unavailable</h1></body></html>', headers: { 'content-type': 'text/html' } },
      'unavailable',
      'Service Unavailable',
    ],
  ])('%s', async (_, reply, kind, reason) => {
    const { client, reply: answer, requests } = open();
    answer(reply);

    const error = await failure(client.getTalep({ id: 12 }));

    expect(error).toMatchObject({ kind, status: reply.status, reason, operation: 'getTalep', source: 'server' });
    expect(error.message).toContain('getTalep');
    expect(error.message).toContain(reason);
    // Errors are answers, not dropped connections: nothing is re-sent.
    expect(requests()).toHaveLength(1);
  });

  it('an error without a body names the status', async () => {
    const { client, reply } = open();
    reply({ status: 404 });
    const error = await failure(client.getArticle({ id: 7 }));
    expect(error).toMatchObject({ kind: 'not-found', reason: undefined });
    expect(error.message).toBe('getArticle: HTTP 404');
  });
});

describe('429 rate-limited', () => {
  it('with rateLimitRetries 0 fails at once and says when to try again', async () => {
    const { client, reply, requests } = open({ rateLimitRetries: 0 });
    reply({ status: 429, body: 'Rate limit exceeded', headers: { 'retry-after': '2' } });

    const error = await failure(client.search({ query: 'vpn' }));

    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 2000, reason: 'Rate limit exceeded' });
    expect(requests()).toHaveLength(1);
  });

  it('by default pauses for Retry-After, sends again once and succeeds', async () => {
    const clock = new ManualClock();
    const { client, reply, replyJson, requests } = open({ throttle: { clock } });
    reply({ status: 429, body: 'Rate limit exceeded', headers: { 'retry-after': '2' } });
    replyJson(talepJson);
    const waits: number[] = [];

    const pending = client.getTalep({ id: 12 }, { onQueued: (ms) => waits.push(ms) });
    await settle(20);
    expect(requests()).toHaveLength(1);

    await clock.advance(1_999);
    await settle(20);
    expect(requests()).toHaveLength(1); // still paused

    await clock.advance(1);
    const talep = await pending;

    expect(talep.TalepID).toBe(12);
    expect(requests()).toHaveLength(2);
    // Sent (0: no wait), told the Retry-After pause, sent again.
    expect(waits).toEqual([0, 2_000, 0]);
  });

  it('pauses the whole budget: other calls wait for the same Retry-After', async () => {
    const clock = new ManualClock();
    const { client, reply, replyJson, requests } = open({ throttle: { clock }, rateLimitRetries: 0 });
    reply({ status: 429, headers: { 'retry-after': '30' } });
    replyJson([]);

    await failure(client.getTalep({ id: 12 }));
    const later = client.departments();
    await settle(20);
    expect(requests()).toHaveLength(1);

    await clock.advance(30_000);
    await expect(later).resolves.toEqual([]);
    expect(requests()).toHaveLength(2);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-01T09:30:00Z'));
    try {
      const { client, reply } = open({ rateLimitRetries: 0 });
      reply({ status: 429, headers: { 'retry-after': 'Wed, 01 May 2024 09:32:00 GMT' } });
      const error = await failure(client.getTalep({ id: 12 }));
      expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the retry is rate-limited too', async () => {
    const clock = new ManualClock();
    const { client, reply, requests } = open({ throttle: { clock } });
    reply({ status: 429, headers: { 'retry-after': '1' } });
    reply({ status: 429, headers: { 'retry-after': '1' } });

    const pending = failure(client.getTalep({ id: 12 }));
    await clock.advance(1_000);
    const error = await pending;

    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 1_000 });
    expect(requests()).toHaveLength(2);
  });
});

describe('network failures', () => {
  const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });

  it('a dropped read is retried once, then reported as unavailable', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true }).replyWithError(refused()).times(2);

    const error = await failure(client.getTalep({ id: 12 }));

    expect(error).toMatchObject({ kind: 'unavailable', operation: 'getTalep', reason: 'ECONNREFUSED', source: 'client' });
    expect(error.message).toContain('could not be reached');
    expect(requests()).toHaveLength(2);
  });

  it('a read that fails once and then answers succeeds', async () => {
    const { client, pool, replyJson } = open();
    pool.intercept({ path: () => true }).replyWithError(refused());
    replyJson(talepJson);
    await expect(client.getTalep({ id: 12 })).resolves.toMatchObject({ TalepID: 12 });
  });

  it('a write is never re-sent (it may have reached the help desk)', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(refused());

    const error = await failure(client.addComment({ id: 12, body: 'Once only' }));

    expect(error.kind).toBe('unavailable');
    expect(requests()).toHaveLength(1);
  });

  it('a state-changing GET (Close) is not re-sent either', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true }).replyWithError(refused());

    const error = await failure(client.closeTalep({ id: 12 }));

    expect(error.kind).toBe('unavailable');
    expect(requests()).toHaveLength(1);
  });

  it('a timeout is unavailable with a message that says so', async () => {
    // MockAgent does not run undici's timers, so the timeout is injected as the error undici raises.
    const { client, pool } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(new errors.HeadersTimeoutError());

    const error = await failure(client.tagTalep({ name: 'x', talepId: 1 }));

    expect(error).toMatchObject({ kind: 'unavailable', reason: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(error.message).toContain('did not answer in time');
  });
});

describe('cancellation', () => {
  it('an already aborted signal sends nothing', async () => {
    const { client, requests } = open();
    const error = await failure(client.getTalep({ id: 12 }, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(requests()).toHaveLength(0);
  });

  it('aborting while the request is in flight rejects with cancelled and does not retry', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true }).reply(200, JSON.stringify(talepJson)).delay(200);
    const controller = new AbortController();

    const pending = failure(client.getTalep({ id: 12 }, { signal: controller.signal }));
    await settle();
    expect(requests()).toHaveLength(1);
    controller.abort();

    const error = await pending;
    expect(error).toMatchObject({ kind: 'cancelled', operation: 'getTalep' });
    expect(requests()).toHaveLength(1);
  });

  it('aborting while queued for the rate budget sends nothing', async () => {
    const clock = new ManualClock();
    const { client, reply, requests } = open({ throttle: { clock }, rateLimitRetries: 0 });
    reply({ status: 429, headers: { 'retry-after': '60' } });
    await failure(client.getTalep({ id: 12 }));
    const controller = new AbortController();

    const pending = failure(client.getTalep({ id: 13 }, { signal: controller.signal }));
    await settle();
    controller.abort();

    expect((await pending).kind).toBe('cancelled');
    expect(requests()).toHaveLength(1);
  });
});

describe('responses that do not match the operation', () => {
  it('a wrong field type is invalid-response naming the operation and the field', async () => {
    const { client, replyJson } = open();
    replyJson({ ...talepJson, TalepID: 'x' });

    const error = await failure(client.getTalep({ id: 12 }));

    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'getTalep', field: 'TalepID', status: 200 });
    expect(error.message).toContain('getTalep');
    expect(error.message).toContain('TalepID');
  });

  it('a nested field is named by its path', async () => {
    const { client, replyJson } = open();
    replyJson([{ CommentID: 1, IssueID: 12, UserID: 4, UserName: 'm', Email: 'm@x', IsSystem: false, ForTechsOnly: false, Body: '', CommentDate: 'yesterday-ish' }]);
    const error = await failure(client.comments({ id: 12 }));
    expect(error).toMatchObject({ kind: 'invalid-response', field: '0.CommentDate' });
  });

  it('a body that is not JSON is invalid-response', async () => {
    const { client, reply } = open();
    reply({ body: '<html><body>Login</body></html>', headers: { 'content-type': 'text/html' } });
    const error = await failure(client.getTalep({ id: 12 }));
    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'getTalep', status: 200 });
    expect(error.message).toContain('JSON');
  });

  it('a rule answer that is not an AutomationRule document is invalid-response', async () => {
    const { client, reply } = open();
    reply({ body: '<html><body>Login</body></html>', headers: { 'content-type': 'text/html' } });
    const error = await failure(client.getRule({ id: 2 }));
    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'getRule', status: 200 });
    expect(error.message).toContain('getRule');
  });

  it('a UTF-8 byte-order mark before JSON is tolerated', async () => {
    const { client, reply } = open();
    reply({ body: `\uFEFF${JSON.stringify({ id: 42 })}`, headers: { 'content-type': 'application/json; charset=utf-8' } });
    await expect(client.addCategory({ name: 'Telefon' })).resolves.toEqual({ id: 42 });
  });
});

describe('parameters the client refuses', () => {
  it.each<[string, () => Promise<unknown>, string]>([
    ['an id of 0', () => hd!.client.getTalep({ id: 0 }), 'id'],
    ['a name prefix under 3 characters', () => hd!.client.assets({ nameprefix: 'ab' }), 'nameprefix'],
    ['a priority out of range', () => hd!.client.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 5 }), 'priorityId'],
    ['an empty subject', () => hd!.client.createTalep({ categoryId: 1, subject: '  ', body: 'b', priorityId: 0 }), 'subject'],
    ['a malformed e-mail', () => hd!.client.userByEmail({ email: 'not-an-address' }), 'email'],
    ['a non-integer id', () => hd!.client.getAsset({ id: 1.5 }), 'id'],
    ['an invalid date', () => hd!.client.search({ query: 'x', dateFrom: new Date(Number.NaN) }), 'dateFrom'],
  ])('%s is invalid (source client) and nothing is sent', async (_, call, field) => {
    const { requests } = open();
    const error = await failure(call());
    expect(error).toMatchObject({ kind: 'invalid', source: 'client', field, status: undefined });
    expect(error.message).toContain(field);
    expect(requests()).toHaveLength(0);
  });

  it('a call without any credential is unauthorized and sends nothing', async () => {
    const { client, requests } = open({ credential: undefined });
    const error = await failure(client.priorities());
    expect(error).toMatchObject({ kind: 'unauthorized', source: 'client' });
    expect(requests()).toHaveLength(0);
  });
});

describe('call log', () => {
  it('has one entry per exchange with status and attempt, and no parameters or secrets', async () => {
    const logs: CallLog[] = [];
    const { client, pool, replyJson } = open({ onCall: (log) => logs.push(log), credential: bearer('secret-token') });
    pool.intercept({ path: () => true }).replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    replyJson(talepJson);

    await client.getTalep({ id: 4242 });

    expect(logs.map(({ ms: _, ...rest }) => rest)).toEqual([
      { operation: 'getTalep', method: 'GET', status: undefined, attempt: 1, errorKind: 'unavailable' },
      { operation: 'getTalep', method: 'GET', status: 200, attempt: 2 },
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/secret-token|4242/);
  });
});

describe('a redirect', () => {
  it('is an invalid-response (HELPDESK_URL pointing at a sign-in page), not retried', async () => {
    const { client, reply, requests } = mockHelpdesk();
    reply({ status: 302, body: '', headers: { location: 'https://sso.example.com/login' } });
    await expect(client.getTalep({ id: 1 })).rejects.toMatchObject({ kind: 'invalid-response', status: 302 });
    expect(requests()).toHaveLength(1);
  });
});
