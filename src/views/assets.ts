/**
 * Asset views: the paged search result (`/talep asset <prefix>`), the asset card and the wording of the
 * shared custom-fields form for assets. The new/edit form is ./assets-form.ts, the "link to a talep"
 * modal and the asset picker ./assets-link.ts. Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { Asset, AssetListItem, UserListItem } from '../api/schemas.js';
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
  section,
  type SlackMessage,
  truncate,
} from './kit/blocks.js';

/** The help desk pages assets 50 at a time (GET /Assets `page`, 1-based). */
export const ASSET_PAGE_SIZE = 50;
/** GET /Assets refuses shorter `nameprefix` values; the picker waits for as many characters. */
export const ASSET_PREFIX_MIN = 3;
/** Slack allows 100 options in a static select. */
export const MAX_SELECT_OPTIONS = 100;

export const AssetIds = {
  /** Shows the card as a new message; value: asset id. */
  show: 'asset_show',
  /** The same, from the overflow menu of the last rows of a full page; option value: asset id. */
  showMore: 'asset_show_more',
  /** Next, and Previous (its own id: Slack refuses two action ids alike in one block); value: `pageValue(...)`. */
  page: 'asset_page',
  previousPage: 'asset_page_previous',
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
  /** The shared custom-fields form, for an asset. */
  fieldsCallback: 'asset_fields',
} as const;

export const assetAssignBlockId = (assetId: number) => `asset_assign:${assetId}`;
export const assetUserValue = (assetId: number, userId: number) => `${assetId}:${userId}`;

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

/** A modal saying what is happening; unlike the shared `workingView`, `text` brings its own emoji. */
export function workingView(title: string, text: string): ModalView {
  return modal({ title, close: 'Close', blocks: [section(text)] });
}


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
  if (query.page > 1) navigation.push(button('◀ Previous', AssetIds.previousPage, pageValue({ ...query, page: query.page - 1 })));
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

// ── Custom fields ───────────────────────────────────────────────────────────────────────────────
// The shared custom-fields form (./custom-fields-form.ts), worded for assets.

/** The spec has no way to read an asset's custom-field values: the form says why it starts empty. */
export const ASSET_FIELDS_NOTE =
  "The help desk does not report an asset's current custom-field values, so every field starts empty: only the fields you fill in are sent.";

/** The form's heading; `label` is plain text, e.g. `assetLabel(asset)`. */
export const assetFieldsHeading = (label: string): string => `:desktop_computer: *${escapeText(label)}*`;

export function assetFieldsSavedText(label: string, saved: readonly string[]): string {
  return `:white_check_mark: Saved ${saved.map((name) => `*${escapeText(name)}*`).join(', ')} on ${escapeText(label)}.`;
}
