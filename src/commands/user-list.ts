/**
 * `/talep user list [all|techs|admins|regular|disabled] [page]` (admins): one page of GET /Users, with
 * Previous/Next buttons that replace the message and a Show button per row that opens the user card.
 * The help desk pages from 1 (`count=50&page=2` is items 51–100), as the command does.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import * as z from 'zod';
import type { SlackMessage } from '../views/kit/blocks.js';
import { USER_PAGE_SIZE, type UserListMode, userListMessage, userListModes } from '../views/user-list.js';
import { UserIds } from '../views/users.js';
import { fail, ok, type Parsed } from './args.js';
import { viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs, withSession } from './session.js';
import { cardFor, detailsById, replacing } from './user-lookup.js';

// ── Parsing (pure) ──────────────────────────────────────────────────────────────────────────────

export interface UserListArgs {
  mode: UserListMode;
  /** 1-based. */
  page: number;
}

const modeWords: Record<string, UserListMode> = {
  all: 'all', everyone: 'all', everybody: 'all',
  techs: 'techs', tech: 'techs', agents: 'techs', agent: 'techs', temsilci: 'techs',
  admins: 'admins', admin: 'admins',
  regular: 'regular', users: 'regular', user: 'regular',
  disabled: 'disabled', inactive: 'disabled',
};

/** A page beyond this is a typo, not a help desk with millions of users. */
const MAX_PAGE = 100_000;

/** `techs 2`, `2 techs`, `page 3`, or nothing (everyone, page 1). */
export function parseUserListArgs(text: string): Parsed<UserListArgs> {
  let mode: UserListMode | undefined;
  let page: number | undefined;
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (const word of words) {
    const lower = word.toLowerCase();
    if (lower === 'page' || lower === 'p') continue;
    const listed = modeWords[lower];
    if (listed) {
      if (mode && mode !== listed) return fail(`List one kind of users at a time (\`${mode}\` or \`${listed}\`).`);
      mode = listed;
      continue;
    }
    const number = /^#?(\d{1,9})$/.exec(lower)?.[1];
    if (number !== undefined) {
      const value = Number(number);
      if (value < 1 || value > MAX_PAGE) return fail(`Pages start at 1; “${word}” is not a page.`);
      if (page !== undefined && page !== value) return fail('Give one page number.');
      page = value;
      continue;
    }
    return fail(`“${word}” is neither a kind of user (${userListModes.map((name) => `\`${name}\``).join(', ')}) nor a page number.`);
  }
  return ok({ mode: mode ?? 'all', page: page ?? 1 });
}

const pageValue = z.object({ m: z.enum(userListModes), p: z.int().min(1).max(MAX_PAGE) });

/** A paging button's value, or undefined when it is not one of ours. */
export function readPageValue(value: string | undefined): UserListArgs | undefined {
  try {
    const parsed = pageValue.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? { mode: parsed.data.m, page: parsed.data.p } : undefined;
  } catch {
    return undefined;
  }
}

// ── Help-desk work ──────────────────────────────────────────────────────────────────────────────

/** One page of users as the acting user (admin only: the help desk refuses everyone else). */
export async function userListPage(session: Session, { mode, page }: UserListArgs): Promise<SlackMessage> {
  const users = await session.hd.users({ count: USER_PAGE_SIZE, page, listMode: mode });
  return userListMessage({ users, mode, page, pageSize: USER_PAGE_SIZE });
}

const userIdValue = z.coerce.number().int().min(1);

export function registerUserList(app: App, services: Services): void {
  for (const actionId of [UserIds.listPrevious, UserIds.listNext]) {
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, respond }) => {
      await ack();
      const args = readPageValue(action.value);
      const reply = replacing(respond);
      if (!args) {
        await reply.send({ text: ':warning: This list is out of date. Run `/talep user list` again.' });
        return;
      }
      await withSession(services, whoActs(body), reply, async (session) => reply.send(await userListPage(session, args)));
    });
  }

  // A row's Show: the card as a new message, so the list stays where it is.
  app.action<BlockAction<ButtonAction>>(UserIds.listShow, async ({ ack, body, action, respond }) => {
    await ack();
    const id = userIdValue.safeParse(action.value);
    if (!id.success) return;
    const reply = viaRespond(respond);
    await withSession(services, whoActs(body), reply, async (session) => {
      const { details, full } = await detailsById(session.hd, id.data);
      await reply.send(await cardFor(session, details, { full }));
    }, { label: `Help-desk user #${id.data}` });
  });
}
