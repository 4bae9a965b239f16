/** 1-based paging of /Users and /Assets, and the two merges, through the real client. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { expectFailure, separateClient, startWorld, textFile, type World } from './world.js';

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(() => world.close());

describe('paging', () => {
  test('/Users: count=50&page=2 is items 51 to 100; the default page holds 500', async () => {
    for (let i = 1; i <= 60; i++) await world.admin.createUser({ email: `person${i}@example.com` });
    const all = await world.admin.users();
    expect(all).toHaveLength(64);
    const page2 = await world.admin.users({ count: 50, page: 2 });
    expect(page2.map((user) => user.UserID)).toEqual(all.slice(50, 100).map((user) => user.UserID));
    expect(page2).toHaveLength(14);
    expect(await world.admin.users({ count: 50, page: 3 })).toEqual([]);
  });

  test('/Assets: 50 a page, 1-based, filters applied before paging', async () => {
    for (let i = 1; i <= 60; i++) {
      await world.agent.createAsset({ modelName: `Dock ${i}`, manufacturer: 'Anker', type: 'Dock', supplier: 'Anker' });
    }
    const page1 = await world.agent.assets();
    const page2 = await world.agent.assets({ page: 2 });
    expect(page1).toHaveLength(50);
    expect(page2).toHaveLength(26); // 16 active seeded + 60 new = 76
    expect(new Set([...page1, ...page2].map((asset) => asset.ItemID)).size).toBe(76);
    const docks2 = await world.agent.assets({ nameprefix: 'Anker', page: 2 });
    expect(docks2.map((asset) => asset.ModelName)).toEqual(Array.from({ length: 10 }, (_, i) => `Dock ${51 + i}`));
  });
});

describe('MergeTaleps', () => {
  test('moves comments, attachments, tags, subscribers and sub-taleps into the main talep, then deletes the other', async () => {
    await world.agent.addSubTalep({ id: 5, subTalepId: 1 });
    await world.agent.attachFile({ id: 5, uploadFile: textFile('quote.txt', '12 seats') });
    await world.agent.mergeTaleps({ id: 3, id2: 5 });
    await expectFailure(world.agent.getTalep({ id: 5 }), 'not-found');

    const main = await world.agent.getTalep({ id: 3 });
    expect(main.Tags.map((tag) => tag.Name)).toEqual(['excel', 'license']);
    expect(main.Attachments.map((file) => file.FileName)).toEqual(['crash-log.txt', 'quote.txt']);
    expect(await world.agent.parentTalep({ id: 1 })).toBe(3);
    const comments = await world.agent.comments({ id: 3 });
    expect(comments.at(-1)).toMatchObject({ IsSystem: true, Body: expect.stringContaining('Talep #5 "Design software licence expires on Friday" was merged') });
    expect(comments.every((comment) => comment.IssueID === 3)).toBe(true);
  });
});

describe('MergeUsers', () => {
  test("moves the source's taleps, comments, assets, subscriptions and agent categories, then deletes it", async () => {
    const { userId } = await world.admin.createUser({ email: 'zeynep.old@example.com', username: 'zeynep-old', password: 'Eski-Parola-1' });
    await world.admin.addCategoryTechPermission({ userId, categoryId: 3 });
    await world.agent.addSubscriber({ id: 2, userId });
    await world.agent.assignAssetToUser({ assetId: 12, userId });
    const old = separateClient(world, bearer(world.sandbox.tokenFor('zeynep-old')));
    await old.addComment({ id: 2, body: 'Written with the old account' });

    await world.admin.mergeUsers({ fromUserId: userId, toUserId: 3 });
    await expectFailure(world.admin.getUser({ userId }), 'not-found');
    const comments = await world.agent.comments({ id: 2 });
    expect(comments.at(-1)).toMatchObject({ UserID: 3, UserName: 'agent2', Body: 'Written with the old account' });
    expect((await world.agent.subscribers({ id: 2 })).map((user) => user.UserID)).toEqual([3]);
    expect((await world.agent.getAsset({ id: 12 })).AssignedUsers?.map((user) => user.UserID)).toEqual([3]);
    // agent2 is now also an agent of Network.
    await world.agent2.addComment({ id: 2, body: 'Now I may comment in Network' });
    await expectFailure(old.authorization(), 'unauthorized');
  });
});
