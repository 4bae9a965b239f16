/**
 * A talep's custom fields: the list (TalepCustomFields with the unset ones), and the shared custom-fields
 * form for them, saved with one SetCustomFields call.
 */
import type { TalepCustomFieldValue } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { ExtrasIds } from '../../views/talep-extras/ids.js';
import { talepFieldsMessage } from '../../views/talep-extras/fields.js';
import type { FieldsTarget, RecordField } from '../custom-fields/public.js';

/** TalepCustomFields rows as the shared form's fields (dropdown options come with them). */
export function talepRecordField(field: TalepCustomFieldValue): RecordField {
  return {
    id: field.FieldID,
    name: field.FieldName,
    type: field.Type,
    mandatory: field.Mandatory ?? false,
    ...(field.Options ? { options: field.Options.map((choice) => ({ id: choice.OptionID, name: choice.Name })) } : {}),
    current: field.Value,
  };
}

export async function fieldsFor(actor: Actor, talepId: number, m: Messages = english): Promise<SlackMessage> {
  const [talep, values] = await Promise.all([actor.hd.getTalep({ id: talepId }), actor.hd.talepCustomFields({ id: talepId, returnUnset: true })]);
  // The submitter and agents may change them; the help desk decides.
  const canEdit = actor.isAgent || talep.SubmitterUserInfo.UserID === actor.helpdeskUserId;
  return talepFieldsMessage({ talepId, subject: talep.Subject, fields: values.map(talepRecordField), canEdit }, undefined, m);
}

/** The talep's custom fields in the shared form: TalepCustomFields to read, one SetCustomFields call to save. */
export const talepFieldsTarget: FieldsTarget = {
  callbackId: ExtrasIds.fieldsCallback,
  title: (m) => m.t('customFields.talepTitle'),
  load: async (hd, talepId) => (await hd.talepCustomFields({ id: talepId, returnUnset: true })).map(talepRecordField),
  save: async (hd, talepId, changes, stored) => {
    await hd.setCustomFields({ talepId, values: Object.fromEntries(changes.map((change) => [String(change.fieldId), change.value])) });
    for (const change of changes) stored(change);
  },
  errorSubject: (talepId) => ({ talepId }),
};
