/**
 * Every operation of the endpoint table, through the REAL client against the sandbox: its happy path
 * (checked by reading the effect back where the API allows) and at least one failure the server
 * reports. The table is keyed by operation name, so an operation without a case does not compile.
 *
 * Seed facts used below (see src/sandbox/seed.ts): users 1 admin, 2 agent (every category), 3 agent2
 * (Software only), 4 user; talep 1 (user, Hardware, new), 2 (user, Network, agent, subscriber agent2),
 * 3 (user, Software, agent2), 4 closed, 5 (agent2's, Software), 6 parent of 7 and 8, 9 (user, VIP,
 * related to 1, asset 1), 10 (user, closed, subscriber agent).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { type OperationName, operationNames } from '../../src/api/endpoints.js';
import { expectFailure, separateClient, startWorld, textFile, type World } from './world.js';

interface OperationCase {
  happy(world: World): Promise<void>;
  failure(world: World): Promise<void>;
}

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(() => world.close());

const forged = (w: World) => w.as(bearer('4.forged-token'));
const ids = (rows: readonly { TalepID?: number }[]) => rows.map((row) => row.TalepID);
const tagNames = (talep: { Tags: readonly { Name: string }[] }) => talep.Tags.map((tag) => tag.Name);

const cases: { [K in OperationName]: OperationCase } = {
  authorization: {
    async happy(w) {
      const me = await w.user.authorization();
      expect(me).toMatchObject({ UserID: 4, Username: 'user', Email: 'user@example.com', IsAdmin: false, Disabled: false, IsTech: false });
      expect(me.LastSeen).toBeInstanceOf(Date);
    },
    async failure(w) {
      await expectFailure(forged(w).authorization(), 'unauthorized', /Invalid or expired token/);
    },
  },

  // ── Taleps ────────────────────────────────────────────────────────────────────────────────
  getTalep: {
    async happy(w) {
      const talep = await w.user.getTalep({ id: 1 });
      expect(talep).toMatchObject({
        TalepID: 1,
        Status: 'New',
        StatusID: 1,
        CategoryName: 'Hardware',
        CategoryID: 1,
        Tags: [{ Name: 'printer' }],
        SubmitterUserInfo: { UserID: 4, Username: 'user' },
        AssigneeUserInfo: null,
        Url: `${w.sandbox.rootUrl}/Talep/1`,
      });
      expect(talep.IssueDate).toEqual(new Date('2026-01-05T09:00:00Z'));
      // Real servers send each person's full record and tag counts; the spec's shape has neither.
      if (w.style === 'real') {
        expect(talep.SubmitterUserInfo).toMatchObject({ FullName: 'Can Öztürk', Email: 'user@example.com' });
        expect(talep.Tags).toEqual([{ Name: 'printer', TagID: 1, TagCount: 1 }]);
      } else {
        expect(talep.SubmitterUserInfo).toEqual({ UserID: 4, Username: 'user' });
        expect(talep.Tags).toEqual([{ Name: 'printer' }]);
      }
      expect(talep.Attachments).toEqual([expect.objectContaining({ FileName: 'jam-photo.png', Url: `${w.sandbox.baseUrl}/attachment?id=1` })]);
    },
    async failure(w) {
      await expectFailure(w.user.getTalep({ id: 5 }), 'forbidden', /agent permission/);
      await expectFailure(w.agent.getTalep({ id: 99 }), 'not-found', 'Talep 99 was not found.');
    },
  },

  createTalep: {
    async happy(w) {
      const { id } = await w.user.createTalep({
        categoryId: 2,
        subject: 'Outlook asks for my password',
        body: 'Every ten minutes.',
        priorityId: 1,
        tags: ['outlook', 'password'],
        origin: 6,
        customFields: { '3': '1', '4': 'true' },
        uploadFile: textFile('prompt.txt', 'Enter password'),
      });
      expect(id).toBe(11);
      const talep = await w.user.getTalep({ id });
      expect(talep).toMatchObject({ Subject: 'Outlook asks for my password', Priority: 1, CategoryID: 2, Tags: [{ Name: 'outlook' }, { Name: 'password' }] });
      expect(talep.Attachments.map((file) => file.FileName)).toEqual(['prompt.txt']);
      const fields = await w.user.talepCustomFields({ id });
      expect(fields.map((field) => [field.FieldName, field.Value])).toEqual([['Environment', 'Production'], ['Affects many users', 'true']]);
      // An agent files on behalf of the user and assigns it.
      const onBehalf = await w.agent.createTalep({ categoryId: 1, subject: 'Phoned in', body: 'b', priorityId: 0, userId: 4, assignedToUserId: 2 });
      expect(await w.user.getTalep({ id: onBehalf.id })).toMatchObject({ SubmitterUserInfo: { UserID: 4 }, AssigneeUserInfo: { UserID: 2 } });
    },
    async failure(w) {
      await expectFailure(w.user.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 0, userId: 1 }), 'forbidden', /requires agent permission/);
      await expectFailure(w.user.createTalep({ categoryId: 5, subject: 's', body: 'b', priorityId: 0 }), 'forbidden', /for agents only/);
      await expectFailure(w.user.createTalep({ categoryId: 1, subject: 's', body: 'b', priorityId: 0, customFields: { '4': 'yes' } }), 'invalid', /expected true or false/);
    },
  },

  updateTalep: {
    async happy(w) {
      await w.agent.updateTalep({ id: 5, dueDate: null, assignedUserId: 3, statusId: 2, tags: ['renewal'], subject: 'Licence renewal', priority: 10 });
      const talep = await w.agent.getTalep({ id: 5 });
      expect(talep).toMatchObject({ DueDate: null, AssigneeUserInfo: { UserID: 3 }, StatusID: 2, Tags: [{ Name: 'renewal' }], Subject: 'Licence renewal', Priority: 10 });
      await w.agent.updateTalep({ id: 5, assignedUserId: 0, dueDate: new Date('2026-03-01T12:00:00Z'), tags: [] });
      expect(await w.agent.getTalep({ id: 5 })).toMatchObject({ AssigneeUserInfo: null, DueDate: new Date('2026-03-01T12:00:00Z'), Tags: [] });
      // A regular user may update their own talep.
      await w.user.updateTalep({ id: 1, body: 'Now it jams on every page.' });
      expect(await w.user.getTalep({ id: 1 })).toMatchObject({ Body: 'Now it jams on every page.', UpdatedByPerformer: false });
    },
    async failure(w) {
      await expectFailure(w.agent.updateTalep({ id: 1, assignedUserId: 4 }), 'invalid', "Parameter 'assignedUserId': user 4 ('user') is not an agent of category 1.");
      await expectFailure(w.user.updateTalep({ id: 5, subject: 'mine now' }), 'forbidden');
      await expectFailure(w.agent.updateTalep({ id: 1, priority: 7 }), 'invalid', /no priority 7/);
    },
  },

  addSecondaryAssignee: {
    async happy(w) {
      await w.sandbox.updateSettings({ AllowSecondaryAssignee: true });
      await w.admin.addSecondaryAssignee({ talepId: 3, userId: 2 });
      const talep = await w.agent.getTalep({ id: 3 });
      expect(talep.SecondaryAssignees).toEqual([{ UserID: 2, Username: 'agent' }]);
    },
    async failure(w) {
      await expectFailure(w.admin.addSecondaryAssignee({ talepId: 3, userId: 2 }), 'invalid', /AllowSecondaryAssignee/);
      await expectFailure(w.agent.addSecondaryAssignee({ talepId: 3, userId: 2 }), 'forbidden', 'This operation requires admin permission.');
    },
  },

  closeTalep: {
    async happy(w) {
      await w.user.closeTalep({ id: 1 });
      const talep = await w.user.getTalep({ id: 1 });
      expect(talep).toMatchObject({ Status: 'Closed', StatusID: 3 });
      expect(talep.ResolvedDate).toBeInstanceOf(Date);
    },
    async failure(w) {
      await expectFailure(w.user.closeTalep({ id: 5 }), 'forbidden');
      await expectFailure(w.agent.closeTalep({ id: 99 }), 'not-found');
    },
  },

  setCustomField: {
    async happy(w) {
      await w.agent.setCustomField({ talepId: 3, fieldId: 3, value: '3' });
      await w.agent.setCustomField({ talepId: 3, fieldId: 2, value: 'March 5, 2026' });
      const fields = await w.agent.talepCustomFields({ id: 3 });
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ FieldName: 'Environment', Value: 'Test' }),
          expect.objectContaining({ FieldName: 'Needed by', Value: '2026-03-05' }),
        ]),
      );
    },
    async failure(w) {
      await expectFailure(w.agent.setCustomField({ talepId: 3, fieldId: 4, value: 'yes' }), 'invalid', /Custom field 4 \('Affects many users'\): expected true or false/);
      await expectFailure(w.agent.setCustomField({ talepId: 3, fieldId: 3, value: '99' }), 'invalid', /expected an option id/);
      await expectFailure(w.agent.setCustomField({ talepId: 1, fieldId: 3, value: '1' }), 'invalid', /not used in category 1/);
    },
  },

  setCustomFields: {
    async happy(w) {
      await w.user.setCustomFields({ talepId: 1, values: { '2': '2026-02-10', '4': 'TRUE' } });
      const fields = await w.user.talepCustomFields({ id: 1 });
      expect(fields.map((field) => [field.FieldID, field.Value])).toEqual([[2, '2026-02-10'], [4, 'true']]);
    },
    async failure(w) {
      await expectFailure(w.agent.setCustomFields({ talepId: 99, values: { '2': '2026-02-10' } }), 'not-found');
      // Nothing is changed when one value is wrong.
      await expectFailure(w.user.setCustomFields({ talepId: 1, values: { '2': '2026-02-10', '4': 'maybe' } }), 'invalid');
      expect(await w.user.talepCustomFields({ id: 1 })).toEqual([]);
    },
  },

  stats: {
    async happy(w) {
      expect(await w.user.stats()).toMatchObject({ TotalTaleps: 6, Closed: 2, NewTaleps: 2, Unassigned: 2, HandledByMe: 0 });
      expect(await w.agent.stats()).toMatchObject({ TotalTaleps: 10, Closed: 2, NewTaleps: 5, Unassigned: 4, HandledByMe: 4 });
      expect(await w.agent.stats({ forCurrentUser: true })).toMatchObject({ TotalTaleps: 4, HandledByMe: 4 });
    },
    async failure(w) {
      await expectFailure(forged(w).stats(), 'unauthorized');
    },
  },

  search: {
    async happy(w) {
      expect(ids(await w.agent.search({ query: 'printer' }))).toEqual([1]);
      expect(ids(await w.agent.search({ query: 'IMZASI' }))).toEqual([10]); // Turkish İ/ı folded
      expect(ids(await w.agent.search({ query: '', categoryId: [3], statusId: [1, 2] }))).toEqual([8, 7, 6, 2]);
      expect(ids(await w.agent.search({ query: '', fromUserId: 1, assignedToUserId: 2 }))).toEqual([7, 6]);
      expect(ids(await w.agent.search({ query: '', dateFrom: new Date('2026-01-07T00:00:00Z'), dateTo: new Date('2026-01-08T23:59:59Z') }))).toEqual([4, 3]);
      // Regular users only find their own.
      expect(ids(await w.user.search({ query: '' }))).toEqual([10, 9, 4, 3, 2, 1]);
      const [first] = await w.agent.search({ query: 'battery' });
      expect(first).toMatchObject({ TalepID: 9, Priority: 10, SubmitterID: 4, SubmitterName: 'user', AssigneeID: null, AssigneeName: null });
      // Real list rows carry no web address (the bot links them with its template); the spec style's rows do.
      expect(first?.Url).toBe(w.style === 'real' ? undefined : `${w.sandbox.rootUrl}/Talep/9`);
    },
    async failure(w) {
      await expectFailure(forged(w).search({ query: 'x' }), 'unauthorized');
    },
  },

  talepCustomFields: {
    async happy(w) {
      const set = await w.agent.talepCustomFields({ id: 3 });
      expect(set.map((field) => [field.FieldName, field.Value])).toEqual([
        ['Environment', 'Production'],
        ['Affects many users', 'true'],
        ['Steps to reproduce', '1. Open Q4-report.xlsx\n2. Wait\n3. Excel closes'],
      ]);
      expect(set[0]?.Options).toEqual([
        { OptionID: 1, Name: 'Production' },
        { OptionID: 2, Name: 'Staging' },
        { OptionID: 3, Name: 'Test' },
      ]);
      const all = await w.agent.talepCustomFields({ id: 3, returnUnset: true });
      expect(all.map((field) => [field.FieldID, field.Value])).toEqual([[2, null], [3, 'Production'], [4, 'true'], [5, expect.any(String)]]);
    },
    async failure(w) {
      await expectFailure(w.user.talepCustomFields({ id: 5 }), 'forbidden');
    },
  },

  mergeTaleps: {
    async happy(w) {
      await w.agent.mergeTaleps({ id: 1, id2: 9 });
      await expectFailure(w.agent.getTalep({ id: 9 }), 'not-found');
      const main = await w.agent.getTalep({ id: 1 });
      expect(main.Tags.map((tag) => tag.Name)).toEqual(['printer', 'laptop']);
      expect(main.RelatedTalepIDs).toEqual([]);
      expect(await w.agent.assets({ assignedToTalepId: 1 })).toEqual(
        expect.arrayContaining([expect.objectContaining({ ItemID: 1 }), expect.objectContaining({ ItemID: 7 })]),
      );
      const [merged] = await w.agent.comments({ id: 1 });
      expect(merged).toMatchObject({ IsSystem: true, Body: expect.stringContaining('Laptop battery drains in two hours') });
    },
    async failure(w) {
      await expectFailure(w.user.mergeTaleps({ id: 1, id2: 9 }), 'forbidden', 'This operation requires agent permission.');
      await expectFailure(w.agent.mergeTaleps({ id: 1, id2: 1 }), 'invalid', 'A talep cannot be merged into itself.');
    },
  },

  linkTaleps: {
    async happy(w) {
      await w.agent.linkTaleps({ id: 2, id2: 3 });
      expect((await w.agent.getTalep({ id: 2 })).RelatedTalepIDs).toEqual([3]);
      expect((await w.agent.getTalep({ id: 3 })).RelatedTalepIDs).toEqual([2]);
    },
    async failure(w) {
      await expectFailure(w.agent.linkTaleps({ id: 2, id2: 2 }), 'invalid');
      await expectFailure(w.agent.linkTaleps({ id: 2, id2: 99 }), 'not-found');
    },
  },

  unlinkTaleps: {
    async happy(w) {
      await w.agent.unlinkTaleps({ id: 9, id2: 1 });
      expect((await w.agent.getTalep({ id: 1 })).RelatedTalepIDs).toEqual([]);
      expect((await w.agent.getTalep({ id: 9 })).RelatedTalepIDs).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.agent.unlinkTaleps({ id: 2, id2: 3 }), 'invalid', 'Taleps 2 and 3 are not linked.');
    },
  },

  addSubTalep: {
    async happy(w) {
      await w.agent.addSubTalep({ id: 6, subTalepId: 5 });
      expect(await w.agent.parentTalep({ id: 5 })).toBe(6);
      expect(ids(await w.agent.subTaleps({ id: 6 }))).toEqual([5, 7, 8]);
    },
    async failure(w) {
      await expectFailure(w.agent.addSubTalep({ id: 7, subTalepId: 5 }), 'invalid', /one level deep/);
      await expectFailure(w.agent.addSubTalep({ id: 5, subTalepId: 6 }), 'invalid', /has sub-taleps of its own/);
      await expectFailure(w.user.addSubTalep({ id: 1, subTalepId: 9 }), 'forbidden');
    },
  },

  removeSubTalep: {
    async happy(w) {
      await w.agent.removeSubTalep({ id: 6, subTalepId: 7 });
      expect(ids(await w.agent.subTaleps({ id: 6 }))).toEqual([8]);
      expect(await w.agent.parentTalep({ id: 7 })).toBeNull();
    },
    async failure(w) {
      await expectFailure(w.agent.removeSubTalep({ id: 6, subTalepId: 1 }), 'invalid', 'Talep 1 is not a sub-talep of talep 6.');
    },
  },

  subTaleps: {
    async happy(w) {
      const children = await w.agent.subTaleps({ id: 6 });
      expect(children.map((talep) => [talep.TalepID, talep.Subject])).toEqual([
        [7, 'Upgrade the core switch firmware'],
        [8, 'Re-plan the Wi-Fi channels'],
      ]);
      expect(await w.agent.subTaleps({ id: 1 })).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.user.subTaleps({ id: 6 }), 'forbidden');
    },
  },

  parentTalep: {
    async happy(w) {
      expect(await w.agent.parentTalep({ id: 7 })).toBe(6);
      expect(await w.agent.parentTalep({ id: 1 })).toBeNull();
      const full = await w.agent.parentTalep({ id: 8, returnFullTalep: true });
      expect(full).toMatchObject({ TalepID: 6, Subject: 'Quarterly network maintenance' });
    },
    async failure(w) {
      await expectFailure(w.agent.parentTalep({ id: 99 }), 'not-found');
    },
  },

  talepIntegrationData: {
    async happy(w) {
      expect(await w.user.talepIntegrationData({ id: 2 })).toEqual({ JiraIssueUrl: 'https://jira.example.com/browse/NET-42', GitHubIssueUrl: null });
      expect(await w.user.talepIntegrationData({ id: 1 })).toEqual({ JiraIssueUrl: null, GitHubIssueUrl: null });
    },
    async failure(w) {
      await expectFailure(w.user.talepIntegrationData({ id: 5 }), 'forbidden');
    },
  },

  tagTalep: {
    async happy(w) {
      await w.user.tagTalep({ name: 'Kitchen', talepId: 1 });
      await w.user.tagTalep({ name: 'PRINTER', talepId: 1 }); // an existing tag, matched case-insensitively
      expect(tagNames(await w.user.getTalep({ id: 1 }))).toEqual(['printer', 'Kitchen']);
    },
    async failure(w) {
      await expectFailure(w.agent.tagTalep({ name: 'x', talepId: 99 }), 'not-found');
    },
  },

  addAssetToTalep: {
    async happy(w) {
      await w.agent.addAssetToTalep({ assetId: 3, talepID: 3 });
      expect((await w.agent.assets({ assignedToTalepId: 3 })).map((asset) => asset.ItemID)).toEqual([3]);
    },
    async failure(w) {
      await expectFailure(w.agent.addAssetToTalep({ assetId: 999, talepID: 3 }), 'not-found', 'Asset 999 was not found.');
      await expectFailure(w.user.addAssetToTalep({ assetId: 1, talepID: 1 }), 'forbidden');
    },
  },

  removeAssetFromTalep: {
    async happy(w) {
      await w.agent.removeAssetFromTalep({ assetId: 1, talepID: 9 });
      expect(await w.agent.assets({ assignedToTalepId: 9 })).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.agent.removeAssetFromTalep({ assetId: 2, talepID: 9 }), 'invalid', 'Asset 2 is not related to talep 9.');
    },
  },

  // ── Attachments ───────────────────────────────────────────────────────────────────────────
  getAttachment: {
    async happy(w) {
      const file = await w.user.getAttachment({ id: 1 });
      expect(file).toMatchObject({ filename: 'jam-photo.png', contentType: 'image/png', size: 70 });
      expect([...file.data.subarray(1, 4)]).toEqual([...Buffer.from('PNG')]);
      const turkish = await w.agent.getAttachment({ id: 5 });
      expect(turkish.filename).toBe('imza-örneği.txt');
      expect(Buffer.from(turkish.data).toString('utf8')).toBe('Can Öztürk\nKıdemli Uzman\n');
    },
    async failure(w) {
      // A file of a ForTechsOnly comment does not exist for a regular user.
      await expectFailure(w.user.getAttachment({ id: 3 }), 'not-found', 'File 3 was not found.');
    },
  },

  attachments: {
    async happy(w) {
      expect((await w.agent.attachments({ id: 2 })).map((file) => file.FileName)).toEqual(['error-809.png', 'gateway-cert.txt']);
      const forUser = await w.user.attachments({ id: 2 });
      expect(forUser).toEqual([{ FileName: 'error-809.png', FileID: 2, FileSize: 70, Url: `${w.sandbox.baseUrl}/attachment?id=2` }]);
    },
    async failure(w) {
      await expectFailure(w.user.attachments({ id: 5 }), 'forbidden');
    },
  },

  attachFile: {
    async happy(w) {
      await w.user.attachFile({ id: 1, uploadFile: { filename: 'çekmece.bin', data: new Uint8Array([0, 1, 2, 255]) } });
      const [, added] = await w.user.attachments({ id: 1 });
      expect(added).toMatchObject({ FileName: 'çekmece.bin', FileSize: 4 });
      const download = await w.user.getAttachment({ id: added?.FileID ?? 0 });
      expect([...download.data]).toEqual([0, 1, 2, 255]);
      expect(download.contentType).toBe('application/octet-stream');
    },
    async failure(w) {
      await expectFailure(w.user.attachFile({ id: 5, uploadFile: textFile('a.txt', 'a') }), 'forbidden');
      await expectFailure(w.agent.attachFile({ id: 99, uploadFile: textFile('a.txt', 'a') }), 'not-found');
    },
  },

  deleteFile: {
    async happy(w) {
      await w.admin.deleteFile({ fileId: 1 });
      expect(await w.user.attachments({ id: 1 })).toEqual([]);
      await expectFailure(w.user.getAttachment({ id: 1 }), 'not-found');
    },
    async failure(w) {
      await expectFailure(w.agent.deleteFile({ fileId: 1 }), 'forbidden', 'This operation requires admin permission.');
      await expectFailure(w.admin.deleteFile({ fileId: 99 }), 'not-found', 'File 99 was not found.');
    },
  },

  // ── Subscribers ───────────────────────────────────────────────────────────────────────────
  addSubscriber: {
    async happy(w) {
      await w.user.addSubscriber({ id: 1, userId: 4 });
      await w.agent.addSubscriber({ id: 1, userId: 3 });
      expect((await w.user.subscribers({ id: 1 })).map((user) => user.Username)).toEqual(['user', 'agent2']);
    },
    async failure(w) {
      await expectFailure(w.user.addSubscriber({ id: 1, userId: 2 }), 'forbidden', /requires agent permission/);
      await expectFailure(w.agent.addSubscriber({ id: 1, userId: 99 }), 'not-found');
    },
  },

  removeSubscriber: {
    async happy(w) {
      await w.agent.removeSubscriber({ id: 2, userId: 3 });
      expect(await w.agent.subscribers({ id: 2 })).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.agent.removeSubscriber({ id: 1, userId: 3 }), 'invalid', 'User 3 is not subscribed to talep 1.');
      await expectFailure(w.user.removeSubscriber({ id: 2, userId: 3 }), 'forbidden');
    },
  },

  subscribers: {
    async happy(w) {
      expect(await w.user.subscribers({ id: 10 })).toEqual([
        { UserID: 2, Username: 'agent', Email: 'agent@example.com', FirstName: 'Mehmet', LastName: 'Kaya' },
      ]);
    },
    async failure(w) {
      await expectFailure(w.agent.subscribers({ id: 99 }), 'not-found');
    },
  },

  // ── Categories and priorities ─────────────────────────────────────────────────────────────
  categories: {
    async happy(w) {
      const forUser = await w.user.categories();
      expect(forUser.map((category) => category.Name)).toEqual(['Hardware', 'Software', 'Network', 'Office Supplies']);
      expect(forUser[3]).toMatchObject({ CategoryID: 4, SectionID: 2, Section: 'Facilities', NameWithSection: 'Facilities / Office Supplies' });
      expect((await w.agent2.categories()).map((category) => category.CategoryID)).toEqual([1, 2, 3, 4, 5]);
    },
    async failure(w) {
      await expectFailure(forged(w).categories(), 'unauthorized');
    },
  },

  techsForCategory: {
    async happy(w) {
      expect((await w.user.techsForCategory({ id: 2 })).map((user) => user.Username)).toEqual(['admin', 'agent', 'agent2']);
      expect((await w.user.techsForCategory({ id: 1 })).map((user) => user.Username)).toEqual(['admin', 'agent']);
    },
    async failure(w) {
      await expectFailure(w.user.techsForCategory({ id: 99 }), 'not-found', 'Category 99 was not found.');
    },
  },

  customFieldsForCategory: {
    async happy(w) {
      const fields = await w.user.customFieldsForCategory({ categoryId: 2 });
      expect(fields.map((field) => field.FieldName)).toEqual(['Needed by', 'Environment', 'Affects many users', 'Steps to reproduce']);
      expect(fields[1]?.Options?.map((option) => option.Name)).toEqual(['Production', 'Staging', 'Test']);
      const office = await w.user.customFieldsForCategory({ categoryId: 4 });
      expect(office[0]).toMatchObject({ FieldName: 'Order number', Type: 1, Mandatory: true });
    },
    async failure(w) {
      await expectFailure(w.user.customFieldsForCategory({ categoryId: 5 }), 'forbidden', /for agents only/);
    },
  },

  addCategory: {
    async happy(w) {
      const { id } = await w.admin.addCategory({ name: 'Printers', sectionId: 1 });
      expect(id).toBe(6);
      expect((await w.user.categories()).find((category) => category.CategoryID === id)).toMatchObject({ Name: 'Printers', Section: 'IT Support' });
    },
    async failure(w) {
      await expectFailure(w.agent.addCategory({ name: 'Printers' }), 'forbidden', 'This operation requires admin permission.');
      await expectFailure(w.admin.addCategory({ name: 'hardware', sectionId: 1 }), 'invalid', /already exists/);
      await expectFailure(w.admin.addCategory({ name: 'X', sectionId: 9 }), 'not-found', 'Section 9 was not found.');
    },
  },

  priorities: {
    async happy(w) {
      expect(await w.user.priorities()).toEqual([
        { PriorityID: -1, Name: 'Low' },
        { PriorityID: 0, Name: 'Normal' },
        { PriorityID: 1, Name: 'High' },
        { PriorityID: 2, Name: 'Critical' },
        { PriorityID: 10, Name: 'VIP' },
      ]);
    },
    async failure(w) {
      await expectFailure(forged(w).priorities(), 'unauthorized');
    },
  },

  // ── Comments ──────────────────────────────────────────────────────────────────────────────
  addComment: {
    async happy(w) {
      await w.agent2.addComment({ id: 3, body: 'The 64-bit build fixed it.', isSystem: false, uploadFile: textFile('fix.txt', 'ok') });
      await w.admin.addComment({ id: 3, body: 'Written for the user', fromUserId: 4, forTechsOnly: true });
      const comments = await w.agent.comments({ id: 3 });
      expect(comments.slice(-2).map((comment) => [comment.UserName, comment.Body, comment.ForTechsOnly])).toEqual([
        ['agent2', 'The 64-bit build fixed it.', false],
        ['user', 'Written for the user', true],
      ]);
      expect((await w.user.attachments({ id: 3 })).map((file) => file.FileName)).toEqual(['crash-log.txt', 'fix.txt']);
    },
    async failure(w) {
      await expectFailure(w.agent2.addComment({ id: 2, body: 'x' }), 'forbidden', "Commenting on talep 2 requires agent permission in the category 'Network' (or admin).");
      await expectFailure(w.user.addComment({ id: 1, body: 'x' }), 'forbidden', 'This operation requires agent permission.');
      await expectFailure(w.agent.addComment({ id: 1, body: 'x', fromUserId: 4 }), 'forbidden', /requires admin permission/);
      await expectFailure(w.agent.addComment({ id: 1, body: 'x', recipientIds: [42] }), 'invalid', "Parameter 'recipientIds': no user 42.");
    },
  },

  updateComment: {
    async happy(w) {
      await w.agent.updateComment({ id: 1, body: 'Please send a screenshot.', forTechsOnly: true });
      const [first] = await w.agent.comments({ id: 2 });
      expect(first).toMatchObject({ CommentID: 1, Body: 'Please send a screenshot.', ForTechsOnly: true });
      // The author may edit their own comment.
      await w.user.updateComment({ id: 2, body: 'Attached. Error 809.' });
      expect((await w.user.comments({ id: 2 })).map((comment) => comment.Body)).toEqual(['Attached. Error 809.']);
    },
    async failure(w) {
      await expectFailure(w.user.updateComment({ id: 1, body: 'mine?' }), 'forbidden', /its author/);
      await expectFailure(w.agent2.updateComment({ id: 1, body: 'x' }), 'forbidden');
      await expectFailure(w.agent.updateComment({ id: 99, body: 'x' }), 'not-found', 'Comment 99 was not found.');
    },
  },

  comments: {
    async happy(w) {
      const forAgent = await w.agent.comments({ id: 2 });
      expect(forAgent.map((comment) => [comment.CommentID, comment.ForTechsOnly])).toEqual([[1, false], [2, false], [3, true]]);
      expect(forAgent[0]).toMatchObject({ IssueID: 2, UserID: 2, UserName: 'agent', Email: 'agent@example.com', IsSystem: false });
      expect(forAgent[0]?.CommentDate).toEqual(new Date('2026-01-06T10:00:00Z'));
      expect((await w.user.comments({ id: 2 })).map((comment) => comment.CommentID)).toEqual([1, 2]);
    },
    async failure(w) {
      await expectFailure(w.user.comments({ id: 5 }), 'forbidden');
    },
  },

  commentTemplates: {
    async happy(w) {
      const templates = await w.agent2.commentTemplates();
      expect(templates.map((template) => [template.TemplateId, template.Name])).toEqual([[1, 'Need more information'], [2, 'Resolved, please confirm']]);
    },
    async failure(w) {
      await expectFailure(w.user.commentTemplates(), 'forbidden', 'This operation requires agent permission.');
    },
  },

  // ── Users ─────────────────────────────────────────────────────────────────────────────────
  createUser: {
    async happy(w) {
      const { userId } = await w.admin.createUser({ email: 'selin@example.com', firstName: 'Selin', company: 'Yeni Şirket', department: 'Sales', password: 'pw-Selin1' });
      expect(userId).toBe(5);
      expect(await w.admin.getUser({ userId })).toMatchObject({ Username: 'selin@example.com', FirstName: 'Selin', CompanyName: 'Yeni Şirket', DepartmentName: 'Sales' });
      expect((await w.admin.companies()).map((company) => company.Name)).toContain('Yeni Şirket');
      expect(await separateClient(w, bearer(w.sandbox.tokenFor('selin@example.com'))).authorization()).toMatchObject({ UserID: 5 });
    },
    async failure(w) {
      await expectFailure(w.admin.createUser({ email: 'USER@example.com' }), 'invalid', "Parameter 'email': USER@example.com is already used by user 4.");
      await expectFailure(w.agent.createUser({ email: 'x@example.com' }), 'forbidden');
    },
  },

  updateUser: {
    async happy(w) {
      const updated = await w.admin.updateUser({ userId: 4, firstName: 'Cem', email: 'cem@example.com', greeting: 'Merhaba #FirstName#', outOfOffice: true });
      expect(updated).toMatchObject({ UserID: 4, Username: 'user', Email: 'cem@example.com', FirstName: 'Cem', IsAdmin: false, Disabled: false });
      expect(await w.agent.userByEmail({ email: 'cem@example.com' })).toMatchObject({ Greeting: 'Merhaba #FirstName#' });
    },
    async failure(w) {
      await expectFailure(w.admin.updateUser({ userId: 99, firstName: 'x' }), 'not-found', 'User 99 was not found.');
      await expectFailure(w.admin.updateUser({ userId: 4, username: 'agent' }), 'invalid', /already used/);
    },
  },

  deleteUser: {
    async happy(w) {
      await w.admin.deleteUser({ userId: 3 });
      await expectFailure(w.admin.getUser({ userId: 3 }), 'not-found');
      expect((await w.agent.getTalep({ id: 3 })).AssigneeUserInfo).toBeNull();
      // What they wrote stays.
      expect((await w.agent.getTalep({ id: 5 })).SubmitterUserInfo).toMatchObject({ UserID: 3, Username: '(deleted user)' });
    },
    async failure(w) {
      await expectFailure(w.agent.deleteUser({ userId: 4 }), 'forbidden');
      await expectFailure(w.admin.deleteUser({ userId: 1 }), 'invalid', 'You cannot delete your own account.');
    },
  },

  getUser: {
    async happy(w) {
      expect(await w.admin.getUser({ userId: 4 })).toMatchObject({
        Username: 'user',
        FirstName: 'Can',
        LastName: 'Öztürk',
        Phone: '+90 212 555 0104',
        CompanyName: 'Acme Lojistik A.Ş.',
        DepartmentName: 'Finance',
        IsTech: false,
        OutOfOffice: false,
      });
    },
    async failure(w) {
      await expectFailure(w.admin.getUser({ userId: 99 }), 'not-found');
    },
  },

  userByEmail: {
    async happy(w) {
      expect(await w.agent2.userByEmail({ email: 'USER@example.com' })).toMatchObject({ UserID: 4, FirstName: 'Can', IsTech: false, Signature: null });
      expect(await w.agent.userByEmail({ email: 'agent@example.com' })).toMatchObject({ IsTech: true, Signature: 'Mehmet Kaya, IT Support' });
    },
    async failure(w) {
      await expectFailure(w.user.userByEmail({ email: 'agent@example.com' }), 'forbidden');
      await expectFailure(w.agent.userByEmail({ email: 'nobody@example.com' }), 'not-found', "User with e-mail 'nobody@example.com' was not found.");
    },
  },

  userByUsername: {
    async happy(w) {
      expect(await w.agent.userByUsername({ username: 'agent2' })).toMatchObject({ UserID: 3, IsTech: true });
      expect(await w.agent.userByUsername({ username: 'CORP\\user' })).toMatchObject({ UserID: 4 });
    },
    async failure(w) {
      await expectFailure(w.agent.userByUsername({ username: 'nobody' }), 'not-found');
    },
  },

  mergeUsers: {
    async happy(w) {
      const { userId } = await w.admin.createUser({ email: 'can.old@example.com', password: 'pw-old-1' });
      const old = separateClient(w, bearer(w.sandbox.tokenFor('can.old@example.com')));
      const { id } = await old.createTalep({ categoryId: 1, subject: 'From the old account', body: 'b', priorityId: 0 });
      await w.admin.mergeUsers({ fromUserId: userId, toUserId: 4 });
      expect((await w.user.getTalep({ id })).SubmitterUserInfo).toMatchObject({ UserID: 4, Username: 'user' });
      await expectFailure(w.admin.getUser({ userId }), 'not-found');
    },
    async failure(w) {
      await expectFailure(w.admin.mergeUsers({ fromUserId: 4, toUserId: 4 }), 'invalid', 'A user cannot be merged into itself.');
      await expectFailure(w.admin.mergeUsers({ fromUserId: 99, toUserId: 4 }), 'not-found');
    },
  },

  setCustomFieldForUser: {
    async happy(w) {
      await w.admin.setCustomFieldForUser({ id: 4, fieldId: 13, value: '9' });
      await w.admin.setCustomFieldForUser({ id: 4, fieldId: 14, value: '' }); // clears
      const fields = await w.agent.userCustomFields({ id: 4 });
      expect(fields.find((field) => field.FieldID === 13)).toMatchObject({ FieldName: 'Shift', Value: 'Night' });
      expect(fields.find((field) => field.FieldID === 14)?.Value).toBeNull();
    },
    async failure(w) {
      await expectFailure(w.admin.setCustomFieldForUser({ id: 4, fieldId: 1, value: 'x' }), 'invalid', /is a talep field, not a user field/);
      await expectFailure(w.agent.setCustomFieldForUser({ id: 4, fieldId: 11, value: 'x' }), 'forbidden');
    },
  },

  userCustomFields: {
    async happy(w) {
      expect(await w.agent.userCustomFields({ id: 4 })).toEqual([
        { FieldName: 'Employee number', FieldID: 11, Type: 1, Value: 'E-1042' },
        { FieldName: 'Start date', FieldID: 12, Type: 2, Value: '2024-03-01' },
        { FieldName: 'Shift', FieldID: 13, Type: 3, Value: null },
        { FieldName: 'Remote worker', FieldID: 14, Type: 4, Value: 'true' },
        { FieldName: 'Accessibility needs', FieldID: 15, Type: 5, Value: null },
      ]);
    },
    async failure(w) {
      await expectFailure(w.user.userCustomFields({ id: 4 }), 'forbidden');
    },
  },

  users: {
    async happy(w) {
      expect((await w.admin.users({ listMode: 'regular' })).map((user) => user.Username)).toEqual(['user']);
      expect((await w.admin.users({ listMode: 'admins' })).map((user) => user.Username)).toEqual(['admin']);
      expect((await w.admin.users({ departmentId: 1 })).map((user) => user.UserID)).toEqual([1, 2, 3]);
      expect((await w.admin.users({ count: 3, page: 2 })).map((user) => user.UserID)).toEqual([4]);
    },
    async failure(w) {
      await expectFailure(w.agent.users(), 'forbidden');
    },
  },

  addCategoryTechPermission: {
    async happy(w) {
      await w.admin.addCategoryTechPermission({ userId: 4, categoryId: 1 });
      expect((await w.agent.userByEmail({ email: 'user@example.com' })).IsTech).toBe(true);
      expect(await w.user.commentTemplates()).toHaveLength(2);
      await w.user.addComment({ id: 9, body: 'I can comment in Hardware now.' });
    },
    async failure(w) {
      await expectFailure(w.admin.addCategoryTechPermission({ userId: 4, categoryId: 99 }), 'not-found');
    },
  },

  removeCategoryTechPermission: {
    async happy(w) {
      await w.admin.removeCategoryTechPermission({ userId: 3, categoryId: 2 });
      await expectFailure(w.agent2.commentTemplates(), 'forbidden');
      expect((await w.user.techsForCategory({ id: 2 })).map((user) => user.Username)).toEqual(['admin', 'agent']);
    },
    async failure(w) {
      await expectFailure(w.admin.removeCategoryTechPermission({ userId: 3, categoryId: 1 }), 'invalid', 'User 3 is not an agent of category 1.');
    },
  },

  // ── Companies and departments ─────────────────────────────────────────────────────────────
  companies: {
    async happy(w) {
      expect(await w.admin.companies()).toEqual([
        { CompanyID: 1, Name: 'Acme Lojistik A.Ş.', EmailDomain: 'example.com;acme.example', Notes: 'Main customer.' },
        { CompanyID: 2, Name: 'Boğaziçi Yazılım', EmailDomain: null, Notes: null },
      ]);
    },
    async failure(w) {
      await expectFailure(w.agent.companies(), 'forbidden');
    },
  },

  createCompany: {
    async happy(w) {
      expect(await w.admin.createCompany({ name: 'Ege Tekstil', emailDomains: 'ege.example; EGE-TEKSTIL.example' })).toEqual({ id: 3 });
      // An existing name (any case) returns the existing id.
      expect(await w.admin.createCompany({ name: 'boğaziçi yazılım' })).toEqual({ id: 2 });
      expect((await w.admin.companies()).at(-1)).toMatchObject({ Name: 'Ege Tekstil', EmailDomain: 'ege.example;ege-tekstil.example' });
    },
    async failure(w) {
      await expectFailure(w.agent.createCompany({ name: 'x' }), 'forbidden');
    },
  },

  updateCompany: {
    async happy(w) {
      expect(await w.admin.updateCompany({ id: 2, notes: 'Partner', emailDomains: 'bogazici.example' })).toEqual({
        CompanyID: 2,
        Name: 'Boğaziçi Yazılım',
        EmailDomain: 'bogazici.example',
        Notes: 'Partner',
      });
    },
    async failure(w) {
      await expectFailure(w.admin.updateCompany({ id: 99, notes: 'x' }), 'not-found', 'Company 99 was not found.');
      await expectFailure(w.admin.updateCompany({ id: 2, name: 'ACME LOJISTIK A.Ş.' }), 'invalid', /already called/);
    },
  },

  departments: {
    async happy(w) {
      expect(await w.admin.departments()).toEqual([
        { DepartmentID: 1, Name: 'IT' },
        { DepartmentID: 2, Name: 'Finance' },
      ]);
    },
    async failure(w) {
      await expectFailure(w.user.departments(), 'forbidden');
    },
  },

  setCustomFieldForCompany: {
    async happy(w) {
      await w.admin.setCustomFieldForCompany({ id: 2, fieldId: 18, value: '11' });
      await w.admin.setCustomFieldForCompany({ id: 2, fieldId: 17, value: '2027-01-31T00:00:00Z' });
      const fields = await w.agent.companyCustomFields({ id: 2 });
      expect(fields.filter((field) => field.Value !== null).map((field) => [field.FieldName, field.Value])).toEqual([
        ['Contract renewal', '2027-01-31'],
        ['Support tier', 'Silver'],
      ]);
    },
    async failure(w) {
      await expectFailure(w.admin.setCustomFieldForCompany({ id: 2, fieldId: 18, value: '99' }), 'invalid', /expected an option id \(10 Bronze, 11 Silver, 12 Gold\)/);
      await expectFailure(w.admin.setCustomFieldForCompany({ id: 2, fieldId: 17, value: 'soon' }), 'invalid', /expected a date/);
    },
  },

  companyCustomFields: {
    async happy(w) {
      const fields = await w.agent2.companyCustomFields({ id: 1 });
      expect(fields.map((field) => [field.FieldID, field.Value])).toEqual([[16, 'C-2025-014'], [17, null], [18, 'Gold'], [19, null], [20, null]]);
    },
    async failure(w) {
      await expectFailure(w.user.companyCustomFields({ id: 1 }), 'forbidden');
      await expectFailure(w.agent.companyCustomFields({ id: 9 }), 'not-found');
    },
  },

  // ── Knowledge base, rules, custom fields ──────────────────────────────────────────────────
  articles: {
    async happy(w) {
      const forUser = await w.user.articles();
      expect(forUser.Articles.map((article) => [article.ArticleId, article.Subject])).toEqual([
        [1, 'How to connect to the VPN'],
        [2, 'Clearing a printer jam'],
      ]);
      expect(forUser.Articles[0]?.Url).toBe(`${w.sandbox.rootUrl}/KB/View/1`);
      expect(forUser.Categories.map((category) => category.Name)).toEqual(['Hardware', 'Software', 'Network', 'Office Supplies']);
      expect(forUser.Tags).toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'howto' })]));
      const network = await w.agent.articles({ categoryId: 3 });
      expect(network.Articles.map((article) => [article.ArticleId, article.ForTechsOnly])).toEqual([[1, false], [3, true]]);
    },
    async failure(w) {
      await expectFailure(forged(w).articles(), 'unauthorized');
    },
  },

  getArticle: {
    async happy(w) {
      const article = await w.user.getArticle({ id: 2 });
      expect(article).toMatchObject({ ArticleId: 2, Subject: 'Clearing a printer jam', CategoryName: 'Hardware', Url: `${w.sandbox.rootUrl}/KB/View/2` });
      expect(article.DateCreated).toEqual(new Date('2025-12-16T09:00:00Z'));
      expect(await w.agent.getArticle({ id: 3 })).toMatchObject({ ForTechsOnly: true });
    },
    async failure(w) {
      await expectFailure(w.user.getArticle({ id: 3 }), 'not-found', 'Article 3 was not found.');
    },
  },

  createArticle: {
    async happy(w) {
      const { id } = await w.agent2.createArticle({ categoryId: 2, subject: 'Excel safe mode', body: 'Hold Ctrl while starting Excel.', forTechsOnly: false });
      expect(id).toBe(4);
      expect(await w.user.getArticle({ id })).toMatchObject({ Subject: 'Excel safe mode', CategoryName: 'Software' });
    },
    async failure(w) {
      await expectFailure(w.user.createArticle({ categoryId: 2, subject: 's', body: 'b', forTechsOnly: false }), 'forbidden');
      await expectFailure(w.agent.createArticle({ categoryId: 99, subject: 's', body: 'b', forTechsOnly: true }), 'not-found');
    },
  },

  getRule: {
    async happy(w) {
      const rule = await w.admin.getRule({ id: 1 });
      expect(rule).toMatchObject({ id: 1, name: 'Tag printer taleps', enabled: true, match: 'All' });
      expect(rule.conditions).toHaveLength(1);
      expect(rule.actions).toHaveLength(1);
      expect(rule.rawXml).toContain('encoding="utf-16"');
      await w.admin.disableRule({ id: 1 });
      expect((await w.admin.getRule({ id: 1 })).enabled).toBe(false);
    },
    async failure(w) {
      await expectFailure(w.admin.getRule({ id: 99 }), 'not-found', 'Rule 99 was not found.');
      await expectFailure(w.agent.getRule({ id: 1 }), 'forbidden');
    },
  },

  disableRule: {
    async happy(w) {
      const before = await w.user.createTalep({ categoryId: 1, subject: 'Second printer broken', body: 'b', priorityId: 0 });
      expect(tagNames(await w.user.getTalep({ id: before.id }))).toEqual(['printer']);
      await w.admin.disableRule({ id: 1 });
      const after = await w.user.createTalep({ categoryId: 1, subject: 'Third printer broken', body: 'b', priorityId: 0 });
      expect((await w.user.getTalep({ id: after.id })).Tags).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.admin.disableRule({ id: 99 }), 'not-found');
    },
  },

  enableRule: {
    async happy(w) {
      const before = await w.user.createTalep({ categoryId: 2, subject: 'Mail outage', body: 'b', priorityId: 2 });
      expect((await w.user.getTalep({ id: before.id })).AssigneeUserInfo).toBeNull();
      await w.admin.enableRule({ id: 2 });
      const after = await w.user.createTalep({ categoryId: 2, subject: 'Another outage', body: 'b', priorityId: 0 });
      expect(await w.user.getTalep({ id: after.id })).toMatchObject({ AssigneeUserInfo: { UserID: 2 }, Tags: [{ Name: 'escalated' }] });
    },
    async failure(w) {
      await expectFailure(w.agent.enableRule({ id: 2 }), 'forbidden');
    },
  },

  customFields: {
    async happy(w) {
      const assets = await w.user.customFields({ type: 2 });
      expect(assets.map((field) => [field.FieldID, field.FieldName, field.Type, field.UsageType])).toEqual([
        [6, 'Asset tag', 1, 2],
        [7, 'Warranty until', 2, 2],
        [8, 'Condition', 3, 2],
        [9, 'Encrypted disk', 4, 2],
        [10, 'Maintenance notes', 5, 2],
      ]);
      for (const type of [1, 3, 4]) expect(await w.user.customFields({ type })).toHaveLength(5);
    },
    async failure(w) {
      await expectFailure(forged(w).customFields({ type: 1 }), 'unauthorized');
    },
  },

  // ── Assets ────────────────────────────────────────────────────────────────────────────────
  assets: {
    async happy(w) {
      expect((await w.agent.assets({ assignedToUserId: 4 })).map((asset) => asset.ItemID)).toEqual([1, 5, 9]);
      expect((await w.agent.assets({ assignedToDepartmentId: 2 })).map((asset) => asset.ItemID)).toEqual([1, 5, 9]);
      expect((await w.agent.assets({ assignedToCompanyId: 2 })).map((asset) => asset.ItemID)).toEqual([4, 8, 12]);
      expect((await w.agent.assets({ assignedToCompanyId: 2, includeDisabled: true })).map((asset) => asset.ItemID)).toEqual([4, 8, 12, 20]);
      const [first] = await w.agent.assets({ nameprefix: 'Lenovo Think' });
      expect(first).toEqual({
        ItemID: 1,
        Manufacturer: 'Lenovo',
        ModelName: 'ThinkPad T14 Gen 4',
        Type: 'Laptop',
        SerialNumber: 'PF-4T14-0001',
        Location: 'Istanbul, floor 3',
        Quantity: 1,
        CompanyID: 1,
        Disabled: false,
      });
    },
    async failure(w) {
      await expectFailure(w.user.assets(), 'forbidden');
    },
  },

  getAsset: {
    async happy(w) {
      expect(await w.agent.getAsset({ id: 1 })).toMatchObject({
        ItemID: 1,
        Comments: null,
        Company: { CompanyID: 1, Name: 'Acme Lojistik A.Ş.' },
        Supplier: 'Bilişim Tedarik Ltd.',
        Disabled: false,
        AssignedUsers: [expect.objectContaining({ UserID: 4, Username: 'user' })],
      });
      expect(await w.agent.getAsset({ id: 17 })).toMatchObject({ Disabled: true, Comments: expect.stringContaining('Retired') });
    },
    async failure(w) {
      await expectFailure(w.agent.getAsset({ id: 999 }), 'not-found', 'Asset 999 was not found.');
    },
  },

  createAsset: {
    async happy(w) {
      const { id } = await w.agent.createAsset({ modelName: 'EliteDesk 800', manufacturer: 'HP', type: 'Desktop', supplier: 'HP Direct', serialNumber: 'HP-800-1', quantity: 3, companyId: 2 });
      expect(id).toBe(21);
      expect(await w.agent.getAsset({ id })).toMatchObject({ ModelName: 'EliteDesk 800', Quantity: 3, Company: { CompanyID: 2 }, Supplier: 'HP Direct', Location: null });
    },
    async failure(w) {
      await expectFailure(w.agent.createAsset({ modelName: 'm', manufacturer: 'x', type: 't', supplier: 's', companyId: 99 }), 'not-found', 'Company 99 was not found.');
    },
  },

  updateAsset: {
    async happy(w) {
      expect(await w.agent.updateAsset({ id: 2, location: 'Ankara office', quantity: 2, modelName: 'ThinkPad T14 Gen 5' })).toEqual({
        ItemID: 2,
        ModelName: 'ThinkPad T14 Gen 5',
        Manufacturer: 'Lenovo',
        Type: 'Laptop',
        Quantity: 2,
      });
      expect(await w.agent.getAsset({ id: 2 })).toMatchObject({ Location: 'Ankara office' });
    },
    async failure(w) {
      await expectFailure(w.agent.updateAsset({ id: 999, quantity: 1 }), 'not-found');
    },
  },

  setCustomFieldForAsset: {
    async happy(w) {
      await w.agent.setCustomFieldForAsset({ id: 2, fieldId: 9, value: 'false' });
      await w.agent.setCustomFieldForAsset({ id: 2, fieldId: 8, value: '4' });
    },
    async failure(w) {
      await expectFailure(w.agent.setCustomFieldForAsset({ id: 2, fieldId: 9, value: 'nope' }), 'invalid', /expected true or false/);
      await expectFailure(w.agent.setCustomFieldForAsset({ id: 2, fieldId: 11, value: 'x' }), 'invalid', "Custom field 11 ('Employee number') is a user field, not an asset field.");
    },
  },

  assignAssetToUser: {
    async happy(w) {
      await w.agent.assignAssetToUser({ assetId: 7, userId: 4 });
      expect((await w.agent.getAsset({ id: 7 })).AssignedUsers?.map((user) => user.UserID)).toEqual([4]);
      expect((await w.agent.assets({ assignedToUserId: 4 })).map((asset) => asset.ItemID)).toEqual([1, 5, 7, 9]);
    },
    async failure(w) {
      await expectFailure(w.agent.assignAssetToUser({ assetId: 7, userId: 99 }), 'not-found', 'User 99 was not found.');
    },
  },

  unassignAssetFromUser: {
    async happy(w) {
      await w.agent.unassignAssetFromUser({ assetId: 1, userId: 4 });
      expect((await w.agent.getAsset({ id: 1 })).AssignedUsers).toEqual([]);
    },
    async failure(w) {
      await expectFailure(w.agent.unassignAssetFromUser({ assetId: 2, userId: 4 }), 'invalid', 'Asset 2 is not assigned to user 4.');
    },
  },

  enableAsset: {
    async happy(w) {
      await w.agent.enableAsset({ assetId: 17 });
      expect((await w.agent.assets()).map((asset) => asset.ItemID)).toContain(17);
      expect((await w.agent.getAsset({ id: 17 })).Disabled).toBe(false);
    },
    async failure(w) {
      await expectFailure(w.agent.enableAsset({ assetId: 999 }), 'not-found');
    },
  },

  disableAsset: {
    async happy(w) {
      await w.agent.disableAsset({ assetId: 1 });
      expect((await w.agent.assets()).map((asset) => asset.ItemID)).not.toContain(1);
      expect((await w.agent.assets({ includeDisabled: true })).find((asset) => asset.ItemID === 1)).toMatchObject({ Disabled: true });
    },
    async failure(w) {
      await expectFailure(w.user.disableAsset({ assetId: 1 }), 'forbidden', 'This operation requires agent permission.');
    },
  },
};

test('the table covers every operation', () => {
  expect(Object.keys(cases).sort()).toEqual([...operationNames].sort());
  expect(operationNames).toHaveLength(72);
});

describe.each(operationNames)('%s', (operation) => {
  test('happy path', () => cases[operation].happy(world));
  test('failure', () => cases[operation].failure(world));
});
