/**
 * The custom-fields form of a record (a user, a company, a talep, an asset): opens at once with a
 * loading state, fills in with the record's fields rendered by type and their current values, and on
 * submission sends only the fields the user changed. An asset's values cannot be read (the spec has no
 * such operation): its form starts empty and sends what was filled in (`FieldsTarget.valuesUnknown`).
 * Also the small form readers every modal module uses (`readFormValue`, `formText`).
 *
 * Untouched fields are told apart without a help-desk call: the form's private_metadata carries a short
 * fingerprint of each field's initial value.
 */
import { createHash } from 'node:crypto';
import type { App, ViewOutput, ViewStateValue, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { HelpdeskClient } from '../api/client.js';
import { type CustomFieldDefinition, type CustomFieldValue, CustomFieldType } from '../api/schemas.js';
import type { ModalView } from '../views/kit/blocks.js';
import { customFieldsModal, customFieldsSavedMessage, fieldBlockId, initialFieldValue, type RecordField } from '../views/custom-fields-form.js';
import { escapeKeepingMentions, resultView, workingView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import type { ErrorSubject } from '../slack/failures.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import { type ModalRender, openLoadingModal, withModalSession } from './modal-session.js';
import type { Services } from '../slack/services.js';
import { type Session, type Who, whoActs } from './session.js';

// ── Pure parts ──────────────────────────────────────────────────────────────────────────────────

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

/** Short, stable fingerprint of a form value: lets the submission tell touched fields from untouched ones. */
export function fieldFingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 10);
}

/** What a form element submitted, in the help desk's wire form; undefined when the block is absent. */
export function readFormValue(state: ViewStateValue | undefined): string | undefined {
  if (!state) return undefined;
  switch (state.type) {
    case 'checkboxes':
      return (state.selected_options ?? []).length > 0 ? 'true' : 'false';
    case 'datepicker':
      return state.selected_date ?? '';
    case 'static_select':
      return state.selected_option?.value ?? '';
    default:
      return (state.value ?? '').trim();
  }
}

export type StateValues = ViewOutput['state']['values'];

export function formText(values: StateValues, blockId: string): string | undefined {
  return readFormValue(values[blockId]?.[FORM_VALUE]) || undefined;
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
): { changes: FieldChange[] } | { errors: Record<string, string> } {
  const changes: FieldChange[] = [];
  const errors: Record<string, string> = {};
  for (const [fieldId, type, fingerprint, name] of metadata.f) {
    const blockId = fieldBlockId(fieldId);
    const state = values[blockId]?.[FORM_VALUE];
    const value = readFormValue(state);
    if (value === undefined || fieldFingerprint(value) === fingerprint) continue;
    if (type === CustomFieldType.SelectionCombo && state?.type === 'plain_text_input' && value !== '' && !/^\d{1,9}$/.test(value)) {
      errors[blockId] = 'Type the option’s id (a number); the help desk does not take option names.';
      continue;
    }
    changes.push({ fieldId, name: name ?? `Field #${fieldId}`, value });
  }
  const first = metadata.f[0];
  if (options.fillOne && Object.keys(errors).length === 0 && changes.length === 0 && first) {
    errors[fieldBlockId(first[0])] = 'Fill in at least one field to save (empty fields are left as they are).';
  }
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}

// ── The form of one record ──────────────────────────────────────────────────────────────────────

/** One kind of record with custom fields (users, companies, taleps, assets): how to read and save its fields. */
export interface FieldsTarget {
  callbackId: string;
  title: string;
  /** The record's fields with their current values. */
  load(hd: HelpdeskClient, recordId: number): Promise<RecordField[]>;
  /**
   * Stores the changes; `stored(change)` is called for each change once the help desk has it, so a
   * failure part-way can say what was saved before it.
   */
  save(hd: HelpdeskClient, recordId: number, changes: readonly FieldChange[], stored: (change: FieldChange) => void): Promise<void>;
  /** What a "not found" is about (e.g. the talep), for the error sentence. */
  errorSubject?(recordId: number): ErrorSubject;
  /**
   * Set when the help desk cannot report this kind's current values (assets): `load` gives fields
   * marked `valueUnknown`, `note` says so under the form, and a submission must fill in at least one field.
   */
  valuesUnknown?: { note: string };
  /** The form's heading for the subject `locate` gave (default: the subject itself, as mrkdwn). */
  heading?(subject: string): string;
  /** The sentence after a save (default: `customFieldsSavedMessage`). */
  savedText?(subject: string, saved: readonly string[]): string;
}

/** A `FieldsTarget.save` that sends one call per changed field (SetCustomFieldFor…). */
export function saveEachField(
  write: (hd: HelpdeskClient, recordId: number, fieldId: number, value: string) => Promise<void>,
): FieldsTarget['save'] {
  return async (hd, recordId, changes, stored) => {
    for (const change of changes) {
      await write(hd, recordId, change.fieldId, change.value);
      stored(change);
    }
  };
}

/**
 * Users and companies: definitions from GET /CustomFields (`usage` 3 users, 4 companies), values from
 * the record's own read, and one SetCustomFieldFor… call per changed field.
 */
export function perFieldTarget(spec: {
  usage: number;
  callbackId: string;
  title: string;
  read(hd: HelpdeskClient, recordId: number): Promise<CustomFieldValue[]>;
  write(hd: HelpdeskClient, recordId: number, fieldId: number, value: string): Promise<void>;
}): FieldsTarget {
  return {
    callbackId: spec.callbackId,
    title: spec.title,
    load: async (hd, recordId) => {
      const [definitions, values] = await Promise.all([hd.customFields({ type: spec.usage }), spec.read(hd, recordId)]);
      return recordFields(definitions, values);
    },
    save: saveEachField(spec.write),
  };
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
  return customFieldsModal({
    callbackId: target.callbackId,
    title: target.title,
    subject: target.heading?.(subject) ?? subject,
    fields: shown,
    metadata,
    ...(state.problem ? { problem: state.problem } : {}),
    ...(target.valuesUnknown ? { note: target.valuesUnknown.note } : {}),
  });
}

/** Reads the fields as the acting user and renders the form. */
async function fieldsForm(session: Session, target: FieldsTarget, recordId: number, subject: string, state: FieldsFormState = {}) {
  return fieldsFormView(target, recordId, subject, await target.load(session.hd, recordId), state);
}

/** Opens the form at once (loading), then fills it: `locate` finds the record as the acting user. */
export async function openFieldsModal(
  services: Services,
  who: Who,
  client: webApi.WebClient,
  triggerId: string,
  target: FieldsTarget,
  locate: (session: Session) => Promise<{ recordId: number; subject: string }>,
  subject: ErrorSubject = {},
): Promise<void> {
  const opening = { triggerId, title: target.title, loading: 'Reading the custom fields…' };
  await openLoadingModal(services, who, client, opening, async (session, update) => {
    const { recordId, subject: label } = await locate(session);
    await update(await fieldsForm(session, target, recordId, label));
  }, subject);
}

/** The form's submission: only touched fields are sent (how: `target.save`). */
export function registerFieldsSubmission(app: App, services: Services, target: FieldsTarget): void {
  app.view(target.callbackId, async ({ ack, body, view, client }) => {
    if (body.type !== 'view_submission') return;
    const metadata = decodeMetadata(fieldsMetadata, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: resultView(target.title, ':warning: This form is out of date. Open it again.') });
      return;
    }
    const result = changedFields(metadata, view.state.values, { fillOne: target.valuesUnknown !== undefined });
    if ('errors' in result) {
      await ack({ response_action: 'errors', errors: result.errors });
      return;
    }
    if (result.changes.length === 0) {
      await ack({ response_action: 'update', view: resultView(target.title, customFieldsSavedMessage(metadata.subject, []).text) });
      return;
    }
    await ack({ response_action: 'update', view: workingView(target.title, 'Saving…') });

    const who = whoActs(body);
    const saved: string[] = [];
    const unsaved = new Map(result.changes.map((change) => [change.fieldId, change.value]));
    let session: Session | undefined;
    const render: ModalRender = {
      working: (text) => workingView(target.title, text),
      // A refused field: the form again, with what was typed kept and what was saved said.
      problem: async (text) => {
        const refused = result.changes.find((change) => unsaved.has(change.fieldId));
        const done = saved.join(', ');
        const problem =
          saved.length === 0 ? text : refused ? `Saved ${done}, but not ${refused.name}: ${text}` : `${text} Saved before that: ${done}.`;
        if (!session) return resultView(target.title, `:warning: ${escapeKeepingMentions(problem)}`);
        try {
          return await fieldsForm(session, target, metadata.id, metadata.subject, { kept: unsaved, problem });
        } catch {
          return resultView(target.title, `:warning: ${escapeKeepingMentions(problem)}`);
        }
      },
    };
    await withModalSession(services, who, client, view.id, render, async (current, update) => {
      session = current;
      await target.save(current.hd, metadata.id, result.changes, (change) => {
        saved.push(change.name);
        unsaved.delete(change.fieldId);
      });
      const text = target.savedText?.(metadata.subject, saved) ?? customFieldsSavedMessage(metadata.subject, saved).text;
      await update(resultView(target.title, text));
    }, target.errorSubject?.(metadata.id));
  });
}
