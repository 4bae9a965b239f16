/**
 * The asset area's action, block and callback ids, the values its controls carry, and the limits its
 * views and flows share. Pure.
 */

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

/** The new/edit form's block ids, named after the API parameters they fill. */
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

/**
 * External select that searches assets as you type (value: asset id). Rendered in the link modal and,
 * later, on the talep card: there its block id carries the talep (`assetPickerBlockId`), and picking an
 * asset relates it to that talep.
 */
export const ASSET_PICKER_ACTION = 'asset_picker';
/** Button that removes an asset from a talep; value `assetTalepValue(assetId, talepId)`. For the talep card. */
export const ASSET_UNLINK_ACTION = 'asset_unlink_talep';

export const AssetLinkBlocks = { asset: 'asset_link_asset', talep: 'asset_link_talep' } as const;

/** Block id of an asset picker that relates the picked asset to `talepId` (talep card). */
export const assetPickerBlockId = (talepId: number) => `asset_picker_talep:${talepId}`;
export const assetTalepValue = (assetId: number, talepId: number) => `${assetId}:${talepId}`;
