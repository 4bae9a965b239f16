/** The new-user modal (`/talep user new`) and its result. Pure. */
import type { types } from '@slack/bolt';
import { type Block, escapeText, type ModalView, modal, plain } from '../kit/blocks.js';
import { checkboxInput, FORM_VALUE, inputBlock, textInput } from '../kit/inputs.js';
import { problemBlock, resultView } from '../kit/states.js';
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

export function newUserModal(values: NewUserValues = {}, problem?: string): ModalView {
  const email: types.EmailInput = {
    type: 'email_text_input',
    action_id: FORM_VALUE,
    ...(values.email ? { initial_value: values.email } : {}),
    placeholder: plain('name@example.com'),
  };
  const blocks: Block[] = [];
  if (problem) blocks.push(problemBlock(problem));
  blocks.push(
    inputBlock(NewUserBlocks.email, 'E-mail', email, { optional: false, hint: 'Must not belong to another help-desk user.' }),
    textInput(NewUserBlocks.username, 'User name', values.username, { hint: 'Leave empty to use the e-mail address.' }),
    textInput(NewUserBlocks.password, 'Password', values.password, {
      hint: 'Leave empty and the help desk generates a strong one. (Visible while you type: prefer leaving it empty.)',
    }),
    textInput(NewUserBlocks.firstName, 'First name', values.firstName),
    textInput(NewUserBlocks.lastName, 'Last name', values.lastName),
    textInput(NewUserBlocks.phone, 'Phone', values.phone),
    textInput(NewUserBlocks.location, 'Location', values.location),
    textInput(NewUserBlocks.company, 'Company', values.company, { hint: 'Created in the help desk when it does not exist yet.' }),
    textInput(NewUserBlocks.department, 'Department', values.department, { hint: 'Created in the help desk when it does not exist yet.' }),
    checkboxInput(NewUserBlocks.sendWelcomeEmail, 'Welcome e-mail', 'Send the new user a welcome e-mail', values.sendWelcomeEmail ?? false),
  );
  return modal({ callback_id: UserIds.newCallback, title: 'New help-desk user', submit: 'Create user', blocks });
}

export function userCreatedView(created: { userId: number; email: string; username?: string; welcome: boolean }): ModalView {
  const who = `*${escapeText(created.username || created.email)}* (${escapeText(created.email)})`;
  return resultView(
    'New help-desk user',
    `:white_check_mark: Created help-desk user #${created.userId}: ${who}.`,
    created.welcome ? 'A welcome e-mail is on its way to them.' : 'No welcome e-mail was sent.',
  );
}
