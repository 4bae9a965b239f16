/**
 * Assets and taleps: the search-as-you-type asset picker, the "link to a talep" modal, the message after
 * a link or unlink, and the talep card's Remove button. Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { AssetListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
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
export function assetOption(
  asset: Pick<AssetListItem, 'ItemID' | 'ModelName' | 'Manufacturer' | 'SerialNumber' | 'Disabled'>,
  m: Messages = english,
): PlainTextOption {
  const serial = asset.SerialNumber?.trim() ? ` · ${asset.SerialNumber}` : '';
  const text = m.t('assets.pickerOption', { id: String(asset.ItemID), title: assetTitle(asset), serial, retired: asset.Disabled ? 'yes' : 'no' });
  return option(text, String(asset.ItemID));
}

export function assetPickerOptions(items: readonly AssetListItem[], m: Messages = english): PlainTextOption[] {
  return items.slice(0, MAX_SELECT_OPTIONS).map((item) => assetOption(item, m));
}

/** The search-as-you-type asset select; min_query_length matches the API's 3-character prefix rule. */
export function assetPickerElement(initial?: PlainTextOption, m: Messages = english): types.ExternalSelect {
  return {
    type: 'external_select',
    action_id: ASSET_PICKER_ACTION,
    placeholder: plain(m.t('assets.pickerPlaceholder')),
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

export function assetLinkModal(input: AssetLinkInput, m: Messages = english): ModalView {
  const talep: types.NumberInput = {
    type: 'number_input',
    action_id: FORM_VALUE,
    is_decimal_allowed: false,
    min_value: '1',
    placeholder: plain(m.t('assets.talepIdPlaceholder')),
    ...(input.talepId !== undefined ? { initial_value: String(input.talepId) } : {}),
  };
  const blocks: Block[] = [];
  if (input.problem) blocks.push(problemBlock(input.problem));
  blocks.push(
    inputBlock(AssetLinkBlocks.asset, m.t('assets.assetField'), assetPickerElement(input.asset, m), { optional: false }),
    inputBlock(AssetLinkBlocks.talep, m.t('assets.talepIdField'), talep, { optional: false, hint: m.t('assets.linkHint') }),
  );
  return modal({
    callback_id: AssetIds.linkCallback,
    title: m.t('assets.linkTitle'),
    submit: m.t('assets.linkSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: input.metadata,
    blocks,
  });
}

/** After `asset link|unlink`: what changed, with buttons to look at either side. */
export function assetRelatedMessage(assetId: number, talepId: number, linked: boolean, m: Messages = english): SlackMessage {
  const ids = { assetId: String(assetId), talepId: String(talepId) };
  const text = linked ? m.t('assets.linked', ids) : m.t('assets.unlinked', ids);
  return {
    text,
    blocks: [
      section(text),
      actions('asset_related', [
        button(m.t('assets.showAssetButton', { id: String(assetId) }), AssetIds.show, String(assetId)),
        button(m.t('assets.showTalepButton', { id: String(talepId) }), SharedActions.showTalep, String(talepId)),
      ]),
    ],
  };
}

/** Unlink button for a talep card's list of related assets. */
export const assetUnlinkButton = (assetId: number, talepId: number, m: Messages = english): Button =>
  button(m.t('assets.removeButton'), ASSET_UNLINK_ACTION, assetTalepValue(assetId, talepId), undefined, {
    confirm: confirm(
      m.t('assets.removeQuestion'),
      m.t('assets.removeText', { assetId: String(assetId), talepId: String(talepId) }),
      m.t('assets.removeConfirm'),
      'danger',
      m.t('kit.cancel'),
    ),
  });
