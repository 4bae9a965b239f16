/**
 * The new-talep form's ids and limits. Block and action ids are stable across `views.update`, so Slack
 * keeps what the person typed when the form is re-rendered (category change, error banner). The two
 * things that depend on the category get category-specific ids on purpose: the assignee select (its
 * options change) and the form metadata.
 */
import { TEXT_INPUT_MAX } from '../kit/inputs.js';

export const NewTalepIds = {
  callbackId: 'new_talep_form',
  category: { block: 'nt_category', action: 'nt_category' },
  priority: { block: 'nt_priority', action: 'nt_priority' },
  subject: { block: 'nt_subject', action: 'nt_subject' },
  body: { block: 'nt_body', action: 'nt_body' },
  tags: { block: 'nt_tags', action: 'nt_tags' },
  files: { block: 'nt_files', action: 'nt_files' },
  onBehalfOf: { block: 'nt_behalf', action: 'nt_behalf' },
  /** The assignee select's block id carries the category: see `assigneeBlockId`. */
  assigneeAction: 'nt_assignee',
  customFieldAction: 'nt_cf',
  /** "Open in help desk" link buttons: Slack still sends an action, which must be acked. */
  openLink: 'nt_open_link',
} as const;

export const NEW_TALEP_TITLE = 'New talep';
/** The title while a talep is opened from a message ("Open a talep"). */
export const OPEN_TALEP_TITLE = 'Open a talep';

export const SUBJECT_MAX = 200;
export const BODY_MAX = TEXT_INPUT_MAX;

export const assigneeBlockId = (categoryId: number) => `nt_assignee_${categoryId}`;
export const customFieldBlockId = (fieldId: number) => `nt_cf_${fieldId}`;

/** The custom field a block of the form is for (`nt_cf_12` → 12); undefined for every other block. */
export function customFieldIdOfBlock(blockId: string): number | undefined {
  const id = /^nt_cf_([1-9]\d{0,8})$/.exec(blockId)?.[1];
  return id === undefined ? undefined : Number(id);
}
