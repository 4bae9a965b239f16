/**
 * The `/talep search` query language, pure: words plus inline filters
 * (`printer status:new,progress category:Hardware assignee:me from:-7d`) → `SearchArgs`, or one problem
 * saying what is wrong (the examples each filter takes are in the catalogs' `parse.search…` messages); and the filters as the results header shows them. Names (categories, Slack users,
 * `me`) stay names here: ./search-criteria.ts turns them into help-desk ids when the search runs.
 */
import type { SearchFilterName } from '../../domain/parse-problems.js';
import type { FilterChip } from '../../views/search/results.js';
import { openStatusIds, parseStatus, StatusId, statusLabel } from '../../domain/status.js';
import { slackTextToPlain, unescapeSlack } from '../../domain/slack-text.js';
import { type AssigneeArg, fail, ok, type Parsed, parseUserMention } from '../../slack/args.js';

export type PersonFilter = { kind: 'me' } | { kind: 'slack'; userId: string };
/** A calendar day in the user's time zone: a fixed date, or N days before today. */
export type DayFilter = { kind: 'date'; date: string } | { kind: 'daysAgo'; days: number };

export interface SearchArgs {
  /** The argument text as Slack sent it; paging buttons carry it so the search can run again. */
  text: string;
  /** Words to find in subject or body ('' with filters only). */
  query: string;
  statusIds?: number[];
  /** Category names (or ids) as typed; matched against the caller's categories when the search runs. */
  categories?: string[];
  assignee?: AssigneeArg;
  submitter?: PersonFilter;
  from?: DayFilter;
  to?: DayFilter;
}

type FilterName = SearchFilterName;

const filterNames: Record<string, FilterName> = {
  status: 'status', state: 'status',
  category: 'category', cat: 'category',
  assignee: 'assignee', assigned: 'assignee',
  by: 'by', submitter: 'by',
  from: 'from', since: 'from',
  to: 'to', until: 'to',
};

/** Keeps paging buttons (≤ 2000 characters, JSON-escaped) able to carry the whole text. */
export const MAX_SEARCH_TEXT = 1500;

export interface Token {
  text: string;
  /** Characters at the start that were outside quotes: a `key:` must be written there to count. */
  plainPrefix: number;
}

const QUOTE = /["“”„]/;

/**
 * Splits on white space; "double quotes" (straight or curly, as phones type them) group words, and
 * Slack's `<@U123|name>` / `<https://…>` spans stay whole even if they contain spaces.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let started = false;
  let plainPrefix: number | undefined;
  const push = () => {
    if (started) tokens.push({ text: current, plainPrefix: plainPrefix ?? current.length });
    current = '';
    started = false;
    plainPrefix = undefined;
  };
  let index = 0;
  // The next `>` at or after `index` (-1: none left), looked up again only once passed: a run of `<`
  // without a `>` costs one scan, not one per `<`.
  let close = -2;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '<' && close !== -1 && close < index) close = text.indexOf('>', index);
    if (/\s/.test(char)) {
      push();
      index += 1;
    } else if (QUOTE.test(char)) {
      plainPrefix ??= current.length;
      started = true;
      let end = index + 1;
      while (end < text.length && !QUOTE.test(text[end] as string)) end += 1;
      current += text.slice(index + 1, end);
      index = end + 1;
    } else if (char === '<' && close > index) {
      current += text.slice(index, close + 1);
      started = true;
      index = close + 1;
    } else {
      current += char;
      started = true;
      index += 1;
    }
  }
  push();
  return tokens;
}

/** A search word as the person typed it: Slack's `<https://x|label>` link syntax becomes the text shown. */
const searchWord = (text: string): string => slackTextToPlain(text, undefined, { links: 'shown' });

function splitFilter(token: Token): { key: string; value: string } | undefined {
  const match = /^([A-Za-z]+):([\s\S]*)$/.exec(token.text);
  if (!match) return undefined;
  const key = match[1] as string;
  const value = match[2] as string;
  // `"status:new"` (quoted) and links such as `http://…` are words, not filters.
  if (key.length + 1 > token.plainPrefix || value.startsWith('//')) return undefined;
  return { key, value };
}

const listValues = (value: string) => value.split(/[,|]/).map((part) => part.trim()).filter(Boolean);

function parseStatuses(value: string): Parsed<number[]> {
  const ids = new Set<number>();
  for (const part of listValues(value)) {
    const word = part.toLowerCase();
    if (word === 'open') openStatusIds.forEach((id) => ids.add(id));
    else if (word === 'all' || word === 'any') Object.values(StatusId).forEach((id) => ids.add(id));
    else {
      const status = parseStatus(word);
      if (!status.ok) return fail('parse.searchStatus', { text: part });
      ids.add(StatusId[status.value]);
    }
  }
  return ids.size ? ok([...ids].sort((a, b) => a - b)) : fail('parse.searchNeedsValue', { name: 'status' });
}

function parsePersonValue(name: 'assignee' | 'by', value: string): Parsed<AssigneeArg> {
  const word = value.trim().toLowerCase();
  if (word === 'me') return ok({ kind: 'me' });
  if (name === 'assignee' && ['none', 'nobody', 'unassigned'].includes(word)) return ok({ kind: 'none' });
  const userId = parseUserMention(value);
  if (userId) return ok({ kind: 'slack', userId });
  if (value.startsWith('@')) return fail('parse.searchMention', { name, text: value });
  return fail('parse.searchPerson', { name, text: value });
}

export function parseDay(name: 'from' | 'to', value: string): Parsed<DayFilter> {
  const word = value.trim().toLowerCase();
  if (word === 'today') return ok({ kind: 'daysAgo', days: 0 });
  if (word === 'yesterday') return ok({ kind: 'daysAgo', days: 1 });
  const relative = /^-?(\d{1,4})([dw])$/.exec(word);
  if (relative) return ok({ kind: 'daysAgo', days: Number(relative[1]) * (relative[2] === 'w' ? 7 : 1) });
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(word);
  if (date) {
    const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return ok({ kind: 'date', date: word });
    }
    return fail('parse.searchNotDate', { name, text: value });
  }
  return fail('parse.searchDate', { name, text: value });
}

const hasFilters = (args: SearchArgs) =>
  [args.statusIds, args.categories, args.assignee, args.submitter, args.from, args.to].some((value) => value !== undefined);

/** `search` arguments → words + filters, or one sentence saying what is wrong. */
export function parseSearchArgs(input: string): Parsed<SearchArgs> {
  const text = input.trim();
  if (text.length > MAX_SEARCH_TEXT) return fail('parse.searchTooLong', { max: MAX_SEARCH_TEXT });
  const args: SearchArgs = { text, query: '' };
  const words: string[] = [];
  const tokens = tokenize(text);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const filter = splitFilter(token);
    if (!filter) {
      const word = searchWord(token.text).trim();
      if (word) words.push(word);
      continue;
    }
    const name = filterNames[filter.key.toLowerCase()];
    if (!name) {
      return fail('parse.searchUnknownFilter', { name: filter.key });
    }
    let value = filter.value.trim();
    // `status: new` (a space after the colon) means the same as `status:new`.
    const next = tokens[index + 1];
    if (!value && next && !splitFilter(next)) {
      value = next.text.trim();
      index += 1;
    }
    if (!value) return fail('parse.searchNeedsValue', { name });
    const applied = applyFilter(args, name, value);
    if (!applied.ok) return applied;
  }
  args.query = words.join(' ');
  if (!args.query && !hasFilters(args)) {
    return fail('parse.searchNothing');
  }
  if (args.from?.kind === 'date' && args.to?.kind === 'date' && args.from.date > args.to.date) {
    return fail('parse.searchFromAfterTo', { from: args.from.date, to: args.to.date });
  }
  return ok(args);
}

function applyFilter(args: SearchArgs, name: FilterName, value: string): Parsed<true> {
  const once = (present: unknown) => (present === undefined ? undefined : fail('parse.filterOnce', { name }));
  switch (name) {
    case 'status': {
      const ids = parseStatuses(value);
      if (!ids.ok) return ids;
      args.statusIds = [...new Set([...(args.statusIds ?? []), ...ids.value])].sort((a, b) => a - b);
      return ok(true);
    }
    case 'category': {
      const names = listValues(unescapeSlack(value));
      if (!names.length) return fail('parse.searchNeedsValue', { name: 'category' });
      args.categories = [...new Set([...(args.categories ?? []), ...names])];
      return ok(true);
    }
    case 'assignee':
    case 'by': {
      const twice = once(name === 'assignee' ? args.assignee : args.submitter);
      if (twice) return twice;
      const person = parsePersonValue(name, value);
      if (!person.ok) return person;
      if (name === 'assignee') args.assignee = person.value;
      else if (person.value.kind !== 'none') args.submitter = person.value;
      return ok(true);
    }
    case 'from':
    case 'to': {
      const twice = once(args[name]);
      if (twice) return twice;
      const day = parseDay(name, value);
      if (!day.ok) return day;
      args[name] = day.value;
      return ok(true);
    }
  }
}

// ── The results header ───────────────────────────────────────────────────────────────────────────

const dayLabel = (day: DayFilter) =>
  day.kind === 'date' ? day.date : day.days === 0 ? 'today' : day.days === 1 ? 'yesterday' : `${day.days} days ago`;
const personLabel = (person: AssigneeArg) =>
  person.kind === 'slack' ? { slackUserId: person.userId } : person.kind === 'me' ? 'you' : 'nobody';

/** The filters as the results header shows them. */
export function filterChips(args: SearchArgs): FilterChip[] {
  const chips: FilterChip[] = [];
  if (args.statusIds) chips.push({ name: 'status', values: args.statusIds.map((id) => statusLabel(id)?.toLowerCase() ?? String(id)) });
  if (args.categories) chips.push({ name: 'category', values: args.categories });
  if (args.assignee) chips.push({ name: 'assignee', values: [personLabel(args.assignee)] });
  if (args.submitter) chips.push({ name: 'by', values: [personLabel(args.submitter)] });
  if (args.from) chips.push({ name: 'from', values: [dayLabel(args.from)] });
  if (args.to) chips.push({ name: 'to', values: [dayLabel(args.to)] });
  return chips;
}
