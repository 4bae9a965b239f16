/**
 * Permission denials for user vs agent2 (agent in Software only) vs agent (every category) vs admin,
 * through the real client. Each row: an action, and who may do it; everyone else must get 403.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HelpdeskClient } from '../../src/api/client.js';
import { DEMO_USERS, type DemoUser, expectFailure, startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

interface Rule {
  action: string;
  allowed: readonly DemoUser[];
  /** Must not change data (the world is shared by every row). */
  run(client: HelpdeskClient): Promise<unknown>;
  reason?: RegExp;
}

const everyone = DEMO_USERS;
const agents = ['admin', 'agent', 'agent2'] as const;

const rules: Rule[] = [
  { action: 'list users', allowed: ['admin'], run: (c) => c.users(), reason: /requires admin permission/ },
  { action: 'read a user', allowed: ['admin'], run: (c) => c.getUser({ userId: 4 }) },
  { action: 'list companies', allowed: ['admin'], run: (c) => c.companies() },
  { action: 'read an automation rule', allowed: ['admin'], run: (c) => c.getRule({ id: 1 }) },
  { action: 'list comment templates', allowed: agents, run: (c) => c.commentTemplates(), reason: /requires agent permission/ },
  { action: 'find a user by e-mail', allowed: agents, run: (c) => c.userByEmail({ email: 'user@example.com' }) },
  { action: 'list assets', allowed: agents, run: (c) => c.assets() },
  { action: "read a user's custom fields", allowed: agents, run: (c) => c.userCustomFields({ id: 4 }) },
  { action: "read another user's talep (5, agent2's)", allowed: agents, run: (c) => c.getTalep({ id: 5 }) },
  { action: "read the agent's parent talep (6)", allowed: agents, run: (c) => c.subTaleps({ id: 6 }) },
  { action: 'read own talep (1)', allowed: everyone, run: (c) => c.getTalep({ id: 1 }) },
  { action: 'list categories', allowed: everyone, run: (c) => c.categories() },
  { action: 'read the ForTechsOnly category', allowed: agents, run: (c) => c.techsForCategory({ id: 5 }), reason: /for agents only/ },
];

describe.each(rules)('$action', (rule) => {
  test.each(DEMO_USERS)('%s', async (name) => {
    const client = world[name];
    if (rule.allowed.includes(name)) {
      await expect(rule.run(client)).resolves.toBeDefined();
    } else {
      await expectFailure(rule.run(client), 'forbidden', rule.reason);
    }
  });
});

describe('category-scoped and visibility rules', () => {
  test('the operation permission is checked before the entity is looked up', async () => {
    for (const name of ['agent', 'agent2', 'user'] as const) await expectFailure(world[name].deleteFile({ fileId: 999 }), 'forbidden');
    await expectFailure(world.admin.deleteFile({ fileId: 999 }), 'not-found');
  });

  test('commenting needs agent permission in the talep’s category', async () => {
    await expectFailure(world.user.addComment({ id: 2, body: 'x' }), 'forbidden', 'This operation requires agent permission.');
    await expectFailure(world.agent2.addComment({ id: 2, body: 'x' }), 'forbidden', /category 'Network'/);
    await world.agent.addComment({ id: 2, body: 'From the Network agent' });
    await world.admin.addComment({ id: 2, body: 'From the admin' });
    await world.agent2.addComment({ id: 3, body: 'From the Software agent' });
  });

  test('ForTechsOnly comments, articles and their files are hidden from regular users only', async () => {
    const count = async (client: HelpdeskClient) => ({
      comments: (await client.comments({ id: 10 })).length,
      articles: (await client.articles()).Articles.length,
      files: (await client.attachments({ id: 10 })).length,
    });
    expect(await count(world.user)).toEqual({ comments: 1, articles: 2, files: 1 });
    for (const name of agents) expect(await count(world[name])).toEqual({ comments: 2, articles: 3, files: 1 });
    await expectFailure(world.user.getArticle({ id: 3 }), 'not-found');
  });

  test('regular users search and count only their own taleps', async () => {
    const mine = await world.user.search({ query: '' });
    expect(mine.every((talep) => talep.SubmitterID === 4)).toBe(true);
    expect((await world.agent2.search({ query: '' })).length).toBeGreaterThan(mine.length);
    expect((await world.user.stats()).TotalTaleps).toBe(mine.length);
  });

  test('filing on behalf of someone needs agent permission; only admins comment as someone else', async () => {
    await expectFailure(world.user.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 0, userId: 3 }), 'forbidden');
    const { id } = await world.agent2.createTalep({ categoryId: 2, subject: 'For the user', body: 'b', priorityId: 0, userId: 4, suppressConfirmation: true });
    expect((await world.user.getTalep({ id })).SubmitterUserInfo.UserID).toBe(4);
    await expectFailure(world.agent2.addComment({ id, body: 'as user', fromUserId: 4 }), 'forbidden', /requires admin permission/);
  });

  test('subscribing: yourself on a talep you can see; agents may add anyone', async () => {
    await expectFailure(world.user.addSubscriber({ id: 1, userId: 3 }), 'forbidden');
    await expectFailure(world.user.addSubscriber({ id: 5, userId: 4 }), 'forbidden');
    await world.agent2.addSubscriber({ id: 4, userId: 1 });
    expect((await world.user.subscribers({ id: 4 })).map((user) => user.UserID)).toEqual([1]);
  });
});
