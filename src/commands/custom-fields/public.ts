/**
 * The custom-fields form of a record (a user, a company, a talep, an asset), for the areas that have
 * such records: it opens at once with a loading state, fills in with the record's fields rendered by
 * type and their current values, and on submission sends only the fields the person changed. An
 * asset's values cannot be read (the spec has no such operation): its form starts empty and sends what
 * was filled in (`FieldsTarget.valuesUnknown`).
 */
import type { HelpdeskClient } from '../../api/client.js';
import type { CustomFieldValue } from '../../api/schemas.js';
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import type { ModalRender } from '../../slack/surface.js';
import { customFieldsSavedMessage, type RecordField } from '../../views/custom-fields/form.js';
import { escapeKeepingMentions, resultView, workingView } from '../../views/kit/states.js';
import { changedFields, type FieldChange, fieldsFormView, type FieldsFormState, fieldsMetadata, recordFields } from './form-state.js';

export { recordFields, type FieldChange } from './form-state.js';
export type { RecordField } from '../../views/custom-fields/form.js';

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

/** Reads the fields as the acting person and renders the form. */
async function fieldsForm(actor: Actor, target: FieldsTarget, recordId: number, subject: string, state: FieldsFormState = {}) {
  return fieldsFormView(target, recordId, subject, await target.load(actor.hd, recordId), state);
}

/** Opens the form at once (loading), then fills it: `locate` finds the record as the acting person. */
export async function openFieldsModal(
  ix: Interaction,
  triggerId: string,
  target: FieldsTarget,
  locate: (actor: Actor) => Promise<{ recordId: number; subject: string }>,
  subject: ErrorSubject = {},
): Promise<void> {
  const opening = { triggerId, title: target.title, loading: 'Reading the custom fields…' };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const { recordId, subject: label } = await locate(actor);
      await surface.update(await fieldsForm(actor, target, recordId, label));
    },
    subject,
  );
}

/** The form's submission: only touched fields are sent (how: `target.save`). */
export function fieldsSubmission(target: FieldsTarget): Listener {
  return onSubmit(target.callbackId, async (ctx) => {
    const { view, ack } = ctx;
    const metadata = decodeMetadata(fieldsMetadata, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: resultView(target.title, ':warning: This form is out of date. Open it again.') });
      return;
    }
    const result = changedFields(metadata, ctx.values, { fillOne: target.valuesUnknown !== undefined });
    if ('errors' in result) {
      await ack({ response_action: 'errors', errors: result.errors });
      return;
    }
    if (result.changes.length === 0) {
      await ack({ response_action: 'update', view: resultView(target.title, customFieldsSavedMessage(metadata.subject, []).text) });
      return;
    }
    await ack({ response_action: 'update', view: workingView(target.title, 'Saving…') });

    const saved: string[] = [];
    const unsaved = new Map(result.changes.map((change) => [change.fieldId, change.value]));
    let acting: Actor | undefined;
    const render: ModalRender = {
      progress: (text) => workingView(target.title, text),
      // A refused field: the form again, with what was typed kept and what was saved said.
      problem: async (text) => {
        const refused = result.changes.find((change) => unsaved.has(change.fieldId));
        const done = saved.join(', ');
        const problem =
          saved.length === 0 ? text : refused ? `Saved ${done}, but not ${refused.name}: ${text}` : `${text} Saved before that: ${done}.`;
        if (!acting) return resultView(target.title, `:warning: ${escapeKeepingMentions(problem)}`);
        try {
          return await fieldsForm(acting, target, metadata.id, metadata.subject, { kept: unsaved, problem });
        } catch {
          return resultView(target.title, `:warning: ${escapeKeepingMentions(problem)}`);
        }
      },
    };
    const surface = ctx.surface.withRender(render);
    await actAs({ ...ctx, surface }, async (actor) => {
      acting = actor;
      await target.save(actor.hd, metadata.id, result.changes, (change) => {
        saved.push(change.name);
        unsaved.delete(change.fieldId);
      });
      const text = target.savedText?.(metadata.subject, saved) ?? customFieldsSavedMessage(metadata.subject, saved).text;
      await surface.update(resultView(target.title, text));
    }, target.errorSubject?.(metadata.id));
  });
}
