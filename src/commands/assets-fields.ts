/**
 * The card's "Custom fields" button: the shared custom-fields form (./custom-fields-form.ts) for an
 * asset, built from the asset field definitions (GET /CustomFields type 2); Save sends
 * SetCustomFieldForAsset once per filled-in field. The spec has no way to read an asset's current
 * values, so the form starts empty and an empty input means "leave it as it is".
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { type CustomFieldDefinition, CustomFieldUsage } from '../api/schemas.js';
import { ASSET_FIELDS_NOTE, assetFieldsHeading, assetFieldsSavedText, AssetIds, assetLabel } from '../views/assets.js';
import type { RecordField } from '../views/custom-fields/form.js';
import { assetSubject } from './assets-cards.js';
import { type FieldsTarget, openFieldsModal, recordFields, fieldsSubmission, saveEachField } from './custom-fields/public.js';
import type { Services } from '../slack/services.js';
import { whoActs } from './session.js';
import { legacyInteraction } from './session.js';
import type { Listener } from '../slack/listeners.js';

/** Definitions → form fields with unknown values; dropdown options are used when the help desk sends them (not promised). */
export function assetFields(definitions: readonly CustomFieldDefinition[]): RecordField[] {
  const forAssets = definitions.filter((definition) => definition.UsageType === CustomFieldUsage.Assets);
  return recordFields(forAssets, []).map((field) => ({ ...field, valueUnknown: true }));
}

export const assetFieldsTarget: FieldsTarget = {
  callbackId: AssetIds.fieldsCallback,
  title: 'Asset custom fields',
  load: async (hd) => assetFields(await hd.customFields({ type: CustomFieldUsage.Assets })),
  save: saveEachField((hd, id, fieldId, value) => hd.setCustomFieldForAsset({ id, fieldId, value })),
  errorSubject: assetSubject,
  valuesUnknown: { note: ASSET_FIELDS_NOTE },
  // The subject is the plain `assetLabel`.
  heading: assetFieldsHeading,
  savedText: assetFieldsSavedText,
};

export function registerAssetFields(app: App, services: Services, listen: (listener: Listener) => void): void {
  app.action<BlockAction<ButtonAction>>(AssetIds.fields, async ({ ack, body, action, client }) => {
    await ack();
    const assetId = /^\d{1,9}$/.test(action.value ?? '') ? Number(action.value) : undefined;
    if (assetId === undefined) return;
    await openFieldsModal(legacyInteraction(services, whoActs(body), client), body.trigger_id, assetFieldsTarget, async (session) => {
      const asset = await session.hd.getAsset({ id: assetId });
      return { recordId: asset.ItemID, subject: assetLabel(asset) };
    }, assetSubject(assetId));
  });

  listen(fieldsSubmission(assetFieldsTarget));
}
