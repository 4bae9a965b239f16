/**
 * `/talep user list`: one page of help-desk users (GET /Users), a Show button per row that opens the
 * user card, and Previous/Next buttons that replace the message with the neighbouring page.
 */
import type { UserRecord } from '../../api/schemas.js';
import { actions, type Block, button, context, escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { displayName } from './card.js';
import { UserIds } from './ids.js';

/** GET /Users `listMode` values, as the spec names them. */
export const userListModes = ['all', 'techs', 'admins', 'regular', 'disabled'] as const;
export type UserListMode = (typeof userListModes)[number];

/** Rows per page: 25 sections stay well inside Slack's 50 blocks per message. */
export const USER_PAGE_SIZE = 25;

const modeTitle: Record<UserListMode, string> = {
  all: 'All users',
  techs: 'Agents (Temsilci) and admins',
  admins: 'Admins',
  regular: 'Regular users',
  disabled: 'Disabled users',
};

/** The value of a paging button; read back (and validated) by the users area. */
export const listPageValue = (mode: UserListMode, page: number): string => JSON.stringify({ m: mode, p: page });

/** Role and state in a few characters; the agent flag is only known when the help desk sends it. */
export function listBadges(user: Pick<UserRecord, 'IsAdmin' | 'IsTech' | 'Disabled'>): string {
  const badges: string[] = [];
  if (user.IsAdmin) badges.push(':crown: Admin');
  else if (user.IsTech === true) badges.push(':hammer_and_wrench: Agent');
  else if (user.IsTech === false) badges.push(':bust_in_silhouette: User');
  if (user.Disabled) badges.push(':no_entry_sign: *Disabled*');
  return badges.join(' · ');
}

function userRow(user: UserRecord): Block {
  const name = displayName({ Username: user.Username, FirstName: user.FirstName ?? null, LastName: user.LastName ?? null });
  const badges = listBadges(user);
  const text =
    `*${escapeText(name)}* · \`${escapeText(user.Username)}\`\n${escapeText(user.Email)}` +
    (badges ? ` · ${badges}` : '');
  return section(text, button('Show', UserIds.listShow, String(user.UserID)));
}

export interface UserListPage {
  users: readonly UserRecord[];
  mode: UserListMode;
  /** 1-based, as the help desk counts. */
  page: number;
  pageSize?: number;
}

export function userListMessage({ users, mode, page, pageSize = USER_PAGE_SIZE }: UserListPage): SlackMessage {
  const title = `*${modeTitle[mode]}* · page ${page}`;
  const first = (page - 1) * pageSize + 1;
  const blocks: Block[] = [section(title)];
  if (users.length === 0) {
    blocks.push(section(page > 1 ? 'No users on this page: the list ends before it.' : 'No help-desk users match.'));
  } else {
    blocks.push(...users.slice(0, pageSize).map(userRow));
    blocks.push(context(`Users ${first}–${first + users.length - 1}${users.length < pageSize ? ' (the last page)' : ''}`));
  }
  // A short page is the last one; a full page may have a next one (at worst it is empty and says so).
  const paging = [
    ...(page > 1 ? [button('◀ Previous', UserIds.listPrevious, listPageValue(mode, page - 1))] : []),
    ...(users.length >= pageSize ? [button('Next ▶', UserIds.listNext, listPageValue(mode, page + 1))] : []),
  ];
  if (paging.length > 0) blocks.push(actions('user_list_paging', paging));
  const count = users.length === 1 ? '1 user' : `${users.length} users`;
  return { text: `${modeTitle[mode]}, page ${page}: ${count}`, blocks };
}
