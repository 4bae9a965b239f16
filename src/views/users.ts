/**
 * User administration views: the user card (`/talep user find`), the new-user modal, the merge and
 * delete confirmations and short results. The user list is in ./user-list.ts, the edit form in
 * ./user-edit.ts; the custom-fields form users share with companies and taleps is in
 * ./custom-fields-form.ts.
 */
import type { types } from '@slack/bolt';
import type { UserDetails, UserFull } from '../api/schemas.js';
import {
  actions,
  type Block,
  button,
  confirm,
  context,
  escapeText,
  fields,
  type ModalView,
  modal,
  plain,
  section,
  type SlackMessage,
  truncate,
} from './kit/blocks.js';
import { problemBlock, resultView } from './kit/states.js';
import { checkboxInput, FORM_VALUE, inputBlock, textInput } from './kit/inputs.js';

export const UserIds = {
  newCallback: 'user_new',
  fieldsCallback: 'user_fields',
  editCallback: 'user_edit',
  /** Card buttons; value: the help-desk user id. */
  cardEdit: 'user_card_edit',
  cardFields: 'user_card_fields',
  cardDisable: 'user_card_disable',
  cardEnable: 'user_card_enable',
  cardDelete: 'user_card_delete',
  /** Merge confirmation; value: `{"from":{…},"into":{…}}` (user labels). */
  mergeConfirm: 'user_merge_confirm',
  mergeCancel: 'user_merge_cancel',
  /** Delete confirmation; value: `{"user":{…}}` (a user label). */
  deleteConfirm: 'user_delete_confirm',
  deleteCancel: 'user_delete_cancel',
  /** User list: Previous/Next (value `{"m":"all","p":2}`; ids unique within their block) and each row's Show (value: the user id). */
  listPrevious: 'user_list_previous',
  listNext: 'user_list_next',
  listShow: 'user_list_show',
} as const;

// ── The user card ───────────────────────────────────────────────────────────────────────────────

export interface FieldValue {
  name: string;
  value: string | null;
}

export function displayName(user: Pick<UserDetails, 'Username' | 'FirstName' | 'LastName'>): string {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return name || user.Username;
}

export function roleBadges(user: Pick<UserDetails, 'IsAdmin' | 'IsTech' | 'Disabled'>): string[] {
  const badges: string[] = [];
  if (user.IsAdmin) badges.push(':crown: Admin');
  if (user.IsTech) badges.push(':hammer_and_wrench: Agent (Temsilci)');
  if (!user.IsAdmin && !user.IsTech) badges.push(':bust_in_silhouette: User');
  if (user.Disabled) badges.push(':no_entry_sign: *Disabled*');
  return badges;
}

/** What GET /User adds (admins only): where the user works and how to reach them. */
export type UserProfile = Pick<UserFull, 'CompanyName' | 'DepartmentName' | 'Location' | 'Phone' | 'OutOfOffice'>;

export interface UserCardData {
  user: UserDetails;
  /** Undefined when they could not be read (the card still shows the user). */
  fields?: FieldValue[];
  /** Undefined unless the viewer may read the full record (admins). */
  profile?: UserProfile;
  /** Admin buttons (edit, custom fields, disable/enable, delete); the help desk still checks each action. */
  canAdminister: boolean;
  /** What just happened, shown above the card (mrkdwn, already escaped). */
  notice?: string;
}

function profileLine(profile: UserProfile): string[] {
  const parts: string[] = [];
  const workplace = [profile.CompanyName, profile.DepartmentName].filter((part): part is string => Boolean(part?.trim()));
  if (workplace.length > 0) parts.push(`:office: ${escapeText(workplace.join(' · '))}`);
  if (profile.Location?.trim()) parts.push(`:round_pushpin: ${escapeText(profile.Location)}`);
  if (profile.Phone?.trim()) parts.push(`:telephone_receiver: ${escapeText(profile.Phone)}`);
  if (profile.OutOfOffice) parts.push(':palm_tree: *Out of office*');
  return parts;
}

export function userCard({ user, fields: values, profile, canAdminister, notice }: UserCardData): SlackMessage {
  const name = displayName(user);
  const details = profile ? profileLine(profile) : [];
  const blocks: Block[] = [
    ...(notice ? [section(notice)] : []),
    section(`*${escapeText(name)}* · \`${escapeText(user.Username)}\`\n${escapeText(user.Email)}`),
    context(...roleBadges(user), `Help-desk user #${user.UserID}`),
    ...(details.length > 0 ? [context(...details)] : []),
  ];
  const set = (values ?? []).filter((field) => field.value !== null && field.value.trim() !== '');
  if (set.length > 0) {
    blocks.push(fields(set.map((field) => `*${escapeText(field.name)}*\n${escapeText(truncate(field.value ?? '', 500))}`)));
  } else if (values) {
    blocks.push(context('No custom-field values.'));
  }
  if (canAdminister) {
    const id = String(user.UserID);
    blocks.push(
      actions('user_card_actions', [
        button('Edit', UserIds.cardEdit, id),
        button('Custom fields', UserIds.cardFields, id),
        user.Disabled
          ? button('Enable', UserIds.cardEnable, id, 'primary')
          : button('Disable', UserIds.cardDisable, id, 'danger', {
              confirm: confirm('Disable this user?', `*${escapeText(name)}* will no longer be able to sign in to the help desk.`, 'Disable'),
            }),
        // No dialog here: the button leads to the explicit confirmation step (deleteConfirmMessage).
        button('Delete…', UserIds.cardDelete, id, 'danger'),
      ]),
    );
  }
  return { text: `${name} (${user.Email})`, blocks };
}

// ── New user ────────────────────────────────────────────────────────────────────────────────────

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

/** Block ids of the profile fields both user forms (new, edit) have. */
export const UserProfileBlocks = {
  username: 'username',
  email: 'email',
  password: 'password',
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  location: 'location',
  company: 'company',
  department: 'department',
} as const;

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

// ── Results of the short commands ───────────────────────────────────────────────────────────────

export interface UserLabel {
  userId: number;
  username: string;
  email: string;
}

export const userLabel = (user: UserLabel) => `*${escapeText(user.username)}* (${escapeText(user.email)})`;

export function userDisabledMessage(user: UserLabel, disabled: boolean): SlackMessage {
  const text = disabled
    ? `:no_entry_sign: Disabled ${userLabel(user)}: they can no longer sign in to the help desk.`
    : `:white_check_mark: Enabled ${userLabel(user)}: they can sign in to the help desk again.`;
  return { text, blocks: [section(text)] };
}

export function permissionChangedMessage(user: UserLabel, categoryName: string, granted: boolean): SlackMessage {
  const text = granted
    ? `:hammer_and_wrench: ${userLabel(user)} is now an agent (Temsilci) in *${escapeText(categoryName)}*.`
    : `:heavy_minus_sign: ${userLabel(user)} is no longer an agent (Temsilci) in *${escapeText(categoryName)}*.`;
  return { text, blocks: [section(text)] };
}

export function unknownCategoryText(name: string, names: string[], ambiguous = false): string {
  const list = names.length > 0 ? names.map((candidate) => `\`${escapeText(candidate)}\``).join(', ') : 'none';
  return ambiguous
    ? `:thinking_face: “${escapeText(name)}” matches more than one category: ${list}. Type more of the name.`
    : `:mag: There is no category called “${escapeText(name)}”. Categories: ${list}.`;
}

export function mergeConfirmMessage(from: UserLabel, into: UserLabel, value: string): SlackMessage {
  const text =
    `:warning: *Merge ${userLabel(from)} into ${userLabel(into)}?*\n` +
    `This is *irreversible*. Everything ${escapeText(from.username)} owns or takes part in moves to ${escapeText(into.username)}: ` +
    'taleps they submitted or are assigned to, comments, uploaded files, subscriptions, asset assignments and agent categories. ' +
    `Then help-desk user #${from.userId} (${escapeText(from.username)}) is deleted.`;
  return {
    text: `Merge ${from.username} into ${into.username}? This cannot be undone.`,
    blocks: [
      section(text),
      actions('user_merge', [
        button('Merge and delete', UserIds.mergeConfirm, value, 'danger', {
          confirm: confirm('Merge users?', `${escapeText(from.username)} will be deleted. This cannot be undone.`, 'Merge'),
        }),
        button('Cancel', UserIds.mergeCancel, 'cancel'),
      ]),
    ],
  };
}

export function mergedMessage(from: UserLabel, into: UserLabel): SlackMessage {
  const text = `:white_check_mark: Merged ${userLabel(from)} into ${userLabel(into)}. User #${from.userId} no longer exists.`;
  return { text, blocks: [section(text)] };
}

export const mergeCancelledMessage = (): SlackMessage => ({ text: 'Merge cancelled; nothing changed.' });

// ── Delete ──────────────────────────────────────────────────────────────────────────────────────

/** The explicit confirmation step of `user delete` and the card's Delete button: nothing is deleted before it. */
export function deleteConfirmMessage(user: UserLabel, value: string): SlackMessage {
  const text =
    `:warning: *Delete ${userLabel(user)} permanently?*\n` +
    `This is *permanent and irreversible*: help-desk user #${user.userId} is removed and cannot be restored.\n` +
    'To keep what they did under another account, merge instead (`/talep user merge`); ' +
    'to only stop them signing in, disable them (`/talep user disable`).';
  return {
    text: `Delete ${user.username} permanently? This cannot be undone.`,
    blocks: [
      section(text),
      actions('user_delete', [
        button('Delete permanently', UserIds.deleteConfirm, value, 'danger', {
          confirm: confirm('Delete user?', `${escapeText(user.username)} will be deleted permanently. This cannot be undone.`, 'Delete'),
        }),
        button('Cancel', UserIds.deleteCancel, 'cancel'),
      ]),
    ],
  };
}

export function deletedMessage(user: UserLabel): SlackMessage {
  const text = `:wastebasket: Deleted ${userLabel(user)}. Help-desk user #${user.userId} no longer exists.`;
  return { text, blocks: [section(text)] };
}

export const deleteCancelledMessage = (): SlackMessage => ({ text: 'Deletion cancelled; nothing changed.' });

export const deleteSelfText = ':no_entry: You cannot delete your own help-desk account. Ask another admin.';
