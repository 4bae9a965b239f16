/**
 * This run's response style is really on the wire: the same calls the rest of the suite makes through
 * the client, made raw, answer in the spec's shapes or in real servers' shapes (vitest.config.ts runs
 * the suite once per style). The client's records of both are what the other tests assert.
 */
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { responseStyle, startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

async function raw(path: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}): Promise<unknown> {
  const response = await request(`${world.sandbox.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${world.sandbox.tokenFor('agent')}`,
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  expect(response.statusCode).toBe(200);
  return response.body.json();
}

test('the sandbox answers in the style this run was given', async () => {
  expect(world.style).toBe(responseStyle());
  const created = await raw('/talep', { method: 'POST', form: { categoryId: '1', subject: 'Style check', body: 'b', priorityId: '0' } });
  const [row] = (await raw('/Search?query=Style%20check')) as Record<string, unknown>[];
  const talep = (await raw('/talep?id=2')) as Record<string, unknown>;
  if (world.style === 'real') {
    expect(created).toBe(11);
    expect(row).toMatchObject({ IssueID: 11, Category: 'Hardware', TechnicianID: null });
    expect(talep).toMatchObject({ IssueID: 2, AssignedToUserID: 2, Status: 'In progress' });
    expect(world.sandbox.tokenFor('agent')).toMatch(/^eyJ/);
  } else {
    expect(created).toEqual({ id: 11 });
    expect(row).toMatchObject({ TalepID: 11, CategoryName: 'Hardware', AssigneeUserInfo: null });
    expect(talep).toMatchObject({ TalepID: 2, AssigneeUserInfo: { UserID: 2, Username: 'agent' }, Status: 'In Progress' });
    expect(world.sandbox.tokenFor('agent')).toMatch(/^2\./);
  }
  // Whatever the wire said, the client makes the same records of it.
  expect(await world.agent.search({ query: 'Style check' })).toEqual([
    expect.objectContaining({ TalepID: 11, CategoryName: 'Hardware', AssigneeID: null, AssigneeName: null, SubmitterID: 2 }),
  ]);
});
