/**
 * The client against answers in real servers' shapes (MockAgent): bare integers from creations, the real
 * talep record, list rows from Search with its paging, SelectionComboOptions, `CompanyId`/`SendEmail`, an
 * asset's company name, JWT tokens. Each decodes to the record the code reads; a wrong type is still an
 * `invalid-response` naming the operation and the field.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { HelpdeskClient } from '../../src/api/client.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { basic, bearer } from '../../src/api/auth.js';
import { API, type MockHelpdesk, mockHelpdesk } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;
const open = (): MockHelpdesk => (hd = mockHelpdesk());
afterEach(async () => {
  hd?.agent.assertNoPendingInterceptors();
  await hd?.close();
  hd = undefined;
});

type Row = Record<string, unknown>;
/** A response body of test/fixtures/real/ (the compatibility corpus). */
const real = (file: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/real/${file}`, import.meta.url), 'utf8'));
const realRecord = (file: string) => real(file) as Row;
const realRows = (file: string) => real(file) as [Row, Row];

async function failure(promise: Promise<unknown>): Promise<HelpdeskError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HelpdeskError);
  return error as HelpdeskError;
}

describe('creations answering a bare integer', () => {
  const creations: [string, (client: HelpdeskClient) => Promise<unknown>][] = [
    ['createTalep', (client) => client.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 0 })],
    ['createCompany', (client) => client.createCompany({ name: 'Acme' })],
    ['createAsset', (client) => client.createAsset({ modelName: 'M', manufacturer: 'Dell', type: 'Laptop', supplier: 'S' })],
    ['createArticle', (client) => client.createArticle({ categoryId: 1, subject: 's', body: 'b', forTechsOnly: false })],
    ['addCategory', (client) => client.addCategory({ name: 'Telefon' })],
  ];

  it.each(creations)('%s: `12345` is `{ id: 12345 }`, as `{"id": 12345}` is', async (_operation, create) => {
    const { client, replyJson } = open();
    replyJson(12345);
    replyJson({ id: 12345 });
    await expect(create(client)).resolves.toEqual({ id: 12345 });
    await expect(create(client)).resolves.toEqual({ id: 12345 });
  });

  it('createUser: a bare integer, `{ userId }` and `{ id }` are all `{ userId }`', async () => {
    const { client, replyJson } = open();
    for (const body of [31, { userId: 31 }, { id: 31 }]) replyJson(body);
    for (let i = 0; i < 3; i++) await expect(client.createUser({ email: 'selin@example.com' })).resolves.toEqual({ userId: 31 });
  });

  it('a wrong id is invalid-response at the field; a body of neither form names the body', async () => {
    const { client, replyJson } = open();
    replyJson({ id: '12345' });
    replyJson('12345');
    replyJson({ userId: null });
    const wrongType = await failure(client.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 0 }));
    expect(wrongType).toMatchObject({ kind: 'invalid-response', operation: 'createTalep', field: 'id' });
    expect(wrongType.message).toMatch(/^createTalep: unexpected response at 'id'/);
    expect(await failure(client.addCategory({ name: 'x' }))).toMatchObject({ kind: 'invalid-response', operation: 'addCategory', field: '(body)' });
    expect(await failure(client.createUser({ email: 'x@example.com' }))).toMatchObject({ kind: 'invalid-response', operation: 'createUser', field: 'userId' });
  });
});

describe('the real talep record', () => {
  it('decodes IssueID, the people, tags and the Url into the talep the Slack side reads', async () => {
    const { client, replyJson } = open();
    replyJson(real('getTalep.json'));
    const talep = await client.getTalep({ id: 12 });
    expect(talep.TalepID).toBe(12);
    expect(talep.SubmitterUserInfo).toMatchObject({ UserID: 3, Username: 'ayse', FullName: 'Ayşe Yılmaz' });
    expect(talep.AssigneeUserInfo?.Username).toBe('mehmet');
    expect(talep.Tags.map((tag) => tag.Name)).toEqual(['printer', '3rd-floor']);
    expect(talep.DueDate).toEqual(new Date('2024-05-01T09:30:00Z'));
  });

  it('with only AssignedToUserID, the assignee is that id without a name; null or 0 is nobody', async () => {
    const { client, replyJson } = open();
    const { AssigneeUserInfo: _assignee, ...rest } = realRecord('getTalep.json');
    replyJson({ ...rest, AssignedToUserID: 4 });
    replyJson({ ...rest, AssignedToUserID: 0 });
    expect((await client.getTalep({ id: 12 })).AssigneeUserInfo).toEqual({ UserID: 4 });
    expect((await client.getTalep({ id: 12 })).AssigneeUserInfo).toBeNull();
  });

  it('a wrong type is invalid-response at its own field; a missing id names both alternatives', async () => {
    const { client, replyJson } = open();
    replyJson({ ...realRecord('getTalep.json'), IssueID: '12' });
    const { IssueID: _id, ...withoutId } = realRecord('getTalep.json');
    replyJson(withoutId);
    replyJson({ ...realRecord('getTalep.json'), SubmitterUserInfo: { UserID: 'ayse' } });
    expect(await failure(client.getTalep({ id: 12 }))).toMatchObject({ kind: 'invalid-response', operation: 'getTalep', field: 'IssueID' });
    const missing = await failure(client.getTalep({ id: 12 }));
    expect(missing).toMatchObject({ kind: 'invalid-response', operation: 'getTalep', field: 'TalepID' });
    expect(missing.message).toBe("getTalep: unexpected response at 'TalepID': expected TalepID (or IssueID)");
    expect(await failure(client.getTalep({ id: 12 }))).toMatchObject({ kind: 'invalid-response', field: 'SubmitterUserInfo.UserID' });
  });
});

describe('Search', () => {
  it('sends count and offset, and decodes list rows', async () => {
    const { client, replyJson, requests } = open();
    replyJson(real('search.json'));
    const rows = await client.search({ query: 'yazıcı', count: 2, offset: 20 });
    expect(requests()[0]).toMatchObject({ method: 'GET', path: `${API}/Search`, query: { query: 'yazıcı', count: '2', offset: '20' } });
    expect(rows.map((row) => [row.TalepID, row.AssigneeName ?? null])).toEqual([
      [12, 'mehmet'],
      [15, null],
    ]);
  });

  it('a row with a wrong type is invalid-response naming the row and the field', async () => {
    const { client, replyJson } = open();
    const [first, second] = realRows('search.json');
    replyJson([first, { ...second, TechnicianID: '4' }]);
    expect(await failure(client.search({ query: '' }))).toMatchObject({ kind: 'invalid-response', operation: 'search', field: '1.TechnicianID' });
  });
});

describe('a server that answers only the method its own clients use', () => {
  it('a 405 for a read or an idempotent operation is sent once more with the other method', async () => {
    const { client, reply, replyJson, requests } = open();
    reply({ status: 405, body: "The requested resource does not support http method 'POST'.", headers: { allow: 'GET' } });
    replyJson({ UserID: 31, Username: 'zeynep', Email: 'z@example.com', IsAdmin: false, Disabled: false, LastSeen: null });
    reply({ status: 405, body: 'GET only' });
    reply();
    await expect(client.authorization()).resolves.toMatchObject({ UserID: 31 });
    await client.updateTalep({ id: 12, statusId: 2 });
    expect(requests().map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${API}/Authorization`,
      `GET ${API}/Authorization`,
      `POST ${API}/UpdateTalep`,
      `GET ${API}/UpdateTalep`,
    ]);
    expect(requests()[3]?.query).toEqual({ id: '12', statusId: '2' });
  });

  it('an operation that is neither is not sent twice: the 405 is the answer', async () => {
    const { client, reply, requests } = open();
    reply({ status: 405, body: 'GET only' });
    expect(await failure(client.mergeTaleps({ id: 1, id2: 2 }))).toMatchObject({ kind: 'invalid', status: 405, operation: 'mergeTaleps' });
    expect(requests()).toHaveLength(1);
  });
});

describe('other real shapes', () => {
  it('talep custom fields: SelectionComboOptions become Options; a wrong option is named', async () => {
    const { client, replyJson } = open();
    replyJson(real('talepCustomFields.json'));
    const [environment] = await client.talepCustomFields({ id: 3 });
    expect(environment?.Options?.map((option) => option.Name)).toEqual(['Production', 'Staging', 'Test']);
    expect(environment?.OptionID).toBe(2);
    const [broken] = realRows('talepCustomFields.json');
    replyJson([{ ...broken, SelectionComboOptions: [{ OptionID: 1, Name: 7 }] }]);
    expect(await failure(client.talepCustomFields({ id: 3 }))).toMatchObject({ kind: 'invalid-response', field: '0.SelectionComboOptions.0.Name' });
  });

  it('GET /User: CompanyId and SendEmail; UserByUsername: the full record, which must still carry the details', async () => {
    const { client, replyJson } = open();
    replyJson(real('getUser.json'));
    replyJson(real('userByUsername.json'));
    const { IsTech: _isTech, ...withoutAgentFlag } = realRecord('userByUsername.json');
    replyJson(withoutAgentFlag);
    expect(await client.getUser({ userId: 3 })).toMatchObject({ CompanyID: 2, EnableEmailNotifications: true });
    expect(await client.userByUsername({ username: 'mehmet' })).toMatchObject({ UserID: 4, IsTech: true, CompanyID: 2 });
    expect(await failure(client.userByUsername({ username: 'mehmet' }))).toMatchObject({ kind: 'invalid-response', operation: 'userByUsername', field: 'IsTech' });
  });

  it('an asset: the company name with CompanyID is one company record', async () => {
    const { client, replyJson } = open();
    replyJson(real('getAsset.json'));
    expect((await client.getAsset({ id: 5 })).Company).toEqual({ CompanyID: 2, Name: 'Acme' });
  });

  it('a JWT from the token page is used as the Bearer token exactly as given (never parsed)', async () => {
    const { client, replyJson, requests } = open();
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzIn0.c2lnbmF0dXJl';
    replyJson({ token: jwt });
    replyJson(real('getUser.json'));
    const token = await client.fetchUserToken(basic('ayse', 'secret'));
    expect(token).toBe(jwt);
    await client.getUser({ userId: 3 }, { credential: bearer(token) });
    expect(requests().map((request) => `${request.path} ${request.headers.authorization}`)).toEqual([
      `/helpdesk/User/Token ${`Basic ${Buffer.from('ayse:secret').toString('base64')}`}`,
      `${API}/User Bearer ${jwt}`,
    ]);
  });
});
