/** The new-user modal (`/talep user new`) and its result. Pure. */
import type { types } from '@slack/bolt';
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, escapeText, type ModalView, modal, plain } from '../kit/blocks.js';
import { checkboxInput, FORM_VALUE, inputBlock, textInput } from '../kit/inputs.js';
import { problemBlock, resultView } from '../kit/states.js';
import { userEditLabel } from './edit.js';
import { UserIds, UserProfileBlocks } from './ids.js';

/** Every CreateUser parameter, as typed in the form. */
export interface NewUserValues {
  email?: string;
  username?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  location?: string;
  company?: string;
  department?: string;
  sendWelcomeEmail?: boolean;
}

export const NewUserBlocks = {
  ...UserProfileBlocks,
  sendWelcomeEmail: 'send_welcome',
} as const satisfies Record<keyof NewUserValues, string>;

export function newUserModal(values: NewUserValues = {}, problem?: string, m: Messages = english): ModalView {
  const email: types.EmailInput = {
    type: 'email_text_input',
    action_id: FORM_VALUE,
    ...(values.email ? { initial_value: values.email } : {}),
    placeholder: plain(m.t('users.emailPlaceholder')),
  };
  const label = (field: keyof typeof UserProfileBlocks) => userEditLabel(field, m);
  const blocks: Block[] = [];
  if (problem) blocks.push(problemBlock(problem));
  blocks.push(
    inputBlock(NewUserBlocks.email, label('email'), email, { optional: false, hint: m.t('users.emailHint') }),
    textInput(NewUserBlocks.username, label('username'), values.username, { hint: m.t('users.newUsernameHint') }),
    textInput(NewUserBlocks.password, label('password'), values.password, { hint: m.t('users.newPasswordHint') }),
    textInput(NewUserBlocks.firstName, label('firstName'), values.firstName),
    textInput(NewUserBlocks.lastName, label('lastName'), values.lastName),
    textInput(NewUserBlocks.phone, label('phone'), values.phone),
    textInput(NewUserBlocks.location, label('location'), values.location),
    textInput(NewUserBlocks.company, label('company'), values.company, { hint: m.t('users.createdIfMissingHint') }),
    textInput(NewUserBlocks.department, label('department'), values.department, { hint: m.t('users.createdIfMissingHint') }),
    checkboxInput(NewUserBlocks.sendWelcomeEmail, m.t('users.welcomeLabel'), m.t('users.welcomeOption'), values.sendWelcomeEmail ?? false),
  );
  return modal({
    callback_id: UserIds.newCallback,
    title: m.t('users.newTitle'),
    submit: m.t('users.createSubmit'),
    close: m.t('kit.cancel'),
    blocks,
  });
}

export function userCreatedView(created: { userId: number; email: string; username?: string; welcome: boolean }, m: Messages = english): ModalView {
  const who = `*${escapeText(created.username || created.email)}* (${escapeText(created.email)})`;
  return resultView(
    m.t('users.newTitle'),
    m.t('users.created', { id: created.userId, who }),
    created.welcome ? m.t('users.welcomeSent') : m.t('users.welcomeNotSent'),
    m,
  );
}
