/**
 * The user card (`/talep user find`, the list's Show, after an edit) and how a user is named in every
 * users message. Pure: data → Block Kit.
 */
import type { UserDetails, UserFull } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, confirm, context, escapeText, fields, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { UserIds } from './ids.js';

export interface UserLabel {
  userId: number;
  username: string;
  email: string;
}

export const userLabel = (user: UserLabel) => `*${escapeText(user.username)}* (${escapeText(user.email)})`;

export interface FieldValue {
  name: string;
  value: string | null;
}

export function displayName(user: Pick<UserDetails, 'Username' | 'FirstName' | 'LastName'>): string {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return name || user.Username;
}

export function roleBadges(user: Pick<UserDetails, 'IsAdmin' | 'IsTech' | 'Disabled'>, m: Messages = english): string[] {
  const badges: string[] = [];
  if (user.IsAdmin) badges.push(m.t('users.badgeAdmin'));
  if (user.IsTech) badges.push(m.t('users.badgeAgent'));
  if (!user.IsAdmin && !user.IsTech) badges.push(m.t('users.badgeUser'));
  if (user.Disabled) badges.push(m.t('users.badgeDisabled'));
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

function profileLine(profile: UserProfile, m: Messages): string[] {
  const parts: string[] = [];
  const workplace = [profile.CompanyName, profile.DepartmentName].filter((part): part is string => Boolean(part?.trim()));
  if (workplace.length > 0) parts.push(`:office: ${escapeText(workplace.join(' · '))}`);
  if (profile.Location?.trim()) parts.push(`:round_pushpin: ${escapeText(profile.Location)}`);
  if (profile.Phone?.trim()) parts.push(`:telephone_receiver: ${escapeText(profile.Phone)}`);
  if (profile.OutOfOffice) parts.push(m.t('users.outOfOffice'));
  return parts;
}

export function userCard({ user, fields: values, profile, canAdminister, notice }: UserCardData, m: Messages = english): SlackMessage {
  const name = displayName(user);
  const details = profile ? profileLine(profile, m) : [];
  const blocks: Block[] = [
    ...(notice ? [section(notice)] : []),
    section(`*${escapeText(name)}* · \`${escapeText(user.Username)}\`\n${escapeText(user.Email)}`),
    context(...roleBadges(user, m), m.t('users.helpdeskUser', { id: user.UserID })),
    ...(details.length > 0 ? [context(...details)] : []),
  ];
  const set = (values ?? []).filter((field) => field.value !== null && field.value.trim() !== '');
  if (set.length > 0) {
    blocks.push(fields(set.map((field) => `*${escapeText(field.name)}*\n${escapeText(truncate(field.value ?? '', 500))}`)));
  } else if (values) {
    blocks.push(context(m.t('users.noFieldValues')));
  }
  if (canAdminister) {
    const id = String(user.UserID);
    blocks.push(
      actions('user_card_actions', [
        button(m.t('users.editButton'), UserIds.cardEdit, id),
        button(m.t('users.fieldsButton'), UserIds.cardFields, id),
        user.Disabled
          ? button(m.t('users.enableButton'), UserIds.cardEnable, id, 'primary')
          : button(m.t('users.disableButton'), UserIds.cardDisable, id, 'danger', {
              confirm: confirm(
                m.t('users.disableDialog'),
                m.t('users.disableDialogText', { name: escapeText(name) }),
                m.t('users.disableConfirm'),
                'danger',
                m.t('kit.cancel'),
              ),
            }),
        // No dialog here: the button leads to the explicit confirmation step (deleteConfirmMessage).
        button(m.t('users.deleteButton'), UserIds.cardDelete, id, 'danger'),
      ]),
    );
  }
  return { text: escapeText(`${name} (${user.Email})`), blocks };
}
