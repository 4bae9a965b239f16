/** Paging, merges and the outbox, over raw HTTP. Each test gets a fresh sandbox. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

type Row = Record<string, unknown>;
const get = async (path: string, auth: string, query: Record<string, string | string[]> = {}) => {
  const response = await send(sandbox, path, { auth, query });
  expect(response.status, `${path} ${response.text}`).toBe(200);
  return response.json<Row & Row[]>();
};
const post = async (path: string, auth: string, form: Record<string, string>) => {
  const response = await send(sandbox, path, { auth, form });
  expect(response.status, `${path} ${response.text}`).toBe(200);
  return response.text ? response.json<Row>() : undefined;
};

describe('paging', () => {
  test('/Users is 1-based: count=2&page=2 is items 3 and 4', async () => {
    for (let i = 1; i <= 3; i++) await post('/CreateUser', 'admin:demo', { email: `new${i}@example.com` });
    const all = (await get('/Users', 'admin:demo')) as Row[];
    expect(all.map((user) => user.UserID)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const second = (await get('/Users', 'admin:demo', { count: '2', page: '2' })) as Row[];
    expect(second.map((user) => user.UserID)).toEqual([3, 4]);
    const past = (await get('/Users', 'admin:demo', { count: '2', page: '9' })) as Row[];
    expect(past).toEqual([]);
    const techs = (await get('/Users', 'admin:demo', { listMode: 'techs' })) as Row[];
    expect(techs.map((user) => user.Username)).toEqual(['admin', 'agent', 'agent2']);
  });

  test('/Assets gives 50 a page and hides retired assets unless includeDisabled', async () => {
    expect(((await get('/Assets', 'agent:demo')) as Row[]).length).toBe(16);
    expect(((await get('/Assets', 'agent:demo', { includeDisabled: 'true' })) as Row[]).length).toBe(20);
    for (let i = 1; i <= 40; i++) {
      await post('/Asset', 'agent:demo', { modelName: `Model ${i}`, manufacturer: 'Acme', type: 'Cable', supplier: 'Acme' });
    }
    const first = (await get('/Assets', 'agent:demo')) as Row[];
    const second = (await get('/Assets', 'agent:demo', { page: '2' })) as Row[];
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(6);
    expect(second[0]?.ItemID).toBe((first[49]?.ItemID as number) + 1);
  });

  test('nameprefix needs 3 characters and matches model or manufacturer', async () => {
    const short = await send(sandbox, '/Assets', { auth: 'agent:demo', query: { nameprefix: 'Le' } });
    expect(short.status).toBe(400);
    expect(short.text).toBe("Parameter 'nameprefix': nameprefix needs at least 3 characters.");
    const lenovo = (await get('/Assets', 'agent:demo', { nameprefix: 'len' })) as Row[];
    expect(lenovo.map((asset) => asset.ItemID)).toEqual([1, 2]);
    const ultra = (await get('/Assets', 'agent:demo', { nameprefix: 'UltraSharp' })) as Row[];
    expect(ultra.map((asset) => asset.ItemID)).toEqual([5, 6]);
  });
});

describe('merges', () => {
  test('MergeTaleps moves comments, attachments and tags into the main talep and deletes the other', async () => {
    const before = (await get('/comments', 'agent:demo', { id: '2' })) as Row[];
    await post('/MergeTaleps', 'agent:demo', { id: '1', id2: '2' });
    expect((await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: '2' } })).status).toBe(404);

    const main = await get('/talep', 'agent:demo', { id: '1' });
    expect((main.Tags as Row[]).map((tag) => tag.Name)).toEqual(['printer', 'vpn', 'remote']);
    expect((main.Attachments as Row[]).map((file) => file.FileName)).toEqual(['jam-photo.png', 'error-809.png', 'gateway-cert.txt']);
    const comments = (await get('/comments', 'agent:demo', { id: '1' })) as Row[];
    expect(comments.map((comment) => comment.CommentID)).toEqual([...before.map((comment) => comment.CommentID), 11]);
    expect(comments.every((comment) => comment.IssueID === 1)).toBe(true);
    expect(comments.at(-1)).toMatchObject({ IsSystem: true, Body: expect.stringContaining('Talep #2 "Cannot connect to the VPN from home" was merged') });
    // The merged talep's subscriber moved too.
    expect(((await get('/Subscribers', 'agent:demo', { id: '1' })) as Row[]).map((user) => user.Username)).toEqual(['agent2']);
  });

  test('MergeTaleps refuses a talep merged into itself and needs agent permission', async () => {
    const self = await send(sandbox, '/MergeTaleps', { auth: 'agent:demo', form: { id: '1', id2: '1' } });
    expect(self.status).toBe(400);
    expect((await send(sandbox, '/MergeTaleps', { auth: 'user:demo', form: { id: '1', id2: '9' } })).status).toBe(403);
  });

  test("MergeUsers moves the source's taleps, comments and assets to the target and deletes the source", async () => {
    const { userId } = (await post('/CreateUser', 'admin:demo', { email: 'dup@example.com', username: 'can2', password: 'pw-can2' })) as { userId: number };
    const created = await send(sandbox, '/talep', { auth: 'can2:pw-can2', form: { categoryId: '1', subject: 'From the duplicate', body: 'b', priorityId: '0' } });
    const { id } = created.json<{ id: number }>();
    await post('/AssignAssetToUser', 'agent:demo', { assetId: '12', userId: String(userId) });

    await post('/MergeUsers', 'admin:demo', { fromUserId: String(userId), toUserId: '4' });
    expect((await send(sandbox, '/User', { auth: 'admin:demo', query: { userId: String(userId) } })).status).toBe(404);
    expect((await get('/talep', 'user:demo', { id: String(id) })).SubmitterUserInfo).toEqual({ UserID: 4, Username: 'user' });
    expect(((await get('/Assets', 'agent:demo', { assignedToUserId: '4' })) as Row[]).map((asset) => asset.ItemID)).toEqual([1, 5, 9, 12]);
    expect((await send(sandbox, '/Authorization', { method: 'POST', auth: 'can2:pw-can2' })).status).toBe(401);
  });
});

describe('outbox', () => {
  const outbox = async () => (await send(sandbox, `${sandbox.rootUrl}/__sandbox/outbox`)).json<Row[]>();

  test('creation confirms to the submitter unless suppressConfirmation', async () => {
    await post('/talep', 'agent:demo', { categoryId: '1', subject: 'For the user', body: 'b', priorityId: '0', userId: '4' });
    await post('/talep', 'user:demo', { categoryId: '1', subject: 'Quiet', body: 'b', priorityId: '0', suppressConfirmation: 'true' });
    const sent = await outbox();
    expect(sent).toEqual([
      { to: 'user@example.com', subject: '[Talep #11] For the user: we received your request', kind: 'talep-confirmation', talepId: 11, at: expect.any(String) },
    ]);
    expect(sandbox.outbox()).toEqual(sent);
  });

  test('closing notifies the submitter and subscribers unless suppressNotification', async () => {
    await post('/AddSubscriber', 'agent:demo', { id: '1', userId: '3' });
    await send(sandbox, '/Close', { auth: 'agent:demo', query: { id: '1' } });
    await send(sandbox, '/Close', { auth: 'agent:demo', query: { id: '9', suppressNotification: 'true' } });
    const sent = await outbox();
    expect(sent.map((email) => [email.to, email.kind, email.talepId])).toEqual([
      ['user@example.com', 'talep-closed', 1],
      ['agent2@example.com', 'talep-closed', 1],
    ]);
    expect((await get('/talep', 'agent:demo', { id: '9' })).Status).toBe('Closed');
  });

  test('comments go to recipientIds only when given, never ForTechsOnly ones to regular users', async () => {
    await post('/comment', 'agent:demo', { id: '2', body: 'Fixed?' });
    await post('/comment', 'agent:demo', { id: '2', body: 'Only for agent2', recipientIds: '3' });
    await post('/comment', 'agent:demo', { id: '2', body: 'Internal', forTechsOnly: 'true' });
    await post('/comment', 'agent:demo', { id: '2', body: 'Internal, named', forTechsOnly: 'true', recipientIds: '3,4' });
    const sent = await outbox();
    expect(sent.map((email) => email.to)).toEqual([
      // talep 2: submitter user, assignee agent (the author), subscriber agent2
      'user@example.com',
      'agent2@example.com',
      'agent2@example.com',
      'agent2@example.com',
      'agent2@example.com',
    ]);
    expect(new Set(sent.map((email) => email.kind))).toEqual(new Set(['comment']));
  });

  test('CreateUser sends a welcome e-mail only with sendWelcomeEmail; DELETE clears the outbox', async () => {
    await post('/CreateUser', 'admin:demo', { email: 'quiet@example.com' });
    await post('/CreateUser', 'admin:demo', { email: 'welcome@example.com', sendWelcomeEmail: 'true' });
    expect((await outbox()).map((email) => [email.to, email.kind])).toEqual([['welcome@example.com', 'welcome']]);
    const cleared = await send(sandbox, `${sandbox.rootUrl}/__sandbox/outbox`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await outbox()).toEqual([]);
  });
});

describe('automation rules', () => {
  test('GET /Rule/{id} is XML declaring UTF-16, sent as UTF-16LE with a BOM; Disable/EnableRule flip it', async () => {
    const response = await send(sandbox, '/Rule/2', { auth: 'admin:demo' });
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-16');
    expect([...response.body.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const xml = response.body.subarray(2).toString('utf16le');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-16"\?>/);
    expect(xml).toContain('<Enabled>false</Enabled>');
    expect((await send(sandbox, '/EnableRule/2', { auth: 'admin:demo' })).status).toBe(200);
    const enabled = await send(sandbox, '/rule/2', { auth: 'admin:demo' });
    expect(enabled.body.subarray(2).toString('utf16le')).toContain('<Enabled>true</Enabled>');
  });
});

