/**
 * The card's "Custom fields" button: the shared custom-fields form (../custom-fields/public.ts) for an
 * asset, built from the asset field definitions (GET /CustomFields type 2); Save sends
 * SetCustomFieldForAsset once per filled-in field. The spec has no way to read an asset's current
 * values, so the form starts empty and an empty input means "leave it as it is".
 */
import { type CustomFieldDefinition, CustomFieldUsage } from '../../api/schemas.js';
import { assetFieldsHeading, assetFieldsSavedText } from '../../views/assets/fields.js';
import { AssetIds } from '../../views/assets/ids.js';
import { type FieldsTarget, recordFields, saveEachField } from '../custom-fields/public.js';
import { assetSubject } from './cards.js';

/** Definitions → form fields with unknown values; dropdown options are used when the help desk sends them (not promised). */
export function assetFields(definitions: readonly CustomFieldDefinition[]): ReturnType<typeof recordFields> {
  const forAssets = definitions.filter((definition) => definition.UsageType === CustomFieldUsage.Assets);
  return recordFields(forAssets, []).map((field) => ({ ...field, valueUnknown: true }));
}

export const assetFieldsTarget: FieldsTarget = {
  callbackId: AssetIds.fieldsCallback,
  title: (m) => m.t('customFields.assetTitle'),
  load: async (hd) => assetFields(await hd.customFields({ type: CustomFieldUsage.Assets })),
  save: saveEachField((hd, id, fieldId, value) => hd.setCustomFieldForAsset({ id, fieldId, value })),
  errorSubject: assetSubject,
  valuesUnknown: { note: (m) => m.t('customFields.assetValuesUnknownNote') },
  // The subject is the plain `assetLabel`.
  heading: assetFieldsHeading,
  savedText: assetFieldsSavedText,
};
