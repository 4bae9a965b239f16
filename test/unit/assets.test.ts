import type { types } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import { problemOf } from '../support/parse-problems.js';
import type { CustomFieldDefinition } from '../../src/api/schemas.js';
import { parseAssetQuery } from '../../src/commands/assets/args.js';
import { assetOfAssignBlock, decodePageValue, decodePair } from '../../src/commands/assets/cards.js';
import { assetFields, assetFieldsTarget } from '../../src/commands/assets/fields.js';
import { changedParams, createParams, fingerprints, formMetadataSchema, readAssetForm } from '../../src/commands/assets/form-state.js';
import { assetsArea } from '../../src/commands/assets/index.js';
import { pickerQuery, readLinkForm, talepOfPickerBlock } from '../../src/commands/assets/link.js';
import { changedFields, fieldsFormMetadata, type FieldsMetadata, fieldsFormView } from '../../src/commands/custom-fields/form-state.js';
import type { StateValues } from '../../src/slack/forms.js';
import { decodeMetadata } from '../../src/slack/metadata.js';
import { Router } from '../../src/slack/routes.js';
import type { AssetFormValues } from '../../src/views/assets/form.js';
import { ASSET_PICKER_ACTION, assetAssignBlockId, AssetFormBlocks, AssetIds, AssetLinkBlocks, assetPickerBlockId } from '../../src/views/assets/ids.js';
import { pageValue } from '../../src/views/assets/list.js';
import { emptyAssetForm } from '../../src/views/assets/form.js';
import type { ModalView } from '../../src/views/kit/blocks.js';
import { fieldBlockId, type RecordField } from '../../src/views/custom-fields/form.js';

/** `/talep asset <text>` through the area's routes, as the kernel's router resolves it: the route and its parsed arguments. */
const assetRouter = new Router();
for (const entry of assetsArea.routes ?? []) assetRouter.add(entry);
function parseAssetCommand(text: string, family = 'asset') {
  const resolved = assetRouter.resolve(`${family} ${text}`);
  if (!('route' in resolved)) throw new Error(`no route for “${text}”`);
  const { route, args } = resolved;
  return args.ok ? { ok: true as const, value: args.value, path: route.path } : { ok: false as const, error: problemOf(args), path: route.path };
}

describe('the asset routes', () => {
  test('a name prefix lists assets, page 1, retired hidden', () => {
    expect(parseAssetCommand('thinkpad')).toEqual({ ok: true, path: 'asset', value: { prefix: 'thinkpad', includeDisabled: false, page: 1 } });
    expect(parseAssetCommand('  Dell   Latitude ')).toMatchObject({ path: 'asset', value: { prefix: 'Dell Latitude' } });
    // `assets` is the same family.
    expect(parseAssetCommand('thinkpad', 'assets')).toMatchObject({ ok: true, path: 'asset', value: { prefix: 'thinkpad' } });
  });

  test('`all` at the end, `--all` or `-a` anywhere include retired assets', () => {
    for (const text of ['dell all', 'dell ALL', '--all dell', 'dell -a']) {
      expect(parseAssetCommand(text)).toMatchObject({ ok: true, path: 'asset', value: { prefix: 'dell', includeDisabled: true } });
    }
    // Inside a prefix, "all" is just a word.
    expect(parseAssetQuery('all in one')).toMatchObject({ ok: true, value: { prefix: 'all in one', includeDisabled: false } });
  });

  test('a prefix shorter than 3 characters is refused with the reason', () => {
    const short = parseAssetCommand('HP');
    expect(short.ok).toBe(false);
    expect(!short.ok && short.error).toContain('at least 3 characters');
    expect(parseAssetCommand('hp all').ok).toBe(false);
    expect(parseAssetCommand('').ok).toBe(false);
    expect(parseAssetCommand('all').ok).toBe(false);
    expect(parseAssetCommand('x'.repeat(101)).ok).toBe(false);
  });

  test('search|find forces a search, even for a verb-like prefix', () => {
    expect(parseAssetCommand('search show')).toMatchObject({ path: 'asset search', value: { prefix: 'show' } });
    expect(parseAssetCommand('find new all')).toMatchObject({ path: 'asset search', value: { prefix: 'new', includeDisabled: true } });
    expect(parseAssetCommand('FIND thinkpad', 'assets')).toMatchObject({ path: 'asset search', value: { prefix: 'thinkpad' } });
  });

  test('show, edit, new', () => {
    expect(parseAssetCommand('show 12')).toEqual({ ok: true, path: 'asset show', value: 12 });
    expect(parseAssetCommand('SHOW #12')).toEqual({ ok: true, path: 'asset show', value: 12 });
    expect(parseAssetCommand('show 12', 'assets')).toEqual({ ok: true, path: 'asset show', value: 12 });
    expect(parseAssetCommand('edit 3')).toEqual({ ok: true, path: 'asset edit', value: 3 });
    expect(parseAssetCommand('new')).toEqual({ ok: true, path: 'asset new', value: undefined });
    expect(parseAssetCommand('create')).toEqual({ ok: true, path: 'asset new', value: undefined });
    expect(parseAssetCommand('create', 'assets')).toEqual({ ok: true, path: 'asset new', value: undefined });
    // A verb wins over a name search, and the refusal says how to search for such names.
    const newLaptop = parseAssetCommand('new laptop');
    expect(newLaptop.ok).toBe(false);
    expect(!newLaptop.ok && newLaptop.error).toContain('/talep asset search new');
    const noId = parseAssetCommand('show');
    expect(!noId.ok && noId.error).toContain('asset id');
    expect(parseAssetCommand('edit abc').ok).toBe(false);
  });

  test('link and unlink take an asset id and a talep id', () => {
    expect(parseAssetCommand('link 5 12')).toEqual({ ok: true, path: 'asset link', value: { assetId: 5, talepId: 12 } });
    expect(parseAssetCommand('unlink #5 #12')).toEqual({ ok: true, path: 'asset unlink', value: { assetId: 5, talepId: 12 } });
    const missing = parseAssetCommand('link 5');
    expect(!missing.ok && missing.error).toMatch(/^Link to which talep\?/);
    expect(parseAssetCommand('unlink x 3').ok).toBe(false);
  });

  test('every route is for agents, listed under Assets', () => {
    for (const entry of assetsArea.routes ?? []) expect(entry).toMatchObject({ group: 'Assets', audience: 'agent' });
  });
});

describe('paging and pair values', () => {
  test('a paging value round-trips; anything else is ignored', () => {
    const query = { prefix: 'Dell', includeDisabled: true, page: 3 };
    expect(decodePageValue(pageValue(query))).toEqual(query);
    expect(decodePageValue('{"q":"de","a":0,"p":1}')).toBeUndefined();
    expect(decodePageValue('{"q":"dell","a":0,"p":0}')).toBeUndefined();
    expect(decodePageValue('not json')).toBeUndefined();
    expect(decodePageValue(undefined)).toBeUndefined();
  });

  test('asset:user pairs', () => {
    expect(decodePair('12:4')).toEqual([12, 4]);
    expect(decodePair('12:')).toBeUndefined();
    expect(decodePair('12:4:1')).toBeUndefined();
  });
});

/** A view_submission state for the asset form. */
function formState(values: Partial<Record<keyof typeof AssetFormBlocks, string>>, companySelect = false): StateValues {
  const state: StateValues = {};
  for (const [field, blockId] of Object.entries(AssetFormBlocks)) {
    const value = values[field as keyof typeof AssetFormBlocks];
    if (field === 'companyId' && companySelect) {
      state[blockId] = { value: { type: 'static_select', selected_option: value ? { text: { type: 'plain_text', text: 'C' }, value } : null } };
    } else {
      const type = field === 'quantity' || field === 'companyId' ? 'number_input' : 'plain_text_input';
      state[blockId] = { value: { type, value: value ?? null } };
    }
  }
  return state;
}

const complete = { modelName: ' X1 Carbon ', manufacturer: 'Lenovo', type: 'Laptop', supplier: 'Tedarik' };

describe('readAssetForm', () => {
  test('new: model, manufacturer, type and supplier are required', () => {
    const result = readAssetForm(formState({ modelName: 'X1' }), 'new');
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(
      [AssetFormBlocks.manufacturer, AssetFormBlocks.supplier, AssetFormBlocks.type].sort(),
    );
  });

  test('edit: the supplier may be empty', () => {
    expect(readAssetForm(formState({ ...complete, supplier: '' }), 'edit').ok).toBe(true);
    expect(readAssetForm(formState({ ...complete, type: '  ' }), 'edit')).toMatchObject({ ok: false, errors: { [AssetFormBlocks.type]: expect.any(String) } });
  });

  test('quantity and company must be whole numbers; texts have a length limit', () => {
    const result = readAssetForm(formState({ ...complete, quantity: '1.5', companyId: '0', location: 'x'.repeat(201) }), 'new');
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(
      [AssetFormBlocks.companyId, AssetFormBlocks.location, AssetFormBlocks.quantity].sort(),
    );
  });

  test('values are trimmed and typed; empties stay empty', () => {
    const result = readAssetForm(formState({ ...complete, quantity: '4', companyId: '2', comments: ' hi ' }), 'new');
    expect(result).toEqual({
      ok: true,
      values: { modelName: 'X1 Carbon', manufacturer: 'Lenovo', type: 'Laptop', supplier: 'Tedarik', serialNumber: '', location: '', comments: 'hi', quantity: 4, companyId: 2 },
    });
    expect(readAssetForm(formState(complete, true), 'new')).toMatchObject({ ok: true, values: { companyId: undefined, quantity: undefined } });
    expect(readAssetForm(formState({ ...complete, companyId: '3' }, true), 'new')).toMatchObject({ values: { companyId: 3 } });
  });
});

describe('create and update parameters', () => {
  const original: AssetFormValues = {
    modelName: 'T14', manufacturer: 'Lenovo', type: 'Laptop', supplier: 'S', serialNumber: 'SN-1',
    location: 'Floor 3', comments: '', quantity: 1, companyId: 1,
  };

  test('create leaves empty optional fields out', () => {
    expect(createParams({ ...emptyAssetForm, ...complete, modelName: 'X1' })).toEqual({ modelName: 'X1', manufacturer: 'Lenovo', type: 'Laptop', supplier: 'Tedarik' });
    expect(createParams({ ...original })).toMatchObject({ serialNumber: 'SN-1', quantity: 1, companyId: 1 });
  });

  test('edit sends only what changed', () => {
    const before = fingerprints(original);
    expect(changedParams(before, original)).toEqual({});
    expect(changedParams(before, { ...original, location: 'Floor 4', quantity: 3 })).toEqual({ location: 'Floor 4', quantity: 3 });
  });

  test('an emptied text is sent empty (cleared); an emptied quantity or company is not sent', () => {
    const before = fingerprints(original);
    expect(changedParams(before, { ...original, serialNumber: '', quantity: undefined, companyId: undefined })).toEqual({ serialNumber: '' });
  });

  test('the form metadata keeps the fingerprints within Slack limits and is validated on the way back', () => {
    const text = JSON.stringify({ m: 'edit', id: 7, c: 'select', o: fingerprints({ ...original, comments: 'x'.repeat(3000) }), to: { c: 'C1' } });
    expect(text.length).toBeLessThan(400);
    expect(decodeMetadata(formMetadataSchema, text)).toMatchObject({ m: 'edit', id: 7 });
    expect(decodeMetadata(formMetadataSchema, '{"m":"delete","c":"id","to":{}}')).toBeUndefined();
    expect(decodeMetadata(formMetadataSchema, '{"m":"new","c":"id","to":{"u":"not a url"}}')).toBeUndefined();
  });
});

describe('custom fields (the shared form, values unknown)', () => {
  const definitions: CustomFieldDefinition[] = [
    { FieldID: 6, FieldName: 'Asset tag', Type: 1, UsageType: 2, Mandatory: false },
    { FieldID: 8, FieldName: 'Condition', Type: 3, UsageType: 2, Mandatory: false },
    { FieldID: 9, FieldName: 'Encrypted disk', Type: 4, UsageType: 2, Mandatory: true },
    { FieldID: 12, FieldName: 'Grade', Type: 3, UsageType: 2, Mandatory: false, Options: [{ OptionID: 1, Name: 'A' }] },
    { FieldID: 1, FieldName: 'Order number', Type: 1, UsageType: 1, Mandatory: true },
  ];

  test('asset definitions become form fields, with dropdown options when sent', () => {
    const fields = assetFields(definitions);
    expect(fields.map((field) => field.id)).toEqual([6, 8, 9, 12]);
    expect(fields[1]).not.toHaveProperty('options');
    expect(fields[3]?.options).toEqual([{ id: 1, name: 'A' }]);
    expect(fields[2]?.mandatory).toBe(true);
  });

  const metadata = JSON.parse(fieldsFormMetadata(1, 'Asset #1 (Lenovo T14)', assetFields(definitions))) as FieldsMetadata;
  /** What the asset form's submission reads (`FieldsTarget.valuesUnknown`: at least one field filled in). */
  const filledFields = (form: FieldsMetadata, values: StateValues) => changedFields(form, values, { fillOne: true });
  const state = (values: Record<number, { type: string; value?: string; selected?: string; date?: string }>): StateValues =>
    Object.fromEntries(
      Object.entries(values).map(([id, entry]) => [
        fieldBlockId(Number(id)),
        {
          value: {
            type: entry.type,
            ...(entry.value !== undefined ? { value: entry.value } : {}),
            ...(entry.selected !== undefined ? { selected_option: { text: { type: 'plain_text', text: 'x' }, value: entry.selected } } : {}),
            ...(entry.date !== undefined ? { selected_date: entry.date } : {}),
          },
        },
      ]),
    ) as StateValues;

  test('only filled-in fields are sent', () => {
    const result = filledFields(metadata, state({ 6: { type: 'plain_text_input', value: ' IT-9 ' }, 9: { type: 'static_select', selected: 'false' }, 8: { type: 'plain_text_input', value: '' } }));
    expect(result).toEqual({ changes: [{ fieldId: 6, name: 'Asset tag', value: 'IT-9' }, { fieldId: 9, name: 'Encrypted disk', value: 'false' }] });
  });

  test('a dropdown typed as text needs an option id', () => {
    const result = filledFields(metadata, state({ 8: { type: 'plain_text_input', value: 'Good' } }));
    expect(result).toEqual({ errors: { [fieldBlockId(8)]: expect.stringContaining('option') } });
    expect(filledFields(metadata, state({ 8: { type: 'plain_text_input', value: '5' } }))).toEqual({
      changes: [{ fieldId: 8, name: 'Condition', value: '5' }],
    });
  });

  test('nothing filled in: an inline error instead of an empty save', () => {
    expect(filledFields(metadata, state({}))).toEqual({ errors: { [fieldBlockId(6)]: expect.stringContaining('at least one') } });
  });

  test('the metadata survives many fields by dropping names', () => {
    const many = Array.from({ length: 95 }, (_, index) => ({
      id: index + 100,
      name: `A rather long field name number ${index}`,
      type: 1,
      mandatory: false,
      current: null,
      valueUnknown: true,
    }));
    const text = fieldsFormMetadata(1, 'Asset #1', many);
    expect(text.length).toBeLessThanOrEqual(3000);
    expect((JSON.parse(text) as FieldsMetadata).f).toHaveLength(95);
  });
});

describe('pickerQuery', () => {
  test('ids by #n or 3+ digits, else a name prefix of 3+ characters', () => {
    expect(pickerQuery('#7')).toEqual({ id: 7 });
    expect(pickerQuery('123')).toEqual({ id: 123 });
    expect(pickerQuery(' thi ')).toEqual({ prefix: 'thi' });
    expect(pickerQuery('th')).toBeUndefined();
    expect(pickerQuery('12')).toBeUndefined();
  });
});

describe('what the controls carry', () => {
  test('the assign select names its asset in its block id; the picker on a talep card names the talep', () => {
    expect(assetOfAssignBlock(assetAssignBlockId(12))).toBe(12);
    expect(assetOfAssignBlock('asset_assign:x')).toBeUndefined();
    expect(talepOfPickerBlock(assetPickerBlockId(8))).toBe(8);
    // Inside the link modal the picker is only an input: no talep.
    expect(talepOfPickerBlock(AssetLinkBlocks.asset)).toBeUndefined();
  });

  test('an overflow action without a chosen option is ignored, not a crash (issue 10)', async () => {
    const listener = assetsArea.listeners?.find((candidate) => candidate.kind === 'action' && candidate.id === AssetIds.showMore);
    if (listener?.kind !== 'action') throw new Error('no showMore listener');
    const sent: unknown[] = [];
    const surface = { kind: 'respond' as const, send: async (message: unknown) => void sent.push(message), replace: async (message: unknown) => void sent.push(message) };
    const ctx = { action: { type: 'overflow', action_id: AssetIds.showMore }, surface } as unknown as Parameters<typeof listener.handle>[0];
    await expect(listener.handle(ctx)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe('readLinkForm', () => {
  const picked = (value: string) => ({ [ASSET_PICKER_ACTION]: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: `Asset #${value}` }, value } } });
  const talep = (value: string | null) => ({ value: { type: 'number_input', value } });

  test('an asset and a talep id: the picked option is kept for showing the form again', () => {
    const values = { [AssetLinkBlocks.asset]: picked('16'), [AssetLinkBlocks.talep]: talep(' 5 ') } as unknown as StateValues;
    expect(readLinkForm(values)).toEqual({
      ok: true,
      values: { asset: { text: { type: 'plain_text', text: 'Asset #16', emoji: true }, value: '16' }, assetId: 16, talepId: 5 },
    });
  });

  test('a missing asset or a talep id that is not a whole number 1 or more: inline errors', () => {
    expect(readLinkForm({ [AssetLinkBlocks.talep]: talep('5') } as unknown as StateValues)).toEqual({
      ok: false,
      errors: { [AssetLinkBlocks.asset]: expect.stringContaining('Choose an asset') },
    });
    for (const bad of [null, '0', '4.5', '-3']) {
      const reading = readLinkForm({ [AssetLinkBlocks.asset]: picked('16'), [AssetLinkBlocks.talep]: talep(bad) } as unknown as StateValues);
      expect(reading).toEqual({ ok: false, errors: { [AssetLinkBlocks.talep]: expect.stringContaining('talep id') } });
    }
    const notAnId = readLinkForm({ [AssetLinkBlocks.asset]: picked('x'), [AssetLinkBlocks.talep]: talep('5') } as unknown as StateValues);
    expect(notAnId).toMatchObject({ ok: false, errors: { [AssetLinkBlocks.asset]: expect.any(String) } });
  });
});

describe('the asset custom-fields form', () => {
  const fields = [
    { id: 6, name: 'Asset tag', type: 1, mandatory: true },
    { id: 7, name: 'Warranty until', type: 2, mandatory: false },
    { id: 8, name: 'Condition', type: 3, mandatory: false },
    { id: 9, name: 'Encrypted disk', type: 4, mandatory: false },
    { id: 10, name: 'Maintenance notes', type: 5, mandatory: false },
    { id: 11, name: 'Grade', type: 3, mandatory: false, options: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }] },
  ];
  /** The shared form as the asset target renders it: fields as `assetFields` gives them (values unknown). */
  const assetFieldsModal = (input: { label: string; fields: Omit<RecordField, 'current'>[]; kept?: ReadonlyMap<number, string>; problem?: string }) =>
    fieldsFormView(
      assetFieldsTarget,
      1,
      input.label,
      input.fields.map((field) => ({ ...field, current: null, valueUnknown: true })),
      { ...(input.kept ? { kept: input.kept } : {}), ...(input.problem ? { problem: input.problem } : {}) },
    );
  const json = (value: unknown) => JSON.stringify(value);
  const inputs = (view: ModalView) => view.blocks.filter((block): block is types.InputBlock => block.type === 'input');
  const input = (view: ModalView, blockId: string) => inputs(view).find((block) => block.block_id === blockId);

  test('one optional input per field, by type', () => {
    const view = assetFieldsModal({ label: 'Asset #1 (Lenovo <T14>)', fields });
    expect(view.callback_id).toBe(AssetIds.fieldsCallback);
    expect(json(view.blocks[0])).toContain('Lenovo &lt;T14&gt;');
    const element = (id: number) => input(view, fieldBlockId(id))?.element as unknown as Record<string, unknown>;
    expect(element(6)).toMatchObject({ type: 'plain_text_input' });
    expect(input(view, fieldBlockId(6))?.hint?.text).toContain('Required');
    expect(element(7)).toMatchObject({ type: 'datepicker' });
    expect(element(8)).toMatchObject({ type: 'plain_text_input', placeholder: { text: 'Option id' } });
    expect(element(9)).toMatchObject({ type: 'static_select', options: [{ value: 'true' }, { value: 'false' }] });
    expect(element(9)).not.toHaveProperty('initial_option');
    expect(element(10)).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(element(11)).toMatchObject({ type: 'static_select', options: [{ value: '1' }, { value: '2' }] });
    expect(inputs(view).every((block) => block.optional)).toBe(true);
    expect(json(view.blocks)).toContain('every field starts empty');
  });

  test('kept values come back after a failure', () => {
    const kept = new Map([[6, 'IT-9'], [7, '2027-01-31'], [9, 'false'], [11, '2']]);
    const view = assetFieldsModal({ label: 'Asset #1', fields, kept, problem: 'Nope' });
    const element = (id: number) => input(view, fieldBlockId(id))?.element as unknown as Record<string, unknown>;
    expect(element(6)).toMatchObject({ initial_value: 'IT-9' });
    expect(element(7)).toMatchObject({ initial_date: '2027-01-31' });
    expect(element(9)).toMatchObject({ initial_option: { value: 'false' } });
    expect(element(11)).toMatchObject({ initial_option: { value: '2' } });
    expect(json(view.blocks)).toContain(':warning: Nope');
  });

  test('no asset fields: nothing to submit', () => {
    const view = assetFieldsModal({ label: 'Asset #1', fields: [] });
    expect(view.submit).toBeUndefined();
    expect(json(view.blocks)).toContain('no custom fields');
  });
});
