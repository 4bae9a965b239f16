/** How an asset is named and described in every asset view. Pure, no markup unless said. */
import type { Asset, AssetListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText } from '../kit/blocks.js';

type AssetName = Pick<AssetListItem, 'ItemID' | 'ModelName' | 'Manufacturer'>;

/** "Lenovo ThinkPad T14" (no markup). */
export const assetTitle = (asset: Pick<AssetListItem, 'ModelName' | 'Manufacturer'>): string =>
  `${asset.Manufacturer} ${asset.ModelName}`.trim();

/** "Asset #12 (Lenovo ThinkPad T14)" (no markup). */
export const assetLabel = (asset: AssetName, m: Messages = english): string =>
  m.t('assets.label', { id: String(asset.ItemID), title: assetTitle(asset) });

/** A value as mrkdwn, or a dash when there is none. */
export const orDash = (text: string | null | undefined): string => (text?.trim() ? escapeText(text) : '—');

export const retiredMark = (m: Messages = english): string => m.t('assets.retiredMark');

/** The company of a single asset: the spec says "null or value", so a record, a name or an id. */
export function companyName(company: Asset['Company'], m: Messages = english): string | undefined {
  if (company === null) return undefined;
  if (typeof company === 'object') return company.Name;
  return typeof company === 'number' ? m.t('assets.companyNumber', { id: String(company) }) : company;
}

export function companyIdOf(company: Asset['Company']): number | undefined {
  if (company === null) return undefined;
  if (typeof company === 'object') return company.CompanyID;
  return typeof company === 'number' ? company : undefined;
}
