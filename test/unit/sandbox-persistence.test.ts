/** The lowdb store: data and settings survive a restart; the seed is applied once. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { send } from './sandbox-http.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-data-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const files = () => ({ dataFile: join(dir, 'sandbox.json'), settingsFile: join(dir, 'sandbox-settings.json') });

test('a restart keeps created data, ids keep counting, and tokens stay valid', async () => {
  const first = await startSandbox({ port: 0, ...files() });
  const created = await send(first, '/talep', {
    auth: 'user:demo',
    form: { categoryId: '2', subject: 'Survives restarts', body: 'b', priorityId: '1', tags: 'persist' },
  });
  const { id } = created.json<{ id: number }>();
  expect(id).toBe(11);
  const token = first.tokenFor('user');
  await first.close();

  const second = await startSandbox({ port: 0, ...files() });
  try {
    const talep = await send(second, '/talep', { auth: { bearer: token }, query: { id: String(id) } });
    expect(talep.status).toBe(200);
    expect(talep.json()).toMatchObject({ Subject: 'Survives restarts', Tags: [{ Name: 'persist' }] });
    const next = await send(second, '/talep', { auth: 'user:demo', form: { categoryId: '2', subject: 'Next', body: 'b', priorityId: '0' } });
    expect(next.json()).toEqual({ id: 12 });
    // The seed is not applied again.
    const all = await send(second, '/Search', { auth: 'agent:demo', query: { query: '' } });
    expect(all.json<unknown[]>()).toHaveLength(12);
  } finally {
    await second.close();
  }
});

test('deleted ids are not reused after a restart', async () => {
  const first = await startSandbox({ port: 0, ...files() });
  await send(first, '/MergeTaleps', { auth: 'agent:demo', form: { id: '1', id2: '10' } });
  await first.close();
  const second = await startSandbox({ port: 0, ...files() });
  try {
    const created = await send(second, '/talep', { auth: 'user:demo', form: { categoryId: '2', subject: 'New', body: 'b', priorityId: '0' } });
    expect(created.json()).toEqual({ id: 11 });
    expect((await send(second, '/talep', { auth: 'agent:demo', query: { id: '10' } })).status).toBe(404);
  } finally {
    await second.close();
  }
});

test('seed: false starts empty; a foreign file is refused with a clear error', async () => {
  const empty = await startSandbox({ port: 0, seed: false });
  try {
    expect(empty.demoAccounts()).toEqual([]);
  } finally {
    await empty.close();
  }
  await writeFile(join(dir, 'other.json'), JSON.stringify({ version: 7, users: [1] }));
  await expect(startSandbox({ port: 0, dataFile: join(dir, 'other.json') })).rejects.toThrow(/not a sandbox data file/);
});
