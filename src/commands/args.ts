/**
 * Pure parsers for slash-command arguments. Each returns a value or a short message saying what was
 * expected, so a typo gets "Usage: /talep show <id>" and never an exception.
 */
import { isValid, parseISO } from 'date-fns';

const DAY_MS = 24 * 60 * 60_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T = never>(error: string): Parsed<T> => ({ ok: false, error });

/** Splits off the first word: `"12 some text"` → `["12", "some text"]`. */
export function firstWord(text: string): [string, string] {
  const trimmed = text.trim();
  const match = /^(\S+)\s*([\s\S]*)$/.exec(trimmed);
  return match ? [match[1] as string, (match[2] ?? '').trim()] : ['', ''];
}

/** `12`, `#12` → 12. */
export function parseTalepId(text: string, what = 'talep id'): Parsed<number> {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return id >= 1 ? ok(id) : fail(`Expected a ${what} (a number such as 42), got “${text.trim() || 'nothing'}”.`);
}

/** A Slack mention as it arrives in command text: `<@U123>` or `<@U123|name>`. */
export function parseUserMention(text: string): string | undefined {
  return /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(text.trim())?.[1];
}

export type AssigneeArg = { kind: 'me' } | { kind: 'none' } | { kind: 'slack'; userId: string };

export function parseAssignee(text: string): Parsed<AssigneeArg> {
  const value = text.trim().toLowerCase();
  if (value === 'me') return ok({ kind: 'me' });
  if (value === 'none' || value === 'nobody' || value === '-') return ok({ kind: 'none' });
  const userId = parseUserMention(text);
  return userId ? ok({ kind: 'slack', userId }) : fail('Expected @someone, `me` or `none`.');
}

export const statusIds = { new: 1, progress: 2, closed: 3 } as const;
export type StatusName = keyof typeof statusIds;

export function parseStatus(text: string): Parsed<StatusName> {
  const value = text.trim().toLowerCase();
  const aliases: Record<string, StatusName> = {
    new: 'new', open: 'new', yeni: 'new',
    progress: 'progress', 'in-progress': 'progress', inprogress: 'progress', working: 'progress',
    closed: 'closed', close: 'closed', done: 'closed', kapali: 'closed',
  };
  const status = aliases[value];
  return status ? ok(status) : fail('Expected a status: `new`, `progress` or `closed`.');
}

export const priorityIds = { low: -1, normal: 0, high: 1, critical: 2 } as const;
export type PriorityName = keyof typeof priorityIds;

export function parsePriority(text: string): Parsed<PriorityName> {
  const value = text.trim().toLowerCase();
  return value in priorityIds ? ok(value as PriorityName) : fail('Expected a priority: `low`, `normal`, `high` or `critical`.');
}

/**
 * A due date: `none`, `today`, `tomorrow`, `+3d`, `+2w`, or an ISO date (`2026-12-01`, with or without a
 * time). Day-only forms mean the END of that day in the user's time zone (`tzOffsetSeconds` from Slack),
 * which is what "due tomorrow" means to a person. The result is a UTC instant.
 */
export function parseDueDate(text: string, now: Date, tzOffsetSeconds = 0): Parsed<Date | null> {
  const value = text.trim().toLowerCase();
  if (['none', 'clear', 'remove', '-'].includes(value)) return ok(null);
  const offsetMs = tzOffsetSeconds * 1000;
  // Work on a "wall clock" Date whose UTC fields are the user's local fields, then shift back.
  const localNow = new Date(now.getTime() + offsetMs);
  const endOfLocalDay = (localDay: Date) => new Date(endOfUtcDay(localDay).getTime() - offsetMs);

  if (value === 'today') return ok(endOfLocalDay(localNow));
  if (value === 'tomorrow') return ok(endOfLocalDay(addDays(localNow, 1)));
  const relative = /^\+(\d{1,3})\s*([dw])$/.exec(value);
  if (relative) {
    const days = Number(relative[1]) * (relative[2] === 'w' ? 7 : 1);
    return ok(endOfLocalDay(addDays(localNow, days)));
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = parseISO(`${value}T00:00:00Z`);
    return isValid(day) ? ok(endOfLocalDay(day)) : fail(`“${text.trim()}” is not a calendar date.`);
  }
  const dateTime = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (dateTime) {
    const [y, mo, d, h, mi] = dateTime.slice(1, 6).map(Number) as [number, number, number, number, number];
    const instant = dateTime[6]
      ? parseISO(value.replace(' ', 'T').toUpperCase())
      : new Date(Date.UTC(y, mo - 1, d, h, mi) - offsetMs);
    return isValid(instant) ? ok(instant) : fail(`“${text.trim()}” is not a date and time.`);
  }
  return fail('Expected a date: `today`, `tomorrow`, `+3d`, `2026-12-01`, `2026-12-01 17:00` or `none`.');
}

/** 23:59:59.999 of the UTC calendar day of `date`. */
function endOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 23, 59, 59, 999));
}

/** `<id> rest` → the id and the rest, or why the id is wrong. */
export function withTalepId<T>(text: string, rest: (talepId: number, remainder: string) => Parsed<T>): Parsed<T> {
  const [word, remainder] = firstWord(text);
  const id = parseTalepId(word);
  return id.ok ? rest(id.value, remainder) : id;
}

/**
 * Slack's command-text markup → what a person would have typed: `<@U1|ali>` → `@ali`, `<#C1|general>` →
 * `#general`, `<https://x|label>` → `label (https://x)`, `<!here>` → `@here`, and `&lt;` `&gt;` `&amp;`.
 */
export function slackTextToPlain(text: string): string {
  const converted = text.replace(/<([^<>]*)>/g, (_, inner: string) => {
    const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
    if (target.startsWith('@')) return `@${label ?? target.slice(1)}`;
    if (target.startsWith('#')) return `#${label ?? target.slice(1)}`;
    if (target.startsWith('!')) {
      const special = target.slice(1);
      return label ?? `@${special.startsWith('subteam^') ? 'team' : special}`;
    }
    const url = target.replace(/^mailto:/, '');
    return label && label !== url ? `${label} (${url})` : url;
  });
  return converted.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
