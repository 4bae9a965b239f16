/**
 * The "Add to a talep" form read back (the ONE reading of its `view.state.values`) and checked without
 * the help desk (pure): the values → a request, or inline errors keyed by block id.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { formErrors, type FormReading, formValues, intOf, isChecked, rawText, type StateValues } from '../../slack/forms.js';
import { type AddToTalepMetadata, AddToTalepIds, type AddToTalepValues } from '../../views/message-shortcuts/add-to-talep.js';

/** The form's values; an explanatory picker entry (value 0) is no talep. */
export function readAddToTalepForm(state: StateValues): AddToTalepValues {
  const ids = AddToTalepIds;
  const values: AddToTalepValues = {};
  // The option's text too: an external select keeps it, and the form shows it again after a failure.
  const picked = state[ids.talep.block]?.[ids.talep.action]?.selected_option;
  const id = intOf(picked?.value) ?? 0;
  if (picked && id > 0) values.talep = { id, label: typeof picked.text?.text === 'string' ? picked.text.text : `#${id}` };
  const comment = rawText(state, ids.comment.block, ids.comment.action);
  if (comment !== undefined) values.comment = comment;
  if (state[ids.techsOnly.block]?.[ids.techsOnly.action]?.selected_options) {
    values.techsOnly = isChecked(state, ids.techsOnly.block, ids.techsOnly.action);
  }
  return values;
}

export interface AddToTalepRequest {
  talepId: number;
  label: string;
  body: string;
  forTechsOnly: boolean;
}

export function checkAddToTalep(values: AddToTalepValues, metadata: AddToTalepMetadata, m: Messages = english): FormReading<AddToTalepRequest> {
  const errors: Record<string, string> = {};
  if (!values.talep) errors[AddToTalepIds.talep.block] = m.t('shortcuts.pickTalep');
  const body = values.comment?.trim() ?? '';
  if (!body) errors[AddToTalepIds.comment.block] = m.t('shortcuts.commentEmpty');
  if (!values.talep || !body) return formErrors(errors);
  return formValues({ talepId: values.talep.id, label: values.talep.label, body, forTechsOnly: metadata.agent && values.techsOnly === true });
}
