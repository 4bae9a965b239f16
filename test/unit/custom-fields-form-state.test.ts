import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { changedFields, fieldsFormMetadata, recordFields } from '../../src/commands/custom-fields/form-state.js';
import { fieldFingerprint, readElement } from '../../src/slack/forms.js';
import { initialFieldValue } from '../../src/views/custom-fields/form.js';

describe('custom-field form plumbing', () => {
  const definitions = [
    { FieldID: 11, FieldName: 'Employee number', Type: 1, UsageType: 3, Mandatory: false },
    { FieldID: 13, FieldName: 'Shift', Type: 3, UsageType: 3, Mandatory: false },
    { FieldID: 14, FieldName: 'Remote worker', Type: 4, UsageType: 3, Mandatory: true },
    { FieldID: 16, FieldName: 'Tier', Type: 3, UsageType: 3, Mandatory: false, Options: [{ OptionID: 3, Name: 'Gold' }] },
  ];
  const values = [
    { FieldID: 11, FieldName: 'Employee number', Type: 1, Value: 'E-1042' },
    { FieldID: 13, FieldName: 'Shift', Type: 3, Value: 'Night' },
    { FieldID: 99, FieldName: 'Legacy', Type: 1, Value: 'old' },
  ];

  it('joins definitions with values, keeps options sent with a definition and values without one', () => {
    const fields = recordFields(definitions, values);
    expect(fields.map((field) => [field.id, field.current])).toEqual([[11, 'E-1042'], [13, 'Night'], [14, null], [16, null], [99, 'old']]);
    expect(fields[3]?.options).toEqual([{ id: 3, name: 'Gold' }]);
    expect(fields[1]?.options).toBeUndefined();
    expect(fields[2]?.mandatory).toBe(true);
  });

  it('reads each element type into the wire form', () => {
    const state = (value: Partial<ViewStateValue> & { type: string }): ViewStateValue => value as ViewStateValue;
    expect(readElement(state({ type: 'checkboxes', selected_options: [] }))).toBe('false');
    expect(readElement(state({ type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'Yes' }, value: 'true' }] }))).toBe('true');
    expect(readElement(state({ type: 'datepicker', selected_date: null }))).toBe('');
    expect(readElement(state({ type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'Gold' }, value: '3' } }))).toBe('3');
    expect(readElement(state({ type: 'plain_text_input', value: '  x ' }))).toBe('x');
    expect(readElement(undefined)).toBeUndefined();
  });

  it('sends only touched fields, and refuses a dropdown value that is not an option id', () => {
    const fields = recordFields(definitions, values);
    const metadata = JSON.parse(fieldsFormMetadata(4, '*user*', fields));
    expect(metadata.f[0]).toEqual([11, 1, fieldFingerprint(initialFieldValue(fields[0]!)), 'Employee number']);
    const text = (value: string) => ({ value: { type: 'plain_text_input', value } as ViewStateValue });
    const untouched = {
      cf_11: text('E-1042'),
      cf_13: text(''),
      cf_14: { value: { type: 'checkboxes', selected_options: [] } as ViewStateValue },
    };
    expect(changedFields(metadata, untouched)).toEqual({ changes: [] });
    expect(changedFields(metadata, { ...untouched, cf_11: text(''), cf_13: text('2') })).toEqual({
      changes: [
        { fieldId: 11, name: 'Employee number', value: '' },
        { fieldId: 13, name: 'Shift', value: '2' },
      ],
    });
    expect(changedFields(metadata, { ...untouched, cf_13: text('Day') })).toEqual({ errors: { cf_13: expect.stringContaining('id') } });
  });

  it('leaves the field names out of the metadata when there are too many fields for Slack’s 3000 characters', () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ id: index + 1, name: 'A rather long custom field name', type: 1, mandatory: false, current: null }));
    const metadata = fieldsFormMetadata(1, 'subject', many);
    expect(metadata.length).toBeLessThanOrEqual(3000);
    expect(JSON.parse(metadata).f[0]).toHaveLength(3);
  });
});
