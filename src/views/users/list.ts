/**
 * `/talep user list`: one page of help-desk users (GET /Users), a Show button per row that opens the
 * user card, and Previous/Next buttons that replace the message with the neighbouring page.
 */
import type { UserRecord } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, context, escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { displayName } from './card.js';
import { UserIds } from './ids.js';

/** GET /Users `listMode` values, as the spec names them. */
export const userListModes = ['all', 'techs', 'admins', 'regular', 'disabled'] as const;
export type UserListMode = (typeof userListModes)[number];

/** Rows per page: 25 sections stay well inside Slack's 50 blocks per message. */
export const USER_PAGE_SIZE = 25;

/** A list mode's name in the reader's language. */
export function modeTitle(mode: UserListMode, m: Messages = english): string {
  switch (mode) {
    case 'all':
      return m.t('users.mode.all');
    case 'techs':
      return m.t('users.mode.techs');
    case 'admins':
      return m.t('users.mode.admins');
    case 'regular':
      return m.t('users.mode.regular');
    case 'disabled':
      return m.t('users.mode.disabled');
  }
}

/** The value of a paging button; read back (and validated) by the users area. */
export const listPageValue = (mode: UserListMode, page: number): string => JSON.stringify({ m: mode, p: page });

/** Role and state in a few characters; the agent flag is only known when the help desk sends it. */
export function listBadges(user: Pick<UserRecord, 'IsAdmin' | 'IsTech' | 'Disabled'>, m: Messages = english): string {
  const badges: string[] = [];
  if (user.IsAdmin) badges.push(m.t('users.badgeAdmin'));
  else if (user.IsTech === true) badges.push(m.t('users.badgeAgentShort'));
  else if (user.IsTech === false) badges.push(m.t('users.badgeUser'));
  if (user.Disabled) badges.push(m.t('users.badgeDisabled'));
  return badges.join(' · ');
}

function userRow(user: UserRecord, m: Messages): Block {
  const name = displayName({ Username: user.Username, FirstName: user.FirstName ?? null, LastName: user.LastName ?? null });
  const badges = listBadges(user, m);
  const text =
    `*${escapeText(name)}* · \`${escapeText(user.Username)}\`\n${escapeText(user.Email)}` +
    (badges ? ` · ${badges}` : '');
  return section(text, button(m.t('users.showButton'), UserIds.listShow, String(user.UserID)));
}

export interface UserListPage {
  users: readonly UserRecord[];
  mode: UserListMode;
  /** 1-based, as the help desk counts. */
  page: number;
  pageSize?: number;
}

export function userListMessage({ users, mode, page, pageSize = USER_PAGE_SIZE }: UserListPage, m: Messages = english): SlackMessage {
  const name = modeTitle(mode, m);
  const title = m.t('users.listHeading', { mode: name, page: m.number(page) });
  const first = (page - 1) * pageSize + 1;
  const blocks: Block[] = [section(title)];
  if (users.length === 0) {
    blocks.push(section(page > 1 ? m.t('users.pastEnd') : m.t('users.noneMatch')));
  } else {
    blocks.push(...users.slice(0, pageSize).map((user) => userRow(user, m)));
    const range = { first: m.number(first), last: m.number(first + users.length - 1) };
    blocks.push(context(users.length < pageSize ? m.t('users.rangeLast', range) : m.t('users.range', range)));
  }
  // A short page is the last one; a full page may have a next one (at worst it is empty and says so).
  const paging = [
    ...(page > 1 ? [button(m.t('users.previousButton'), UserIds.listPrevious, listPageValue(mode, page - 1))] : []),
    ...(users.length >= pageSize ? [button(m.t('users.nextButton'), UserIds.listNext, listPageValue(mode, page + 1))] : []),
  ];
  if (paging.length > 0) blocks.push(actions('user_list_paging', paging));
  return { text: m.t('users.listText', { mode: name, page: m.number(page), count: users.length }), blocks };
}
