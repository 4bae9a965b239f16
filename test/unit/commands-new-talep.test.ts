import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import { parseNewTalepArgs } from '../../src/commands/new-talep.js';
import { isStandardPriority, parseTags, validateNewTalep } from '../../src/commands/new-talep-request.js';
import { assigneeBlockId, customFieldBlockId, NewTalepIds } from '../../src/views/new-talep-modal.js';
import type { NewTalepMetadata, ViewStateValues } from '../../src/views/new-talep-values.js';

const MB = 1024 * 1024;
const limits = { maxUploadBytes: 5 * MB };

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

describe('parseTags', () => {
  test('comma separated, trimmed, no empties or case-insensitive duplicates', () => {
    expect(parseTags(' printer, floor  3,,Printer, vpn ')).toEqual(['printer', 'floor 3', 'vpn']);
    expect(parseTags(undefined)).toEqual([]);
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
      value: {
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
    expect(result.ok && result.value.customFields).toEqual({
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
    expect(asUser.ok && [asUser.value.assigneeId, asUser.value.onBehalfOf]).toEqual([undefined, undefined]);
    const asAgent = validateNewTalep(state(agentBlocks), meta({ agent: true }), limits);
    expect(asAgent.ok && [asAgent.value.assigneeId, asAgent.value.onBehalfOf]).toEqual([2, 'UUSER']);
  });

  test("an assignee picked for another category is not sent", () => {
    const result = validateNewTalep(
      state({ [assigneeBlockId(2)]: { [NewTalepIds.assigneeAction]: selectValue('3') } }),
      meta({ agent: true }),
      limits,
    );
    expect(result.ok && result.value.assigneeId).toBeUndefined();
  });

  test('uploaded files become download references; a file over the limit is refused inline', () => {
    const ok = validateNewTalep(
      state(files([{ id: 'F1', name: 'log.txt', mimetype: 'text/plain', size: 10, url_private_download: 'https://files.slack.test/F1' }])),
      meta(),
      limits,
    );
    expect(ok.ok && ok.value.files).toEqual([{ name: 'log.txt', url: 'https://files.slack.test/F1', type: 'text/plain', size: 10 }]);

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
    expect(result.ok && result.value.files.map((file) => file.name)).toEqual(['up.txt', 'shot.png']);
  });
});
