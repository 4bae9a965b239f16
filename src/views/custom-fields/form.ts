/**
 * Form pieces every record form shares (users, companies, articles, taleps, assets): input blocks, the
 * "working…" and result states of a modal, and the custom-fields form — "a record with typed custom
 * fields" rendered by type (text, date, dropdown, checkbox, multiline) with its current values.
 * Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import { CustomFieldType } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, escapeText, type ModalView, modal, option, plain, section, type SlackMessage } from '../kit/blocks.js';
import { checkboxInput, FORM_VALUE, inputBlock, textInput } from '../kit/inputs.js';
import { problemBlock } from '../kit/states.js';

// ── Custom fields of a record ───────────────────────────────────────────────────────────────────

export interface RecordField {
  id: number;
  name: string;
  /** 1 text, 2 date, 3 dropdown, 4 checkbox, 5 multiline text. */
  type: number;
  mandatory: boolean;
  /** Dropdown options, when the help desk sent them with the definition (the spec does not promise it). */
  options?: { id: number; name: string }[];
  /** The value as the help desk shows it (a dropdown's option name), null when unset. */
  current: string | null;
  /**
   * The help desk cannot report this field's value (assets): the input starts empty, or with `current`
   * holding what the user typed before a failure, and an empty input means "leave it as it is".
   */
  valueUnknown?: boolean;
}

export const fieldBlockId = (fieldId: number) => `cf_${fieldId}`;

/** `2026-03-01`, `2026-03-01T00:00:00Z` → `2026-03-01`; anything else → undefined. */
export function isoDay(text: string | null): string | undefined {
  const day = text?.trim().slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;
}

function currentOption(field: RecordField): { id: number; name: string } | undefined {
  if (field.current === null) return undefined;
  const current = field.current.trim();
  return field.options?.find((candidate) => candidate.name === current || String(candidate.id) === current);
}

/**
 * The value the form starts with, in the form it is submitted in. A submitted value equal to this one
 * was not touched, so it is not sent (a dropdown whose options we cannot list starts empty: the help
 * desk shows the option's name, but expects its id).
 */
export function initialFieldValue(field: RecordField): string {
  if (field.valueUnknown) return '';
  switch (field.type) {
    case CustomFieldType.Checkbox:
      return field.current?.trim().toLowerCase() === 'true' ? 'true' : 'false';
    case CustomFieldType.Date:
      return isoDay(field.current) ?? '';
    case CustomFieldType.SelectionCombo: {
      const selected = currentOption(field);
      return selected ? String(selected.id) : '';
    }
    default:
      return field.current ?? '';
  }
}

const yesNo = (m: Messages) => [option(m.t('customFields.yesOption'), 'true'), option(m.t('customFields.noOption'), 'false')];

function fieldInput(field: RecordField, m: Messages): Block {
  const blockId = fieldBlockId(field.id);
  const required = field.mandatory ? m.t('customFields.required') : undefined;
  const unset = field.valueUnknown ? m.t('customFields.leavePlaceholder') : m.t('customFields.choosePlaceholder');
  switch (field.type) {
    case CustomFieldType.Checkbox: {
      if (!field.valueUnknown) return checkboxInput(blockId, field.name, m.t('customFields.yesOption'), initialFieldValue(field) === 'true');
      // Yes / No / untouched: with the value unknown, an unticked box could not mean "leave it".
      const choices = yesNo(m);
      const initial = choices.find((choice) => choice.value === field.current);
      const element: types.StaticSelect = {
        type: 'static_select',
        action_id: FORM_VALUE,
        placeholder: plain(unset),
        options: choices,
        ...(initial ? { initial_option: initial } : {}),
      };
      return inputBlock(blockId, field.name, element, { optional: true, ...(required ? { hint: required } : {}) });
    }
    case CustomFieldType.Date: {
      const day = isoDay(field.current);
      const element: types.Datepicker = { type: 'datepicker', action_id: FORM_VALUE, ...(day ? { initial_date: day } : {}) };
      const unreadable = field.current && !day ? m.t('customFields.notADate', { value: field.current }) : undefined;
      return inputBlock(blockId, field.name, element, { optional: true, hint: [required, unreadable].filter(Boolean).join(' ') });
    }
    case CustomFieldType.SelectionCombo: {
      if (field.options && field.options.length > 0) {
        const selected = currentOption(field);
        // Slack lists 100 options and refuses an initial option that is not among them: the current
        // one takes the last place when it is further down.
        const listed = field.options.slice(0, 100);
        if (selected && !listed.includes(selected)) listed.splice(listed.length - 1, 1, selected);
        const element: types.StaticSelect = {
          type: 'static_select',
          action_id: FORM_VALUE,
          placeholder: plain(unset),
          options: listed.map((choice) => option(choice.name, String(choice.id))),
          ...(selected ? { initial_option: option(selected.name, String(selected.id)) } : {}),
        };
        return inputBlock(blockId, field.name, element, { optional: true, ...(required ? { hint: required } : {}) });
      }
      // A known value is the option's name, which the box does not take: it only says what is set now.
      const now = field.current && !field.valueUnknown ? m.t('customFields.now', { value: field.current }) : '';
      return textInput(blockId, field.name, field.valueUnknown ? field.current : '', {
        optional: true,
        placeholder: m.t('customFields.optionIdPlaceholder'),
        hint: m.t('customFields.optionIdHint', { now }),
      });
    }
    case CustomFieldType.MultilineText:
      return textInput(blockId, field.name, field.current, { multiline: true, optional: true, ...(required ? { hint: required } : {}) });
    default:
      return textInput(blockId, field.name, field.current, { optional: true, ...(required ? { hint: required } : {}) });
  }
}

export interface CustomFieldsForm {
  callbackId: string;
  title: string;
  /** e.g. "*Can Öztürk* (user@example.com)" — already escaped mrkdwn. */
  subject: string;
  fields: RecordField[];
  metadata: string;
  problem?: string;
  /** Under the fields, instead of the usual line (e.g. why every field starts empty). */
  note?: string;
}

export function customFieldsModal(form: CustomFieldsForm, m: Messages = english): ModalView {
  const blocks: Block[] = [section(form.subject)];
  if (form.problem) blocks.push(problemBlock(form.problem));
  if (form.fields.length === 0) {
    blocks.push(section(m.t('customFields.none')));
    return modal({ title: form.title, close: m.t('kit.close'), blocks });
  }
  // Slack allows 100 blocks in a modal.
  blocks.push(...form.fields.slice(0, 95).map((field) => fieldInput(field, m)));
  blocks.push(context(form.note ?? m.t('customFields.note')));
  return modal({
    callback_id: form.callbackId,
    title: form.title,
    submit: m.t('customFields.saveSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: form.metadata,
    blocks,
  });
}

export function customFieldsSavedMessage(subject: string, changed: string[], m: Messages = english): SlackMessage {
  const text =
    changed.length === 0
      ? m.t('customFields.unchanged', { subject })
      : m.t('customFields.saved', { names: changed.map((name) => `*${escapeText(name)}*`).join(', '), subject });
  return { text, blocks: [section(text)] };
}
