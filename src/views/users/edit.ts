/**
 * The edit-user modal (`/talep user edit`, the card's Edit button): every UpdateUser field of the spec,
 * prefilled from GET /User. Pure: values → Block Kit. Reading the submission and deciding what changed
 * is in ../../commands/users/edit-form.ts.
 */
import type { types } from '@slack/bolt';
import type { UserFull } from '../../api/schemas.js';
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

/** How each field is called in the form and in "Saved …" messages. */
export const userEditLabels: Record<UserEditField, string> = {
  username: 'User name',
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  location: 'Location',
  company: 'Company',
  department: 'Department',
  notes: 'Notes',
  password: 'Password',
  greeting: 'Greeting',
  signature: 'Signature',
  enableEmailNotifications: 'E-mail notifications',
  outOfOffice: 'Out of office',
  isAdmin: 'Administrator',
  disabled: 'Disabled',
};

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

const yesNo = [option('Yes', 'true'), option('No', 'false')];

/** A checkbox when the current state is known; else Yes / No / untouched, so "leave it" stays possible. */
function switchInput(field: SwitchField, optionText: string, value: UserSwitch, hint?: string): types.InputBlock {
  const blockId = UserEditBlocks[field];
  if (value !== undefined) return checkboxInput(blockId, userEditLabels[field], optionText, value, hint);
  const element: types.StaticSelect = { type: 'static_select', action_id: FORM_VALUE, placeholder: plain('Leave as it is'), options: yesNo };
  const unknown = 'The help desk did not say how this is set now.';
  return inputBlock(blockId, userEditLabels[field], element, { optional: true, hint: hint ? `${hint} ${unknown}` : unknown });
}

export interface UserEditForm {
  userId: number;
  /** Who is edited, e.g. "*user* (user@example.com)": already escaped mrkdwn. */
  subject: string;
  values: UserEditValues;
  metadata: string;
  problem?: string;
}

export const USER_EDIT_TITLE = 'Edit help-desk user';

export function userEditModal({ userId, subject, values, metadata, problem }: UserEditForm): ModalView {
  const email: types.EmailInput = {
    type: 'email_text_input',
    action_id: FORM_VALUE,
    ...(values.email ? { initial_value: values.email } : {}),
    placeholder: plain('name@example.com'),
  };
  const text = (field: TextField, options: Parameters<typeof textInput>[3] = {}) =>
    textInput(UserEditBlocks[field], userEditLabels[field], values[field], options);
  const blocks: Block[] = [section(`${subject} · help-desk user #${userId}`)];
  if (problem) blocks.push(problemBlock(problem));
  blocks.push(
    text('username', { optional: false, hint: 'What they sign in with. No spaces.' }),
    inputBlock(UserEditBlocks.email, userEditLabels.email, email, { optional: false, hint: 'Must not belong to another help-desk user.' }),
    text('firstName'),
    text('lastName'),
    text('phone'),
    text('location'),
    text('company', { hint: 'Created in the help desk when it does not exist yet. Empty it to remove the company.' }),
    text('department', { hint: 'Created in the help desk when it does not exist yet. Empty it to remove the department.' }),
    text('notes', { multiline: true }),
    text('password', {
      placeholder: 'Leave empty to keep the current password',
      hint: 'A new password signs them out of every integration: their token (and their /talep connection) stops working. Visible while you type.',
    }),
    text('greeting', { hint: '#FirstName# is replaced with their first name, e.g. “Merhaba #FirstName#,”.' }),
    text('signature', { multiline: true }),
    switchInput('enableEmailNotifications', 'Send them e-mail notifications', values.enableEmailNotifications),
    switchInput('outOfOffice', 'Out of office', values.outOfOffice),
    switchInput('isAdmin', 'Help-desk administrator', values.isAdmin, 'Admins may do everything, including managing users.'),
    switchInput('disabled', 'Disabled: cannot sign in', values.disabled),
    context('Only the fields you change are sent.'),
  );
  return modal({ callback_id: UserIds.editCallback, title: USER_EDIT_TITLE, submit: 'Save', private_metadata: metadata, blocks });
}

export function userSavedView(subject: string, changed: readonly UserEditField[], note?: string): ModalView {
  const names = changed.map((field) => `*${userEditLabels[field]}*`).join(', ');
  return resultView(USER_EDIT_TITLE, `:white_check_mark: Saved ${names} for ${subject}.`, note);
}
