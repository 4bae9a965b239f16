/**
 * Asset views: the paged search result (`/talep asset <prefix>`), the asset card, the new/edit form,
 * the "link to a talep" modal, the custom-fields form, and the search-as-you-type asset picker that
 * other surfaces (the talep card) may render. Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { Asset, AssetListItem, UserListItem } from '../api/schemas.js';
import { CustomFieldType } from '../api/schemas.js';
import {
  actions,
  type Block,
  type Button,
  button,
  confirm,
  context,
  escapeText,
  fields,
  type ModalView,
  modal,
  option,
  plain,
  type PlainTextOption,
  section,
  type SlackMessage,
  truncate,
} from './blocks.js';
import { SharedActions } from './shared-actions.js';

/** The help desk pages assets 50 at a time (GET /Assets `page`, 1-based). */
export const ASSET_PAGE_SIZE = 50;
/** GET /Assets refuses shorter `nameprefix` values; the picker waits for as many characters. */
export const ASSET_PREFIX_MIN = 3;

/**
 * External select that searches assets as you type (value: asset id). Rendered in the link modal and,
 * later, on the talep card: there its block id carries the talep (`assetPickerBlockId`), and picking an
 * asset relates it to that talep.
 */
export const ASSET_PICKER_ACTION = 'asset_picker';
/** Button that removes an asset from a talep; value `assetTalepValue(assetId, talepId)`. For the talep card. */
export const ASSET_UNLINK_ACTION = 'asset_unlink_talep';

export const AssetIds = {
  /** Shows the card as a new message; value: asset id. */
  show: 'asset_show',
  /** The same, from the overflow menu of the last rows of a full page; option value: asset id. */
  showMore: 'asset_show_more',
  /** Previous / Next; value: `pageValue(...)`. */
  page: 'asset_page',
  /** Card buttons; value: asset id. */
  edit: 'asset_edit',
  link: 'asset_link_open',
  fields: 'asset_fields_open',
  retire: 'asset_retire',
  restore: 'asset_restore',
  /** users_select on the card; block id `asset_assign:<assetId>`. */
  assign: 'asset_assign_user',
  /** value: `"<assetId>:<userId>"`. */
  unassign: 'asset_unassign',
  formCallback: 'asset_form',
  linkCallback: 'asset_link',
  fieldsCallback: 'asset_fields',
} as const;

/** The action id of every form input; blocks are told apart by their block_id. */
export const ASSET_FORM_VALUE = 'value';

/** Form block ids, named after the API parameters they fill. */
export const AssetFormBlocks = {
  modelName: 'asset_model',
  manufacturer: 'asset_manufacturer',
  type: 'asset_type',
  supplier: 'asset_supplier',
  serialNumber: 'asset_serial',
  location: 'asset_location',
  comments: 'asset_comments',
  quantity: 'asset_quantity',
  companyId: 'asset_company',
} as const;

export const AssetLinkBlocks = { asset: 'asset_link_asset', talep: 'asset_link_talep' } as const;

export const assetAssignBlockId = (assetId: number) => `asset_assign:${assetId}`;
/** Block id of an asset picker that relates the picked asset to `talepId` (talep card). */
export const assetPickerBlockId = (talepId: number) => `asset_picker_talep:${talepId}`;
export const assetTalepValue = (assetId: number, talepId: number) => `${assetId}:${talepId}`;
export const assetUserValue = (assetId: number, userId: number) => `${assetId}:${userId}`;
export const assetFieldBlockId = (fieldId: number) => `acf_${fieldId}`;

// ── Shared bits ─────────────────────────────────────────────────────────────────────────────────

type AssetName = Pick<AssetListItem, 'ItemID' | 'ModelName' | 'Manufacturer'>;

/** "Lenovo ThinkPad T14" (no markup). */
export const assetTitle = (asset: Pick<AssetListItem, 'ModelName' | 'Manufacturer'>): string =>
  `${asset.Manufacturer} ${asset.ModelName}`.trim();

/** "Asset #12 (Lenovo ThinkPad T14)" (no markup). */
export const assetLabel = (asset: AssetName): string => `Asset #${asset.ItemID} (${assetTitle(asset)})`;

const orDash = (text: string | null | undefined) => (text?.trim() ? escapeText(text) : '—');

export const RETIRED_MARK = ':no_entry_sign: retired';

/** The company of a single asset: the spec says "null or value", so a record, a name or an id. */
export function companyName(company: Asset['Company']): string | undefined {
  if (company === null) return undefined;
  if (typeof company === 'object') return company.Name;
  return typeof company === 'number' ? `Company #${company}` : company;
}

export function companyIdOf(company: Asset['Company']): number | undefined {
  if (company === null) return undefined;
  if (typeof company === 'object') return company.CompanyID;
  return typeof company === 'number' ? company : undefined;
}

export function workingView(title: string, text: string): ModalView {
  return modal({ title, close: 'Close', blocks: [section(text)] });
}

export function resultView(title: string, text: string, note?: string): ModalView {
  return modal({ title, close: 'Done', blocks: [section(text), ...(note ? [context(note)] : [])] });
}

const problemBlock = (problem: string): Block => section(`:warning: ${escapeText(problem)}`);

// ── The search result ───────────────────────────────────────────────────────────────────────────

export interface AssetQuery {
  prefix: string;
  includeDisabled: boolean;
  /** 1-based. */
  page: number;
}

/** Previous / Next button value: short keys, because Slack caps button values at 2000 characters. */
export const pageValue = (query: AssetQuery): string =>
  JSON.stringify({ q: query.prefix, a: query.includeDisabled ? 1 : 0, p: query.page });

/** Slack allows 50 blocks in a message. */
const MAX_MESSAGE_BLOCKS = 50;
/** An overflow menu holds at most 5 options. */
const MAX_OVERFLOW = 5;

function assetRowText(asset: AssetListItem): string {
  const retired = asset.Disabled ? ` · ${RETIRED_MARK}` : '';
  return (
    `*${escapeText(asset.ModelName)}* · ${escapeText(asset.Manufacturer)} · ${escapeText(asset.Type)}${retired}\n` +
    `#${asset.ItemID} · Serial: ${orDash(asset.SerialNumber)} · Location: ${orDash(asset.Location)} · Qty: ${asset.Quantity}`
  );
}

/**
 * One section per asset with its Show button. A full page (50) plus the summary and the paging buttons
 * would pass Slack's 50-block limit, so then the last few rows share one section whose overflow menu
 * offers their Show actions.
 */
function assetRows(items: readonly AssetListItem[], room: number): Block[] {
  if (items.length <= room) {
    return items.map((asset) => section(assetRowText(asset), button('Show', AssetIds.show, String(asset.ItemID))));
  }
  const single = items.slice(0, room - 1);
  const grouped = items.slice(room - 1);
  const menu: types.Overflow = {
    type: 'overflow',
    action_id: AssetIds.showMore,
    options: grouped.slice(0, MAX_OVERFLOW).map((asset) => option(`Show #${asset.ItemID} ${assetTitle(asset)}`, String(asset.ItemID))),
  };
  return [
    ...single.map((asset) => section(assetRowText(asset), button('Show', AssetIds.show, String(asset.ItemID)))),
    section(grouped.map(assetRowText).join('\n\n'), menu),
  ];
}

export function assetListMessage(query: AssetQuery, items: readonly AssetListItem[]): SlackMessage {
  const scope = query.includeDisabled ? ' (retired included)' : '';
  const what = `assets starting with “${escapeText(query.prefix)}”${scope}`;
  const first = (query.page - 1) * ASSET_PAGE_SIZE + 1;
  const navigation: Button[] = [];
  if (query.page > 1) navigation.push(button('◀ Previous', AssetIds.page, pageValue({ ...query, page: query.page - 1 })));
  // The API has no total: a full page means there may be more.
  if (items.length >= ASSET_PAGE_SIZE) navigation.push(button('Next ▶', AssetIds.page, pageValue({ ...query, page: query.page + 1 })));

  if (items.length === 0) {
    const none = query.page > 1 ? `:package: No more ${what} (page ${query.page}).` : `:package: No ${what}.`;
    const hint = query.includeDisabled ? [] : [context('Retired assets are hidden; add `all` to include them, e.g. `/talep asset <prefix> all`.')];
    return {
      text: none.replace(/^:package: /, ''),
      blocks: [section(none), ...hint, ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
    };
  }
  const summary = section(
    `:package: ${what.charAt(0).toUpperCase()}${what.slice(1)} — page ${query.page}, ${first}–${first + items.length - 1}`,
  );
  const fixed = 1 + (navigation.length > 0 ? 1 : 0);
  return {
    text: `${items.length} ${what.replace(/“|”/g, '"')}, page ${query.page}`,
    blocks: [summary, ...assetRows(items, MAX_MESSAGE_BLOCKS - fixed), ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
  };
}

// ── The asset card ──────────────────────────────────────────────────────────────────────────────

/** How many assigned users get their own row (with an Unassign button); the rest are listed as text. */
const MAX_USER_ROWS = 15;

const personName = (user: UserListItem): string => {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return name ? `${name} (${user.Username})` : user.Username;
};

function personText(user: UserListItem): string {
  return `:bust_in_silhouette: *${escapeText(personName(user))}*${user.Email ? ` · ${escapeText(user.Email)}` : ''}`;
}

export interface AssetCardOptions {
  /** One line about what just happened ("Assigned to …"), already mrkdwn. */
  notice?: string;
}

/**
 * Every field of the asset, who has it, and what can be done with it. `Disabled` and `AssignedUsers`
 * are not promised by the spec: when the help desk leaves them out the card says it does not know
 * instead of claiming "active" or "nobody".
 */
export function assetCard(asset: Asset, options: AssetCardOptions = {}): SlackMessage {
  const id = String(asset.ItemID);
  const retired = asset.Disabled;
  const status = retired === true ? ':no_entry_sign: *Retired*' : retired === false ? ':large_green_circle: Active' : 'Unknown';
  const blocks: Block[] = [];
  if (options.notice) blocks.push(context(options.notice));
  blocks.push(
    section(
      `:desktop_computer: *Asset #${asset.ItemID} · ${escapeText(assetTitle(asset))}*${retired ? `  ${RETIRED_MARK}` : ''}`,
    ),
    fields([
      `*Model*\n${orDash(asset.ModelName)}`,
      `*Manufacturer*\n${orDash(asset.Manufacturer)}`,
      `*Type*\n${orDash(asset.Type)}`,
      `*Supplier*\n${asset.Supplier === undefined ? '_not reported_' : orDash(asset.Supplier)}`,
      `*Serial number*\n${orDash(asset.SerialNumber)}`,
      `*Location*\n${orDash(asset.Location)}`,
      `*Quantity*\n${asset.Quantity}`,
      `*Company*\n${orDash(companyName(asset.Company))}`,
      `*Status*\n${status}`,
    ]),
  );
  if (asset.Comments?.trim()) blocks.push(section(`*Comments*\n${escapeText(truncate(asset.Comments, 2800))}`));

  const users = asset.AssignedUsers;
  if (users === undefined) blocks.push(context('The help desk did not say who this asset is assigned to.'));
  else if (users.length === 0) blocks.push(context('Not assigned to anyone.'));
  else {
    blocks.push(section(`*Assigned to* (${users.length})`));
    for (const user of users.slice(0, MAX_USER_ROWS)) {
      blocks.push(section(personText(user), button('Unassign', AssetIds.unassign, assetUserValue(asset.ItemID, user.UserID))));
    }
    const rest = users.slice(MAX_USER_ROWS);
    if (rest.length > 0) blocks.push(context(`…and ${rest.map((user) => escapeText(personName(user))).join(', ')}`));
  }

  const retire = button('Retire', AssetIds.retire, id, 'danger', {
    confirm: confirm(
      `Retire asset #${asset.ItemID}?`,
      `*${escapeText(assetTitle(asset))}* will be hidden from asset lists (\`all\` still shows it). You can restore it later.`,
      'Retire',
    ),
  });
  const restore = button('Restore', AssetIds.restore, id, 'primary', {
    confirm: confirm(
      `Restore asset #${asset.ItemID}?`,
      `*${escapeText(assetTitle(asset))}* becomes active again and shows in asset lists.`,
      'Restore',
      'primary',
    ),
  });
  blocks.push(
    actions(`asset_card:${id}`, [
      button('Edit', AssetIds.edit, id),
      button('Link to talep', AssetIds.link, id),
      button('Custom fields', AssetIds.fields, id),
      // Unknown state: offer both, the help desk decides.
      ...(retired === true ? [restore] : retired === false ? [retire] : [retire, restore]),
    ]),
  );
  // Retired equipment is not handed out: restore it first.
  if (retired !== true) {
    const select: types.UsersSelect = { type: 'users_select', action_id: AssetIds.assign, placeholder: plain('Assign to a Slack user…') };
    blocks.push(actions(assetAssignBlockId(asset.ItemID), [select]));
  }
  return { text: `${escapeText(assetLabel(asset))}${retired ? ' (retired)' : ''}`, blocks };
}

// ── The new / edit form ─────────────────────────────────────────────────────────────────────────

export interface AssetFormValues {
  modelName: string;
  manufacturer: string;
  type: string;
  supplier: string;
  serialNumber: string;
  location: string;
  comments: string;
  quantity: number | undefined;
  companyId: number | undefined;
}

export const emptyAssetForm: AssetFormValues = {
  modelName: '',
  manufacturer: '',
  type: '',
  supplier: '',
  serialNumber: '',
  location: '',
  comments: '',
  quantity: undefined,
  companyId: undefined,
};

/** The form's starting values for an existing asset. */
export function assetFormValues(asset: Asset): AssetFormValues {
  return {
    modelName: asset.ModelName,
    manufacturer: asset.Manufacturer,
    type: asset.Type,
    supplier: asset.Supplier ?? '',
    serialNumber: asset.SerialNumber ?? '',
    location: asset.Location ?? '',
    comments: asset.Comments ?? '',
    quantity: asset.Quantity,
    companyId: companyIdOf(asset.Company),
  };
}

/** Companies are admin-only in the spec: admins pick from the list, others type an id. */
export type CompanyChoice = { kind: 'select'; companies: { id: number; name: string }[] } | { kind: 'id' };

/** Slack allows 100 options in a static select. */
const MAX_SELECT_OPTIONS = 100;

export interface AssetFormInput {
  mode: 'new' | 'edit';
  /** For edit. */
  assetId?: number;
  values: AssetFormValues;
  company: CompanyChoice;
  metadata: string;
  problem?: string;
}

interface InputOptions {
  optional?: boolean;
  hint?: string;
  placeholder?: string;
}

function inputBlock(blockId: string, label: string, element: types.InputBlockElement, options: InputOptions = {}): types.InputBlock {
  return {
    type: 'input',
    block_id: blockId,
    label: plain(label, 2000),
    element,
    optional: options.optional ?? false,
    ...(options.hint ? { hint: plain(options.hint, 2000) } : {}),
  };
}

function textInput(
  blockId: string,
  label: string,
  value: string,
  options: InputOptions & { multiline?: boolean; maxLength?: number } = {},
): types.InputBlock {
  const element: types.PlainTextInput = {
    type: 'plain_text_input',
    action_id: ASSET_FORM_VALUE,
    ...(options.multiline ? { multiline: true } : {}),
    max_length: options.maxLength ?? (options.multiline ? 3000 : 200),
    ...(value ? { initial_value: truncate(value, options.maxLength ?? 3000) } : {}),
    ...(options.placeholder ? { placeholder: plain(options.placeholder, 150) } : {}),
  };
  return inputBlock(blockId, label, element, options);
}

function numberInput(blockId: string, label: string, value: number | undefined, min: number, options: InputOptions = {}): types.InputBlock {
  const element: types.NumberInput = {
    type: 'number_input',
    action_id: ASSET_FORM_VALUE,
    is_decimal_allowed: false,
    min_value: String(min),
    ...(value !== undefined ? { initial_value: String(value) } : {}),
    ...(options.placeholder ? { placeholder: plain(options.placeholder, 150) } : {}),
  };
  return inputBlock(blockId, label, element, options);
}

function companyInput(choice: CompanyChoice, companyId: number | undefined): types.InputBlock {
  const keepHint = 'The help desk cannot remove a company from an asset, only change it.';
  if (choice.kind === 'select' && choice.companies.length > 0 && choice.companies.length <= MAX_SELECT_OPTIONS) {
    const toOption = (company: { id: number; name: string }) => option(company.name, String(company.id));
    const current = choice.companies.find((company) => company.id === companyId);
    const element: types.StaticSelect = {
      type: 'static_select',
      action_id: ASSET_FORM_VALUE,
      placeholder: plain('Choose a company'),
      options: choice.companies.map(toOption),
      ...(current ? { initial_option: toOption(current) } : {}),
    };
    return inputBlock(AssetFormBlocks.companyId, 'Company', element, { optional: true, hint: keepHint });
  }
  return numberInput(AssetFormBlocks.companyId, 'Company id', companyId, 1, {
    optional: true,
    placeholder: 'e.g. 2',
    hint: `Listing companies needs admin permission, so type the company's id. ${keepHint}`,
  });
}

export function assetFormModal(input: AssetFormInput): ModalView {
  const { values } = input;
  const editing = input.mode === 'edit';
  const blocks: Block[] = [];
  if (editing && input.assetId !== undefined) blocks.push(context(`Editing asset #${input.assetId}. Only the fields you change are sent.`));
  if (input.problem) blocks.push(problemBlock(input.problem));
  blocks.push(
    textInput(AssetFormBlocks.modelName, 'Model', values.modelName, { placeholder: 'e.g. ThinkPad T14 Gen 4' }),
    textInput(AssetFormBlocks.manufacturer, 'Manufacturer', values.manufacturer, { placeholder: 'e.g. Lenovo' }),
    textInput(AssetFormBlocks.type, 'Type', values.type, { placeholder: 'e.g. Laptop' }),
    // The API requires a supplier on create only; an existing asset may have none.
    textInput(AssetFormBlocks.supplier, 'Supplier', values.supplier, { optional: editing }),
    textInput(AssetFormBlocks.serialNumber, 'Serial number', values.serialNumber, { optional: true }),
    textInput(AssetFormBlocks.location, 'Location', values.location, { optional: true, placeholder: 'e.g. Istanbul, floor 3' }),
    textInput(AssetFormBlocks.comments, 'Comments', values.comments, { optional: true, multiline: true }),
    numberInput(AssetFormBlocks.quantity, 'Quantity', values.quantity, 0, { optional: true, ...(editing ? {} : { hint: 'Empty means 1.' }) }),
    companyInput(input.company, values.companyId),
  );
  return modal({
    callback_id: AssetIds.formCallback,
    title: editing ? `Edit asset #${input.assetId ?? ''}` : 'New asset',
    submit: editing ? 'Save' : 'Create',
    private_metadata: input.metadata,
    blocks,
  });
}

// ── Link to a talep ─────────────────────────────────────────────────────────────────────────────

/** One asset as a picker option: "#12 Lenovo ThinkPad T14 · PF-0001 (retired)". */
export function assetOption(asset: Pick<AssetListItem, 'ItemID' | 'ModelName' | 'Manufacturer' | 'SerialNumber' | 'Disabled'>): PlainTextOption {
  const serial = asset.SerialNumber?.trim() ? ` · ${asset.SerialNumber}` : '';
  return option(`#${asset.ItemID} ${assetTitle(asset)}${serial}${asset.Disabled ? ' (retired)' : ''}`, String(asset.ItemID));
}

export function assetPickerOptions(items: readonly AssetListItem[]): PlainTextOption[] {
  return items.slice(0, MAX_SELECT_OPTIONS).map(assetOption);
}

/** The search-as-you-type asset select; min_query_length matches the API's 3-character prefix rule. */
export function assetPickerElement(initial?: PlainTextOption): types.ExternalSelect {
  return {
    type: 'external_select',
    action_id: ASSET_PICKER_ACTION,
    placeholder: plain('Type 3+ letters of the model or manufacturer'),
    min_query_length: ASSET_PREFIX_MIN,
    ...(initial ? { initial_option: initial } : {}),
  };
}

export interface AssetLinkInput {
  /** Preset when opened from an asset card. */
  asset?: PlainTextOption;
  /** Preset when opened from a talep. */
  talepId?: number;
  metadata: string;
  problem?: string;
}

export function assetLinkModal(input: AssetLinkInput): ModalView {
  const talep: types.NumberInput = {
    type: 'number_input',
    action_id: ASSET_FORM_VALUE,
    is_decimal_allowed: false,
    min_value: '1',
    placeholder: plain('e.g. 42'),
    ...(input.talepId !== undefined ? { initial_value: String(input.talepId) } : {}),
  };
  const blocks: Block[] = [];
  if (input.problem) blocks.push(problemBlock(input.problem));
  blocks.push(
    inputBlock(AssetLinkBlocks.asset, 'Asset', assetPickerElement(input.asset)),
    inputBlock(AssetLinkBlocks.talep, 'Talep id', talep, { hint: 'The talep gets the asset as a related asset.' }),
  );
  return modal({ callback_id: AssetIds.linkCallback, title: 'Link asset to talep', submit: 'Link', private_metadata: input.metadata, blocks });
}

/** After `asset link|unlink`: what changed, with buttons to look at either side. */
export function assetRelatedMessage(assetId: number, talepId: number, linked: boolean): SlackMessage {
  const text = linked
    ? `:link: Asset #${assetId} is now a related asset of Talep #${talepId}.`
    : `:heavy_minus_sign: Asset #${assetId} is no longer related to Talep #${talepId}.`;
  return {
    text,
    blocks: [
      section(text),
      actions('asset_related', [
        button(`Show asset #${assetId}`, AssetIds.show, String(assetId)),
        button(`Show talep #${talepId}`, SharedActions.showTalep, String(talepId)),
      ]),
    ],
  };
}

/** Unlink button for a talep card's list of related assets. */
export const assetUnlinkButton = (assetId: number, talepId: number): Button =>
  button('Remove', ASSET_UNLINK_ACTION, assetTalepValue(assetId, talepId), undefined, {
    confirm: confirm('Remove the asset?', `Asset #${assetId} will no longer be related to Talep #${talepId}.`, 'Remove'),
  });

// ── Custom fields ───────────────────────────────────────────────────────────────────────────────

export interface AssetField {
  id: number;
  name: string;
  /** 1 text, 2 date, 3 dropdown, 4 checkbox, 5 multiline text. */
  type: number;
  mandatory: boolean;
  /** Dropdown options, when the help desk sent them with the definition (the spec does not promise it). */
  options?: { id: number; name: string }[];
}

export interface AssetFieldsInput {
  /** Plain text, e.g. `assetLabel(asset)`. */
  label: string;
  fields: readonly AssetField[];
  /** What the user typed last time (form format), kept after a failure. */
  kept?: ReadonlyMap<number, string>;
  metadata: string;
  problem?: string;
}

const yesNo = [option('Yes', 'true'), option('No', 'false')];

function assetFieldInput(field: AssetField, kept: string | undefined): Block {
  const blockId = assetFieldBlockId(field.id);
  const hint = field.mandatory ? 'Required by the help desk.' : undefined;
  const base = { optional: true, ...(hint ? { hint } : {}) };
  switch (field.type) {
    case CustomFieldType.Checkbox: {
      // Yes / No / untouched: the current value is unknown, so an unticked box could not mean "leave it".
      const initial = yesNo.find((choice) => choice.value === kept);
      const element: types.StaticSelect = {
        type: 'static_select',
        action_id: ASSET_FORM_VALUE,
        placeholder: plain('Leave as it is'),
        options: yesNo,
        ...(initial ? { initial_option: initial } : {}),
      };
      return inputBlock(blockId, field.name, element, base);
    }
    case CustomFieldType.Date: {
      const day = kept && /^\d{4}-\d{2}-\d{2}$/.test(kept) ? kept : undefined;
      const element: types.Datepicker = { type: 'datepicker', action_id: ASSET_FORM_VALUE, ...(day ? { initial_date: day } : {}) };
      return inputBlock(blockId, field.name, element, base);
    }
    case CustomFieldType.SelectionCombo: {
      if (field.options && field.options.length > 0) {
        const choices = field.options.slice(0, MAX_SELECT_OPTIONS).map((choice) => option(choice.name, String(choice.id)));
        const initial = choices.find((choice) => choice.value === kept);
        const element: types.StaticSelect = {
          type: 'static_select',
          action_id: ASSET_FORM_VALUE,
          placeholder: plain('Leave as it is'),
          options: choices,
          ...(initial ? { initial_option: initial } : {}),
        };
        return inputBlock(blockId, field.name, element, base);
      }
      return textInput(blockId, field.name, kept ?? '', {
        optional: true,
        maxLength: 9,
        placeholder: 'Option id',
        hint: "The help desk takes a dropdown value as the option's id (a number).",
      });
    }
    case CustomFieldType.MultilineText:
      return textInput(blockId, field.name, kept ?? '', { ...base, multiline: true });
    default:
      return textInput(blockId, field.name, kept ?? '', { ...base, maxLength: 2000 });
  }
}

export function assetFieldsModal(input: AssetFieldsInput): ModalView {
  const title = 'Asset custom fields';
  const blocks: Block[] = [section(`:desktop_computer: *${escapeText(input.label)}*`)];
  if (input.problem) blocks.push(problemBlock(input.problem));
  if (input.fields.length === 0) {
    blocks.push(section('The help desk has no custom fields for assets.'));
    return modal({ title, close: 'Close', blocks });
  }
  // Slack allows 100 blocks in a modal.
  blocks.push(...input.fields.slice(0, 95).map((field) => assetFieldInput(field, input.kept?.get(field.id))));
  blocks.push(
    context(
      "The help desk does not report an asset's current custom-field values, so every field starts empty: only the fields you fill in are sent.",
    ),
  );
  return modal({ callback_id: AssetIds.fieldsCallback, title, submit: 'Save', private_metadata: input.metadata, blocks });
}

export function assetFieldsSavedText(label: string, saved: readonly string[]): string {
  return `:white_check_mark: Saved ${saved.map((name) => `*${escapeText(name)}*`).join(', ')} on ${escapeText(label)}.`;
}
