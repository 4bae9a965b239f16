/**
 * The edit-user modal (`/talep user edit`, the card's Edit button): every UpdateUser field of the spec,
 * prefilled from GET /User. Pure: values → Block Kit. Reading the submission and deciding what changed
 * is in ../../commands/users/edit-form.ts.
 */
import type { types } from '@slack/bolt';
import type { UserFull } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, type ModalView, modal, option, plain, section, truncate } from '../kit/blocks.js';
import { problemBlock, resultView } from '../kit/states.js';
import { checkboxInput, FORM_VALUE, inputBlock, textInput } from '../kit/inputs.js';
import { UserIds, UserProfileBlocks } from './ids.js';

/** A switch the help desk may not report (GET /User does not promise every flag): undefined = unknown. */
export type UserSwitch = boolean | undefined;

/** The UpdateUser parameters as the form holds them: text ('' when empty) and switches. */
export interface UserEditValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  company: string;
  department: string;
  notes: string;
  /** Never prefilled; empty means "unchanged". */
  password: string;
  greeting: string;
  signature: string;
  enableEmailNotifications: UserSwitch;
  outOfOffice: UserSwitch;
  isAdmin: UserSwitch;
  disabled: UserSwitch;
}

export type UserEditField = keyof UserEditValues;

export const UserEditBlocks = {
  ...UserProfileBlocks,
  notes: 'notes',
  greeting: 'greeting',
  signature: 'signature',
  enableEmailNotifications: 'email_notifications',
  outOfOffice: 'out_of_office',
  isAdmin: 'is_admin',
  disabled: 'disabled',
} as const satisfies Record<UserEditField, string>;

/** How each field is called in the form and in "Saved …" messages, in the reader's language. */
export function userEditLabel(field: UserEditField, m: Messages = english): string {
  switch (field) {
    case 'username':
      return m.t('users.field.username');
    case 'email':
      return m.t('users.field.email');
    case 'firstName':
      return m.t('users.field.firstName');
    case 'lastName':
      return m.t('users.field.lastName');
    case 'phone':
      return m.t('users.field.phone');
    case 'location':
      return m.t('users.field.location');
    case 'company':
      return m.t('users.field.company');
    case 'department':
      return m.t('users.field.department');
    case 'notes':
      return m.t('users.field.notes');
    case 'password':
      return m.t('users.field.password');
    case 'greeting':
      return m.t('users.field.greeting');
    case 'signature':
      return m.t('users.field.signature');
    case 'enableEmailNotifications':
      return m.t('users.field.enableEmailNotifications');
    case 'outOfOffice':
      return m.t('users.field.outOfOffice');
    case 'isAdmin':
      return m.t('users.field.isAdmin');
    case 'disabled':
      return m.t('users.field.disabled');
  }
}

/** `*User name*, *E-mail*`: the changed fields, as "Saved …" names them. */
export const changedFieldNames = (changed: readonly UserEditField[], m: Messages = english): string =>
  changed.map((field) => `*${userEditLabel(field, m)}*`).join(', ');

export const switchFields = ['enableEmailNotifications', 'outOfOffice', 'isAdmin', 'disabled'] as const;
export type SwitchField = (typeof switchFields)[number];
export type TextField = Exclude<UserEditField, SwitchField>;
export const textFields = (Object.keys(UserEditBlocks) as UserEditField[]).filter(
  (field): field is TextField => !(switchFields as readonly string[]).includes(field),
);

/** Slack's limit for a text input's value; longer values are shown cut. */
export const TEXT_INPUT_MAX = 3000;

/** A text value as the form shows it and submits it untouched (cut to Slack's limit, trimmed). */
export const asShown = (text: string): string => truncate(text, TEXT_INPUT_MAX).trim();

/** The form's starting values from GET /User ("all information on the user"). */
export function userEditValues(user: UserFull): UserEditValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    username: user.Username,
    email: user.Email,
    firstName: text(user.FirstName),
    lastName: text(user.LastName),
    phone: text(user.Phone),
    location: text(user.Location),
    company: text(user.CompanyName),
    department: text(user.DepartmentName),
    notes: text(user.Notes),
    password: '',
    greeting: text(user.Greeting),
    signature: text(user.Signature),
    enableEmailNotifications: user.EnableEmailNotifications,
    outOfOffice: user.OutOfOffice,
    isAdmin: user.IsAdmin,
    disabled: user.Disabled,
  };
}

/** A checkbox when the current state is known; else Yes / No / untouched, so "leave it" stays possible. */
function switchInput(field: SwitchField, optionText: string, value: UserSwitch, m: Messages, hint?: string): types.InputBlock {
  const blockId = UserEditBlocks[field];
  const label = userEditLabel(field, m);
  if (value !== undefined) return checkboxInput(blockId, label, optionText, value, hint);
  const element: types.StaticSelect = {
    type: 'static_select',
    action_id: FORM_VALUE,
    placeholder: plain(m.t('users.leavePlaceholder')),
    options: [option(m.t('users.yesOption'), 'true'), option(m.t('users.noOption'), 'false')],
  };
  const unknown = m.t('users.switchUnknown');
  return inputBlock(blockId, label, element, { optional: true, hint: hint ? `${hint} ${unknown}` : unknown });
}

export interface UserEditForm {
  userId: number;
  /** Who is edited, e.g. "*user* (user@example.com)": already escaped mrkdwn. */
  subject: string;
  values: UserEditValues;
  metadata: string;
  problem?: string;
}

/** The modal's title in the reader's language. */
export const userEditTitle = (m: Messages = english): string => m.t('users.editTitle');

export function userEditModal({ userId, subject, values, metadata, problem }: UserEditForm, m: Messages = english): ModalView {
  const email: types.EmailInput = {
    type: 'email_text_input',
    action_id: FORM_VALUE,
    ...(values.email ? { initial_value: values.email } : {}),
    placeholder: plain(m.t('users.emailPlaceholder')),
  };
  const text = (field: TextField, options: Parameters<typeof textInput>[3] = {}) =>
    textInput(UserEditBlocks[field], userEditLabel(field, m), values[field], options);
  const blocks: Block[] = [section(m.t('users.editHeading', { subject, id: userId }))];
  if (problem) blocks.push(problemBlock(problem));
  blocks.push(
    text('username', { optional: false, hint: m.t('users.usernameHint') }),
    inputBlock(UserEditBlocks.email, userEditLabel('email', m), email, { optional: false, hint: m.t('users.emailHint') }),
    text('firstName'),
    text('lastName'),
    text('phone'),
    text('location'),
    text('company', { hint: m.t('users.companyHint') }),
    text('department', { hint: m.t('users.departmentHint') }),
    text('notes', { multiline: true }),
    text('password', { placeholder: m.t('users.passwordPlaceholder'), hint: m.t('users.passwordHint') }),
    text('greeting', { hint: m.t('users.greetingHint') }),
    text('signature', { multiline: true }),
    switchInput('enableEmailNotifications', m.t('users.notifyOption'), values.enableEmailNotifications, m),
    switchInput('outOfOffice', m.t('users.outOfOfficeOption'), values.outOfOffice, m),
    switchInput('isAdmin', m.t('users.adminOption'), values.isAdmin, m, m.t('users.adminHint')),
    switchInput('disabled', m.t('users.disabledOption'), values.disabled, m),
    context(m.t('users.onlyChangedSent')),
  );
  return modal({
    callback_id: UserIds.editCallback,
    title: userEditTitle(m),
    submit: m.t('users.saveSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: metadata,
    blocks,
  });
}

export function userSavedView(subject: string, changed: readonly UserEditField[], note?: string, m: Messages = english): ModalView {
  return resultView(userEditTitle(m), m.t('users.savedFor', { fields: changedFieldNames(changed, m), subject }), note, m);
}
