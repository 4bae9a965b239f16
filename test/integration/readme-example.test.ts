/** The README's "client on its own" example, run against the sandbox so the README stays true. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { basic, bearer, HelpdeskClient, HelpdeskError, unknownOutcomeParams } from '../../src/api/index.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { responseStyle } from './world.js';

let sandbox: Sandbox;
let helpdesk: HelpdeskClient;

beforeAll(async () => {
  // The example must hold against both shapes of answers (this run's response style).
  sandbox = await startSandbox({ port: 0, settings: { ResponseStyle: responseStyle() } });
  helpdesk = new HelpdeskClient({ baseUrl: sandbox.baseUrl });
});
afterAll(async () => {
  await helpdesk.close();
  await sandbox.close();
});

test('the README example runs as written', async () => {
  const token = await helpdesk.fetchUserToken(basic('user', 'demo'));
  const ayse = helpdesk.withCredential(bearer(token));

  const { id } = await ayse.createTalep({ categoryId: 1, subject: 'Printer jam', body: 'Tray 2', priorityId: 0, tags: ['printer'] });
  const talep = await ayse.getTalep({ id });
  expect(talep).toMatchObject({ TalepID: id, Subject: 'Printer jam', DueDate: null });
  expect(talep.Tags.map((tag) => tag.Name)).toContain('printer');

  await ayse.updateTalep({ id, dueDate: null, statusId: 2 });
  const hits = await ayse.search({ query: 'printer', statusId: [1, 2] }, { priority: 'background' });
  expect(hits.map((hit) => hit.TalepID)).toContain(id);

  const rule = await helpdesk.getRule({ id: 1 }, { credential: basic('admin', 'demo') });
  expect(rule).toMatchObject({ id: 1, name: 'Tag printer taleps' });

  const missing = await ayse.getTalep({ id: 999_999 }).catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(HelpdeskError);
  expect((missing as HelpdeskError).kind).toBe('not-found');

  // The README's unknown-outcome snippet: a create that was answered is not an unknown outcome.
  const created = await ayse.createTalep({ categoryId: 1, subject: 'Printer jam', body: 'Tray 2', priorityId: 0 }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(unknownOutcomeParams(created, 'createTalep')).toBeUndefined();
  expect(unknownOutcomeParams(missing, 'getTalep')).toBeUndefined();
});
