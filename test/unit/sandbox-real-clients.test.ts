/**
 * What real clients of the help desk send, over raw HTTP: the other HTTP method for reads and idempotent
 * operations (`GET /Authorization`), their parameter names (`ParentId`/`ChildId`, `ticketId`…), empty
 * strings for the optional fields they leave alone; and the sandbox's two response styles on the wire,
 * its talep pages and its tokens. Each test gets a fresh sandbox.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

type Row = Record<string, unknown>;
const ok = async (response: Promise<Awaited<ReturnType<typeof send>>>) => {
  const done = await response;
  expect(done.status, done.text).toBe(200);
  return done;
};
const talep = async (id: number, auth = 'agent:demo') =>
  (await ok(send(sandbox, '/talep', { auth, query: { id: String(id) } }))).json<Row>();

describe('the other HTTP method', () => {
  test('GET /Authorization answers the caller, like POST', async () => {
    const viaGet = (await ok(send(sandbox, '/Authorization', { auth: 'user:demo' }))).json<Row>();
    const viaPost = (await ok(send(sandbox, '/Authorization', { auth: 'user:demo', method: 'POST' }))).json<Row>();
    expect(viaGet).toMatchObject({ UserID: 4, Username: 'user' });
    expect(viaPost).toMatchObject({ UserID: 4, Username: 'user' });
  });

  test('an idempotent POST operation answers GET with a query string', async () => {
    await ok(send(sandbox, '/UpdateTalep', { auth: 'agent:demo', query: { id: '1', subject: 'Renamed by GET' } }));
    expect(await talep(1)).toMatchObject({ Subject: 'Renamed by GET' });
    await ok(send(sandbox, '/TagTalep', { auth: 'user:demo', query: { talepId: '1', name: 'toner' } }));
    expect((await talep(1)).Tags).toContainEqual({ Name: 'toner' });
  });

  test('a read answers POST with a form; a GET that changes state answers POST too', async () => {
    const found = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', method: 'POST', form: { query: 'printer' } }))).json<Row[]>();
    expect(found.map((row) => row.TalepID)).toEqual([1]);
    await ok(send(sandbox, '/Close', { auth: 'agent:demo', method: 'POST', form: { id: '1', suppressNotification: 'true' } }));
    expect(await talep(1)).toMatchObject({ StatusID: 3 });
  });

  test('operations that are neither reads nor idempotent keep their one method (405 with Allow)', async () => {
    for (const [path, allow] of [['/MergeTaleps', 'POST'], ['/comment', 'POST'], ['/CreateUser', 'POST'], ['/DeleteUser', 'POST']] as const) {
      const response = await send(sandbox, path, { auth: 'admin:demo', method: 'GET', query: { id: '1', id2: '9' } });
      expect(response.status, path).toBe(405);
      expect(response.headers.allow).toBe(allow);
    }
    // The table's own routes win: POST /talep still creates a talep, it is not getTalep by POST.
    const created = await ok(send(sandbox, '/talep', { auth: 'user:demo', form: { categoryId: '1', subject: 's', body: 'b', priorityId: '0' } }));
    expect(created.json()).toEqual({ id: 11 });
  });
});

describe('real clients’ parameter names', () => {
  test('ParentId and ChildId name the parent and the child of the sub-talep operations', async () => {
    await ok(send(sandbox, '/AddSubTalep', { auth: 'agent:demo', form: { ParentId: '1', ChildId: '9' } }));
    const subs = (await ok(send(sandbox, '/SubTaleps', { auth: 'agent:demo', query: { id: '1' } }))).json<Row[]>();
    expect(subs.map((row) => row.TalepID)).toEqual([9]);
    await ok(send(sandbox, '/RemoveSubTalep', { auth: 'agent:demo', form: { parentId: '1', childId: '9' } }));
    expect((await ok(send(sandbox, '/SubTaleps', { auth: 'agent:demo', query: { id: '1' } }))).json()).toEqual([]);
  });

  test('"ticket" stands for "talep" in any parameter name', async () => {
    await ok(send(sandbox, '/TagTalep', { auth: 'user:demo', form: { ticketId: '1', name: 'kitchen' } }));
    expect((await talep(1)).Tags).toContainEqual({ Name: 'kitchen' });
    await ok(send(sandbox, '/AddAssetToTalep', { auth: 'agent:demo', form: { assetId: '2', TicketID: '1' } }));
    const assets = (await ok(send(sandbox, '/Assets', { auth: 'agent:demo', query: { assignedToTicketId: '1' } }))).json<Row[]>();
    expect(assets.map((asset) => asset.ItemID)).toEqual([2, 7]);
    const parent = await ok(send(sandbox, '/ParentTalep', { auth: 'agent:demo', query: { id: '7', returnFullTicket: 'true' } }));
    expect(parent.json()).toMatchObject({ TalepID: 6 });
  });

  test('a parameter sent under both names is one parameter sent twice (400)', async () => {
    const twice = await send(sandbox, '/AddSubTalep', { auth: 'agent:demo', form: { id: '1', ParentId: '1', ChildId: '9' } });
    expect(twice.status).toBe(400);
    expect(twice.text).toBe("Parameter 'id': expected a single value, got 2.");
  });
});

describe('empty strings for optional fields', () => {
  test('are ignored where the empty string is not a value (ids, flags, names), not refused', async () => {
    await ok(
      send(sandbox, '/UpdateTalep', {
        auth: 'agent:demo',
        form: { id: '2', subject: '', categoryId: '', priority: '', assignedUserId: '', statusId: '3' },
      }),
    );
    expect(await talep(2)).toMatchObject({ Subject: 'Cannot connect to the VPN from home', CategoryID: 3, Priority: 1, AssigneeUserInfo: { UserID: 2 }, StatusID: 3 });
    const users = await ok(send(sandbox, '/Users', { auth: 'admin:demo', query: { listMode: '', companyId: '', count: '' } }));
    expect(users.json<Row[]>()).toHaveLength(4);
  });

  test('keep their meaning where the empty string is one (dueDate="" removes the due date)', async () => {
    await ok(send(sandbox, '/UpdateTalep', { auth: 'agent:demo', form: { id: '5', dueDate: '' } }));
    expect(await talep(5)).toMatchObject({ DueDate: null });
  });

  test('a required parameter sent empty is still refused', async () => {
    const response = await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: '' } });
    expect(response.status).toBe(400);
    expect(response.text).toBe("Parameter 'id': expected an integer.");
  });
});

describe('Search paging', () => {
  test('count and offset page the rows, newest first', async () => {
    const all = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '' } }))).json<Row[]>();
    expect(all).toHaveLength(10);
    const page = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '', count: '3', offset: '2' } }))).json<Row[]>();
    expect(page.map((row) => row.TalepID)).toEqual(all.slice(2, 5).map((row) => row.TalepID));
    const past = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '', offset: '50' } }))).json();
    expect(past).toEqual([]);
    expect((await send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '', count: '0' } })).status).toBe(400);
  });
});

describe('response styles on the wire', () => {
  test('spec style: the spec’s shapes', async () => {
    const created = await ok(send(sandbox, '/talep', { auth: 'user:demo', form: { categoryId: '1', subject: 's', body: 'b', priorityId: '0' } }));
    expect(created.json()).toEqual({ id: 11 });
    expect(await talep(2)).toMatchObject({ TalepID: 2, Status: 'In Progress', AssigneeUserInfo: { UserID: 2, Username: 'agent' } });
    expect(await talep(2)).not.toHaveProperty('IssueID');
    const row = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', query: { query: 'VPN' } }))).json<Row[]>()[0];
    expect(row).toMatchObject({ TalepID: 2, CategoryName: 'Network', AssigneeUserInfo: { UserID: 2, Username: 'agent' } });
    expect(sandbox.tokenFor('user')).toMatch(/^4\.[\w-]+$/);
  });

  test('real style: bare ids, IssueID, full user records, list rows, real field names, JWT-looking tokens', async () => {
    await sandbox.updateSettings({ ResponseStyle: 'real' });
    const created = await ok(send(sandbox, '/talep', { auth: 'user:demo', form: { categoryId: '1', subject: 's', body: 'b', priorityId: '0' } }));
    expect(created.json()).toBe(11);
    expect((await ok(send(sandbox, '/CreateUser', { auth: 'admin:demo', form: { email: 'new@example.com' } }))).json()).toBe(5);

    const record = await talep(2);
    expect(record).toMatchObject({
      IssueID: 2,
      UserID: 4,
      AssignedToUserID: 2,
      Status: 'In progress',
      SubmitterUserInfo: { UserID: 4, Username: 'user', FullName: 'Can Öztürk', Email: 'user@example.com' },
      AssigneeUserInfo: { UserID: 2, Username: 'agent', FullName: 'Mehmet Kaya' },
      Tags: [{ Name: 'vpn', TagID: 2, TagCount: 1 }, { Name: 'remote', TagID: 3, TagCount: 1 }],
      Url: `${sandbox.rootUrl}/Talep/2`,
    });
    expect(record).not.toHaveProperty('TalepID');
    expect(await talep(1)).toMatchObject({ AssignedToUserID: null, AssigneeUserInfo: null });

    const row = (await ok(send(sandbox, '/Search', { auth: 'agent:demo', query: { query: 'VPN' } }))).json<Row[]>()[0];
    expect(row).toEqual({
      IssueID: 2,
      Subject: 'Cannot connect to the VPN from home',
      Status: 'In progress',
      StatusID: 2,
      Priority: 1,
      PriorityName: 'High',
      Category: 'Network',
      CategoryID: 3,
      UserID: 4,
      UserName: 'user',
      TechnicianID: 2,
      Technician: 'agent',
      IssueDate: expect.any(String),
      LastUpdated: expect.any(String),
      DueDate: null,
      CompanyName: 'Acme Lojistik A.Ş.',
    });

    const fields = (await ok(send(sandbox, '/TalepCustomFields', { auth: 'agent:demo', query: { id: '3' } }))).json<Row[]>();
    const environment = fields.find((field) => field.FieldID === 3);
    expect(environment).toMatchObject({ OptionID: 1, ShowInGrid: false, SelectionComboOptions: [{ OptionID: 1, Name: 'Production' }, { OptionID: 2, Name: 'Staging' }, { OptionID: 3, Name: 'Test' }] });
    expect(environment).not.toHaveProperty('Options');

    const user = (await ok(send(sandbox, '/User', { auth: 'admin:demo', query: { userId: '4' } }))).json<Row>();
    expect(user).toMatchObject({ CompanyId: 1, SendEmail: true, FullName: 'Can Öztürk' });
    expect(user).not.toHaveProperty('CompanyID');
    const byName = (await ok(send(sandbox, '/UserByUsername', { auth: 'agent:demo', query: { username: 'user' } }))).json<Row>();
    expect(byName).toMatchObject({ UserID: 4, CompanyId: 1, SendEmail: true, Phone: '+90 212 555 0104', Signature: null });

    const asset = (await ok(send(sandbox, '/Asset', { auth: 'agent:demo', query: { id: '1' } }))).json<Row>();
    expect(asset).toMatchObject({ Company: 'Acme Lojistik A.Ş.', CompanyID: 1 });

    const token = sandbox.tokenFor('user');
    expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await ok(send(sandbox, '/Authorization', { auth: { bearer: token } }))).json()).toMatchObject({ UserID: 4 });
  });

  test('tokens of either form stay valid when the style changes, and a forged one is refused', async () => {
    const plain = sandbox.tokenFor('agent');
    await sandbox.updateSettings({ ResponseStyle: 'real' });
    const jwt = sandbox.tokenFor('agent');
    for (const token of [plain, jwt]) expect((await send(sandbox, '/Authorization', { auth: { bearer: token } })).status).toBe(200);
    const [header, , mac] = jwt.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', ver: 1 })).toString('base64url');
    expect((await send(sandbox, '/Authorization', { auth: { bearer: `${header}.${forgedPayload}.${mac}` } })).status).toBe(401);
  });

  test('the style is a setting of the debug route and the settings file', async () => {
    const changed = await send(sandbox, `${sandbox.rootUrl}/__sandbox/settings`, { json: { ResponseStyle: 'real' } });
    expect(changed.status).toBe(200);
    expect(sandbox.settings().ResponseStyle).toBe('real');
    const refused = await send(sandbox, `${sandbox.rootUrl}/__sandbox/settings`, { json: { ResponseStyle: 'loose' } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('ResponseStyle');
  });
});

describe('the talep page', () => {
  test('is served at the Url the records report; the older and the real product’s paths redirect to it', async () => {
    const url = (await talep(2)).Url as string;
    expect(url).toBe(`${sandbox.rootUrl}/Talep/2`);
    const page = await send(sandbox, url, { auth: 'agent:demo' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Cannot connect to the VPN from home');
    for (const old of ['/Talep/View/2', '/Ticket/2']) {
      const moved = await send(sandbox, `${sandbox.rootUrl}${old}`);
      expect(moved.status, old).toBe(301);
      expect(moved.headers.location).toBe(url);
    }
    expect((await send(sandbox, url)).status).toBe(401); // the page needs a sign-in
  });
});
