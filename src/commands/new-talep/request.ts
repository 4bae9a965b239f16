/**
 * The new-talep form's submission, checked without the help desk (pure): the form as read → what
 * createTalep needs, or inline errors keyed by block id. Only what the form rendered counts (custom
 * fields and agent blocks come from the metadata): the state is untrusted.
 */
import * as z from 'zod';
import { CustomFieldType } from '../../api/schemas.js';
import { parseTags } from '../../domain/tags.js';
import { english, type Messages } from '../../i18n/messages.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import { formErrors, type FormReading, formValues } from '../../slack/forms.js';
import { customFieldBlockId, NewTalepIds, SUBJECT_MAX } from '../../views/new-talep/ids.js';
import type { NewTalepMetadata } from '../../views/new-talep/metadata.js';
import { attachable, type FileRef, fileRefSchema, MAX_FILES } from '../../views/kit/slack-files.js';
import type { NewTalepReading } from './read.js';

/**
 * A checked submission: what createTalep needs, with Slack ids still to resolve. It is kept in the
 * outbox until the talep exists, and read back from there with this schema.
 */
export const newTalepRequestSchema = z.object({
  categoryId: z.int().positive(),
  /** May be a custom priority (not -1..2): createTalep takes standard ones only, see ./create.ts. */
  priorityId: z.int(),
  subject: z.string().min(1).max(SUBJECT_MAX),
  body: z.string().max(20_000),
  tags: z.array(z.string()).max(50),
  assigneeId: z.int().positive().optional(),
  /** Slack user to create the talep for (agents only). */
  onBehalfOf: z.string().max(40).optional(),
  /** fieldId → value, as createTalep's `customFields` expects. */
  customFields: z.record(z.string(), z.string()),
  /** Slack files to download and attach, uploads first, then the source message's. */
  files: z.array(fileRefSchema).max(2 * MAX_FILES),
});
export type NewTalepRequest = z.infer<typeof newTalepRequestSchema>;

export function checkNewTalep(reading: NewTalepReading, metadata: NewTalepMetadata, m: Messages = english): FormReading<NewTalepRequest> {
  const { values, uploads } = reading;
  const errors: Record<string, string> = {};

  const categoryId = values.categoryId;
  if (categoryId === undefined) errors[NewTalepIds.category.block] = m.t('newTalep.checkChooseCategory');
  else if (metadata.categoryId !== categoryId) {
    // The category changed and its fields have not been rendered yet: they may be mandatory.
    errors[NewTalepIds.category.block] = m.t('newTalep.checkFieldsLoading');
  }

  const subject = (values.subject ?? '').trim().replace(/\s+/g, ' ');
  if (!subject) errors[NewTalepIds.subject.block] = m.t('newTalep.checkNoSubject');
  else if (subject.length > SUBJECT_MAX) {
    errors[NewTalepIds.subject.block] = m.t('newTalep.checkSubjectTooLong', { max: SUBJECT_MAX, length: subject.length });
  }

  // The same rule as `/talep tag`: domain/tags.ts.
  const tags = parseTags(values.tags ?? '');
  if (!tags.ok) errors[NewTalepIds.tags.block] = parseProblemText(tags.error, m);

  const customFields: Record<string, string> = {};
  for (const [fieldId, type, mandatory] of metadata.fields) {
    const blockId = customFieldBlockId(fieldId);
    const value = values.customFields[String(fieldId)];
    if (type === CustomFieldType.Checkbox) {
      // Unchecked is "false": sent only when the field is mandatory, so optional ones stay unset.
      if (value === 'true') customFields[fieldId] = 'true';
      else if (mandatory) customFields[fieldId] = 'false';
      continue;
    }
    const text = value?.trim() ?? '';
    if (!text) {
      if (mandatory) errors[blockId] = m.t('newTalep.checkRequired');
      continue;
    }
    if (type === CustomFieldType.Date && !/^\d{4}-\d{2}-\d{2}$/.test(text)) errors[blockId] = m.t('newTalep.checkPickDate');
    else if (type === CustomFieldType.SelectionCombo && !/^\d+$/.test(text)) errors[blockId] = m.t('newTalep.checkPickOption');
    else customFields[fieldId] = type === CustomFieldType.Text ? text : (value ?? text);
  }

  if (!uploads.ok) errors[NewTalepIds.files.block] = uploads.error;
  const files: FileRef[] = [...(uploads.ok ? uploads.files : []), ...attachable(metadata.source?.files ?? [])];

  if (Object.keys(errors).length > 0 || categoryId === undefined || !tags.ok) return formErrors(errors);
  return formValues({
    categoryId,
    priorityId: values.priorityId ?? 0,
    subject,
    body: values.body ?? '',
    tags: tags.value,
    ...(metadata.agent && values.assigneeId !== undefined ? { assigneeId: values.assigneeId } : {}),
    ...(metadata.agent && values.onBehalfOf ? { onBehalfOf: values.onBehalfOf } : {}),
    customFields,
    files,
  });
}
