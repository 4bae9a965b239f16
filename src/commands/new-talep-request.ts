/**
 * The new-talep form's submission, checked without the help desk (pure): the view state → what
 * createTalep needs, or inline errors keyed by block id. Only what the form rendered counts (custom
 * fields and agent blocks come from the metadata): the state is untrusted.
 */
import * as z from 'zod';
import { CustomFieldType } from '../api/schemas.js';
import { customFieldBlockId, MAX_FILES, megabytes, NewTalepIds, SUBJECT_MAX } from '../views/new-talep-modal.js';
import { type FileRef, type NewTalepMetadata, valuesFromState, type ViewStateValues } from '../views/new-talep-values.js';

/** A checked submission: what createTalep needs, with Slack ids still to resolve. */
export interface NewTalepRequest {
  categoryId: number;
  /** May be a custom priority (not -1..2): createTalep takes standard ones only, see `createFromRequest`. */
  priorityId: number;
  subject: string;
  body: string;
  tags: string[];
  assigneeId?: number;
  /** Slack user to create the talep for (agents only). */
  onBehalfOf?: string;
  /** fieldId → value, as createTalep's `customFields` expects. */
  customFields: Record<string, string>;
  /** Slack files to download and attach, uploads first, then the source message's. */
  files: FileRef[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

const uploadedFileSchema = z.looseObject({
  name: z.string().min(1).optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  url_private_download: z.url().optional(),
  url_private: z.url().optional(),
});

export const isStandardPriority = (id: number): boolean => Number.isInteger(id) && id >= -1 && id <= 2;

/** `a, b ,, A` → `['a', 'b']`: trimmed, no empties, no case-insensitive duplicates. */
export function parseTags(text: string | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase('tr');
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The submitted view state → a request, or inline errors keyed by block id. */
export function validateNewTalep(
  state: ViewStateValues,
  metadata: NewTalepMetadata,
  limits: { maxUploadBytes: number },
): Checked<NewTalepRequest> {
  const values = valuesFromState(state);
  const errors: Record<string, string> = {};

  const categoryId = values.categoryId;
  if (categoryId === undefined) errors[NewTalepIds.category.block] = 'Choose a category.';
  else if (metadata.categoryId !== categoryId) {
    // The category changed and its fields have not been rendered yet: they may be mandatory.
    errors[NewTalepIds.category.block] = 'This category’s fields are still loading. Submit again in a moment.';
  }

  const subject = (values.subject ?? '').trim().replace(/\s+/g, ' ');
  if (!subject) errors[NewTalepIds.subject.block] = 'Give the talep a subject.';
  else if (subject.length > SUBJECT_MAX) {
    errors[NewTalepIds.subject.block] = `Keep the subject to ${SUBJECT_MAX} characters (it has ${subject.length}).`;
  }

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
      if (mandatory) errors[blockId] = 'This field is required.';
      continue;
    }
    if (type === CustomFieldType.Date && !/^\d{4}-\d{2}-\d{2}$/.test(text)) errors[blockId] = 'Pick a date.';
    else if (type === CustomFieldType.SelectionCombo && !/^\d+$/.test(text)) errors[blockId] = 'Pick one of the options.';
    else customFields[fieldId] = type === CustomFieldType.Text ? text : (value ?? text);
  }

  const files: FileRef[] = [];
  const fileState = state[NewTalepIds.files.block]?.[NewTalepIds.files.action]?.files;
  const uploads = z.array(uploadedFileSchema).safeParse(fileState ?? []);
  if (!uploads.success) errors[NewTalepIds.files.block] = 'Slack sent these files in a form I cannot read. Attach them again.';
  else {
    const tooLarge = uploads.data.filter((file) => (file.size ?? 0) > limits.maxUploadBytes);
    const unreadable = uploads.data.filter((file) => !(file.url_private_download ?? file.url_private));
    if (uploads.data.length > MAX_FILES) errors[NewTalepIds.files.block] = `Attach at most ${MAX_FILES} files.`;
    else if (tooLarge.length > 0) {
      const names = tooLarge.map((file) => `“${file.name ?? file.title ?? 'file'}”`).join(', ');
      errors[NewTalepIds.files.block] =
        `${names} ${tooLarge.length === 1 ? 'is' : 'are'} larger than ${megabytes(limits.maxUploadBytes)} MB, the most the help desk accepts per file.`;
    } else if (unreadable.length > 0) errors[NewTalepIds.files.block] = 'Slack did not give me a link to these files. Attach them again.';
    else {
      for (const file of uploads.data) {
        files.push({
          name: file.name ?? file.title ?? 'file',
          url: (file.url_private_download ?? file.url_private) as string,
          ...(file.mimetype ? { type: file.mimetype } : {}),
          ...(file.size !== undefined ? { size: file.size } : {}),
        });
      }
    }
  }
  for (const file of metadata.source?.files ?? []) if (file.url && !file.skip) files.push(file);

  if (Object.keys(errors).length > 0 || categoryId === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      categoryId,
      priorityId: values.priorityId ?? 0,
      subject,
      body: values.body ?? '',
      tags: parseTags(values.tags),
      ...(metadata.agent && values.assigneeId !== undefined ? { assigneeId: values.assigneeId } : {}),
      ...(metadata.agent && values.onBehalfOf ? { onBehalfOf: values.onBehalfOf } : {}),
      customFields,
      files,
    },
  };
}
