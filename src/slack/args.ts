/**
 * The grammar of `/talep` argument text, shared by every route: words, talep ids, mentions. Pure: each
 * parser returns a value or one problem saying what was expected (a `parse.…` key of the catalogs, see
 * src/domain/parse-problems.ts), never an exception.
 */
import type { IdKind } from '../domain/parse-problems.js';
import { fail, ok, type Parsed } from '../domain/parsed.js';

export { fail, ok, type Parsed, type ParseProblem } from '../domain/parsed.js';

/** Splits off the first word: `"12 some text"` → `["12", "some text"]`. */
export function firstWord(text: string): [string, string] {
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  return space < 0 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}

/** `12`, `#12` → 12. */
export function parseTalepId(text: string, what: IdKind = 'talep'): Parsed<number> {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  if (id >= 1) return ok(id);
  const typed = text.trim().slice(0, 40);
  return typed ? fail('parse.id', { what, text: typed }) : fail('parse.idMissing', { what });
}

/** `<id> rest` → the id and the rest, or why the id is wrong. */
export function withTalepId<T>(text: string, rest: (talepId: number, remainder: string) => Parsed<T>): Parsed<T> {
  const [word, remainder] = firstWord(text);
  const id = parseTalepId(word);
  return id.ok ? rest(id.value, remainder) : id;
}

/** A Slack mention as it arrives in command text: `<@U123>` or `<@U123|name>`. */
export function parseUserMention(text: string): string | undefined {
  return /^<@([UW][A-Z0-9]+)(?:\|[^<>]*)?>$/.exec(text.trim())?.[1];
}

export type AssigneeArg = { kind: 'me' } | { kind: 'none' } | { kind: 'slack'; userId: string };

export function parseAssignee(text: string): Parsed<AssigneeArg> {
  const value = text.trim().toLowerCase();
  if (value === 'me') return ok({ kind: 'me' });
  if (value === 'none' || value === 'nobody' || value === '-') return ok({ kind: 'none' });
  const userId = parseUserMention(text);
  return userId ? ok({ kind: 'slack', userId }) : fail('parse.assignee');
}

/** Nothing after the command word. */
export const noArgs = (text: string): Parsed<undefined> => (text.trim() ? fail('parse.noArgs') : ok(undefined));

/** Anything (or nothing) after the command word. */
export const anyText = (text: string): Parsed<string> => ok(text.trim());
