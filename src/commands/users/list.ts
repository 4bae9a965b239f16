/**
 * `/talep user list [all|techs|admins|regular|disabled] [page]` (admins): one page of GET /Users. The
 * help desk pages from 1 (`count=50&page=2` is items 51–100), as the command does.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { USER_PAGE_SIZE, userListMessage } from '../../views/users/list.js';
import type { UserListArgs } from './args.js';

/** One page of users as the acting person (admin only: the help desk refuses everyone else). */
export async function userListPage(actor: Actor, { mode, page }: UserListArgs, m: Messages = english): Promise<SlackMessage> {
  const users = await actor.hd.users({ count: USER_PAGE_SIZE, page, listMode: mode });
  return userListMessage({ users, mode, page, pageSize: USER_PAGE_SIZE }, m);
}
