/**
 * The custom-fields form's state, pure: a record's fields joined from definitions and values, the
 * fingerprints the form carries in its private_metadata, and which fields a submission changed.
 *
 * Untouched fields are told apart without a help-desk call: the form's private_metadata carries a short
 * fingerprint of each field's initial value.
 */
import * as z from 'zod';
import { type CustomFieldDefinition, type CustomFieldValue, CustomFieldType } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { fieldFingerprint, readElement, type StateValues } from '../../slack/forms.js';
import { encodeMetadata } from '../../slack/metadata.js';
import { customFieldsModal, fieldBlockId, initialFieldValue, type RecordField } from '../../views/custom-fields/form.js';
import type { ModalView } from '../../views/kit/blocks.js';
import { FORM_VALUE } from '../../views/kit/inputs.js';
import { type FieldsTarget, noteOf, titleOf } from './target.js';

const definitionOptions = z.array(z.looseObject({ OptionID: z.int(), Name: z.string() }));

/** Definitions (GET /CustomFields) joined with the record's values; dropdown options when sent. */
export function recordFields(definitions: readonly CustomFieldDefinition[], values: readonly CustomFieldValue[]): RecordField[] {
  const valueOf = new Map(values.map((value) => [value.FieldID, value.Value]));
  const fromDefinitions = definitions.map((definition): RecordField => {
    const options = definitionOptions.safeParse((definition as Record<string, unknown>).Options);
    return {
      id: definition.FieldID,
      name: definition.FieldName,
      type: definition.Type,
      mandatory: definition.Mandatory,
      ...(options.success ? { options: options.data.map((choice) => ({ id: choice.OptionID, name: choice.Name })) } : {}),
      current: valueOf.get(definition.FieldID) ?? null,
    };
  });
  const defined = new Set(definitions.map((definition) => definition.FieldID));
  // A value whose definition did not come back is still shown (and editable as text).
  const extra = values
    .filter((value) => !defined.has(value.FieldID))
    .map((value): RecordField => ({ id: value.FieldID, name: value.FieldName, type: value.Type, mandatory: false, current: value.Value }));
  return [...fromDefinitions, ...extra];
}

/** `[fieldId, type, fingerprint, name?]` per field: enough to read and compare a submission without a help-desk call. */
const formFields = z.array(z.tuple([z.int(), z.int(), z.string(), z.string().optional()]));
export const fieldsMetadata = z.object({ id: z.int(), subject: z.string(), f: formFields });
export type FieldsMetadata = z.infer<typeof fieldsMetadata>;

export function fieldsFormMetadata(recordId: number, subject: string, fields: readonly RecordField[]): string {
  const entry = (field: RecordField, withName: boolean) =>
    [field.id, field.type, fieldFingerprint(initialFieldValue(field)), ...(withName ? [field.name.slice(0, 40)] : [])] as const;
  try {
    return encodeMetadata({ id: recordId, subject, f: fields.map((field) => entry(field, true)) });
  } catch {
    // Many fields: names are only for the result message, so they go first.
    return encodeMetadata({ id: recordId, subject: subject.slice(0, 200), f: fields.map((field) => entry(field, false)) });
  }
}

export interface FieldChange {
  fieldId: number;
  name: string;
  value: string;
}

/**
 * The fields the user changed, or inline errors keyed by block id. `fillOne`: a form whose values are
 * unknown (every field starts empty) must have at least one field filled in.
 */
export function changedFields(
  metadata: FieldsMetadata,
  values: StateValues,
  options: { fillOne?: boolean } = {},
  m: Messages = english,
): { changes: FieldChange[] } | { errors: Record<string, string> } {
  const changes: FieldChange[] = [];
  const errors: Record<string, string> = {};
  for (const [fieldId, type, fingerprint, name] of metadata.f) {
    const blockId = fieldBlockId(fieldId);
    const state = values[blockId]?.[FORM_VALUE];
    const value = readElement(state);
    if (value === undefined || fieldFingerprint(value) === fingerprint) continue;
    if (type === CustomFieldType.SelectionCombo && state?.type === 'plain_text_input' && value !== '' && !/^\d{1,9}$/.test(value)) {
      errors[blockId] = m.t('customFields.optionIdNeeded');
      continue;
    }
    changes.push({ fieldId, name: name ?? m.t('customFields.fieldNumber', { id: fieldId }), value });
  }
  const first = metadata.f[0];
  if (options.fillOne && Object.keys(errors).length === 0 && changes.length === 0 && first) {
    errors[fieldBlockId(first[0])] = m.t('customFields.fillOne');
  }
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}

export interface FieldsFormState {
  /** What the user typed (form format), shown again after a failure. */
  kept?: ReadonlyMap<number, string>;
  problem?: string;
}

/** The form for a record's fields as `load` gave them; `kept` overrides values with what the user typed. */
export function fieldsFormView(
  target: FieldsTarget,
  recordId: number,
  subject: string,
  actual: readonly RecordField[],
  state: FieldsFormState = {},
  m: Messages = english,
): ModalView {
  // Fingerprints come from the help desk's values, so a kept-but-unsaved value still counts as a change.
  const metadata = fieldsFormMetadata(recordId, subject, actual);
  const shown = actual.map((field) => {
    const kept = state.kept?.get(field.id);
    // A dropdown typed as an id box starts empty when "Now: …" shows the help desk's value.
    const idBox = field.type === CustomFieldType.SelectionCombo && !field.options?.length && !field.valueUnknown;
    if (kept === undefined || idBox) return field;
    // A kept dropdown id shows as that option; a kept checkbox/date is already in the form's own format.
    return { ...field, current: kept };
  });
  const note = noteOf(target, m);
  return customFieldsModal(
    {
      callbackId: target.callbackId,
      title: titleOf(target, m),
      subject: target.heading?.(subject, m) ?? subject,
      fields: shown,
      metadata,
      ...(state.problem ? { problem: state.problem } : {}),
      ...(note !== undefined ? { note } : {}),
    },
    m,
  );
}
