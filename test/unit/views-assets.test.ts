import type { types } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import type { Asset, AssetListItem } from '../../src/api/schemas.js';
import { assetCard } from '../../src/views/assets/card.js';
import { assetFieldsSavedText } from '../../src/views/assets/fields.js';
import { assetFormModal, assetFormValues, emptyAssetForm } from '../../src/views/assets/form.js';
import { messagesFor } from '../../src/i18n/messages.js';
import { checkMessage, checkOptions, checkView } from '../../src/slack/block-kit-limits.js';
import {
  ASSET_PAGE_SIZE,
  ASSET_PICKER_ACTION,
  ASSET_UNLINK_ACTION,
  AssetFormBlocks,
  AssetIds,
  AssetLinkBlocks,
  assetPickerBlockId,
} from '../../src/views/assets/ids.js';
import { assetLinkModal, assetOption, assetPickerElement, assetPickerOptions, assetRelatedMessage, assetUnlinkButton } from '../../src/views/assets/link.js';
import { assetListMessage, pageValue } from '../../src/views/assets/list.js';
import { companyIdOf, companyName } from '../../src/views/assets/names.js';
import type { Block, ModalView } from '../../src/views/kit/blocks.js';
import { longText, many } from './block-kit-fixtures.js';

const listItem = (id: number, extra: Partial<AssetListItem> = {}): AssetListItem => ({
  ItemID: id,
  Manufacturer: 'Lenovo',
  ModelName: `ThinkPad ${id}`,
  Type: 'Laptop',
  SerialNumber: `SN-${id}`,
  Location: 'Istanbul',
  Quantity: 1,
  CompanyID: 1,
  Disabled: false,
  ...extra,
});

const asset = (extra: Partial<Asset> = {}): Asset => ({
  ItemID: 7,
  Manufacturer: 'HP',
  ModelName: 'LaserJet Pro M404dn',
  Type: 'Printer',
  SerialNumber: 'VNB-M404-118',
  Location: 'Istanbul, floor 3 kitchen',
  Comments: 'Toner <b>low</b> & jammed',
  Quantity: 2,
  Company: { CompanyID: 1, Name: 'Acme Lojistik A.Ş.' },
  Supplier: 'Bilişim Tedarik Ltd.',
  Disabled: false,
  AssignedUsers: [
    { UserID: 4, Username: 'user', Email: 'user@example.com', FirstName: 'Ayşe', LastName: 'Yılmaz' },
    { UserID: 2, Username: 'agent', Email: 'agent@example.com' },
  ],
  ...extra,
});

const json = (value: unknown) => JSON.stringify(value);
/** Every interactive element of a message, flattened. */
function elements(blocks: readonly Block[] = []): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const block of blocks) {
    if (block.type === 'actions') out.push(...(block as types.ActionsBlock).elements as unknown as Record<string, unknown>[]);
    if (block.type === 'section' && (block as types.SectionBlock).accessory) out.push((block as types.SectionBlock).accessory as unknown as Record<string, unknown>);
  }
  return out;
}
const byAction = (blocks: readonly Block[] | undefined, actionId: string) => elements(blocks).filter((element) => element.action_id === actionId);
const inputs = (view: ModalView) => view.blocks.filter((block): block is types.InputBlock => block.type === 'input');
const input = (view: ModalView, blockId: string) => inputs(view).find((block) => block.block_id === blockId);

describe('assetListMessage', () => {
  const query = { prefix: 'Think', includeDisabled: false, page: 1 };

  test('each row shows model, manufacturer, type, serial, location, quantity and a Show button', () => {
    const message = assetListMessage(query, [listItem(3, { Quantity: 12, SerialNumber: null })]);
    const row = json(message.blocks?.[1]);
    for (const text of ['ThinkPad 3', 'Lenovo', 'Laptop', 'Serial: —', 'Location: Istanbul', 'Qty: 12']) expect(row).toContain(text);
    expect(byAction(message.blocks, AssetIds.show).map((button) => button.value)).toEqual(['3']);
  });

  test('retired assets are marked, active ones are not', () => {
    const message = assetListMessage({ ...query, includeDisabled: true }, [listItem(1), listItem(2, { Disabled: true })]);
    expect(json(message.blocks?.[1])).not.toContain('retired');
    expect(json(message.blocks?.[2])).toContain(':no_entry_sign: retired');
    expect(json(message.blocks?.[0])).toContain('retired included');
  });

  test('a short first page has no paging buttons', () => {
    const message = assetListMessage(query, [listItem(1), listItem(2)]);
    expect(byAction(message.blocks, AssetIds.page)).toEqual([]);
  });

  test('a full first page offers Next only, stays within 50 blocks, and keeps every asset reachable', () => {
    const items = Array.from({ length: ASSET_PAGE_SIZE }, (_, index) => listItem(index + 1));
    const message = assetListMessage(query, items);
    expect(message.blocks?.length).toBeLessThanOrEqual(50);
    const paging = byAction(message.blocks, AssetIds.page);
    expect(paging.map((button) => JSON.parse(String(button.value)))).toEqual([{ q: 'Think', a: 0, p: 2 }]);
    const shown = byAction(message.blocks, AssetIds.show).map((button) => Number(button.value));
    const menu = byAction(message.blocks, AssetIds.showMore)[0] as { options: { value: string }[] } | undefined;
    const more = menu?.options.map((choice) => Number(choice.value)) ?? [];
    expect([...shown, ...more].sort((a, b) => a - b)).toEqual(items.map((item) => item.ItemID));
    // Every row is listed as text too.
    for (const item of items) expect(json(message.blocks)).toContain(`#${item.ItemID} ·`);
  });

  test('a middle page has Previous and Next; the last page has Previous only', () => {
    const full = Array.from({ length: ASSET_PAGE_SIZE }, (_, index) => listItem(index + 51));
    const middle = assetListMessage({ ...query, page: 2 }, full).blocks;
    expect(byAction(middle, AssetIds.previousPage).map((button) => JSON.parse(String(button.value)).p)).toEqual([1]);
    expect(byAction(middle, AssetIds.page).map((button) => JSON.parse(String(button.value)).p)).toEqual([3]);
    const last = byAction(assetListMessage({ ...query, page: 3 }, [listItem(101)]).blocks, AssetIds.previousPage);
    expect(last.map((button) => [JSON.parse(String(button.value)).p, (button.text as { text: string }).text])).toEqual([[2, '◀ Previous']]);
    expect(json(assetListMessage({ ...query, page: 3 }, [listItem(101)]).blocks?.[0])).toContain('101–101');
  });

  test('the paging value keeps the prefix and the retired flag', () => {
    expect(JSON.parse(pageValue({ prefix: 'Dell Lat', includeDisabled: true, page: 4 }))).toEqual({ q: 'Dell Lat', a: 1, p: 4 });
  });

  test('no match: says so, suggests `all` when retired ones were hidden, escapes the prefix', () => {
    const message = assetListMessage({ ...query, prefix: '<@U1>&co' }, []);
    expect(message.text).toContain('No assets');
    expect(json(message.blocks)).toContain('&lt;@U1&gt;&amp;co');
    expect(json(message.blocks)).toContain('add `all`');
    expect(json(assetListMessage({ ...query, includeDisabled: true }, []).blocks)).not.toContain('add `all`');
  });

  test('an empty later page still offers the way back', () => {
    const message = assetListMessage({ ...query, page: 2 }, []);
    expect(message.text).toContain('No more');
    expect(byAction(message.blocks, AssetIds.previousPage).map((button) => JSON.parse(String(button.value)).p)).toEqual([1]);
  });
});

describe('assetCard', () => {
  test('an active asset: every field, escaped comments, assigned users with Unassign, Retire with a confirmation, assign select', () => {
    const card = assetCard(asset());
    const text = json(card.blocks);
    for (const value of ['LaserJet Pro M404dn', 'HP', 'Printer', 'Bilişim Tedarik Ltd.', 'VNB-M404-118', 'Istanbul, floor 3 kitchen', 'Acme Lojistik A.Ş.', 'Active']) {
      expect(text).toContain(value);
    }
    expect(text).toContain('Toner &lt;b&gt;low&lt;/b&gt; &amp; jammed');
    expect(text).toContain('Ayşe Yılmaz (user)');
    expect(byAction(card.blocks, AssetIds.unassign).map((button) => button.value)).toEqual(['7:4', '7:2']);
    const retire = byAction(card.blocks, AssetIds.retire)[0];
    expect(retire?.value).toBe('7');
    expect(retire?.confirm).toMatchObject({ confirm: { text: 'Retire' }, deny: { text: 'Cancel' } });
    expect(byAction(card.blocks, AssetIds.restore)).toEqual([]);
    const select = byAction(card.blocks, AssetIds.assign)[0];
    expect(select?.type).toBe('users_select');
    expect(card.blocks?.some((block) => block.block_id === 'asset_assign:7')).toBe(true);
    for (const action of [AssetIds.edit, AssetIds.link, AssetIds.fields]) expect(byAction(card.blocks, action)[0]?.value).toBe('7');
    expect(text).not.toContain('retired');
  });

  test('a retired asset is marked, offers Restore (confirmed) and cannot be assigned', () => {
    const card = assetCard(asset({ Disabled: true, AssignedUsers: [] }));
    expect(card.text).toContain('retired');
    expect(json(card.blocks)).toContain(':no_entry_sign: retired');
    expect(json(card.blocks)).toContain('*Retired*');
    expect(byAction(card.blocks, AssetIds.retire)).toEqual([]);
    expect(byAction(card.blocks, AssetIds.restore)[0]?.confirm).toMatchObject({ confirm: { text: 'Restore' } });
    expect(byAction(card.blocks, AssetIds.assign)).toEqual([]);
    expect(json(card.blocks)).toContain('Not assigned to anyone.');
  });

  test('what the help desk did not report is not guessed', () => {
    const card = assetCard(asset({ Disabled: undefined, AssignedUsers: undefined, Supplier: undefined, Company: null }));
    expect(byAction(card.blocks, AssetIds.retire)).toHaveLength(1);
    expect(byAction(card.blocks, AssetIds.restore)).toHaveLength(1);
    expect(json(card.blocks)).toContain('did not say who');
    expect(json(card.blocks)).toContain('_not reported_');
  });

  test('a notice shows what just happened', () => {
    expect(json(assetCard(asset(), { notice: ':white_check_mark: Assigned.' }).blocks?.[0])).toContain('Assigned.');
  });

  test('many assigned users: rows with buttons up to a limit, the rest listed', () => {
    const users = Array.from({ length: 20 }, (_, index) => ({ UserID: index + 1, Username: `u${index + 1}` }));
    const card = assetCard(asset({ AssignedUsers: users }));
    expect(byAction(card.blocks, AssetIds.unassign)).toHaveLength(15);
    expect(json(card.blocks)).toContain('…and u16, u17, u18, u19, u20');
    expect(card.blocks?.length).toBeLessThanOrEqual(50);
  });

  test('company "null or value"', () => {
    expect(companyName({ CompanyID: 2, Name: 'Boğaziçi' })).toBe('Boğaziçi');
    expect(companyName('Acme')).toBe('Acme');
    expect(companyName(3)).toBe('Company #3');
    expect(companyName(null)).toBeUndefined();
    expect(companyIdOf({ CompanyID: 2, Name: 'x' })).toBe(2);
    expect(companyIdOf('Acme')).toBeUndefined();
  });
});

describe('assetFormModal', () => {
  const companies = [{ id: 1, name: 'Acme' }, { id: 2, name: 'Boğaziçi' }];

  test('new: every field of the spec, the four required ones required, quantity a number input', () => {
    const view = assetFormModal({ mode: 'new', values: emptyAssetForm, company: { kind: 'id' }, metadata: '{}' });
    expect(view.callback_id).toBe(AssetIds.formCallback);
    expect(inputs(view).map((block) => block.block_id)).toEqual(Object.values(AssetFormBlocks));
    const required = inputs(view).filter((block) => !block.optional).map((block) => block.block_id);
    expect(required).toEqual([AssetFormBlocks.modelName, AssetFormBlocks.manufacturer, AssetFormBlocks.type, AssetFormBlocks.supplier]);
    expect(input(view, AssetFormBlocks.quantity)?.element).toMatchObject({ type: 'number_input', is_decimal_allowed: false, min_value: '0' });
    expect(input(view, AssetFormBlocks.comments)?.element).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(input(view, AssetFormBlocks.companyId)?.element).toMatchObject({ type: 'number_input', min_value: '1' });
    expect(view.submit?.text).toBe('Create');
  });

  test('edit: prefilled from the asset, supplier optional, company chosen from the list for admins', () => {
    const values = assetFormValues(asset());
    const view = assetFormModal({ mode: 'edit', assetId: 7, values, company: { kind: 'select', companies }, metadata: '{"m":"edit"}' });
    expect(view.title.text).toBe('Edit asset #7');
    expect(view.private_metadata).toBe('{"m":"edit"}');
    expect(input(view, AssetFormBlocks.modelName)?.element).toMatchObject({ initial_value: 'LaserJet Pro M404dn' });
    expect(input(view, AssetFormBlocks.comments)?.element).toMatchObject({ initial_value: 'Toner <b>low</b> & jammed' });
    expect(input(view, AssetFormBlocks.quantity)?.element).toMatchObject({ initial_value: '2' });
    expect(input(view, AssetFormBlocks.supplier)?.optional).toBe(true);
    const company = input(view, AssetFormBlocks.companyId)?.element as types.StaticSelect;
    expect(company.type).toBe('static_select');
    expect(company.options?.map((choice) => choice.value)).toEqual(['1', '2']);
    expect(company.initial_option?.value).toBe('1');
  });

  test('more companies than a select holds: falls back to the id input', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ id: index + 1, name: `C${index + 1}` }));
    const view = assetFormModal({ mode: 'new', values: emptyAssetForm, company: { kind: 'select', companies: many }, metadata: '' });
    expect(input(view, AssetFormBlocks.companyId)?.element.type).toBe('number_input');
  });

  test('a problem is shown above the kept values', () => {
    const view = assetFormModal({
      mode: 'new',
      values: { ...emptyAssetForm, modelName: 'X1' },
      company: { kind: 'id' },
      metadata: '',
      problem: 'The help desk refused <that>',
    });
    expect(json(view.blocks)).toContain(':warning: The help desk refused &lt;that&gt;');
    expect(input(view, AssetFormBlocks.modelName)?.element).toMatchObject({ initial_value: 'X1' });
  });

  test('assetFormValues maps the asset to the form', () => {
    expect(assetFormValues(asset({ SerialNumber: null, Supplier: undefined, Company: null }))).toMatchObject({
      serialNumber: '',
      supplier: '',
      companyId: undefined,
      quantity: 2,
    });
  });
});

describe('asset picker and link modal', () => {
  test('the picker is an external select that waits for 3 characters', () => {
    expect(assetPickerElement()).toMatchObject({ type: 'external_select', action_id: ASSET_PICKER_ACTION, min_query_length: 3 });
    expect(assetPickerBlockId(12)).toBe('asset_picker_talep:12');
  });

  test('options: id, name, serial, retired mark; at most 100', () => {
    expect(assetOption(listItem(9, { Disabled: true })).text.text).toBe('#9 Lenovo ThinkPad 9 · SN-9 (retired)');
    expect(assetOption(listItem(9)).value).toBe('9');
    expect(assetPickerOptions(Array.from({ length: 120 }, (_, index) => listItem(index + 1)))).toHaveLength(100);
  });

  test('the link modal presets the asset or the talep', () => {
    const view = assetLinkModal({ asset: assetOption(listItem(4)), talepId: 12, metadata: '{}' });
    expect(view.callback_id).toBe(AssetIds.linkCallback);
    expect(input(view, AssetLinkBlocks.asset)?.element).toMatchObject({ action_id: ASSET_PICKER_ACTION, initial_option: { value: '4' } });
    expect(input(view, AssetLinkBlocks.talep)?.element).toMatchObject({ type: 'number_input', initial_value: '12' });
    const empty = assetLinkModal({ metadata: '{}' });
    expect(input(empty, AssetLinkBlocks.asset)?.element).not.toHaveProperty('initial_option');
  });

  test('the result offers both sides; the unlink button is confirmed', () => {
    const message = assetRelatedMessage(4, 12, true);
    expect(message.text).toContain('Asset #4 is now a related asset of Talep #12');
    expect(byAction(message.blocks, AssetIds.show)[0]?.value).toBe('4');
    expect(byAction(message.blocks, 'talep_show')[0]?.value).toBe('12');
    expect(assetRelatedMessage(4, 12, false).text).toContain('no longer related');
    expect(assetUnlinkButton(4, 12)).toMatchObject({ action_id: ASSET_UNLINK_ACTION, value: '4:12', confirm: { confirm: { text: 'Remove' } } });
  });
});

describe('asset custom-fields wording', () => {
  test('the saved text names the fields, escaped', () => {
    expect(assetFieldsSavedText('Asset #1 (<x>)', ['Asset tag', 'A&B'])).toBe(
      ':white_check_mark: Saved *Asset tag*, *A&amp;B* on Asset #1 (&lt;x&gt;).',
    );
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const longItem = (id: number, extra: Partial<AssetListItem> = {}) =>
    listItem(id, { Manufacturer: longText(200), ModelName: longText(200), Type: longText(100), SerialNumber: longText(100), Location: longText(300), ...extra });
  const longAsset = (extra: Partial<Asset> = {}) =>
    asset({
      ItemID: 123456789,
      Manufacturer: longText(300),
      ModelName: longText(300),
      Type: longText(200),
      SerialNumber: longText(200),
      Location: longText(1000),
      Comments: longText(20_000),
      Supplier: longText(500),
      Company: { CompanyID: 1, Name: longText(500) },
      AssignedUsers: many(40, (i) => ({ UserID: i + 1, Username: longText(100), Email: `${'x'.repeat(200)}@example.com`, FirstName: longText(100), LastName: longText(100) })),
      ...extra,
    });

  test('keeps full list pages (Previous and Next) of long assets within the limits', () => {
    const full = many(ASSET_PAGE_SIZE, (i) => longItem(100 + i, { Disabled: i % 2 === 0 }));
    for (const page of [1, 2, 99]) {
      expect(checkMessage(assetListMessage({ prefix: longText(100), includeDisabled: true, page }, full))).toEqual([]);
    }
    expect(checkMessage(assetListMessage({ prefix: longText(100), includeDisabled: false, page: 3 }, []))).toEqual([]);
  });

  test('keeps the card of an asset with 40 assigned users and long fields within the limits, in every state', () => {
    for (const Disabled of [true, false, undefined]) {
      expect(checkMessage(assetCard(longAsset({ Disabled }), { notice: longText(5000) }))).toEqual([]);
    }
    expect(checkMessage(assetCard(longAsset({ AssignedUsers: undefined })))).toEqual([]);
  });

  test('keeps the asset form within the limits with long values, 100 companies to pick from, or an id to type', () => {
    const values = { ...assetFormValues(longAsset()), quantity: 0, companyId: 100 };
    const companies = many(100, (i) => ({ id: i + 1, name: longText(200) }));
    for (const company of [{ kind: 'select' as const, companies }, { kind: 'select' as const, companies: [...companies, { id: 101, name: 'x' }] }, { kind: 'id' as const }]) {
      for (const mode of ['new', 'edit'] as const) {
        expect(checkView(assetFormModal({ mode, assetId: 123456789, values, company, metadata: 'x'.repeat(3000), problem: longText(5000) }))).toEqual([]);
      }
    }
  });

  test('keeps the link form, its result and the picker options within the limits', () => {
    const items = many(150, (i) => longItem(100_000 + i, { Disabled: i % 2 === 0 }));
    expect(checkOptions({ options: assetPickerOptions(items) })).toEqual([]);
    const [first] = assetPickerOptions(items);
    expect(checkView(assetLinkModal({ asset: first, talepId: 123456789, metadata: 'x'.repeat(3000), problem: longText(5000) }))).toEqual([]);
    expect(checkMessage(assetRelatedMessage(123456789, 987654321, true))).toEqual([]);
  });

  test('in Turkish too: list, card, form, link form, picker options', () => {
    const tr = messagesFor('tr');
    const full = many(ASSET_PAGE_SIZE, (i) => longItem(100 + i, { Disabled: i % 2 === 0 }));
    expect(checkMessage(assetListMessage({ prefix: longText(100), includeDisabled: true, page: 2 }, full, tr))).toEqual([]);
    for (const Disabled of [true, false, undefined]) expect(checkMessage(assetCard(longAsset({ Disabled }), { notice: longText(5000) }, tr))).toEqual([]);
    const values = { ...assetFormValues(longAsset()), quantity: 0, companyId: 100 };
    for (const mode of ['new', 'edit'] as const) {
      expect(checkView(assetFormModal({ mode, assetId: 123456, values, company: { kind: 'id' }, metadata: 'x', problem: longText(5000) }, tr))).toEqual([]);
    }
    const options = assetPickerOptions(many(150, (i) => longItem(100_000 + i, { Disabled: true })), tr);
    expect(checkOptions({ options })).toEqual([]);
    expect(checkView(assetLinkModal({ asset: options[0], talepId: 123456789, metadata: 'x', problem: longText(5000) }, tr))).toEqual([]);
    expect(checkMessage(assetRelatedMessage(123456789, 987654321, false, tr))).toEqual([]);
  });
});

describe('in Turkish', () => {
  const tr = messagesFor('tr');

  test('the list, the card and the form speak Turkish', () => {
    const list = assetListMessage({ prefix: 'thinkpad', includeDisabled: false, page: 1 }, [listItem(9, { Disabled: true })], tr);
    expect(list.text).toBe('"thinkpad" ile başlayan 1 varlık, sayfa 1');
    expect(json(list.blocks)).toContain('Seri no: SN-9 · Konum: Istanbul · Adet: 1');
    const card = assetCard(asset({ Supplier: undefined }), {}, tr);
    expect(json(card.blocks)).toContain('*Tedarikçi*\\n_bildirilmedi_');
    expect(json(card.blocks)).toContain('*Atanan kişiler* (2)');
    const form = assetFormModal({ mode: 'edit', assetId: 7, values: assetFormValues(asset()), company: { kind: 'id' }, metadata: '' }, tr);
    expect(form.title.text).toBe('Varlığı düzenle: #7');
    expect(form.submit?.text).toBe('Kaydet');
    expect(assetOption(listItem(9, { Disabled: true }), tr).text.text).toBe('#9 Lenovo ThinkPad 9 · SN-9 (kullanım dışı)');
  });
});
