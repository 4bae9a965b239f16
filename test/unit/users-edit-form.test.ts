import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import type { UserFull } from '../../src/api/schemas.js';
import { readDeleteValue } from '../../src/commands/users/delete.js';
import { changedUserParams, editFingerprints, readUserEditForm } from '../../src/commands/users/edit-form.js';
import { UserEditBlocks, type UserEditField, userEditValues } from '../../src/views/users/edit.js';

const full: UserFull = {
  UserID: 4,
  Username: 'user',
  Email: 'user@example.com',
  IsAdmin: false,
  Disabled: false,
  FirstName: 'Can',
  LastName: 'Öztürk',
  Phone: '+90 212 555 0104',
  Location: ' Istanbul, floor 3 ',
  Notes: null,
  CompanyName: 'Acme Lojistik A.Ş.',
  DepartmentName: 'Finance',
  IsTech: false,
  Signature: null,
  Greeting: 'Merhaba #FirstName#,',
  OutOfOffice: false,
  EnableEmailNotifications: true,
};

type State = Record<string, Record<string, ViewStateValue>>;
const text = (value: string | null): Record<string, ViewStateValue> => ({ value: { type: 'plain_text_input', value } });
const email = (value: string): Record<string, ViewStateValue> => ({ value: { type: 'email_text_input', value } });
const box = (checked: boolean): Record<string, ViewStateValue> => ({
  value: { type: 'checkboxes', selected_options: checked ? [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] : [] },
});
const select = (value?: 'true' | 'false'): Record<string, ViewStateValue> => ({
  value: { type: 'static_select', selected_option: value ? { text: { type: 'plain_text', text: value }, value } : null } as ViewStateValue,
});

/** What Slack submits for the form as prefilled from `full`, untouched. */
function untouched(overrides: Partial<Record<UserEditField, Record<string, ViewStateValue>>> = {}): State {
  const values = userEditValues(full);
  const state: State = {
    [UserEditBlocks.username]: text(values.username),
    [UserEditBlocks.email]: email(values.email),
    [UserEditBlocks.firstName]: text(values.firstName),
    [UserEditBlocks.lastName]: text(values.lastName),
    [UserEditBlocks.phone]: text(values.phone),
    // Slack gives the value back as shown; readElement trims it.
    [UserEditBlocks.location]: text(values.location),
    [UserEditBlocks.company]: text(values.company),
    [UserEditBlocks.department]: text(values.department),
    [UserEditBlocks.notes]: text(null),
    [UserEditBlocks.password]: text(null),
    [UserEditBlocks.greeting]: text(values.greeting),
    [UserEditBlocks.signature]: text(null),
    [UserEditBlocks.enableEmailNotifications]: box(true),
    [UserEditBlocks.outOfOffice]: box(false),
    [UserEditBlocks.isAdmin]: box(false),
    [UserEditBlocks.disabled]: box(false),
  };
  for (const [field, value] of Object.entries(overrides)) if (value) state[UserEditBlocks[field as UserEditField]] = value;
  return state;
}

const original = editFingerprints(userEditValues(full));

function changesFor(overrides: Parameters<typeof untouched>[0]) {
  const form = readUserEditForm(untouched(overrides));
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  return changedUserParams(original, form.values);
}

describe('readUserEditForm', () => {
  it('reads every field: text trimmed, ticked and unticked boxes, Yes/No/untouched selects', () => {
    const form = readUserEditForm(untouched({ outOfOffice: select('true'), enableEmailNotifications: select() }));
    expect(form).toEqual({
      ok: true,
      values: expect.objectContaining({
        username: 'user',
        email: 'user@example.com',
        location: 'Istanbul, floor 3',
        notes: '',
        password: '',
        outOfOffice: true,
        enableEmailNotifications: undefined,
        isAdmin: false,
      }),
    });
  });

  it('answers inline errors: empty or spaced user name, bad e-mail, phone, greeting tokens', () => {
    const form = readUserEditForm(
      untouched({
        username: text('Can Ö'),
        email: email('not-an-email'),
        phone: text('call me'),
        greeting: text('Hi #firstname# #LastName#'),
      }),
    );
    expect(form).toEqual({
      ok: false,
      errors: {
        [UserEditBlocks.username]: expect.stringContaining('no spaces'),
        [UserEditBlocks.email]: expect.any(String),
        [UserEditBlocks.phone]: expect.any(String),
        [UserEditBlocks.greeting]: expect.stringContaining('#firstname#, #LastName#'),
      },
    });
    expect(readUserEditForm(untouched({ username: text('') }))).toMatchObject({ ok: false, errors: { [UserEditBlocks.username]: expect.any(String) } });
    expect(readUserEditForm(untouched({ email: email('') }))).toMatchObject({ ok: false, errors: { [UserEditBlocks.email]: expect.any(String) } });
  });

  it('accepts the usual phone forms and #FirstName# in the greeting', () => {
    for (const phone of ['+90 212 555 01 04', '(0212) 555-0104', '0212/555.01.04', '555 0104 ext. 12']) {
      expect(readUserEditForm(untouched({ phone: text(phone) })).ok, phone).toBe(true);
    }
    expect(readUserEditForm(untouched({ greeting: text('Dear #FirstName#, #1 priority') })).ok).toBe(true);
  });
});

describe('changedUserParams', () => {
  it('sends nothing for the untouched form (trimmed and cut values count as untouched)', () => {
    expect(changesFor({})).toEqual({ params: {}, changed: [] });
  });

  it('sends only the changed fields; an emptied text field as empty (cleared)', () => {
    expect(changesFor({ phone: text('+90 555 000 0000'), department: text(''), isAdmin: box(true) })).toEqual({
      params: { phone: '+90 555 000 0000', department: '', isAdmin: true },
      changed: ['phone', 'department', 'isAdmin'],
    });
    expect(changesFor({ enableEmailNotifications: box(false), email: email('can@example.com') })).toEqual({
      params: { email: 'can@example.com', enableEmailNotifications: false },
      changed: ['email', 'enableEmailNotifications'],
    });
  });

  it('sends a switch whose state was unknown only when Yes or No was picked', () => {
    const unknown = editFingerprints(userEditValues({ ...full, EnableEmailNotifications: undefined }));
    const read = (state: State) => {
      const form = readUserEditForm(state);
      if (!form.ok) throw new Error('invalid');
      return changedUserParams(unknown, form.values);
    };
    expect(read(untouched({ enableEmailNotifications: select() }))).toEqual({ params: {}, changed: [] });
    expect(read(untouched({ enableEmailNotifications: select('false') }))).toEqual({
      params: { enableEmailNotifications: false },
      changed: ['enableEmailNotifications'],
    });
  });

  it('sends a password only when one was typed', () => {
    expect(changesFor({ password: text('  Yeni-Parola-1 ') })).toEqual({ params: { password: 'Yeni-Parola-1' }, changed: ['password'] });
    expect(changesFor({ password: text('   ') })).toEqual({ params: {}, changed: [] });
  });
});

describe('readDeleteValue', () => {
  it('reads the confirmation button’s value and refuses anything else', () => {
    const value = { user: { userId: 7, username: 'kopya', email: 'kopya@example.com' }, slackUserId: 'U7' };
    expect(readDeleteValue(JSON.stringify(value))).toEqual(value);
    expect(readDeleteValue('{"user":{"userId":"7"}}')).toBeUndefined();
    expect(readDeleteValue('{"user":{"userId":0,"username":"x","email":"y"}}')).toBeUndefined();
    expect(readDeleteValue('nope')).toBeUndefined();
    expect(readDeleteValue(undefined)).toBeUndefined();
  });
});
