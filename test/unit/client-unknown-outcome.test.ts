/**
 * "Sent, no answer" vs "never sent". A call that is not idempotent (creates, comments, attachments,
 * merges, deletions) whose request may have reached the help desk must not come back as "unavailable,
 * try again": it is an `unknown-outcome`, never re-sent, carrying what is needed to look for its effect.
 *
 * MockAgent shows the kinds of undici errors; it cannot show whether bytes were written, so loopback
 * servers show that: one that takes the request and never answers, one that drops the connection
 * after reading it, and a port where nothing listens.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient, type HelpdeskClientOptions, unknownOutcomeParams } from '../../src/api/client.js';
import { endpoints, isIdempotent, operationNames } from '../../src/api/endpoints.js';
import { failure, type MockHelpdesk, mockHelpdesk, talepJson } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;
const cleanups: (() => Promise<void>)[] = [];
const open = (...args: Parameters<typeof mockHelpdesk>): MockHelpdesk => (hd = mockHelpdesk(...args));

afterEach(async () => {
  await hd?.close();
  hd = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const newTalep = { categoryId: 1, subject: 'Printer on fire', body: 'Third floor', priorityId: 2 };

describe('the endpoint table marks every operation', () => {
  it('creations, comments, attachments, merges and deletions are not idempotent; reads and settings are', () => {
    const once = operationNames.filter((name) => !isIdempotent(endpoints[name])).sort();
    expect(once).toEqual([
      'addCategory', 'addComment', 'attachFile', 'createArticle', 'createAsset', 'createTalep', 'createUser',
      'deleteFile', 'deleteUser', 'mergeTaleps', 'mergeUsers',
    ]);
    // Every GET that returns data is a read; so is POST /Authorization.
    for (const name of operationNames) {
      const def = endpoints[name];
      if (def.method === 'GET' && def.response.kind !== 'unknown') expect(def.effect, name).toBe('read');
    }
    expect(endpoints.authorization.effect).toBe('read');
    expect(endpoints.createCompany.effect).toBe('set'); // an existing name returns the existing company
  });
});

describe('sent, no answer (MockAgent: the error undici raises)', () => {
  it('a create whose answer timed out is an unknown-outcome with its operation, parameters and send time, not re-sent', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(new errors.HeadersTimeoutError());
    const before = Date.now();

    const error = await failure(client.createTalep(newTalep));

    expect(error).toMatchObject({ kind: 'unknown-outcome', operation: 'createTalep', requestSent: true, source: 'client' });
    expect(error.message).toMatch(/may have done it/);
    expect(error.sentAt).toBeInstanceOf(Date);
    expect(error.sentAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(unknownOutcomeParams(error, 'createTalep')).toEqual(newTalep);
    expect(unknownOutcomeParams(error, 'addComment')).toBeUndefined();
    expect(requests()).toHaveLength(1);
  });

  it('keeps the parameters out of logs and JSON (they may hold user text or a password)', async () => {
    const { client, pool } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(new errors.BodyTimeoutError());

    const error = await failure(client.addComment({ id: 12, body: 'private words' }));

    expect(error.kind).toBe('unknown-outcome');
    expect((error.params as { body: string }).body).toBe('private words');
    expect(JSON.stringify(error)).not.toContain('private words');
    expect(Object.keys(error)).not.toContain('params');
  });

  it('a gateway that gave up (502, 504) leaves a create unknown; a 503 means it was not done', async () => {
    const { client, reply, requests } = open();
    reply({ status: 504, body: 'Gateway Timeout' });
    reply({ status: 502, body: 'Bad Gateway' });
    reply({ status: 503, body: 'Service Unavailable' });

    expect(await failure(client.createTalep(newTalep))).toMatchObject({ kind: 'unknown-outcome', status: 504 });
    expect(await failure(client.mergeTaleps({ id: 1, id2: 2 }))).toMatchObject({ kind: 'unknown-outcome', status: 502 });
    expect(await failure(client.createTalep(newTalep))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(requests()).toHaveLength(3);
  });

  it('an idempotent write keeps today’s behaviour: unavailable (safe to try again), not re-sent', async () => {
    const { client, pool, requests } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(new errors.HeadersTimeoutError());

    const error = await failure(client.updateTalep({ id: 12, statusId: 3 }));

    expect(error).toMatchObject({ kind: 'unavailable', requestSent: true });
    expect(requests()).toHaveLength(1);
  });

  it('a read keeps today’s behaviour: re-sent once', async () => {
    const { client, pool, replyJson, requests } = open();
    pool.intercept({ path: () => true }).replyWithError(new errors.HeadersTimeoutError());
    replyJson(talepJson);

    await expect(client.getTalep({ id: 12 })).resolves.toMatchObject({ TalepID: 12 });
    expect(requests()).toHaveLength(2);
  });
});

describe('never sent (MockAgent)', () => {
  it('a create refused at connect is unavailable: it cannot have been done, so trying again is right', async () => {
    const { client, pool } = open();
    pool.intercept({ path: () => true, method: 'POST' }).replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

    const error = await failure(client.createTalep(newTalep));

    expect(error).toMatchObject({ kind: 'unavailable', requestSent: false, sentAt: undefined });
  });

  it('a create cancelled before it was sent is cancelled', async () => {
    const { client, requests } = open();
    const error = await failure(client.createTalep(newTalep, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(requests()).toHaveLength(0);
  });
});

/** A loopback server; `handle` decides what happens to each request after it was read whole. */
async function loopback(handle: (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void) {
  const received: string[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(`${request.method} ${request.url}`);
      handle(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const close = async (): Promise<void> => {
    if (!server.listening) return;
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  cleanups.push(close);
  return { baseUrl: `http://127.0.0.1:${port}/api`, received, close };
}

function realClient(baseUrl: string, options: Partial<HelpdeskClientOptions> = {}): HelpdeskClient {
  const client = new HelpdeskClient({ baseUrl, credential: bearer('t'), throttle: { enabled: false }, ...options });
  cleanups.push(() => client.close());
  return client;
}

describe('written or not (real sockets on loopback)', () => {
  it('a help desk that takes the create and never answers: unknown-outcome, sent once', async () => {
    const hd = await loopback(() => undefined /* never answers */);
    const client = realClient(hd.baseUrl, { headersTimeoutMs: 300 });
    const before = new Date();

    const error = await failure(client.createTalep(newTalep));

    expect(error).toMatchObject({ kind: 'unknown-outcome', operation: 'createTalep', requestSent: true, reason: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(error.sentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(error.sentAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(hd.received).toEqual(['POST /api/talep']);
  });

  it('a connection dropped after the request was written (no timeout involved): unknown-outcome', async () => {
    const hd = await loopback((request) => request.socket.destroy());
    const client = realClient(hd.baseUrl);

    const error = await failure(client.addComment({ id: 3, body: 'done?' }));

    expect(error).toMatchObject({ kind: 'unknown-outcome', requestSent: true });
    expect(error.reason).not.toMatch(/TIMEOUT/);
    expect(hd.received).toEqual(['POST /api/comment']);
  });

  it('the same drop for a read: re-sent once, then unavailable', async () => {
    const hd = await loopback((request) => request.socket.destroy());
    const client = realClient(hd.baseUrl);

    const error = await failure(client.getTalep({ id: 3 }));

    expect(error).toMatchObject({ kind: 'unavailable', requestSent: true });
    expect(hd.received).toHaveLength(2);
  });

  it('nothing listening: unavailable, the request was never written', async () => {
    const hd = await loopback(() => undefined);
    await hd.close(); // the port now refuses connections
    const client = realClient(hd.baseUrl);

    const error = await failure(client.createTalep(newTalep));

    expect(error).toMatchObject({ kind: 'unavailable', requestSent: false });
    expect(error.message).toContain('could not be reached');
  });

  it('a create cancelled while the help desk holds it: unknown-outcome, since it may still be done', async () => {
    const hd = await loopback(() => undefined);
    const client = realClient(hd.baseUrl);
    const controller = new AbortController();

    const pending = failure(client.createTalep(newTalep, { signal: controller.signal }));
    while (hd.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();

    expect(await pending).toMatchObject({ kind: 'unknown-outcome', requestSent: true });
  });
});
