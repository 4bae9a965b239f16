/**
 * The card's "Custom fields" button: a form built from the asset field definitions
 * (GET /CustomFields type 2), each input by field type; Save sends SetCustomFieldForAsset once per
 * filled-in field. The spec has no way to read an asset's current values, so the form starts empty and
 * an empty input means "leave it as it is".
 */
import type { App, BlockAction, ButtonAction, ViewOutput, ViewStateValue } from '@slack/bolt';
import * as z from 'zod';
import type { CustomFieldDefinition } from '../api/schemas.js';
import { CustomFieldType, CustomFieldUsage } from '../api/schemas.js';
import { errorText } from '../views/errors.js';
import {
  ASSET_FORM_VALUE,
  type AssetField,
  assetFieldBlockId,
  assetFieldsModal,
  assetFieldsSavedText,
  AssetIds,
  assetLabel,
  resultView,
  workingView,
} from '../views/assets.js';
import { inModal, whoActs } from './assets-delivery.js';
import { decodeMetadata, encodeMetadata } from './metadata.js';
import type { Session } from './session.js';
import type { Services } from './services.js';

type StateValues = ViewOutput['state']['values'];

const TITLE = 'Asset custom fields';

const definitionOptions = z.array(z.looseObject({ OptionID: z.int(), Name: z.string() }));

/** Definitions → form fields; dropdown options are used when the help desk sends them (not promised). */
export function assetFields(definitions: readonly CustomFieldDefinition[]): AssetField[] {
  return definitions
    .filter((definition) => definition.UsageType === CustomFieldUsage.Assets)
    .map((definition) => {
      const options = definitionOptions.safeParse((definition as Record<string, unknown>).Options);
      return {
        id: definition.FieldID,
        name: definition.FieldName,
        type: definition.Type,
        mandatory: definition.Mandatory,
        ...(options.success ? { options: options.data.map((choice) => ({ id: choice.OptionID, name: choice.Name })) } : {}),
      };
    });
}

function submitted(state: ViewStateValue | undefined): string {
  if (!state) return '';
  if (state.type === 'static_select') return state.selected_option?.value ?? '';
  if (state.type === 'datepicker') return state.selected_date ?? '';
  return (state.value ?? '').trim();
}

export interface FieldChange {
  fieldId: number;
  name: string;
  value: string;
}

/** `[fieldId, type, name]` per field: enough to read a submission without asking the help desk. */
const fieldsMetadataSchema = z.object({
  id: z.int().min(1),
  /** "Asset #12 (Lenovo ThinkPad T14)": for the form's heading and the result text. */
  t: z.string().max(300),
  f: z.array(z.tuple([z.int(), z.int(), z.string().max(60)])),
});
export type FieldsMetadata = z.infer<typeof fieldsMetadataSchema>;

export function fieldsMetadata(assetId: number, label: string, fields: readonly AssetField[]): string {
  const entries = fields.slice(0, 95).map((field) => [field.id, field.type, field.name.slice(0, 60)] as const);
  try {
    return encodeMetadata({ id: assetId, t: label.slice(0, 300), f: entries });
  } catch {
    // Very many fields: the names are only for messages.
    return encodeMetadata({ id: assetId, t: label.slice(0, 60), f: entries.map(([id, type]) => [id, type, '']) });
  }
}

/** The filled-in fields, or inline errors keyed by block id. */
export function filledFields(metadata: FieldsMetadata, values: StateValues): { ok: true; changes: FieldChange[] } | { ok: false; errors: Record<string, string> } {
  const changes: FieldChange[] = [];
  const errors: Record<string, string> = {};
  for (const [fieldId, type, name] of metadata.f) {
    const blockId = assetFieldBlockId(fieldId);
    const state = values[blockId]?.[ASSET_FORM_VALUE];
    const value = submitted(state);
    if (!value) continue;
    if (type === CustomFieldType.SelectionCombo && state?.type === 'plain_text_input' && !/^\d{1,9}$/.test(value)) {
      errors[blockId] = "Type the option's id (a number); the help desk does not take option names.";
      continue;
    }
    changes.push({ fieldId, name: name || `Field #${fieldId}`, value });
  }
  const first = metadata.f[0];
  if (Object.keys(errors).length === 0 && changes.length === 0 && first) {
    errors[assetFieldBlockId(first[0])] = 'Fill in at least one field to save (empty fields are left as they are).';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, changes };
}

export function registerAssetFields(app: App, services: Services): void {
  app.action<BlockAction<ButtonAction>>(AssetIds.fields, async ({ ack, body, action, client }) => {
    await ack();
    const assetId = /^\d{1,9}$/.test(action.value ?? '') ? Number(action.value) : undefined;
    if (assetId === undefined) return;
    const opened = await client.views.open({ trigger_id: body.trigger_id, view: workingView(TITLE, ':hourglass_flowing_sand: Reading the custom fields…') });
    const viewId = opened.view?.id;
    if (!viewId) return;
    const render = { working: (text: string) => workingView(TITLE, text), problem: (text: string) => resultView(TITLE, `:warning: ${text}`) };
    await inModal(services, whoActs(body), client, viewId, render, async (session, update) => {
      const [asset, definitions] = await Promise.all([
        session.hd.getAsset({ id: assetId }),
        session.hd.customFields({ type: CustomFieldUsage.Assets }),
      ]);
      const fields = assetFields(definitions);
      const label = assetLabel(asset);
      await update(assetFieldsModal({ label, fields, metadata: fieldsMetadata(asset.ItemID, label, fields) }));
    }, { label: `Asset #${assetId}` });
  });

  app.view(AssetIds.fieldsCallback, async ({ ack, body, view, client }) => {
    const metadata = decodeMetadata(fieldsMetadataSchema, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: resultView(TITLE, ':warning: This form could not be read. Please open it again.') });
      return;
    }
    const filled = filledFields(metadata, view.state.values);
    if (!filled.ok) {
      await ack({ response_action: 'errors', errors: filled.errors });
      return;
    }
    await ack({ response_action: 'update', view: workingView(TITLE, ':hourglass_flowing_sand: Saving…') });
    const label = metadata.t;
    const kept = new Map(filled.changes.map((change) => [change.fieldId, change.value]));
    let acting: Session | undefined;
    /** The form again, with what the user typed, above a banner saying what went wrong. */
    const formAgain = async (problem: string) => {
      if (!acting) return resultView(TITLE, `:warning: ${problem}`);
      const fields = assetFields(await acting.hd.customFields({ type: CustomFieldUsage.Assets }));
      return assetFieldsModal({ label, fields, kept, metadata: view.private_metadata, problem });
    };
    const render = { working: (text: string) => workingView(TITLE, text), problem: formAgain };
    await inModal(services, whoActs(body), client, body.view.id, render, async (session, update) => {
      acting = session;
      const saved: string[] = [];
      for (const change of filled.changes) {
        try {
          await session.hd.setCustomFieldForAsset({ id: metadata.id, fieldId: change.fieldId, value: change.value });
        } catch (error) {
          if (saved.length === 0) throw error;
          // Some were saved: say which, and which one failed and why.
          services.logger.info(`asset ${metadata.id} custom field ${change.fieldId} not saved: ${String(error)}`);
          const why = errorText(error, { label: `Asset #${metadata.id}` }).replace(/^(:[\w+-]+:\s*)+/, '');
          await update(await formAgain(`Saved ${saved.join(', ')}, but not ${change.name}: ${why}`));
          return;
        }
        saved.push(change.name);
      }
      await update(resultView(TITLE, assetFieldsSavedText(label, saved)));
    }, { label: `Asset #${metadata.id}` });
  });
}
