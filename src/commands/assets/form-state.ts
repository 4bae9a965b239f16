/**
 * Reading the asset form back, and what to send: create parameters, or only the fields an edit changed.
 * Pure. A submission is untrusted input: Slack enforces `optional: false` and number bounds in the
 * client, but everything is checked again here.
 */
import * as z from 'zod';
import type { ParamsOf } from '../../api/client.js';
import { english, type Messages } from '../../i18n/messages.js';
import { fieldFingerprint, type FormReading, formErrors, formText, formValues, type StateValues } from '../../slack/forms.js';
import { surfaceRefSchema } from '../../slack/surface.js';
import type { AssetFormValues } from '../../views/assets/form.js';
import { AssetFormBlocks } from '../../views/assets/ids.js';

type FieldName = keyof AssetFormValues;
const fieldNames = Object.keys(AssetFormBlocks) as FieldName[];

const TEXT_MAX = 200;
const COMMENTS_MAX = 3000;

/** The form's values, or inline errors keyed by block id. */
export function readAssetForm(values: StateValues, mode: 'new' | 'edit', m: Messages = english): FormReading<AssetFormValues> {
  const text = (field: FieldName) => formText(values, AssetFormBlocks[field]) ?? '';
  const errors: Record<string, string> = {};
  const required = mode === 'new' ? (['modelName', 'manufacturer', 'type', 'supplier'] as const) : (['modelName', 'manufacturer', 'type'] as const);
  for (const field of required) if (!text(field)) errors[AssetFormBlocks[field]] = m.t('assets.requiredError', { field });
  for (const field of ['modelName', 'manufacturer', 'type', 'supplier', 'serialNumber', 'location'] as const) {
    if (text(field).length > TEXT_MAX) errors[AssetFormBlocks[field]] = m.t('assets.tooLongError', { max: m.number(TEXT_MAX) });
  }
  if (text('comments').length > COMMENTS_MAX) errors[AssetFormBlocks.comments] = m.t('assets.tooLongError', { max: m.number(COMMENTS_MAX) });
  const quantity = text('quantity');
  if (quantity && !/^\d{1,9}$/.test(quantity)) errors[AssetFormBlocks.quantity] = m.t('assets.quantityError');
  const company = text('companyId');
  if (company && !/^[1-9]\d{0,8}$/.test(company)) errors[AssetFormBlocks.companyId] = m.t('assets.companyIdError');
  if (Object.keys(errors).length > 0) return formErrors(errors);
  return formValues({
    modelName: text('modelName'),
    manufacturer: text('manufacturer'),
    type: text('type'),
    supplier: text('supplier'),
    serialNumber: text('serialNumber'),
    location: text('location'),
    comments: text('comments'),
    quantity: quantity ? Number(quantity) : undefined,
    companyId: company ? Number(company) : undefined,
  });
}

/** A field's value as the form shows it: the basis of "did the user change it". */
const shownText = (values: AssetFormValues, field: FieldName): string => {
  const value = values[field];
  return value === undefined ? '' : String(value);
};

/** Short, stable fingerprint per field: the edit form remembers what it started with, within Slack's 3000-character metadata. */
export function fingerprints(values: AssetFormValues): Record<FieldName, string> {
  return Object.fromEntries(fieldNames.map((field) => [field, fieldFingerprint(shownText(values, field))])) as Record<FieldName, string>;
}

export type AssetCreate = ParamsOf<'createAsset'>;
export type AssetUpdate = Omit<ParamsOf<'updateAsset'>, 'id'>;

/** Create parameters: empty optional fields are left out (quantity defaults to 1 in the help desk). */
export function createParams(values: AssetFormValues): AssetCreate {
  return {
    modelName: values.modelName,
    manufacturer: values.manufacturer,
    type: values.type,
    supplier: values.supplier,
    ...(values.serialNumber ? { serialNumber: values.serialNumber } : {}),
    ...(values.location ? { location: values.location } : {}),
    ...(values.comments ? { comments: values.comments } : {}),
    ...(values.quantity !== undefined ? { quantity: values.quantity } : {}),
    ...(values.companyId !== undefined ? { companyId: values.companyId } : {}),
  };
}

/**
 * Only what the user changed. An emptied text field is sent as '' (the help desk clears it); an emptied
 * quantity or company is not sent, because the API has no way to clear them.
 */
export function changedParams(original: Record<FieldName, string>, values: AssetFormValues): AssetUpdate {
  const now = fingerprints(values);
  const changed = (field: FieldName) => now[field] !== original[field];
  const update: AssetUpdate = {};
  for (const field of ['modelName', 'manufacturer', 'type', 'supplier', 'serialNumber', 'location', 'comments'] as const) {
    if (changed(field)) update[field] = values[field];
  }
  if (changed('quantity') && values.quantity !== undefined) update.quantity = values.quantity;
  if (changed('companyId') && values.companyId !== undefined) update.companyId = values.companyId;
  return update;
}

const fingerprintSchema = z.object(Object.fromEntries(fieldNames.map((field) => [field, z.string().max(20)])) as Record<FieldName, z.ZodString>);

export const formMetadataSchema = z.object({
  m: z.enum(['new', 'edit']),
  id: z.int().min(1).optional(),
  /** How the company is chosen: from the admin-only list, or by id. */
  c: z.enum(['select', 'id']),
  /** Fingerprints of the values the edit form started with. */
  o: fingerprintSchema.optional(),
  /** Where the card goes once the form is saved. */
  to: surfaceRefSchema,
});
export type FormMetadata = z.infer<typeof formMetadataSchema>;

export type FormTarget = { mode: 'new' } | { mode: 'edit'; assetId: number };

export const formTitle = (target: FormTarget, m: Messages = english): string =>
  target.mode === 'new' ? m.t('assets.newTitle') : m.t('assets.editTitle', { id: String(target.assetId) });
