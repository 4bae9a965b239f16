import { describe, expect, it } from 'vitest';
import { userCreatedView } from '../../src/views/users/new-user.js';
import { mergedMessage, permissionChangedMessage, userDisabledMessage } from '../../src/views/users/messages.js';
import { resultView, workingView } from '../../src/views/kit/states.js';
import { customFieldsSavedMessage } from '../../src/views/custom-fields/form.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import type { UserDetails } from '../../src/api/schemas.js';
import { customFieldsModal, initialFieldValue, isoDay, type RecordField } from '../../src/views/custom-fields/form.js';
import { escapeKeepingMentions } from '../../src/views/kit/states.js';
import { displayName, userCard } from '../../src/views/users/card.js';
import { UserIds } from '../../src/views/users/ids.js';
import { deleteConfirmMessage, deletedMessage, mergeConfirmMessage, unknownCategoryText } from '../../src/views/users/messages.js';
import { NewUserBlocks, newUserModal } from '../../src/views/users/new-user.js';
import { longText, many } from './block-kit-fixtures.js';

const user: UserDetails = {
  UserID: 4,
  Username: 'user',
  Email: 'user@example.com',
  IsAdmin: false,
  Disabled: false,
  FirstName: 'Can',
  LastName: 'Öztürk',
  IsTech: false,
  Signature: null,
  Greeting: null,
};

const json = (value: unknown) => JSON.stringify(value);
type AnyBlock = Record<string, unknown> & { block_id?: string; type: string; element?: Record<string, unknown> };
const blockById = (blocks: unknown[] | undefined, id: string) => (blocks as AnyBlock[]).find((block) => block.block_id === id);

describe('userCard', () => {
  it('shows name, e-mail, role and the custom fields that are set, escaped', () => {
    const card = userCard({
      user: { ...user, FirstName: 'Can <b>' },
      fields: [
        { name: 'Employee number', value: 'E-1042' },
        { name: 'Shift', value: null },
        { name: 'Notes & more', value: '<script>' },
      ],
      canAdminister: false,
    });
    const text = json(card.blocks);
    expect(text).toContain('Can &lt;b&gt; Öztürk');
    expect(text).toContain('user@example.com');
    expect(text).toContain(':bust_in_silhouette: User');
    expect(text).toContain('Employee number');
    expect(text).toContain('E-1042');
    expect(text).not.toContain('Shift');
    expect(text).toContain('Notes &amp; more');
    expect(text).toContain('&lt;script&gt;');
    expect(text).not.toContain(UserIds.cardDisable);
  });

  it('marks admins, agents and disabled users', () => {
    const text = json(userCard({ user: { ...user, IsAdmin: true, IsTech: true, Disabled: true }, canAdminister: false }).blocks);
    expect(text).toContain('Admin');
    expect(text).toContain('Agent (Temsilci)');
    expect(text).toContain('Disabled');
    expect(text).not.toContain(':bust_in_silhouette: User');
  });

  it('offers admin buttons only to admins: Disable (confirmed) for an active user, Enable for a disabled one', () => {
    const active = json(userCard({ user, canAdminister: true }).blocks);
    expect(active).toContain(UserIds.cardFields);
    expect(active).toContain(UserIds.cardDisable);
    expect(active).toContain('"confirm"');
    expect(active).not.toContain(UserIds.cardEnable);
    const disabled = json(userCard({ user: { ...user, Disabled: true }, canAdminister: true }).blocks);
    expect(disabled).toContain(UserIds.cardEnable);
    expect(disabled).not.toContain(UserIds.cardDisable);
  });

  it('gives admins Edit, Custom fields, Disable and Delete…; agents none of them', () => {
    type Element = { action_id: string; style?: string; confirm?: unknown };
    const ids = (canAdminister: boolean) =>
      (userCard({ user, canAdminister }).blocks as { type: string; elements?: Element[] }[])
        .flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []));
    expect(ids(true).map((element) => element.action_id)).toEqual([UserIds.cardEdit, UserIds.cardFields, UserIds.cardDisable, UserIds.cardDelete]);
    // Delete leads to the confirmation step, so the button itself needs no dialog.
    expect(ids(true).find((element) => element.action_id === UserIds.cardDelete)).toMatchObject({ style: 'danger' });
    expect(ids(false)).toEqual([]);
  });

  it('shows the full record’s company, department, location, phone and absence when given (admins)', () => {
    const profile = { CompanyName: 'Acme', DepartmentName: 'Finance', Location: 'Istanbul', Phone: '+90 212', OutOfOffice: true };
    const text = json(userCard({ user, profile, canAdminister: true }).blocks);
    expect(text).toContain('Acme · Finance');
    expect(text).toContain('Istanbul');
    expect(text).toContain('+90 212');
    expect(text).toContain('Out of office');
    const plainCard = json(userCard({ user, profile: { CompanyName: null, OutOfOffice: false }, canAdminister: true }).blocks);
    expect(plainCard).not.toContain(':office:');
    expect(plainCard).not.toContain('Out of office');
  });

  it('says when no custom field is set, but not when they could not be read', () => {
    expect(json(userCard({ user, fields: [], canAdminister: false }).blocks)).toContain('No custom-field values');
    expect(json(userCard({ user, canAdminister: false }).blocks)).not.toContain('No custom-field values');
  });

  it('falls back to the user name when there is no first or last name', () => {
    expect(displayName({ Username: 'ali', FirstName: null, LastName: '  ' })).toBe('ali');
  });
});

describe('newUserModal', () => {
  it('has an input for every CreateUser parameter, e-mail required, the rest optional', () => {
    const view = newUserModal();
    for (const blockId of Object.values(NewUserBlocks)) expect(blockById(view.blocks, blockId), blockId).toBeDefined();
    expect(blockById(view.blocks, NewUserBlocks.email)).toMatchObject({ optional: false, element: { type: 'email_text_input' } });
    expect(blockById(view.blocks, NewUserBlocks.company)).toMatchObject({ optional: true });
    expect(blockById(view.blocks, NewUserBlocks.sendWelcomeEmail)).toMatchObject({ element: { type: 'checkboxes' } });
    expect(view.callback_id).toBe(UserIds.newCallback);
  });

  it('keeps the typed values and shows the problem when re-rendered after a refusal', () => {
    const view = newUserModal({ email: 'a@b.co', company: 'Acme', sendWelcomeEmail: true }, 'E-mail <taken>');
    expect(blockById(view.blocks, NewUserBlocks.email)?.element).toMatchObject({ initial_value: 'a@b.co' });
    expect(blockById(view.blocks, NewUserBlocks.company)?.element).toMatchObject({ initial_value: 'Acme' });
    expect(blockById(view.blocks, NewUserBlocks.sendWelcomeEmail)?.element).toHaveProperty('initial_options');
    expect(json(view.blocks)).toContain('E-mail &lt;taken&gt;');
  });
});

describe('mergeConfirmMessage', () => {
  it('says it is irreversible, what moves and who is deleted, with a confirmed danger button and Cancel', () => {
    const message = mergeConfirmMessage(
      { userId: 4, username: 'user', email: 'user@example.com' },
      { userId: 3, username: 'agent2', email: 'agent2@example.com' },
      '{"v":1}',
    );
    const text = json(message.blocks);
    expect(text).toContain('irreversible');
    expect(text).toContain('taleps');
    expect(text).toContain('comments');
    expect(text).toContain('#4');
    expect(text).toContain('deleted');
    expect(text).toContain(UserIds.mergeConfirm);
    expect(text).toContain(UserIds.mergeCancel);
    expect(text).toContain('"style":"danger"');
    expect(text).toContain('"confirm"');
  });
});

describe('deleteConfirmMessage', () => {
  const kopya = { userId: 7, username: 'kopya <x>', email: 'kopya@example.com' };

  it('says it is permanent and irreversible, who and which id, with alternatives', () => {
    const message = deleteConfirmMessage(kopya, '{"v":1}');
    const text = json(message.blocks);
    expect(text).toContain('permanent and irreversible');
    expect(text).toContain('#7');
    expect(text).toContain('kopya &lt;x&gt;');
    expect(text).toContain('user merge');
    expect(text).toContain('user disable');
    expect(message.text).toContain('cannot be undone');
  });

  it('has a danger button behind a Slack confirm dialog carrying the value, and Cancel', () => {
    const message = deleteConfirmMessage(kopya, '{"v":1}');
    const elements = (message.blocks as { type: string; elements?: { action_id: string; value?: string; style?: string; confirm?: unknown }[] }[])
      .flatMap((block) => block.elements ?? []);
    expect(elements.map((element) => element.action_id)).toEqual([UserIds.deleteConfirm, UserIds.deleteCancel]);
    expect(elements[0]).toMatchObject({ value: '{"v":1}', style: 'danger', confirm: expect.any(Object) });
  });

  it('reports the deletion', () => {
    expect(deletedMessage(kopya).text).toContain('#7 no longer exists');
  });
});

describe('custom-fields form', () => {
  const base = { mandatory: false, current: null } as const;
  const fields: RecordField[] = [
    { ...base, id: 11, name: 'Employee number', type: 1, current: 'E-1042' },
    { ...base, id: 12, name: 'Start date', type: 2, current: '2024-03-01' },
    { ...base, id: 13, name: 'Shift', type: 3, current: 'Night' },
    { ...base, id: 14, name: 'Remote worker', type: 4, current: 'true' },
    { ...base, id: 15, name: 'Accessibility needs', type: 5, current: 'Line 1\nLine 2' },
    { ...base, id: 16, name: 'Tier', type: 3, current: 'Gold', options: [{ id: 1, name: 'Bronze' }, { id: 3, name: 'Gold' }] },
  ];

  it('renders each type with its element and current value', () => {
    const view = customFieldsModal({ callbackId: 'cb', title: 'T', subject: '*user*', fields, metadata: '{}' });
    expect(blockById(view.blocks, 'cf_11')?.element).toMatchObject({ type: 'plain_text_input', initial_value: 'E-1042' });
    expect(blockById(view.blocks, 'cf_12')?.element).toMatchObject({ type: 'datepicker', initial_date: '2024-03-01' });
    expect(blockById(view.blocks, 'cf_14')?.element).toMatchObject({ type: 'checkboxes', initial_options: [{ value: 'true' }] });
    expect(blockById(view.blocks, 'cf_15')?.element).toMatchObject({ multiline: true, initial_value: 'Line 1\nLine 2' });
    expect(blockById(view.blocks, 'cf_16')?.element).toMatchObject({ type: 'static_select', initial_option: { value: '3' } });
    // A dropdown whose options the API does not give: an id box that starts empty and says what it holds now.
    const shift = blockById(view.blocks, 'cf_13');
    expect(shift?.element).toMatchObject({ type: 'plain_text_input' });
    expect(shift?.element).not.toHaveProperty('initial_value');
    expect(json(shift)).toContain('Now: Night');
    expect(view.submit).toBeDefined();
  });

  it('starts each field from the value it would submit untouched', () => {
    expect(fields.map(initialFieldValue)).toEqual(['E-1042', '2024-03-01', '', 'true', 'Line 1\nLine 2', '3']);
    expect(initialFieldValue({ ...base, id: 1, name: 'x', type: 4 })).toBe('false');
  });

  it('has no submit button when there are no fields', () => {
    const view = customFieldsModal({ callbackId: 'cb', title: 'T', subject: 's', fields: [], metadata: '{}' });
    expect(view.submit).toBeUndefined();
    expect(json(view.blocks)).toContain('no custom fields');
  });

  it('reads dates loosely', () => {
    expect(isoDay('2024-03-01T00:00:00Z')).toBe('2024-03-01');
    expect(isoDay('01.03.2024')).toBeUndefined();
    expect(isoDay(null)).toBeUndefined();
  });
});

describe('small texts', () => {
  it('lists the category names when one is unknown or ambiguous', () => {
    expect(unknownCategoryText('Hardwar3', ['Hardware', 'Software'])).toContain('`Hardware`, `Software`');
    expect(unknownCategoryText('ware', ['Hardware', 'Software'], true)).toContain('more than one');
  });

  it('escapes everything but user mentions', () => {
    expect(escapeKeepingMentions('<@U123> has <b> & <!channel>')).toBe('<@U123> has &lt;b&gt; &amp; &lt;!channel&gt;');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const longUser: UserDetails = { ...user, UserID: 123456789, Username: longText(100), Email: `${'x'.repeat(200)}@example.com`, FirstName: longText(100), LastName: longText(100), IsTech: true, IsAdmin: true, Disabled: true };
  const label = { userId: 123456789, username: longText(100), email: `${'x'.repeat(200)}@example.com` };

  it('keeps a user card with 60 long custom fields and a long profile within the limits', () => {
    const fields = many(60, (i) => ({ name: longText(200), value: i % 4 ? longText(3000) : null }));
    const profile = { CompanyName: longText(300), DepartmentName: longText(300), Location: longText(1000), Phone: longText(100), OutOfOffice: true };
    for (const canAdminister of [true, false]) {
      expect(checkMessage(userCard({ user: longUser, fields, profile, canAdminister, notice: longText(5000) }))).toEqual([]);
      expect(checkMessage(userCard({ user: { ...longUser, Disabled: false }, fields: [], canAdminister }))).toEqual([]);
    }
  });

  it('keeps the new-user form and its result within the limits with long values', () => {
    const values = { email: `${'x'.repeat(300)}@example.com`, username: longText(500), password: longText(500), firstName: longText(500), lastName: longText(500), phone: longText(500), location: longText(5000), company: longText(500), department: longText(500), sendWelcomeEmail: true };
    expect(checkView(newUserModal(values, longText(5000)))).toEqual([]);
    expect(checkView(userCreatedView({ userId: 9, email: values.email, username: values.username, welcome: true }))).toEqual([]);
  });

  it('keeps the confirmations and results within the limits with long names', () => {
    const value = JSON.stringify({ v: 1, from: 123456789, into: 987654321 });
    for (const message of [
      mergeConfirmMessage(label, label, value),
      mergedMessage(label, label),
      deleteConfirmMessage(label, value),
      deletedMessage(label),
      userDisabledMessage(label, true),
      permissionChangedMessage(label, longText(500), true),
    ]) {
      expect(checkMessage(message)).toEqual([]);
    }
  });
});

describe('Block Kit limits of the shared form states', () => {
  it('keeps the working and result views and the saved message within the limits', () => {
    expect(checkView(workingView(longText(100), longText(5000)))).toEqual([]);
    expect(checkView(resultView(longText(100), longText(5000), longText(5000)))).toEqual([]);
    expect(checkMessage(customFieldsSavedMessage(longText(500), many(95, () => longText(200))))).toEqual([]);
  });
});
