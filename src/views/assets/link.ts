/**
 * Assets and taleps: the search-as-you-type asset picker, the "link to a talep" modal, the message after
 * a link or unlink, and the talep card's Remove button. Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { AssetListItem } from '../../api/schemas.js';
import {
  actions,
  type Block,
  type Button,
  button,
  confirm,
  type ModalView,
  modal,
  option,
  plain,
  type PlainTextOption,
  section,
  type SlackMessage,
} from '../kit/blocks.js';
import { FORM_VALUE, inputBlock } from '../kit/inputs.js';
import { SharedActions } from '../kit/shared-actions.js';
import { problemBlock } from '../kit/states.js';
import { ASSET_PICKER_ACTION, ASSET_PREFIX_MIN, ASSET_UNLINK_ACTION, AssetIds, AssetLinkBlocks, assetTalepValue, MAX_SELECT_OPTIONS } from './ids.js';
import { assetTitle } from './names.js';

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
    action_id: FORM_VALUE,
    is_decimal_allowed: false,
    min_value: '1',
    placeholder: plain('e.g. 42'),
    ...(input.talepId !== undefined ? { initial_value: String(input.talepId) } : {}),
  };
  const blocks: Block[] = [];
  if (input.problem) blocks.push(problemBlock(input.problem));
  blocks.push(
    inputBlock(AssetLinkBlocks.asset, 'Asset', assetPickerElement(input.asset), { optional: false }),
    inputBlock(AssetLinkBlocks.talep, 'Talep id', talep, { optional: false, hint: 'The talep gets the asset as a related asset.' }),
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
