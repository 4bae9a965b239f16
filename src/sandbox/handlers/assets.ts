/** Assets: list (50 a page, retired ones hidden unless asked), read, create, update, assign, retire. */
import { fieldFor, setFieldValue } from '../custom-field-values.js';
import { badRequest } from '../errors.js';
import { requireAsset, requireCompany, requireUser } from '../lookups.js';
import { type AssetRow, FieldUsage, type SandboxData } from '../model.js';
import { assetListItem, assetRecord, assetUpdateResult } from '../records.js';
import { addUnique, removeValue } from '../talep-changes.js';
import { foldText } from '../talep-search.js';
import { page } from './shared.js';
import { defineHandlers } from './types.js';

export const ASSET_PAGE_SIZE = 50;

export interface AssetFilter {
  includeDisabled?: boolean;
  assignedToUserId?: number;
  assignedToCompanyId?: number;
  assignedToDepartmentId?: number;
  assignedToTalepId?: number;
  nameprefix?: string;
}

/** An asset's "name" for `nameprefix`: the model, the manufacturer, or "manufacturer model". */
function nameStartsWith(asset: AssetRow, prefix: string): boolean {
  const wanted = foldText(prefix.trim());
  return [asset.modelName, asset.manufacturer, `${asset.manufacturer} ${asset.modelName}`].some((name) => foldText(name).startsWith(wanted));
}

export function assetMatches(data: SandboxData, asset: AssetRow, filter: AssetFilter): boolean {
  if (asset.disabled && !filter.includeDisabled) return false;
  if (filter.assignedToUserId !== undefined && !asset.assignedUserIds.includes(filter.assignedToUserId)) return false;
  if (filter.assignedToCompanyId !== undefined && asset.companyId !== filter.assignedToCompanyId) return false;
  if (filter.assignedToDepartmentId !== undefined) {
    const inDepartment = asset.assignedUserIds.some((id) => data.users.some((user) => user.id === id && user.departmentId === filter.assignedToDepartmentId));
    if (!inDepartment) return false;
  }
  if (filter.assignedToTalepId !== undefined) {
    const talep = data.taleps.find((row) => row.id === filter.assignedToTalepId);
    if (!talep?.assetIds.includes(asset.id)) return false;
  }
  return filter.nameprefix === undefined || nameStartsWith(asset, filter.nameprefix);
}

/** Empty text clears an optional text field. */
const textOrNull = (value: string) => (value.trim() === '' ? null : value);

export const assetHandlers = defineHandlers({
  assets: ({ data, params }) =>
    page(data.assets.filter((asset) => assetMatches(data, asset, params)), params.page ?? 1, ASSET_PAGE_SIZE).map(assetListItem),

  getAsset: ({ data, params }) => assetRecord(data, requireAsset(data, params.id)),

  createAsset: ({ data, params, store }) => {
    const companyId = params.companyId === undefined ? null : requireCompany(data, params.companyId).id;
    const id = store.nextId('assets');
    data.assets.push({
      id,
      manufacturer: params.manufacturer,
      modelName: params.modelName,
      type: params.type,
      supplier: params.supplier,
      serialNumber: params.serialNumber === undefined ? null : textOrNull(params.serialNumber),
      location: params.location === undefined ? null : textOrNull(params.location),
      comments: params.comments === undefined ? null : textOrNull(params.comments),
      quantity: params.quantity ?? 1,
      companyId,
      disabled: false,
      assignedUserIds: [],
      customFields: {},
    });
    return { id };
  },

  updateAsset: ({ data, params }) => {
    const asset = requireAsset(data, params.id);
    if (params.companyId !== undefined) asset.companyId = requireCompany(data, params.companyId).id;
    if (params.modelName !== undefined) asset.modelName = params.modelName;
    if (params.manufacturer !== undefined) asset.manufacturer = params.manufacturer;
    if (params.type !== undefined) asset.type = params.type;
    if (params.supplier !== undefined) asset.supplier = textOrNull(params.supplier);
    if (params.serialNumber !== undefined) asset.serialNumber = textOrNull(params.serialNumber);
    if (params.location !== undefined) asset.location = textOrNull(params.location);
    if (params.comments !== undefined) asset.comments = textOrNull(params.comments);
    if (params.quantity !== undefined) asset.quantity = params.quantity;
    return assetUpdateResult(asset);
  },

  setCustomFieldForAsset: ({ data, params }) => {
    const asset = requireAsset(data, params.id);
    setFieldValue(asset.customFields, fieldFor(data, params.fieldId, FieldUsage.Asset), params.value);
  },

  assignAssetToUser: ({ data, params }) => {
    const asset = requireAsset(data, params.assetId);
    addUnique(asset.assignedUserIds, requireUser(data, params.userId).id);
  },

  unassignAssetFromUser: ({ data, params }) => {
    const asset = requireAsset(data, params.assetId);
    const user = requireUser(data, params.userId);
    if (!asset.assignedUserIds.includes(user.id)) throw badRequest(`Asset ${asset.id} is not assigned to user ${user.id}.`);
    removeValue(asset.assignedUserIds, user.id);
  },

  enableAsset: ({ data, params }) => {
    requireAsset(data, params.assetId).disabled = false;
  },

  disableAsset: ({ data, params }) => {
    requireAsset(data, params.assetId).disabled = true;
  },
});
