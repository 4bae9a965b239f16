/**
 * Reading a submitted modal: ONE shape of "a form reading with errors", ONE type of the state Slack
 * sends back, and the readers every form uses. `view.state.values` comes back from Slack, so every value
 * is untrusted: readers check types and return undefined rather than throw.
 */
import { createHash } from 'node:crypto';
import type { ViewStateValue } from '@slack/bolt';
import { FORM_VALUE } from '../views/kit/inputs.js';

/** What Slack sends back as `view.state.values`: block id → action id → value. */
export type StateValues = Record<string, Record<string, ViewStateValue>>;

/** A form read back: typed values, or inline errors keyed by block id (Slack's `response_action: errors`). */
export type FormReading<T> = { ok: true; values: T } | { ok: false; errors: Record<string, string> };

export const formValues = <T>(values: T): FormReading<T> => ({ ok: true, values });
export const formErrors = <T = never>(errors: Record<string, string>): FormReading<T> => ({ ok: false, errors });

/** One element's state in the help desk's wire form (checkbox `true`/`false`, date, option value, text); undefined when absent. */
export function readElement(state: ViewStateValue | undefined): string | undefined {
  if (!state) return undefined;
  switch (state.type) {
    case 'checkboxes':
      return (state.selected_options ?? []).length > 0 ? 'true' : 'false';
    case 'datepicker':
      return state.selected_date ?? '';
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return state.selected_option?.value ?? '';
    case 'users_select':
      return state.selected_user ?? '';
    default:
      return typeof state.value === 'string' ? state.value.trim() : '';
  }
}

const element = (values: StateValues, blockId: string, actionId: string) => values[blockId]?.[actionId];

/** The trimmed text (or chosen value) of an input; undefined when empty or absent. */
export function formText(values: StateValues, blockId: string, actionId = FORM_VALUE): string | undefined {
  return readElement(element(values, blockId, actionId)) || undefined;
}

/** A text input's value exactly as typed (line breaks and spacing kept); undefined when absent. */
export function rawText(values: StateValues, blockId: string, actionId = FORM_VALUE): string | undefined {
  const value = element(values, blockId, actionId)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** The value of the chosen option of a select or radio group. */
export function selectedValue(values: StateValues, blockId: string, actionId = FORM_VALUE): string | undefined {
  const value = element(values, blockId, actionId)?.selected_option?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The values of the chosen options of a multi-select or checkbox group. */
export function selectedValues(values: StateValues, blockId: string, actionId = FORM_VALUE): string[] {
  const state = element(values, blockId, actionId);
  return (state?.selected_options ?? []).map((option) => option.value).filter((value): value is string => typeof value === 'string');
}

/** Whether a single checkbox (value `true`) is ticked. */
export const isChecked = (values: StateValues, blockId: string, actionId = FORM_VALUE): boolean =>
  selectedValues(values, blockId, actionId).includes('true');

/** A chosen Slack user (users_select): a user id, checked. */
export function selectedUser(values: StateValues, blockId: string, actionId = FORM_VALUE): string | undefined {
  const user = element(values, blockId, actionId)?.selected_user;
  return typeof user === 'string' && /^[UW][A-Z0-9]+$/.test(user) ? user : undefined;
}

/** A chosen date (`YYYY-MM-DD`). */
export function selectedDate(values: StateValues, blockId: string, actionId = FORM_VALUE): string | undefined {
  const day = element(values, blockId, actionId)?.selected_date;
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** An integer from a text or an option value (`-1`, `42`); undefined for anything else. */
export function intOf(text: string | null | undefined): number | undefined {
  return text && /^-?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** Short, stable fingerprint of a form value: tells touched fields from untouched ones without a help-desk call. */
export function fieldFingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 10);
}
