/**
 * The custom-fields form of a record (a user, a company, a talep, an asset), for the areas that have
 * such records: it opens at once with a loading state, fills in with the record's fields rendered by
 * type and their current values, and on submission sends only the fields the person changed. An
 * asset's values cannot be read (the spec has no such operation): its form starts empty and sends what
 * was filled in (`FieldsTarget.valuesUnknown`).
 */
import type { HelpdeskClient } from '../../api/client.js';
import type { CustomFieldValue } from '../../api/schemas.js';
import type { Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import type { ModalRender } from '../../slack/surface.js';
import { customFieldsSavedMessage } from '../../views/custom-fields/form.js';
import { escapeKeepingMentions, resultView, workingView } from '../../views/kit/states.js';
import { messagesOf } from '../../slack/locale.js';
import { changedFields, fieldsFormView, type FieldsFormState, fieldsMetadata, recordFields } from './form-state.js';
import { type FieldsTarget, titleOf, type Worded } from './target.js';

export { recordFields } from './form-state.js';
export type { FieldChange, FieldsTarget, Worded } from './target.js';
export type { RecordField } from '../../views/custom-fields/form.js';

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
  title: Worded;
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
async function fieldsForm(actor: Actor, target: FieldsTarget, recordId: number, subject: string, state: FieldsFormState, m: Messages) {
  return fieldsFormView(target, recordId, subject, await target.load(actor.hd, recordId), state, m);
}

/** Opens the form at once (loading), then fills it: `locate` finds the record as the acting person. */
export async function openFieldsModal(
  ix: Interaction,
  triggerId: string,
  target: FieldsTarget,
  locate: (actor: Actor) => Promise<{ recordId: number; subject: string }>,
  subject: ErrorSubject = {},
): Promise<void> {
  const m = messagesOf(ix);
  const opening = { triggerId, title: titleOf(target, m), loading: m.t('customFields.loading') };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const { recordId, subject: label } = await locate(actor);
      await surface.update(await fieldsForm(actor, target, recordId, label, {}, m));
    },
    subject,
  );
}

/** The form's submission: only touched fields are sent (how: `target.save`). */
export function fieldsSubmission(target: FieldsTarget): Listener {
  return onSubmit(target.callbackId, async (ctx) => {
    const { view, ack } = ctx;
    const m = messagesOf(ctx);
    const title = titleOf(target, m);
    const metadata = decodeMetadata(fieldsMetadata, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: resultView(title, m.t('customFields.outOfDate'), undefined, m) });
      return;
    }
    const result = changedFields(metadata, ctx.values, { fillOne: target.valuesUnknown !== undefined }, m);
    if ('errors' in result) {
      await ack({ response_action: 'errors', errors: result.errors });
      return;
    }
    if (result.changes.length === 0) {
      await ack({ response_action: 'update', view: resultView(title, customFieldsSavedMessage(metadata.subject, [], m).text, undefined, m) });
      return;
    }
    await ack({ response_action: 'update', view: workingView(title, m.t('customFields.saving'), m) });

    const saved: string[] = [];
    const unsaved = new Map(result.changes.map((change) => [change.fieldId, change.value]));
    let acting: Actor | undefined;
    const render: ModalRender = {
      progress: (text) => workingView(title, text, m),
      // A refused field: the form again, with what was typed kept and what was saved said.
      problem: async (text) => {
        const refused = result.changes.find((change) => unsaved.has(change.fieldId));
        const done = saved.join(', ');
        const problem =
          saved.length === 0
            ? text
            : refused
              ? m.t('customFields.savedButNot', { done, name: refused.name, problem: text })
              : m.t('customFields.savedBefore', { problem: text, done });
        if (!acting) return resultView(title, `:warning: ${escapeKeepingMentions(problem)}`, undefined, m);
        try {
          return await fieldsForm(acting, target, metadata.id, metadata.subject, { kept: unsaved, problem }, m);
        } catch {
          return resultView(title, `:warning: ${escapeKeepingMentions(problem)}`, undefined, m);
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
      const text = target.savedText?.(metadata.subject, saved, m) ?? customFieldsSavedMessage(metadata.subject, saved, m).text;
      await surface.update(resultView(title, text, undefined, m));
    }, target.errorSubject?.(metadata.id));
  });
}
