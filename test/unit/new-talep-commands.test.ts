import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import type { CategoryCustomField } from '../../src/api/schemas.js';
import { parseNewTalepArgs } from '../../src/commands/new-talep/index.js';
import { readNewTalepForm } from '../../src/commands/new-talep/read.js';
import { checkNewTalep } from '../../src/commands/new-talep/request.js';
import { isStandardPriority } from '../../src/domain/priority.js';
import { parseTags } from '../../src/domain/tags.js';
import type { StateValues as ViewStateValues } from '../../src/slack/forms.js';
import { newTalepFormView } from '../../src/views/new-talep/form.js';
import { assigneeBlockId, customFieldBlockId, NewTalepIds } from '../../src/views/new-talep/ids.js';
import type { NewTalepMetadata } from '../../src/views/new-talep/metadata.js';
import { stateOf, type View } from '../support/e2e.js';

const MB = 1024 * 1024;
const limits = { maxUploadBytes: 5 * MB };

/** A submission as the listener handles it: the state read once, then checked. */
const validateNewTalep = (state: ViewStateValues, metadata: NewTalepMetadata, maxUpload: typeof limits) =>
  checkNewTalep(readNewTalepForm(state, maxUpload), metadata);

const selectValue = (value: string): ViewStateValue => ({
  type: 'static_select',
  selected_option: { text: { type: 'plain_text', text: value }, value },
});
const textValue = (value: string): ViewStateValue => ({ type: 'plain_text_input', value });

/** A submitted state: category 4, subject "Printer jams", plus whatever a test adds. */
function state(extra: ViewStateValues = {}, categoryId = '4'): ViewStateValues {
  return {
    [NewTalepIds.category.block]: { [NewTalepIds.category.action]: selectValue(categoryId) },
    [NewTalepIds.priority.block]: { [NewTalepIds.priority.action]: selectValue('1') },
    [NewTalepIds.subject.block]: { [NewTalepIds.subject.action]: textValue('  Printer   jams ') },
    [NewTalepIds.body.block]: { [NewTalepIds.body.action]: textValue('Every second page.') },
    [NewTalepIds.tags.block]: { [NewTalepIds.tags.action]: textValue('printer, floor 3, Printer,') },
    ...extra,
  };
}

const meta = (overrides: Partial<NewTalepMetadata> = {}): NewTalepMetadata => ({ agent: false, categoryId: 4, fields: [], ...overrides });
const cf = (fieldId: number, value: ViewStateValue): ViewStateValues => ({ [customFieldBlockId(fieldId)]: { [NewTalepIds.customFieldAction]: value } });
const files = (list: unknown[]): ViewStateValues => ({
  [NewTalepIds.files.block]: { [NewTalepIds.files.action]: { type: 'file_input', files: list as ViewStateValue['files'] } },
});

describe('parseNewTalepArgs', () => {
  test('the text after `new` is the subject, whitespace collapsed', () => {
    expect(parseNewTalepArgs('  printer   jams ')).toEqual({ ok: true, value: { subject: 'printer jams' } });
    expect(parseNewTalepArgs('')).toEqual({ ok: true, value: {} });
  });

  test('a subject longer than 200 characters is cut to fit the form', () => {
    const parsed = parseNewTalepArgs('a'.repeat(300));
    expect(parsed.ok && parsed.value.subject?.length).toBe(200);
  });
});

describe('tags (the one parser of domain/tags.ts)', () => {
  test('comma separated, trimmed, no empties or case-insensitive duplicates', () => {
    expect(parseTags(' printer, floor  3,,Printer, vpn ')).toEqual({ ok: true, value: ['printer', 'floor 3', 'vpn'] });
    expect(parseTags('')).toEqual({ ok: true, value: [] });
  });

  test('the form refuses a tag longer than 50 characters inline, as `/talep tag` does', () => {
    const result = validateNewTalep(state({ [NewTalepIds.tags.block]: { [NewTalepIds.tags.action]: textValue(`ok, ${'t'.repeat(51)}`) } }), meta(), limits);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([NewTalepIds.tags.block]);
  });

  test('duplicates in either case rule are dropped: PRINTER = printer, IŞIK = ışık', () => {
    const result = validateNewTalep(state({ [NewTalepIds.tags.block]: { [NewTalepIds.tags.action]: textValue('printer, PRINTER, ışık, IŞIK') } }), meta(), limits);
    expect(result.ok && result.values.tags).toEqual(['printer', 'ışık']);
  });
});

test('standard priorities are -1..2; others are custom', () => {
  expect([-1, 0, 1, 2].every(isStandardPriority)).toBe(true);
  expect(isStandardPriority(10)).toBe(false);
  expect(isStandardPriority(-2)).toBe(false);
});

describe('validateNewTalep', () => {
  test('a complete submission becomes a request', () => {
    const result = validateNewTalep(state(), meta(), limits);
    expect(result).toEqual({
      ok: true,
      values: {
        categoryId: 4,
        priorityId: 1,
        subject: 'Printer jams',
        body: 'Every second page.',
        tags: ['printer', 'floor 3'],
        customFields: {},
        files: [],
      },
    });
  });

  test('category and subject are required', () => {
    const result = validateNewTalep({}, meta(), limits);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([NewTalepIds.category.block, NewTalepIds.subject.block].sort());
  });

  test('a subject over 200 characters is refused inline with its length', () => {
    const result = validateNewTalep(
      state({ [NewTalepIds.subject.block]: { [NewTalepIds.subject.action]: textValue('s'.repeat(201)) } }),
      meta(),
      limits,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[NewTalepIds.subject.block]).toContain('201');
  });

  test("a category whose fields were not rendered yet is refused: its mandatory fields are unknown", () => {
    const result = validateNewTalep(state({}, '2'), meta({ categoryId: 4 }), limits);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[NewTalepIds.category.block]).toMatch(/still loading/);
  });

  test('mandatory custom fields of every type are required; optional ones may stay empty', () => {
    const fields: NewTalepMetadata['fields'] = [
      [1, 1, true],
      [2, 2, true],
      [3, 3, true],
      [5, 5, true],
      [6, 1, false],
    ];
    const result = validateNewTalep(
      state({
        ...cf(1, textValue('  ')),
        ...cf(2, { type: 'datepicker', selected_date: null }),
        ...cf(3, { type: 'static_select', selected_option: null }),
        ...cf(6, textValue('')),
      }),
      meta({ fields }),
      limits,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([1, 2, 3, 5].map(customFieldBlockId).sort());
  });

  test('custom field values are sent in the help-desk encoding', () => {
    const fields: NewTalepMetadata['fields'] = [
      [1, 1, true],
      [2, 2, false],
      [3, 3, false],
      [4, 4, false],
      [5, 5, false],
      [7, 4, true],
      [8, 4, false],
    ];
    const result = validateNewTalep(
      state({
        ...cf(1, textValue('  PO-88 ')),
        ...cf(2, { type: 'datepicker', selected_date: '2026-02-01' }),
        ...cf(3, selectValue('2')),
        ...cf(4, { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] }),
        ...cf(5, textValue('line 1\nline 2\n')),
        ...cf(7, { type: 'checkboxes', selected_options: [] }),
        ...cf(8, { type: 'checkboxes', selected_options: [] }),
        // Not rendered by the form: ignored.
        ...cf(99, textValue('injected')),
      }),
      meta({ fields }),
      limits,
    );
    expect(result.ok && result.values.customFields).toEqual({
      '1': 'PO-88',
      '2': '2026-02-01',
      '3': '2',
      '4': 'true',
      '5': 'line 1\nline 2\n',
      // A mandatory checkbox left unchecked says "no"; an optional one stays unset.
      '7': 'false',
    });
  });

  test('a malformed date or option is refused', () => {
    const result = validateNewTalep(
      state({ ...cf(2, { type: 'datepicker', selected_date: '01.02.2026' }), ...cf(3, selectValue('Production')) }),
      meta({ fields: [[2, 2, false], [3, 3, false]] }),
      limits,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual([customFieldBlockId(2), customFieldBlockId(3)].sort());
  });

  test('assignee and "on behalf of" count only when the form showed them (agents)', () => {
    const agentBlocks: ViewStateValues = {
      [assigneeBlockId(4)]: { [NewTalepIds.assigneeAction]: selectValue('2') },
      [NewTalepIds.onBehalfOf.block]: { [NewTalepIds.onBehalfOf.action]: { type: 'users_select', selected_user: 'UUSER' } },
    };
    const asUser = validateNewTalep(state(agentBlocks), meta({ agent: false }), limits);
    expect(asUser.ok && [asUser.values.assigneeId, asUser.values.onBehalfOf]).toEqual([undefined, undefined]);
    const asAgent = validateNewTalep(state(agentBlocks), meta({ agent: true }), limits);
    expect(asAgent.ok && [asAgent.values.assigneeId, asAgent.values.onBehalfOf]).toEqual([2, 'UUSER']);
  });

  test("an assignee picked for another category is not sent", () => {
    const result = validateNewTalep(
      state({ [assigneeBlockId(2)]: { [NewTalepIds.assigneeAction]: selectValue('3') } }),
      meta({ agent: true }),
      limits,
    );
    expect(result.ok && result.values.assigneeId).toBeUndefined();
  });

  test('uploaded files become download references; a file over the limit is refused inline', () => {
    const ok = validateNewTalep(
      state(files([{ id: 'F1', name: 'log.txt', mimetype: 'text/plain', size: 10, url_private_download: 'https://files.slack.test/F1' }])),
      meta(),
      limits,
    );
    expect(ok.ok && ok.values.files).toEqual([{ name: 'log.txt', url: 'https://files.slack.test/F1', type: 'text/plain', size: 10 }]);

    const tooLarge = validateNewTalep(
      state(files([{ id: 'F2', name: 'disk.iso', size: 6 * MB, url_private_download: 'https://files.slack.test/F2' }])),
      meta(),
      limits,
    );
    expect(tooLarge.ok).toBe(false);
    if (!tooLarge.ok) expect(tooLarge.errors[NewTalepIds.files.block]).toBe('“disk.iso” is larger than 5 MB, the most the help desk accepts per file.');
  });

  test('more than 10 files are refused', () => {
    const many = Array.from({ length: 11 }, (_, index) => ({ name: `f${index}`, size: 1, url_private: `https://files.slack.test/${index}` }));
    const result = validateNewTalep(state(files(many)), meta(), limits);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[NewTalepIds.files.block]).toMatch(/at most 10/);
  });

  test("the source message's files are attached after the uploads, skipped ones left out", () => {
    const source = {
      channelId: 'C1',
      ts: '1.1',
      files: [
        { name: 'shot.png', url: 'https://files.slack.test/S1', type: 'image/png' },
        { name: 'drive', skip: 'not stored in Slack' },
      ],
    };
    const result = validateNewTalep(
      state(files([{ name: 'up.txt', url_private_download: 'https://files.slack.test/U1' }])),
      meta({ source }),
      limits,
    );
    expect(result.ok && result.values.files.map((file) => file.name)).toEqual(['up.txt', 'shot.png']);
  });
});

describe('readNewTalepForm (the one reading of the form state)', () => {
  test('state read back from an untouched view gives the values it was rendered with', () => {
    const fields: CategoryCustomField[] = [
      { FieldID: 1, FieldName: 'Order number', Type: 1, Mandatory: true },
      { FieldID: 2, FieldName: 'Needed by', Type: 2, Mandatory: false },
      { FieldID: 3, FieldName: 'Environment', Type: 3, Mandatory: true, Options: [{ OptionID: 1, Name: 'Production' }, { OptionID: 2, Name: 'Staging' }] },
      { FieldID: 4, FieldName: 'Affects many users', Type: 4, Mandatory: false },
      { FieldID: 5, FieldName: 'Steps to reproduce', Type: 5 },
    ];
    const values = {
      categoryId: 2,
      priorityId: 1,
      subject: 'Printer jams',
      body: 'Every second page',
      tags: 'printer',
      assigneeId: 2,
      onBehalfOf: 'UUSER',
      customFields: { '1': 'PO-1', '2': '2026-02-01', '3': '2', '4': 'true', '5': 'steps' },
    };
    const view = newTalepFormView({
      categories: [{ CategoryID: 2, Name: 'Software' }],
      priorities: [{ PriorityID: 0, Name: 'Normal' }, { PriorityID: 1, Name: 'High' }],
      isAgent: true,
      agents: [{ UserID: 2, Username: 'agent' }],
      customFields: fields,
      values,
      maxUploadBytes: limits.maxUploadBytes,
    });
    expect(readNewTalepForm(stateOf(view as View), limits)).toEqual({ values, uploads: { ok: true, files: [] } });
  });

  test('an unchecked checkbox reads as "false"; garbage ids and users are ignored', () => {
    const state: ViewStateValues = {
      [NewTalepIds.category.block]: { [NewTalepIds.category.action]: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'x' }, value: 'abc' } } },
      [NewTalepIds.onBehalfOf.block]: { [NewTalepIds.onBehalfOf.action]: { type: 'users_select', selected_user: 'not-a-user' } },
      [customFieldBlockId(4)]: { [NewTalepIds.customFieldAction]: { type: 'checkboxes', selected_options: [] } },
      [customFieldBlockId(1)]: { [NewTalepIds.customFieldAction]: { type: 'plain_text_input', value: '   ' } },
    };
    expect(readNewTalepForm(state, limits).values).toEqual({ customFields: { '4': 'false' } });
  });

  test('a field block whose id is not a plain field number is not read as a field', () => {
    const state: ViewStateValues = {
      nt_cf_007: { [NewTalepIds.customFieldAction]: { type: 'plain_text_input', value: 'injected' } },
      nt_cf_x: { [NewTalepIds.customFieldAction]: { type: 'plain_text_input', value: 'injected' } },
    };
    expect(readNewTalepForm(state, limits).values.customFields).toEqual({});
  });

  test('an assignee left from another category is not read', () => {
    const state: ViewStateValues = {
      [NewTalepIds.category.block]: { [NewTalepIds.category.action]: selectValue('4') },
      [assigneeBlockId(2)]: { [NewTalepIds.assigneeAction]: selectValue('3') },
    };
    expect(readNewTalepForm(state, limits).values).toEqual({ categoryId: 4, customFields: {} });
  });
});
