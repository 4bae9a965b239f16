/**
 * The arguments of the `/talep user …` routes and the values the users controls carry. Pure. A person
 * is named by a Slack mention, an e-mail or a help-desk user name.
 */
import * as z from 'zod';
import { fail, firstWord, ok, type Parsed, parseUserMention } from '../../slack/args.js';
import { buttonValue } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { type UserListMode, userListModes } from '../../views/users/list.js';

export type PersonRef =
  | { kind: 'slack'; userId: string }
  | { kind: 'email'; email: string }
  | { kind: 'username'; username: string };

export const emailSchema = z.email();

/** `ali@example.com`, or Slack's escaped `<mailto:ali@example.com|ali@example.com>`. */
export function parseEmail(text: string): string | undefined {
  const trimmed = text.trim();
  const candidate = /^<mailto:([^|>]+)(?:\|[^>]*)?>$/i.exec(trimmed)?.[1] ?? trimmed;
  return emailSchema.safeParse(candidate).success ? candidate : undefined;
}

/**
 * A help-desk user name as typed: one word without Slack markup (`<#C1>`, `<https://…>` are not
 * names). `DOMAIN\name` is kept: the help desk accepts it for Windows accounts.
 */
export function parseUsername(text: string): string | undefined {
  const name = text.trim().replaceAll('&amp;', '&');
  return /^[^\s<>]{1,200}$/.test(name) ? name : undefined;
}

/** `@someone`, an e-mail, or else a help-desk user name. */
export function parsePersonRef(text: string): Parsed<PersonRef> {
  const userId = parseUserMention(text);
  if (userId) return ok({ kind: 'slack', userId });
  const email = parseEmail(text);
  if (email) return ok({ kind: 'email', email });
  const username = parseUsername(text);
  if (username) return ok({ kind: 'username', username });
  return text.trim() ? fail('parse.personRef', { text: text.trim() }) : fail('parse.personRefMissing');
}

/** `user new` alone opens an empty form; with an e-mail the form starts with it. */
export function parseNewUserArgs(text: string): Parsed<{ email?: string }> {
  const rest = text.trim();
  if (!rest) return ok({});
  const email = parseEmail(rest);
  return email ? ok({ email }) : fail('parse.newUserEmail', { text: rest });
}

export interface PermissionArgs {
  who: PersonRef;
  /** A category id or (part of) its name, as typed. */
  category: string;
}

/** `<who> <category>` for `user grant` / `user revoke` (the category name may have several words). */
export const parsePermissionArgs =
  (verb: 'grant' | 'revoke') =>
  (text: string): Parsed<PermissionArgs> => {
    const [target, category] = firstWord(text);
    const who = parsePersonRef(target);
    if (!who.ok) return who;
    return category ? ok({ who: who.value, category }) : fail('parse.permissionCategory', { verb, target });
  };

export interface MergeArgs {
  from: PersonRef;
  into: PersonRef;
}

export function parseMergeArgs(text: string): Parsed<MergeArgs> {
  const [first, second] = firstWord(text);
  const from = parsePersonRef(first);
  if (!from.ok) return from;
  const into = parsePersonRef(second);
  if (!into.ok) return second.trim() ? fail('parse.mergeInto', { text: second.trim() }) : fail('parse.mergeIntoMissing');
  if (JSON.stringify(from.value) === JSON.stringify(into.value)) return fail('parse.mergeUserSelf');
  return ok({ from: from.value, into: into.value });
}

// ── user list ───────────────────────────────────────────────────────────────────────────────────

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
      if (mode && mode !== listed) return fail('parse.userListOneKind', { first: mode, second: listed });
      mode = listed;
      continue;
    }
    const number = /^#?(\d{1,9})$/.exec(lower)?.[1];
    if (number !== undefined) {
      const value = Number(number);
      if (value < 1 || value > MAX_PAGE) return fail('parse.userListPage', { text: word });
      if (page !== undefined && page !== value) return fail('parse.userListOnePage');
      page = value;
      continue;
    }
    return fail('parse.userListWord', { text: word, modes: userListModes.map((name) => `\`${name}\``).join(', ') });
  }
  return ok({ mode: mode ?? 'all', page: page ?? 1 });
}

// ── values the controls carry (untrusted: they come back from Slack) ────────────────────────────

const pageValue = z.object({ m: z.enum(userListModes), p: z.int().min(1).max(MAX_PAGE) });

/** A paging button's value, or undefined when it is not one of ours. */
export function readPageValue(value: string | undefined): UserListArgs | undefined {
  const parsed = decodeMetadata(pageValue, value);
  return parsed ? { mode: parsed.m, page: parsed.p } : undefined;
}

const userIdValue = z.coerce.number().int().min(1);

/** The help-desk user id a card or list button carries. */
export function userIdOfButton(action: unknown): number | undefined {
  const id = userIdValue.safeParse(buttonValue(action));
  return id.success ? id.data : undefined;
}
