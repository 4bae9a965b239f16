/** The sandbox's routing and parameter binding, over raw HTTP. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, operationNames } from '../../src/api/endpoints.js';
import { Router } from '../../src/sandbox/router.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('router built from the endpoint table', () => {
  test('has one published route per operation and matches paths whatever their case', () => {
    const router = new Router();
    expect(router.routes.filter((route) => !route.otherMethod)).toHaveLength(operationNames.length);
    expect(operationNames).toHaveLength(72);
    const found = router.match('GET', '/RULE/7/');
    expect(found).toMatchObject({ kind: 'found', route: { operation: 'getRule' }, pathParams: { id: '7' } });
    expect(router.match('post', '/TALEP')).toMatchObject({ kind: 'found', route: { operation: 'createTalep' } });
    expect(router.match('GET', '/talep')).toMatchObject({ kind: 'found', route: { operation: 'getTalep' } });
  });

  test('refuses a table that lists the same method and path twice (ignoring case)', () => {
    const table = { ...endpoints, getTalep: { ...endpoints.getTalep, path: '/COMMENTS' } };
    expect(() => new Router(table)).toThrow(/GET \/comments twice/);
  });

  test('tells a wrong method apart from an unknown path', () => {
    const router = new Router();
    expect(router.match('GET', '/MergeTaleps')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(router.match('GET', '/NoSuchThing')).toEqual({ kind: 'not-found' });
  });
});

describe('HTTP routing', () => {
  test('path matching ignores case and a trailing slash', async () => {
    for (const path of ['/talep', '/TALEP', '/Talep/']) {
      const response = await send(sandbox, path, { auth: 'agent:demo', query: { id: '1' } });
      expect(response.status, path).toBe(200);
      expect(response.json<{ TalepID: number }>().TalepID).toBe(1);
    }
  });

  test('path parameters come from the path', async () => {
    const response = await send(sandbox, '/article/2', { auth: 'user:demo' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ ArticleId: 2, Subject: 'Clearing a printer jam' });
  });

  test('an unknown operation is a 404 and a wrong method a 405 with Allow', async () => {
    const unknown = await send(sandbox, '/NoSuchOperation', { auth: 'agent:demo' });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('No operation at GET /api/NoSuchOperation');
    const wrong = await send(sandbox, '/MergeTaleps', { auth: 'agent:demo', method: 'GET', query: { id: '1', id2: '9' } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
  });
});

describe('parameters', () => {
  test('a missing parameter is a 400 whose plain-text body names it', async () => {
    const response = await send(sandbox, '/talep', { auth: 'agent:demo' });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe("Parameter 'id' is missing.");
  });

  test('a wrong parameter is a 400 that says what was expected', async () => {
    const notInt = await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: 'abc' } });
    expect(notInt.text).toBe("Parameter 'id': expected an integer.");
    const outOfRange = await send(sandbox, '/talep', {
      auth: 'user:demo',
      form: { categoryId: '1', subject: 'x', body: 'y', priorityId: '5' },
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.text).toBe("Parameter 'priorityId': must be at most 2.");
    const badEnum = await send(sandbox, '/Users', { auth: 'admin:demo', query: { listMode: 'everyone' } });
    expect(badEnum.text).toBe("Parameter 'listMode': expected one of all, techs, admins, regular, disabled.");
    const twice = await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: ['1', '2'] } });
    expect(twice.text).toBe("Parameter 'id': expected a single value, got 2.");
  });

  test('names bind case-insensitively, and query and form parameters are merged', async () => {
    const byUpperName = await send(sandbox, '/talep', { auth: 'agent:demo', query: { ID: '3' } });
    expect(byUpperName.json<{ TalepID: number }>().TalepID).toBe(3);

    const update = await send(sandbox, '/UpdateTalep?Id=8', { auth: 'agent:demo', form: { SUBJECT: 'Re-plan the Wi-Fi channels (floor 2)' } });
    expect(update.status).toBe(200);
    expect(update.text).toBe('');
    const after = await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: '8' } });
    expect(after.json<{ Subject: string }>().Subject).toBe('Re-plan the Wi-Fi channels (floor 2)');
  });

  test('JSON bodies are accepted, values stringified (objects become JSON text)', async () => {
    const created = await send(sandbox, '/talep', {
      auth: 'user:demo',
      json: { categoryId: 1, subject: 'Sent as JSON', body: 'b', priorityId: 0, customFields: { '2': '2026-03-01' }, suppressConfirmation: true },
    });
    expect(created.status).toBe(200);
    const { id } = created.json<{ id: number }>();
    const fields = await send(sandbox, '/TalepCustomFields', { auth: 'user:demo', query: { id: String(id) } });
    expect(fields.json()).toEqual([expect.objectContaining({ FieldID: 2, FieldName: 'Needed by', Value: '2026-03-01' })]);
  });

  test('repeated parameters become int arrays (Search categoryId)', async () => {
    const response = await send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '', categoryId: ['1', '4'] } });
    const ids = response.json<{ TalepID: number; CategoryID: number }[]>().map((talep) => talep.CategoryID);
    expect(new Set(ids)).toEqual(new Set([1, 4]));
  });

  test('SetCustomFields reads cf<fieldId> parameters', async () => {
    const response = await send(sandbox, '/SetCustomFields', { auth: 'agent:demo', form: { talepId: '3', cf4: 'false', cf3: '2' } });
    expect(response.status).toBe(200);
    const fields = await send(sandbox, '/TalepCustomFields', { auth: 'agent:demo', query: { id: '3' } });
    expect(fields.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ FieldID: 3, Value: 'Staging' }),
        expect.objectContaining({ FieldID: 4, Value: 'false' }),
      ]),
    );
  });

  test('an unreadable body is a 400 and an unsupported type a 415', async () => {
    const badJson = await send(sandbox, '/UpdateTalep', { auth: 'agent:demo', body: '{"id":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect(badJson.text).toContain('JSON body');
    const xml = await send(sandbox, '/UpdateTalep', { auth: 'agent:demo', body: '<id>1</id>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
  });
});

describe('sub-directory prefix', () => {
  test('serves the API under /helpdesk/api and the token page at /helpdesk/User/Token', async () => {
    const hosted = await startTestSandbox({ prefix: '/helpdesk/api' });
    try {
      expect(hosted.baseUrl).toMatch(/\/helpdesk\/api$/);
      expect(hosted.rootUrl).toMatch(/\/helpdesk$/);
      const talep = await send(hosted, '/talep', { auth: 'agent:demo', query: { id: '1' } });
      expect(talep.json<{ Url: string }>().Url).toBe(`${hosted.rootUrl}/Talep/1`);
      const token = await send(hosted, `${hosted.rootUrl}/User/Token?json=true`, { auth: 'agent:demo' });
      expect(token.json()).toEqual({ token: hosted.tokenFor('agent') });
      const serverRoot = hosted.rootUrl.replace(/\/helpdesk$/, '');
      const outside = await send(hosted, `${serverRoot}/api/talep?id=1`, { auth: 'agent:demo' });
      expect(outside.status).toBe(404);
      // Debug routes answer at the server root and under the application root.
      expect((await send(hosted, `${serverRoot}/__sandbox/outbox`)).json()).toEqual([]);
      expect((await send(hosted, `${hosted.rootUrl}/__sandbox/outbox`)).json()).toEqual([]);
    } finally {
      await hosted.close();
    }
  });
});

test('a prefix that does not end with /api is refused at start', async () => {
  await expect(startTestSandbox({ prefix: '/helpdesk' })).rejects.toThrow(/must end with \/api/);
});
