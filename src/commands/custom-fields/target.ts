/**
 * One kind of record with custom fields (users, companies, taleps, assets), as the areas that have
 * such records describe it to the shared form. Its words may be fixed (English) or given per reader:
 * `title` and `valuesUnknown.note` may be functions of the person's `Messages`.
 */
import type { HelpdeskClient } from '../../api/client.js';
import type { Messages } from '../../i18n/messages.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { RecordField } from '../../views/custom-fields/form.js';

/** Text for the person reading: fixed, or made in their language. */
export type Worded = string | ((m: Messages) => string);

export interface FieldChange {
  fieldId: number;
  name: string;
  value: string;
}

export interface FieldsTarget {
  callbackId: string;
  /** The modal's title (24 characters). */
  title: Worded;
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
  valuesUnknown?: { note: Worded };
  /** The form's heading for the subject `locate` gave (default: the subject itself, as mrkdwn). */
  heading?(subject: string, m: Messages): string;
  /** The sentence after a save (default: `customFieldsSavedMessage`). */
  savedText?(subject: string, saved: readonly string[], m: Messages): string;
}

const worded = (text: Worded, m: Messages): string => (typeof text === 'string' ? text : text(m));

export const titleOf = (target: Pick<FieldsTarget, 'title'>, m: Messages): string => worded(target.title, m);

export const noteOf = (target: Pick<FieldsTarget, 'valuesUnknown'>, m: Messages): string | undefined =>
  target.valuesUnknown ? worded(target.valuesUnknown.note, m) : undefined;
