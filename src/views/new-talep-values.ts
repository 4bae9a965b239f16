/**
 * What the new-talep form carries between Slack and us: its private_metadata (what was rendered, where
 * the user started, the source message) and its values read back from `view.state.values`. Both come
 * back from Slack, so both are checked: the metadata with zod, the values field by field.
 */
import type { ViewStateValue } from '@slack/bolt';
import * as z from 'zod';
import { assigneeBlockId, NewTalepIds } from './new-talep-modal.js';
import { fileRefSchema, MAX_FILES } from './kit/slack-files.js';

/** What Slack sends back as `view.state.values`: block id → action id → value. */
export type ViewStateValues = Record<string, Record<string, ViewStateValue>>;

// ── metadata ────────────────────────────────────────────────────────────────────────────────────

/** The message a talep is opened from ("Open a talep"). */
export const sourceMessageSchema = z.object({
  channelId: z.string().min(1),
  ts: z.string().min(1),
  /** Thread the message lives in, if it is a reply; the link is posted there. */
  threadTs: z.string().optional(),
  files: z.array(fileRefSchema).max(MAX_FILES),
});
export type SourceMessage = z.infer<typeof sourceMessageSchema>;

/** A custom field as rendered: id, type, mandatory. Enough to validate the submission. */
export const renderedFieldSchema = z.tuple([z.int().positive(), z.int(), z.boolean()]);
export type RenderedField = z.infer<typeof renderedFieldSchema>;

export const newTalepMetadataSchema = z.object({
  /** Where the user started (slash command, message): the confirmation goes there, else to a DM. */
  channelId: z.string().optional(),
  /** Whether the agent-only blocks (assignee, on behalf of) were shown. */
  agent: z.boolean(),
  /** The category whose custom fields and agents are rendered (undefined: none chosen or not loaded). */
  categoryId: z.int().positive().optional(),
  fields: z.array(renderedFieldSchema),
  source: sourceMessageSchema.optional(),
});
export type NewTalepMetadata = z.infer<typeof newTalepMetadataSchema>;

// ── the values of the form ──────────────────────────────────────────────────────────────────────

/** What the user chose or typed (or what is prefilled); custom-field values in their wire encoding. */
export interface NewTalepValues {
  categoryId?: number;
  priorityId?: number;
  subject?: string;
  body?: string;
  tags?: string;
  assigneeId?: number;
  /** A Slack user id. */
  onBehalfOf?: string;
  /** fieldId → value: text, `YYYY-MM-DD`, option id, `true`/`false`. */
  customFields: Record<string, string>;
}

const intValue = (text: string | null | undefined): number | undefined =>
  text && /^-?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/** Reads the form's values back from `view.state.values` (untrusted: everything is checked). */
export function valuesFromState(state: ViewStateValues): NewTalepValues {
  const read = (block: string, action: string) => state[block]?.[action];
  const text = (block: string, action: string) => {
    const value = read(block, action)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const values: NewTalepValues = { customFields: {} };
  const categoryId = intValue(read(NewTalepIds.category.block, NewTalepIds.category.action)?.selected_option?.value);
  if (categoryId !== undefined && categoryId > 0) values.categoryId = categoryId;
  const priorityId = intValue(read(NewTalepIds.priority.block, NewTalepIds.priority.action)?.selected_option?.value);
  if (priorityId !== undefined) values.priorityId = priorityId;
  const subject = text(NewTalepIds.subject.block, NewTalepIds.subject.action);
  if (subject !== undefined) values.subject = subject;
  const body = text(NewTalepIds.body.block, NewTalepIds.body.action);
  if (body !== undefined) values.body = body;
  const tags = text(NewTalepIds.tags.block, NewTalepIds.tags.action);
  if (tags !== undefined) values.tags = tags;
  const behalf = read(NewTalepIds.onBehalfOf.block, NewTalepIds.onBehalfOf.action)?.selected_user;
  if (typeof behalf === 'string' && /^[UW][A-Z0-9]+$/.test(behalf)) values.onBehalfOf = behalf;
  if (values.categoryId !== undefined) {
    const assigneeId = intValue(read(assigneeBlockId(values.categoryId), NewTalepIds.assigneeAction)?.selected_option?.value);
    if (assigneeId !== undefined && assigneeId > 0) values.assigneeId = assigneeId;
  }
  for (const [blockId, actionsOfBlock] of Object.entries(state)) {
    const fieldId = /^nt_cf_(\d+)$/.exec(blockId)?.[1];
    const value = actionsOfBlock[NewTalepIds.customFieldAction];
    if (!fieldId || !value) continue;
    const encoded = customFieldValueOf(value);
    if (encoded !== undefined) values.customFields[fieldId] = encoded;
  }
  return values;
}

/** One custom-field element's state in the help desk's encoding; undefined when empty. */
function customFieldValueOf(value: ViewStateValue): string | undefined {
  switch (value.type) {
    case 'datepicker':
      return value.selected_date ?? undefined;
    case 'static_select':
      return value.selected_option?.value ?? undefined;
    case 'checkboxes':
      return (value.selected_options ?? []).some((selected) => selected.value === 'true') ? 'true' : 'false';
    default:
      return typeof value.value === 'string' && value.value.trim() !== '' ? value.value : undefined;
  }
}
