/**
 * The asset form: new (`/talep asset new`) and edit (the card's Edit button), prefilled from the asset.
 * Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { Asset } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, type ModalView, modal, option, plain } from '../kit/blocks.js';
import { FORM_VALUE, inputBlock, type InputOptions, textInput } from '../kit/inputs.js';
import { problemBlock } from '../kit/states.js';
import { AssetFormBlocks, AssetIds, MAX_SELECT_OPTIONS } from './ids.js';
import { companyIdOf } from './names.js';

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

export interface AssetFormInput {
  mode: 'new' | 'edit';
  /** For edit. */
  assetId?: number;
  values: AssetFormValues;
  company: CompanyChoice;
  metadata: string;
  problem?: string;
}

/** An asset field is required unless said otherwise; texts are capped (200 characters, 3000 multiline). */
function assetText(
  blockId: string,
  label: string,
  value: string,
  options: InputOptions & { multiline?: boolean; maxLength?: number } = {},
): types.InputBlock {
  return textInput(blockId, label, value, { optional: false, maxLength: options.multiline ? 3000 : 200, ...options });
}

function numberInput(blockId: string, label: string, value: number | undefined, min: number, options: InputOptions = {}): types.InputBlock {
  const element: types.NumberInput = {
    type: 'number_input',
    action_id: FORM_VALUE,
    is_decimal_allowed: false,
    min_value: String(min),
    ...(value !== undefined ? { initial_value: String(value) } : {}),
    ...(options.placeholder ? { placeholder: plain(options.placeholder, 150) } : {}),
  };
  return inputBlock(blockId, label, element, { optional: false, ...options });
}

function companyInput(choice: CompanyChoice, companyId: number | undefined, m: Messages): types.InputBlock {
  const keepHint = m.t('assets.companyKeepHint');
  if (choice.kind === 'select' && choice.companies.length > 0 && choice.companies.length <= MAX_SELECT_OPTIONS) {
    const toOption = (company: { id: number; name: string }) => option(company.name, String(company.id));
    const current = choice.companies.find((company) => company.id === companyId);
    const element: types.StaticSelect = {
      type: 'static_select',
      action_id: FORM_VALUE,
      placeholder: plain(m.t('assets.companyPlaceholder')),
      options: choice.companies.map(toOption),
      ...(current ? { initial_option: toOption(current) } : {}),
    };
    return inputBlock(AssetFormBlocks.companyId, m.t('assets.companyField'), element, { optional: true, hint: keepHint });
  }
  return numberInput(AssetFormBlocks.companyId, m.t('assets.companyIdField'), companyId, 1, {
    optional: true,
    placeholder: m.t('assets.companyIdPlaceholder'),
    hint: `${m.t('assets.companyIdHint')} ${keepHint}`,
  });
}

export function assetFormModal(input: AssetFormInput, m: Messages = english): ModalView {
  const { values } = input;
  const editing = input.mode === 'edit';
  const blocks: Block[] = [];
  if (editing && input.assetId !== undefined) blocks.push(context(m.t('assets.editingNote', { id: String(input.assetId) })));
  if (input.problem) blocks.push(problemBlock(input.problem));
  blocks.push(
    assetText(AssetFormBlocks.modelName, m.t('assets.modelField'), values.modelName, { placeholder: m.t('assets.modelPlaceholder') }),
    assetText(AssetFormBlocks.manufacturer, m.t('assets.manufacturerField'), values.manufacturer, { placeholder: m.t('assets.manufacturerPlaceholder') }),
    assetText(AssetFormBlocks.type, m.t('assets.typeField'), values.type, { placeholder: m.t('assets.typePlaceholder') }),
    // The API requires a supplier on create only; an existing asset may have none.
    assetText(AssetFormBlocks.supplier, m.t('assets.supplierField'), values.supplier, { optional: editing }),
    assetText(AssetFormBlocks.serialNumber, m.t('assets.serialField'), values.serialNumber, { optional: true }),
    assetText(AssetFormBlocks.location, m.t('assets.locationField'), values.location, { optional: true, placeholder: m.t('assets.locationPlaceholder') }),
    assetText(AssetFormBlocks.comments, m.t('assets.commentsField'), values.comments, { optional: true, multiline: true }),
    numberInput(AssetFormBlocks.quantity, m.t('assets.quantityField'), values.quantity, 0, {
      optional: true,
      ...(editing ? {} : { hint: m.t('assets.quantityHint') }),
    }),
    companyInput(input.company, values.companyId, m),
  );
  return modal({
    callback_id: AssetIds.formCallback,
    title: editing ? m.t('assets.editTitle', { id: String(input.assetId ?? '') }) : m.t('assets.newTitle'),
    submit: editing ? m.t('assets.saveSubmit') : m.t('assets.createSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: input.metadata,
    blocks,
  });
}
