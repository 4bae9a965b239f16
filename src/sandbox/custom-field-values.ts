/**
 * Custom-field values, checked by the field's type as the spec says: a checkbox is `true` or `false`,
 * a dropdown (SelectionCombo) is one of its option ids, a date is "any date format". Stored normalised
 * (`true`/`false`, the option id, `YYYY-MM-DD`); shown with the option's name for dropdowns.
 * An empty value clears the field.
 */
import { parseHelpdeskDate } from '../api/wire.js';
import { badRequest, notFound } from './errors.js';
import { type CustomFieldRow, type CustomValues, FieldType, FieldUsage, type SandboxData } from './model.js';

const usageNames: Record<number, string> = {
  [FieldUsage.Talep]: 'a talep',
  [FieldUsage.Asset]: 'an asset',
  [FieldUsage.User]: 'a user',
  [FieldUsage.Company]: 'a company',
};

/** The field, or 404; 400 when it belongs to another kind of record. */
export function fieldFor(data: SandboxData, fieldId: number, usage: number): CustomFieldRow {
  const field = data.customFields.find((row) => row.id === fieldId);
  if (!field) throw notFound('Custom field', fieldId);
  if (field.usage !== usage) {
    throw badRequest(`Custom field ${fieldId} ('${field.name}') is ${usageNames[field.usage]} field, not ${usageNames[usage]} field.`);
  }
  return field;
}

export const fieldAppliesToCategory = (field: CustomFieldRow, categoryId: number): boolean =>
  field.categoryIds === null || field.categoryIds.includes(categoryId);

/** The stored form of `raw`, `null` to clear it, or 400 naming the field and what it expects. */
export function normaliseFieldValue(field: CustomFieldRow, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const refuse = (expected: string) => badRequest(`Custom field ${field.id} ('${field.name}'): ${expected}, got '${raw}'.`);
  switch (field.type) {
    case FieldType.Checkbox:
      if (/^(true|false)$/i.test(value)) return value.toLowerCase();
      throw refuse('expected true or false');
    case FieldType.SelectionCombo: {
      const option = /^\d+$/.test(value) ? field.options.find((row) => row.id === Number(value)) : undefined;
      if (option) return String(option.id);
      throw refuse(`expected an option id (${field.options.map((row) => `${row.id} ${row.name}`).join(', ')})`);
    }
    case FieldType.Date: {
      const date = parseHelpdeskDate(value);
      if (date) return date.toISOString().slice(0, 10);
      throw refuse('expected a date');
    }
    default:
      return raw;
  }
}

export function setFieldValue(values: CustomValues, field: CustomFieldRow, raw: string): void {
  const stored = normaliseFieldValue(field, raw);
  if (stored === null) delete values[String(field.id)];
  else values[String(field.id)] = stored;
}

/** What a reader sees: the option's name for a dropdown, the stored text otherwise; null when unset. */
export function displayFieldValue(field: CustomFieldRow, values: CustomValues): string | null {
  const stored = values[String(field.id)];
  if (stored === undefined) return null;
  if (field.type === FieldType.SelectionCombo) return field.options.find((row) => String(row.id) === stored)?.name ?? stored;
  return stored;
}
