import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../src/api/schemas.js';
import { changedFields, fieldsFormMetadata, recordFields } from '../../src/commands/custom-fields/form-state.js';
import { fieldFingerprint, readElement } from '../../src/slack/forms.js';
import { matchCategory, parseEmail, parsePersonRef, parseUserCommand, readNewUserForm } from '../../src/commands/users.js';
import { initialFieldValue } from '../../src/views/custom-fields/form.js';
import { NewUserBlocks } from '../../src/views/users.js';

describe('parseUserCommand', () => {
  it('reads find/disable/enable/fields with a mention or an e-mail (Slack-escaped or plain)', () => {
    expect(parseUserCommand('find <@U123|ali>')).toEqual({ ok: true, value: { kind: 'find', who: { kind: 'slack', userId: 'U123' } } });
    expect(parseUserCommand('disable <mailto:ali@example.com|ali@example.com>')).toEqual({
      ok: true,
      value: { kind: 'disable', who: { kind: 'email', email: 'ali@example.com' } },
    });
    expect(parseUserCommand('ENABLE ali@example.com')).toMatchObject({ ok: true, value: { kind: 'enable' } });
    expect(parseUserCommand('fields <@U1>')).toMatchObject({ ok: true, value: { kind: 'fields' } });
    expect(parseUserCommand('find Can Öztürk')).toMatchObject({ ok: false, error: expect.stringContaining('user name') });
    expect(parseUserCommand('find <#C1|general>')).toMatchObject({ ok: false });
  });

  it('reads anything else that is one word as a help-desk user name (DOMAIN\\name too)', () => {
    expect(parseUserCommand('find ali')).toEqual({ ok: true, value: { kind: 'find', who: { kind: 'username', username: 'ali' } } });
    expect(parseUserCommand('find CORP\\ali')).toEqual({ ok: true, value: { kind: 'find', who: { kind: 'username', username: 'CORP\\ali' } } });
    expect(parseUserCommand('disable ali')).toMatchObject({ ok: true, value: { kind: 'disable', who: { kind: 'username' } } });
    expect(parseUserCommand('merge kopya <@U2>')).toMatchObject({ ok: true, value: { from: { kind: 'username', username: 'kopya' } } });
  });

  it('reads edit and delete with any way of naming the user, and nothing else', () => {
    expect(parseUserCommand('edit <@U1|ali>')).toEqual({ ok: true, value: { kind: 'edit', who: { kind: 'slack', userId: 'U1' } } });
    expect(parseUserCommand('update ali@example.com')).toEqual({ ok: true, value: { kind: 'edit', who: { kind: 'email', email: 'ali@example.com' } } });
    expect(parseUserCommand('delete ali')).toEqual({ ok: true, value: { kind: 'delete', who: { kind: 'username', username: 'ali' } } });
    expect(parseUserCommand('remove <mailto:a@b.co|a@b.co>')).toMatchObject({ ok: true, value: { kind: 'delete', who: { kind: 'email' } } });
    expect(parseUserCommand('delete')).toMatchObject({ ok: false, error: expect.stringContaining('nothing') });
    expect(parseUserCommand('delete ali veli')).toMatchObject({ ok: false });
    expect(parseUserCommand('edit')).toMatchObject({ ok: false });
  });

  it('reads list with an optional kind of user and 1-based page, in either order', () => {
    expect(parseUserCommand('list')).toEqual({ ok: true, value: { kind: 'list', mode: 'all', page: 1 } });
    expect(parseUserCommand('list disabled 2')).toEqual({ ok: true, value: { kind: 'list', mode: 'disabled', page: 2 } });
    expect(parseUserCommand('ls 3 Techs')).toEqual({ ok: true, value: { kind: 'list', mode: 'techs', page: 3 } });
    expect(parseUserCommand('list admins page 2')).toEqual({ ok: true, value: { kind: 'list', mode: 'admins', page: 2 } });
    expect(parseUserCommand('list 0')).toMatchObject({ ok: false, error: expect.stringContaining('start at 1') });
    expect(parseUserCommand('list nobody')).toMatchObject({ ok: false, error: expect.stringContaining('`regular`') });
  });

  it('reads new with an optional e-mail', () => {
    expect(parseUserCommand('new')).toEqual({ ok: true, value: { kind: 'new' } });
    expect(parseUserCommand('new yeni@example.com')).toEqual({ ok: true, value: { kind: 'new', email: 'yeni@example.com' } });
    expect(parseUserCommand('new nope')).toMatchObject({ ok: false });
  });

  it('reads grant/revoke with a category name of several words', () => {
    expect(parseUserCommand('grant <@U1> Office Supplies')).toEqual({
      ok: true,
      value: { kind: 'grant', who: { kind: 'slack', userId: 'U1' }, category: 'Office Supplies' },
    });
    expect(parseUserCommand('revoke a@b.co')).toMatchObject({ ok: false, error: expect.stringContaining('Which category') });
  });

  it('reads merge and refuses merging someone into themselves', () => {
    expect(parseUserCommand('merge a@b.co <@U2>')).toEqual({
      ok: true,
      value: { kind: 'merge', from: { kind: 'email', email: 'a@b.co' }, into: { kind: 'slack', userId: 'U2' } },
    });
    expect(parseUserCommand('merge a@b.co a@b.co')).toMatchObject({ ok: false, error: expect.stringContaining('themselves') });
    expect(parseUserCommand('merge a@b.co')).toMatchObject({ ok: false, error: expect.stringContaining('into whom') });
  });

  it('explains the sub-commands for anything else', () => {
    expect(parseUserCommand('frobnicate x')).toMatchObject({ ok: false, error: expect.stringContaining('user find') });
    expect(parseUserCommand('frobnicate x')).toMatchObject({ ok: false, error: expect.stringContaining('user delete') });
    expect(parseUserCommand('')).toMatchObject({ ok: false });
  });

  it('small parsers', () => {
    expect(parseEmail(' <mailto:x@y.io> ')).toBe('x@y.io');
    expect(parseEmail('x@y')).toBeUndefined();
    expect(parsePersonRef('<@W9>')).toEqual({ ok: true, value: { kind: 'slack', userId: 'W9' } });
  });
});

describe('matchCategory', () => {
  const categories: Category[] = [
    { CategoryID: 1, Name: 'Hardware', NameWithSection: 'IT Support / Hardware' },
    { CategoryID: 2, Name: 'Software', NameWithSection: 'IT Support / Software' },
    { CategoryID: 4, Name: 'Office Supplies', NameWithSection: 'Facilities / Office Supplies' },
  ];
  it('finds by id, exact name (any case), name with section, prefix and substring', () => {
    expect(matchCategory('#2', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 2 } });
    expect(matchCategory('hardware', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 1 } });
    expect(matchCategory('Facilities / Office Supplies', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
    expect(matchCategory('off', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
    expect(matchCategory('supplies', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
  });

  it('lists the candidates when ambiguous and every name when unknown', () => {
    expect(matchCategory('ware', categories)).toEqual({ kind: 'ambiguous', names: ['Hardware', 'Software'] });
    expect(matchCategory('Network', categories)).toEqual({ kind: 'unknown', names: ['Hardware', 'Software', 'Office Supplies'] });
    expect(matchCategory('9', categories)).toMatchObject({ kind: 'unknown' });
  });
});

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

describe('readNewUserForm', () => {
  const text = (value: string) => ({ value: { type: 'plain_text_input', value } as ViewStateValue });
  it('collects the typed values and the welcome checkbox', () => {
    const form = readNewUserForm({
      [NewUserBlocks.email]: { value: { type: 'email_text_input', value: 'yeni@example.com' } as ViewStateValue },
      [NewUserBlocks.firstName]: text('Ece'),
      [NewUserBlocks.company]: text(''),
      [NewUserBlocks.sendWelcomeEmail]: { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } as unknown as ViewStateValue },
    });
    expect(form).toEqual({ values: { email: 'yeni@example.com', firstName: 'Ece', sendWelcomeEmail: true } });
  });

  it('answers inline errors for a bad e-mail or a user name with spaces', () => {
    const form = readNewUserForm({ [NewUserBlocks.email]: text('nope'), [NewUserBlocks.username]: text('a b') });
    expect(form.errors).toEqual({ [NewUserBlocks.email]: expect.any(String), [NewUserBlocks.username]: expect.any(String) });
  });
});
