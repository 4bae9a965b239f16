/**
 * The ONE reading of the new-talep form's `view.state.values`: every action (a category change) and
 * every submission reads the state once, here, into a `NewTalepReading` that the rest of the flow uses
 * (checking, re-rendering after a failure). The state comes back from Slack, so it is untrusted: each
 * value is checked by the kernel's readers and anything malformed is left out.
 */
import type { ViewStateValue } from '@slack/bolt';
import { intOf, isChecked, rawText, readElement, selectedUser, selectedValue, type StateValues } from '../../slack/forms.js';
import { english, type Messages } from '../../i18n/messages.js';
import { readUploads } from '../../slack/uploads.js';
import type { NewTalepValues } from '../../views/new-talep/form.js';
import { assigneeBlockId, customFieldIdOfBlock, NewTalepIds } from '../../views/new-talep/ids.js';

/** The form as read back: what the person chose and typed, and the files they uploaded (checked). */
export interface NewTalepReading {
  values: NewTalepValues;
  /** The file input: references to download, or the one sentence the input shows as its error. */
  uploads: ReturnType<typeof readUploads>;
}

export function readNewTalepForm(state: StateValues, limits: { maxUploadBytes: number }, m: Messages = english): NewTalepReading {
  const ids = NewTalepIds;
  const values: NewTalepValues = { customFields: {} };
  const categoryId = intOf(selectedValue(state, ids.category.block, ids.category.action));
  if (categoryId !== undefined && categoryId > 0) values.categoryId = categoryId;
  const priorityId = intOf(selectedValue(state, ids.priority.block, ids.priority.action));
  if (priorityId !== undefined) values.priorityId = priorityId;
  // Exactly as typed: the check trims the subject; the body and tags are re-shown as they were.
  const subject = rawText(state, ids.subject.block, ids.subject.action);
  if (subject !== undefined) values.subject = subject;
  const body = rawText(state, ids.body.block, ids.body.action);
  if (body !== undefined) values.body = body;
  const tags = rawText(state, ids.tags.block, ids.tags.action);
  if (tags !== undefined) values.tags = tags;
  const onBehalfOf = selectedUser(state, ids.onBehalfOf.block, ids.onBehalfOf.action);
  if (onBehalfOf !== undefined) values.onBehalfOf = onBehalfOf;
  if (values.categoryId !== undefined) {
    // Only the select of the chosen category counts: one left from another category is stale.
    const assigneeId = intOf(selectedValue(state, assigneeBlockId(values.categoryId), ids.assigneeAction));
    if (assigneeId !== undefined && assigneeId > 0) values.assigneeId = assigneeId;
  }
  for (const [blockId, byAction] of Object.entries(state)) {
    const fieldId = customFieldIdOfBlock(blockId);
    const element = byAction[ids.customFieldAction];
    if (fieldId === undefined || !element) continue;
    const value = customFieldValue(state, blockId, element);
    if (value !== undefined) values.customFields[String(fieldId)] = value;
  }
  const files = state[ids.files.block]?.[ids.files.action]?.files;
  return { values, uploads: readUploads(files, limits.maxUploadBytes, m) };
}

/** One custom field's element in the help desk's encoding; undefined when empty. */
function customFieldValue(state: StateValues, blockId: string, element: ViewStateValue): string | undefined {
  const action = NewTalepIds.customFieldAction;
  switch (element.type) {
    case 'datepicker':
    case 'static_select':
      // Read as sent (a malformed date or option is refused by the check, not dropped here).
      return readElement(element) || undefined;
    case 'checkboxes':
      return isChecked(state, blockId, action) ? 'true' : 'false';
    default: {
      // Text keeps its line breaks and spacing (multiline fields are sent as typed).
      const text = rawText(state, blockId, action);
      return text !== undefined && text.trim() !== '' ? text : undefined;
    }
  }
}
