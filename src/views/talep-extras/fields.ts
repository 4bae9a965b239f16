/**
 * A talep's custom fields as a message (`/talep fields`, the card's "More"), with an Edit button that
 * opens the shared custom-fields form. Pure: data → Block Kit JSON.
 */
import { CustomFieldType } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, escapeText, fields, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { ExtrasIds } from './ids.js';

/** What the message shows of a field (the custom-fields form's fields have this shape too). */
export interface FieldRow {
  name: string;
  /** 1 text, 2 date, 3 dropdown, 4 checkbox, 5 multiline text. */
  type: number;
  mandatory: boolean;
  /** The value as the help desk shows it; null when unset. */
  current: string | null;
}

/** How a value reads in a message: checkboxes as Yes/No, unset as _not set_. */
export function fieldValueText(field: FieldRow, m: Messages = english): string {
  const value = field.current?.trim();
  if (!value) return field.type === CustomFieldType.Checkbox ? m.t('fields.no') : m.t('fields.notSet');
  if (field.type === CustomFieldType.Checkbox) return value.toLowerCase() === 'true' ? m.t('fields.yes') : m.t('fields.no');
  return escapeText(truncate(value, 500));
}

export interface TalepFieldsData {
  talepId: number;
  subject: string;
  fields: readonly FieldRow[];
  /** The submitter and agents may change them; the help desk decides. */
  canEdit: boolean;
}

export function talepFieldsMessage(data: TalepFieldsData, notice?: string, m: Messages = english): SlackMessage {
  const { talepId } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(m.t('fields.heading', { id: talepId, subject: escapeText(truncate(data.subject.replace(/\s+/g, ' ').trim(), 150)) })));
  if (data.fields.length === 0) {
    blocks.push(section(m.t('fields.none')));
    return { text: m.t('fields.noneText', { id: talepId }), blocks };
  }
  // A fields section holds 10 items; more fields take more sections.
  for (let start = 0; start < Math.min(data.fields.length, 40); start += 10) {
    const slice = data.fields.slice(start, start + 10);
    blocks.push(fields(slice.map((field) => `*${escapeText(field.name)}*${field.mandatory ? m.t('fields.required') : ''}\n${fieldValueText(field, m)}`)));
  }
  if (data.canEdit) blocks.push(actions('talep_fields', [button(m.t('fields.editButton'), ExtrasIds.editFields, String(talepId), 'primary')]));
  return { text: m.t('fields.text', { id: talepId }), blocks };
}

/** The form's heading line: `:ticket: *Talep #3* Excel crashes…` (escaped). */
export const talepFormSubject = (talepId: number, subject: string): string =>
  `:ticket: *Talep #${talepId}* ${escapeText(truncate(subject.replace(/\s+/g, ' ').trim(), 150))}`;
