/**
 * The user card (`/talep user find`, the list's Show, after an edit) and how a user is named in every
 * users message. Pure: data → Block Kit.
 */
import type { UserDetails, UserFull } from '../../api/schemas.js';
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
  return { text: escapeText(`${name} (${user.Email})`), blocks };
}
