/**
 * A talep's extras end to end: subscribers (list, subscribe and unsubscribe yourself or, as an agent,
 * someone else), tags (add, replace, remove), custom fields (list, the Edit form by type, saving),
 * attachments (the private download carries the exact bytes; admin delete), the secondary assignee with
 * the help desk's setting off and on, tracker links on the card, the card's "More" menu, and refusals.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { rowActionId } from '../../src/views/kit/blocks.js';
import { fieldBlockId } from '../../src/views/custom-fields/form.js';
import { FORM_VALUE } from '../../src/views/kit/inputs.js';
import { cardExtraValue, TalepCardIds } from '../../src/views/talep-card/ids.js';
import { ExtrasIds } from '../../src/views/talep-extras/ids.js';
import { FilesIds } from '../../src/views/talep-files/ids.js';
import { elementsWithId, json, type MessageElement, nextCall, pressAnswer, rowElements, slashAnswer } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';

const h = useHarness();

interface Block {
  type: string;
  block_id?: string;
  element?: MessageElement;
  elements?: MessageElement[];
  accessory?: MessageElement;
}
interface View {
  callback_id?: string;
  private_metadata?: string;
  blocks?: Block[];
}

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text)).post;
const press = async (person: Person, action: Record<string, unknown> & { action_id: string }) => (await pressAnswer(h, person, action)).post;

const hd = () => h.helpdeskAs('admin');
const subscriberIds = async (id: number) => (await hd().subscribers({ id })).map((user) => user.UserID);
const tagsOf = async (id: number) => (await hd().getTalep({ id })).Tags.map((tag) => tag.Name);
const { users } = SeedIds;

describe('subscribers', () => {
  it('lists who is subscribed, with Subscribe me for someone who is not', async () => {
    const post = await slash('agent', 'subscribers 2');
    expect(post.response_type).toBe('ephemeral');
    expect(json(post)).toContain('Zeynep Arslan'); // agent2
    expect(elementsWithId(post, ExtrasIds.subscribe).map((element) => element.value)).toEqual(['2']);
  });

  it('subscribes and unsubscribes the acting user, answering with the card', async () => {
    const subscribed = await slash('agent', 'subscribe 2');
    expect(json(subscribed)).toContain('Subscribed');
    expect(json(subscribed)).toContain('Cannot connect to the VPN from home');
    expect(await subscriberIds(2)).toContain(users.agent);

    const unsubscribed = await slash('agent', 'unsubscribe #2');
    expect(json(unsubscribed)).toContain('Unsubscribed from talep #2');
    expect(await subscriberIds(2)).not.toContain(users.agent);
  });

  it('lets an agent subscribe someone else, and refuses a regular user that', async () => {
    const post = await slash('agent', `subscribe 1 <@${people.agent2.userId}|agent2>`);
    expect(json(post)).toContain(`<@${people.agent2.userId}> is now subscribed to #1`);
    expect(await subscriberIds(1)).toContain(users.agent2);

    const refused = await slash('user', `unsubscribe 1 <@${people.agent2.userId}|agent2>`);
    expect(refused.text).toContain('Only agents can subscribe or unsubscribe someone else');
    expect(await subscriberIds(1)).toContain(users.agent2);
  });

  it('Subscribe me on the list re-renders the list in place', async () => {
    const post = await press('admin', { action_id: ExtrasIds.subscribe, value: '2' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Ayla Demir');
    expect(elementsWithId(post, ExtrasIds.unsubscribe)).toHaveLength(1);
    expect(await subscriberIds(2)).toContain(users.admin);
  });

  it("tells a regular user that someone else's talep is not theirs", async () => {
    const post = await slash('user', 'subscribers 5');
    expect(post.text).toContain('Talep #5 belongs to someone else');
  });
});

describe('tags', () => {
  it('adds tags one by one, creating missing ones', async () => {
    const post = await slash('agent', 'tag 5 urgent, Licence renewal , urgent');
    expect(json(post)).toContain('Tagged #5 with `urgent`, `Licence renewal`');
    expect(await tagsOf(5)).toEqual(['license', 'urgent', 'Licence renewal']);
  });

  it('replaces the tags, removes one, and removes all', async () => {
    await slash('agent', 'tags 5 alpha, beta, gamma');
    expect(await tagsOf(5)).toEqual(['alpha', 'beta', 'gamma']);
    const removed = await slash('agent', 'untag 5 BETA');
    expect(json(removed)).toContain('Removed `beta` from #5');
    expect(await tagsOf(5)).toEqual(['alpha', 'gamma']);
    const missing = await slash('agent', 'untag 5 delta');
    expect(missing.text).toContain('has no tag `delta`');
    expect(await tagsOf(5)).toEqual(['alpha', 'gamma']);
    await slash('agent', 'tags 5 none');
    expect(await tagsOf(5)).toEqual([]);
  });

  it('lets the submitter tag their own talep, and not anyone else’s', async () => {
    await slash('user', 'tag 1 toner');
    expect(await tagsOf(1)).toContain('toner');
    const refused = await slash('user', 'tag 6 mine');
    expect(refused.text).toContain('Talep #6 belongs to someone else');
    expect(await tagsOf(6)).not.toContain('mine');
  });
});

describe('custom fields', () => {
  it('shows the fields by type with an Edit button', async () => {
    const post = await slash('agent', 'fields 3');
    const all = json(post);
    expect(all).toContain('*Environment*\\nProduction');
    expect(all).toContain('*Affects many users*\\nYes');
    expect(all).toContain('*Needed by*\\n_not set_');
    expect(all).toContain('1. Open Q4-report.xlsx');
    expect(elementsWithId(post, ExtrasIds.editFields).map((element) => element.value)).toEqual(['3']);
  });

  it('edits them in a form rendered by type and saves only what changed', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const updates = h.slack.callsTo('views.update').length;
    await h.send.blockAction(h.as('agent'), { action_id: ExtrasIds.editFields, value: '3' });
    const opened = (await nextCall(h, 'views.open', opens)).args.view as View;
    expect(json(opened)).toContain('Reading the custom fields');
    const form = (await nextCall(h, 'views.update', updates)).args.view as View;
    expect(form.callback_id).toBe(ExtrasIds.fieldsCallback);
    const element = (fieldId: number) => form.blocks?.find((block) => block.block_id === fieldBlockId(fieldId))?.element;
    expect(element(2)?.type).toBe('datepicker');
    expect(element(3)).toMatchObject({ type: 'static_select', initial_option: { value: '1' } });
    expect(element(4)?.type).toBe('checkboxes');
    expect(element(4)?.initial_options).toHaveLength(1);
    expect(element(5)).toMatchObject({ type: 'plain_text_input', multiline: true, initial_value: '1. Open Q4-report.xlsx\n2. Wait\n3. Excel closes' });
    expect(element(1)).toBeUndefined(); // Order number is for Office Supplies only

    const saved = h.slack.callsTo('views.update').length;
    const ack = await h.send.viewSubmission(h.as('agent'), {
      id: 'V-fields',
      callback_id: ExtrasIds.fieldsCallback,
      private_metadata: form.private_metadata ?? '',
      values: {
        [fieldBlockId(2)]: { [FORM_VALUE]: { type: 'datepicker', selected_date: '2026-02-01' } },
        [fieldBlockId(3)]: { [FORM_VALUE]: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'Staging' }, value: '2' } } },
        [fieldBlockId(4)]: { [FORM_VALUE]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'Yes' }, value: 'true' }] } },
        [fieldBlockId(5)]: { [FORM_VALUE]: { type: 'plain_text_input', value: '1. Open Q4-report.xlsx\n2. Wait\n3. Excel closes' } },
      },
    });
    expect(ack.body).toMatchObject({ response_action: 'update' });
    const result = (await nextCall(h, 'views.update', saved)).args;
    expect(result.view_id).toBe('V-fields');
    expect(json(result.view)).toContain('Saved *Needed by*, *Environment*');
    expect(json(result.view)).not.toContain('Affects many users');

    const values = Object.fromEntries((await hd().talepCustomFields({ id: 3 })).map((field) => [field.FieldName, field.Value]));
    expect(values).toMatchObject({ 'Needed by': '2026-02-01', Environment: 'Staging', 'Affects many users': 'true' });
  });

  it('opens the fields from the card’s More menu', async () => {
    const post = await press('agent', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'Custom fields' }, value: cardExtraValue('fields', 3) },
    });
    expect(json(post)).toContain('*Environment*\\nStaging');
  });
});

describe('attachments', () => {
  it('lists the files with Download, and Delete only for admins', async () => {
    const mine = await slash('user', 'files 1');
    expect(json(mine)).toContain('jam-photo.png');
    expect(elementsWithId(mine, FilesIds.download).map((element) => element.value)).toEqual(['1:1']);
    expect(rowElements(mine, FilesIds.deleteFile)).toEqual([]);
    const admin = await slash('admin', 'files 3');
    const [remove] = rowElements(admin, FilesIds.deleteFile);
    expect(remove?.value).toBe('3:4');
    expect(remove?.confirm).toBeDefined();
  });

  it('gives each Delete of a longer list its own action id, as Slack requires in one block', async () => {
    await hd().attachFile({ id: 1, uploadFile: { filename: 'second.txt', data: new TextEncoder().encode('two') } });
    const admin = await slash('admin', 'files 1');
    const deletes = rowElements(admin, FilesIds.deleteFile);
    expect(deletes).toHaveLength(2);
    expect(new Set(deletes.map((element) => element.action_id)).size).toBe(2);
    // The fake Slack took the list (a duplicate action id would have been refused, failing this test).
    expect(json(admin)).toContain('second.txt');
  });

  it('hides a file of an agents-only comment from the submitter', async () => {
    expect(json(await slash('agent', 'files 2'))).toContain('gateway-cert.txt');
    expect(json(await slash('user', 'files 2'))).not.toContain('gateway-cert.txt');
  });

  it('downloads as the user and uploads the exact bytes to them privately', async () => {
    const uploads = h.slack.uploads.length;
    const completes = h.slack.callsTo('files.completeUploadExternal').length;
    const post = await press('user', { action_id: FilesIds.download, value: '1:1' });
    expect(post.text).toContain('Sent *jam-photo.png* (talep #1) to you in a direct message');
    const open = h.slack.callsTo('conversations.open').at(-1);
    expect(open?.args.users).toBe(people.user.userId);
    const upload = h.slack.uploads[uploads];
    expect(upload?.filename).toBe('jam-photo.png');
    const original = await h.helpdeskAs('user').getAttachment({ id: 1 });
    expect(Buffer.from(upload?.data ?? []).equals(Buffer.from(original.data))).toBe(true);
    const complete = (await nextCall(h, 'files.completeUploadExternal', completes)).args;
    expect(complete.channel_id).toBe(`D${people.user.userId}`);
    expect(complete.files).toEqual([{ id: upload?.fileId, title: 'jam-photo.png' }]);
  });

  it('keeps a file of an agents-only comment from the submitter even with a crafted button', async () => {
    const uploads = h.slack.uploads.length;
    const post = await press('user', { action_id: FilesIds.download, value: '2:3' });
    expect(post.text).toContain('File #3 of talep #2 was not found');
    expect(h.slack.uploads).toHaveLength(uploads);
  });

  it('refuses a regular user the delete, and lets an admin delete', async () => {
    const refused = await press('user', { action_id: rowActionId(FilesIds.deleteFile, 1), value: '1:1' });
    expect(refused.text).toContain('*admin* permission');
    expect((await hd().attachments({ id: 1 })).map((file) => file.FileID)).toContain(1);

    const post = await press('admin', { action_id: rowActionId(FilesIds.deleteFile, 4), value: '3:4' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('File #4 was deleted');
    expect(json(post)).toContain('Talep #3 has no attachments');
    expect(await hd().attachments({ id: 3 })).toEqual([]);
  });
});

describe('secondary assignee', () => {
  const agentMention = `<@${people.agent.userId}|agent>`;

  it('explains that the help desk’s setting is off', async () => {
    const post = await slash('admin', `assign2 3 ${agentMention}`);
    expect(post.text).toContain("the help desk's secondary-assignee setting is off");
  });

  it('adds a secondary assignee when the setting is on, shown on the card', async () => {
    await h.sandbox.updateSettings({ AllowSecondaryAssignee: true });
    const post = await slash('admin', `assign2 3 ${agentMention}`);
    expect(json(post)).toContain(`Added <@${people.agent.userId}> (agent) as a secondary assignee of #3`);
    expect(json(post)).toContain('*Also assigned*\\nagent');
    const secondary = (await hd().getTalep({ id: 3 }))['SecondaryAssignees'] as { UserID: number }[];
    expect(secondary.map((user) => user.UserID)).toEqual([users.agent]);
  });

  it('refuses an agent and a regular user: admins only', async () => {
    expect((await slash('agent', 'assign2 5 me')).text).toContain('*admin* permission');
    expect((await slash('user', 'assign2 1 me')).text).toContain('*admin* permission');
  });
});

describe('the card', () => {
  it('links the talep’s tracker issues under More → Related (read only when asked, issue 13), never on a shared card', async () => {
    const post = await slash('agent', 'show 3');
    // The card itself no longer reads them: record + latest comments only.
    expect(json(post)).not.toContain('jira.example.com');
    const related = await press('agent', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'Related and sub-taleps' }, value: cardExtraValue('relations', 3) },
    });
    expect(json(related)).toContain('<https://jira.example.com/browse/SW-7|Jira SW-7>');
    expect(json(related)).toContain('<https://github.com/example/office-addins/issues/12|GitHub 12>');
    const other = await press('agent', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'Related and sub-taleps' }, value: cardExtraValue('relations', 5) },
    });
    expect(json(other)).not.toContain('Linked issues');

    const before = h.slack.callsTo('chat.postMessage').length;
    await h.send.blockAction(h.as('agent'), { action_id: TalepCardIds.share, value: '3' });
    const shared = (await nextCall(h, 'chat.postMessage', before)).args;
    expect(json(shared)).not.toContain('jira.example.com');
  });

  it('offers the More menu on private cards', async () => {
    const post = await slash('user', 'show 1');
    const [more] = elementsWithId(post, TalepCardIds.extras);
    expect(more?.type).toBe('overflow');
    const files = await press('user', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'Attachments' }, value: cardExtraValue('files', 1) },
    });
    expect(json(files)).toContain('jam-photo.png');
  });
});
