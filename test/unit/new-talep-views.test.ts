import type { types } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import type { Category, CategoryCustomField, Priority, UserListItem } from '../../src/api/schemas.js';
import { decodeMetadata } from '../../src/slack/metadata.js';
import type { ModalView } from '../../src/views/kit/blocks.js';
import { categoryOptions, type NewTalepForm, newTalepFormView, priorityOptions } from '../../src/views/new-talep/form.js';
import { assigneeBlockId, customFieldBlockId, NewTalepIds } from '../../src/views/new-talep/ids.js';
import { newTalepMetadataSchema } from '../../src/views/new-talep/metadata.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import {
  alreadyOpenedView,
  newTalepCreatedMessage,
  newTalepCreatedView,
  talepOpenedThreadReply,
} from '../../src/views/new-talep/states.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { longText, many } from './block-kit-fixtures.js';

const categories: Category[] = [
  { CategoryID: 2, Name: 'Software', NameWithSection: 'IT Support / Software' },
  { CategoryID: 1, Name: 'Hardware', NameWithSection: 'IT Support / Hardware' },
  { CategoryID: 4, Name: 'Office Supplies' },
];
const priorities: Priority[] = [
  { PriorityID: 10, Name: 'VIP' },
  { PriorityID: 2, Name: 'Critical' },
  { PriorityID: -1, Name: 'Low' },
  { PriorityID: 1, Name: 'High' },
  { PriorityID: 0, Name: 'Normal' },
];
const agents: UserListItem[] = [
  { UserID: 2, Username: 'agent', FirstName: 'Mehmet', LastName: 'Kaya' },
  { UserID: 3, Username: 'agent2' },
];
const fields: CategoryCustomField[] = [
  { FieldID: 1, FieldName: 'Order number', Type: 1, Mandatory: true },
  { FieldID: 2, FieldName: 'Needed by', Type: 2, Mandatory: false },
  { FieldID: 3, FieldName: 'Environment', Type: 3, Mandatory: true, Options: [{ OptionID: 1, Name: 'Production' }, { OptionID: 2, Name: 'Staging' }] },
  { FieldID: 4, FieldName: 'Affects many users', Type: 4, Mandatory: false },
  { FieldID: 5, FieldName: 'Steps to reproduce', Type: 5 },
];

const form = (overrides: Partial<NewTalepForm> = {}): NewTalepForm => ({
  categories,
  priorities,
  isAgent: false,
  values: { customFields: {} },
  maxUploadBytes: 20 * 1024 * 1024,
  ...overrides,
});

const inputs = (view: ModalView) => view.blocks.filter((block): block is types.InputBlock => block.type === 'input');
const inputBlock = (view: ModalView, blockId: string) => inputs(view).find((block) => block.block_id === blockId);
const allText = (view: ModalView) => JSON.stringify(view.blocks);
const buttonsOf = (view: ModalView) =>
  view.blocks.flatMap((block) => (block.type === 'actions' ? (block as types.ActionsBlock).elements : [])) as types.Button[];

describe('option lists', () => {
  test('categories are sorted by their section-qualified name and keep their ids as values', () => {
    expect(categoryOptions(categories).map((option) => [option.text.text, option.value])).toEqual([
      ['IT Support / Hardware', '1'],
      ['IT Support / Software', '2'],
      ['Office Supplies', '4'],
    ]);
  });

  test('standard priorities come low to critical, custom ones after them', () => {
    expect(priorityOptions(priorities).map((option) => option.text.text)).toEqual(['Low', 'Normal', 'High', 'Critical', 'VIP']);
    expect(priorityOptions(priorities).at(-1)?.value).toBe('10');
  });
});

describe('newTalepFormView', () => {
  test('a regular user gets no assignee and no "on behalf of"; the category reloads the form', () => {
    const view = newTalepFormView(form());
    expect(view.callback_id).toBe(NewTalepIds.callbackId);
    expect(view.submit?.text).toBe('Create');
    const category = inputBlock(view, NewTalepIds.category.block);
    expect(category?.dispatch_action).toBe(true);
    expect(category?.optional).toBeFalsy();
    expect(inputBlock(view, NewTalepIds.onBehalfOf.block)).toBeUndefined();
    expect(inputs(view).some((block) => block.block_id?.startsWith('nt_assignee'))).toBe(false);
    // Priority defaults to Normal.
    const priority = inputBlock(view, NewTalepIds.priority.block)?.element as types.StaticSelect;
    expect(priority.initial_option?.value).toBe('0');
  });

  test('the file input takes up to 10 files of any type and is optional', () => {
    const files = inputBlock(newTalepFormView(form({ maxUploadBytes: 5 * 1024 * 1024 })), NewTalepIds.files.block);
    expect(files?.element).toMatchObject({ type: 'file_input', max_files: 10 });
    expect((files?.element as types.FileInput).filetypes).toBeUndefined();
    expect(files?.optional).toBe(true);
    expect(files?.hint?.text).toContain('5 MB');
  });

  test('an agent without a chosen category is told to choose one before picking an assignee', () => {
    const view = newTalepFormView(form({ isAgent: true }));
    expect(allText(view)).toContain('Choose a category to pick an assignee');
    expect(inputBlock(view, NewTalepIds.onBehalfOf.block)?.element).toMatchObject({ type: 'users_select' });
  });

  test("an agent with a category gets its agents in an assignee select whose block id carries the category", () => {
    const view = newTalepFormView(form({ isAgent: true, agents, customFields: [], values: { categoryId: 2, assigneeId: 3, customFields: {} } }));
    const assignee = inputBlock(view, assigneeBlockId(2));
    expect(assignee?.optional).toBe(true);
    const select = assignee?.element as types.StaticSelect;
    expect(select.options?.map((option) => [option.text.text, option.value])).toEqual([
      ['Mehmet Kaya (agent)', '2'],
      ['agent2', '3'],
    ]);
    expect(select.initial_option?.value).toBe('3');
  });

  test('custom fields are rendered by type, mandatory ones required', () => {
    const view = newTalepFormView(form({ values: { categoryId: 4, customFields: {} }, customFields: fields }));
    const block = (id: number) => inputBlock(view, customFieldBlockId(id));
    expect(block(1)?.element).toMatchObject({ type: 'plain_text_input', multiline: false, action_id: NewTalepIds.customFieldAction });
    expect(block(1)?.optional).toBe(false);
    expect(block(1)?.label.text).toBe('Order number');
    expect(block(2)?.element).toMatchObject({ type: 'datepicker' });
    expect(block(2)?.optional).toBe(true);
    const select = block(3)?.element as types.StaticSelect;
    expect(select.type).toBe('static_select');
    expect(select.options?.map((option) => option.value)).toEqual(['1', '2']);
    expect(block(3)?.optional).toBe(false);
    expect(block(4)?.element).toMatchObject({ type: 'checkboxes', options: [{ value: 'true' }] });
    // Unchecked is an answer, so a checkbox block never blocks the submit.
    expect(block(4)?.optional).toBe(true);
    expect(block(5)?.element).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(block(5)?.optional).toBe(true);
  });

  test('a mandatory checkbox says that unchecked means no', () => {
    const view = newTalepFormView(
      form({ values: { categoryId: 1, customFields: {} }, customFields: [{ FieldID: 9, FieldName: 'Urgent', Type: 4, Mandatory: true }] }),
    );
    expect(inputBlock(view, customFieldBlockId(9))?.hint?.text).toMatch(/unchecked/);
  });

  test('a selection field without options is left out (an empty select is invalid Block Kit)', () => {
    const view = newTalepFormView(
      form({ values: { categoryId: 1, customFields: {} }, customFields: [{ FieldID: 7, FieldName: 'Empty', Type: 3, Options: [] }] }),
    );
    expect(inputBlock(view, customFieldBlockId(7))).toBeUndefined();
    expect(decodeMetadata(newTalepMetadataSchema, view.private_metadata)?.fields).toEqual([]);
  });

  test("a category whose fields are not loaded yet says so and does not claim them in the metadata", () => {
    const view = newTalepFormView(form({ values: { categoryId: 2, customFields: {} } }));
    expect(allText(view)).toContain('Loading this category');
    expect(decodeMetadata(newTalepMetadataSchema, view.private_metadata)?.categoryId).toBeUndefined();
  });

  test('prefilled values are kept: subject, body, tags, custom fields; invalid ones are dropped', () => {
    const view = newTalepFormView(
      form({
        isAgent: true,
        agents,
        customFields: fields,
        values: {
          categoryId: 2,
          priorityId: 10,
          subject: 'x'.repeat(250),
          body: 'The body',
          tags: 'printer, floor-3',
          onBehalfOf: 'UUSER',
          assigneeId: 99, // not an agent of the category
          customFields: { '1': 'PO-1', '2': '2026-02-01', '3': '2', '4': 'true', '5': 'step 1\nstep 2' },
        },
      }),
    );
    const element = (blockId: string) => inputBlock(view, blockId)?.element as unknown as Record<string, unknown>;
    expect((element(NewTalepIds.subject.block).initial_value as string).length).toBe(200);
    expect(element(NewTalepIds.body.block).initial_value).toBe('The body');
    expect(element(NewTalepIds.tags.block).initial_value).toBe('printer, floor-3');
    expect((element(NewTalepIds.priority.block).initial_option as { value: string }).value).toBe('10');
    expect(element(NewTalepIds.onBehalfOf.block).initial_user).toBe('UUSER');
    expect(element(assigneeBlockId(2)).initial_option).toBeUndefined();
    expect(element(customFieldBlockId(1)).initial_value).toBe('PO-1');
    expect(element(customFieldBlockId(2)).initial_date).toBe('2026-02-01');
    expect((element(customFieldBlockId(3)).initial_option as { value: string }).value).toBe('2');
    expect(element(customFieldBlockId(4)).initial_options).toHaveLength(1);
    expect(element(customFieldBlockId(5)).initial_value).toBe('step 1\nstep 2');
  });

  test('metadata round-trips: channel, agent flag, category, rendered fields and source message', () => {
    const source = {
      channelId: 'C1',
      ts: '1700000000.000100',
      threadTs: '1700000000.000001',
      files: [
        { name: 'a.png', url: 'https://files.slack.com/a.png', type: 'image/png', size: 12 },
        { name: 'doc', skip: 'not stored in Slack' },
      ],
    };
    const view = newTalepFormView(
      form({ isAgent: true, agents, customFields: fields, channelId: 'C9', source, values: { categoryId: 4, customFields: {} } }),
    );
    expect(decodeMetadata(newTalepMetadataSchema, view.private_metadata)).toEqual({
      channelId: 'C9',
      agent: true,
      categoryId: 4,
      fields: [
        [1, 1, true],
        [2, 2, false],
        [3, 3, true],
        [4, 4, false],
        [5, 5, false],
      ],
      source,
    });
  });

  test("the source message's files are listed, escaped, with the reason a file is skipped", () => {
    const view = newTalepFormView(
      form({
        source: { channelId: 'C1', ts: '1.2', files: [{ name: 'a<b>.png', url: 'https://x.test/a' }, { name: 'drive doc', skip: 'not stored in Slack' }] },
      }),
    );
    const text = allText(view);
    expect(text).toContain('a&lt;b&gt;.png');
    expect(text).toContain('drive doc — _not attached: not stored in Slack_');
    expect(text).toContain('Opening a talep from a Slack message');
  });

  test('a banner is shown first', () => {
    const view = newTalepFormView(form({ banner: ':warning: The help desk refused that.' }));
    expect(view.blocks[0]).toMatchObject({ type: 'section', text: { text: ':warning: The help desk refused that.' } });
  });

  test('no category available: no form, no submit button, an explanation', () => {
    const view = newTalepFormView(form({ categories: [] }));
    expect(view.submit).toBeUndefined();
    expect(inputs(view)).toHaveLength(0);
    expect(allText(view)).toContain('no category');
  });
});

describe('result views', () => {
  const created = { id: 12, subject: 'Printer <jams> & stops', url: 'http://hd.test/Talep/View/12' };

  test('created: "Talep #N created", a Show button with the id and a link to open it', () => {
    const view = newTalepCreatedView({ ...created, warnings: ['“b.pdf” could not be attached: busy'] });
    const text = allText(view);
    expect(text).toContain('Talep #12 created');
    expect(text).toContain('Printer &lt;jams&gt; &amp; stops');
    const buttons = buttonsOf(view);
    expect(buttons.find((button) => button.action_id === SharedActions.showTalep)?.value).toBe('12');
    expect(buttons.find((button) => button.url)?.url).toBe(created.url);
    expect(text).toContain('could not be attached');
    expect(view.submit).toBeUndefined();
  });

  test('the confirmation message links the talep', () => {
    const message = newTalepCreatedMessage(created);
    // The fallback text shows in notifications, where <…> would be read as a mention or link.
    expect(message.text).toBe('Talep #12 created: Printer &lt;jams&gt; &amp; stops');
    expect(JSON.stringify(message.blocks)).toContain(`<${created.url}|Printer &lt;jams&gt; &amp; stops>`);
  });

  test('the thread reply carries id, subject and link only', () => {
    const reply = talepOpenedThreadReply({ ...created, warnings: ['secret detail'] });
    const text = JSON.stringify(reply);
    expect(text).toContain('#12');
    expect(text).toContain(created.url);
    expect(text).not.toContain('secret detail');
  });

  test('already opened: names the talep and offers it instead of a duplicate', () => {
    const view = alreadyOpenedView({ id: 5, subject: 'Licence', url: 'http://hd.test/Talep/View/5' });
    const text = allText(view);
    expect(text).toContain('Talep #5 was already opened from this message');
    expect(text).toContain('Licence');
    expect(view.submit).toBeUndefined();
    const buttons = buttonsOf(view);
    expect(buttons.map((button) => button.value ?? button.url)).toEqual(['5', 'http://hd.test/Talep/View/5']);
  });

  test('already opened, but hidden from this user: the id only, no link', () => {
    const view = alreadyOpenedView({ id: 5 });
    const buttons = buttonsOf(view);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.value).toBe('5');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const bigCategories: Category[] = many(200, (i) => ({ CategoryID: i + 1, Name: `${i + 1} ${longText(150)}`, NameWithSection: `${longText(100)} / ${i + 1} ${longText(150)}` }));
  const bigPriorities: Priority[] = many(120, (i) => ({ PriorityID: i - 1, Name: longText(150) }));
  const bigAgents: UserListItem[] = many(150, (i) => ({ UserID: i + 1, Username: longText(80), FirstName: longText(80), LastName: longText(80) }));
  const bigFields: CategoryCustomField[] = many(120, (i) => ({
    FieldID: i + 1,
    FieldName: longText(300),
    Type: (i % 5) + 1,
    Mandatory: i % 2 === 0,
    ...(i % 5 === 2 ? { Options: many(150, (j) => ({ OptionID: j + 1, Name: longText(120) })) } : {}),
  }));
  const customFields = Object.fromEntries(bigFields.map((field) => [String(field.FieldID), field.Type === 2 ? '2026-12-01' : field.Type === 3 ? '42' : field.Type === 4 ? 'true' : longText(5000)]));
  // As "Open a talep" carries them: names cut to 80 characters, at most 2,000 characters of file list
  // (commands/message-shortcuts.ts), then a "N more files" line.
  const source = {
    channelId: 'C1234567890',
    ts: '1700000000.000100',
    threadTs: '1700000000.000001',
    files: [
      ...many(8, (i) => ({ name: longText(80), url: `https://files.slack.com/files-pri/T0123456789-F0123456789${i}/download/${'x'.repeat(40)}.png`, type: 'image/png', size: 5_000_000 })),
      { name: '2 more files', skip: 'at most 10 files are carried over' },
    ],
  };

  test('keeps the form within the limits with 200 categories, 120 priorities, 150 agents and 120 custom fields', () => {
    for (const categoryId of [undefined, 1, 150]) {
      for (const isAgent of [true, false]) {
        const view = newTalepFormView(form({
          categories: bigCategories,
          priorities: bigPriorities,
          isAgent,
          agents: bigAgents,
          customFields: bigFields,
          values: { categoryId, priorityId: 100, subject: longText(1000), body: longText(20_000), tags: longText(3000), assigneeId: 140, onBehalfOf: 'U123', customFields },
          channelId: 'C1',
          banner: longText(5000),
        }));
        expect(checkView(view)).toEqual([]);
      }
    }
  });

  test('keeps the form within the limits when opened from a message with the most files, before and after a category is chosen', () => {
    const values = { subject: longText(100), body: longText(20_000), customFields };
    expect(checkView(newTalepFormView(form({ source, values })))).toEqual([]);
    // private_metadata carries the file list and one entry per custom field: 40 fields still fit.
    const view = newTalepFormView(form({ source, isAgent: true, agents: bigAgents, customFields: bigFields.slice(0, 40), values: { ...values, categoryId: 1 } }));
    expect(checkView(view)).toEqual([]);
  });

  test('keeps the other states within the limits', () => {
    const created = { id: 123456789, subject: longText(200), url: `https://hd.example.com/Talep/${'x'.repeat(500)}`, warnings: many(50, () => longText(500)) };
    expect(checkView(newTalepCreatedView(created))).toEqual([]);
    expect(checkMessage(newTalepCreatedMessage(created))).toEqual([]);
    expect(checkMessage(talepOpenedThreadReply(created))).toEqual([]);
    expect(checkView(alreadyOpenedView({ id: 5, subject: longText(5000), url: 'https://hd.example.com/Talep/5' }))).toEqual([]);
  });
});
