/**
 * Finding taleps: `/talep search <words> [filters]`, `/talep mine`, the App Home "My taleps" button and
 * the Previous/Next buttons of search results.
 *
 * Filters are written inline (`printer status:new,progress category:Hardware assignee:me`) and parsed by a
 * pure parser. Names (categories, Slack users, `me`) become help-desk ids only when the search runs.
 *
 * Search is on the 60/min budget and returns every match at once, so one search serves every page: the
 * matches are kept for a while in a small in-memory LRU keyed by a random id. A paging button carries that
 * id, the page and the original filter text; when the cached matches are gone (restart, eviction) the
 * search simply runs again from the text.
 */
import { randomBytes } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { ParamsOf } from '../api/client.js';
import type { Category } from '../api/schemas.js';
import { slackProfile } from '../slack/profiles.js';
import { escapeText, type SlackMessage } from '../views/blocks.js';
import {
  type FilterChip,
  listRow,
  mineMessage,
  SearchIds,
  searchResultsMessage,
  type TalepListRow,
} from '../views/search-results.js';
import { SharedActions } from '../views/shared-actions.js';
import { type AssigneeArg, fail, ok, type Parsed, parseStatus, parseUserMention, statusIds } from './args.js';
import type { CommandModule } from './module.js';
import { helpdeskPersonFor, personProblem } from './people.js';
import { type Reply, viaDirectMessage, viaRespond } from './reply.js';
import type { Services } from './services.js';
import { type Session, withSession } from './session.js';

// ── The query parser (pure) ──────────────────────────────────────────────────────────────────────

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

type FilterName = 'status' | 'category' | 'assignee' | 'by' | 'from' | 'to';

const filterNames: Record<string, FilterName> = {
  status: 'status', state: 'status',
  category: 'category', cat: 'category',
  assignee: 'assignee', assigned: 'assignee',
  by: 'by', submitter: 'by',
  from: 'from', since: 'from',
  to: 'to', until: 'to',
};

const examples: Record<FilterName, string> = {
  status: '`status:new,progress`',
  category: '`category:Hardware` or `category:"Office Supplies"`',
  assignee: '`assignee:me`, `assignee:none` or `assignee:@someone`',
  by: '`by:me` or `by:@someone`',
  from: '`from:2026-01-31`, `from:today`, `from:yesterday` or `from:-7d`',
  to: '`to:2026-01-31`, `to:today`, `to:yesterday` or `to:-7d`',
};

/** Keeps paging buttons (≤ 2000 characters, JSON-escaped) able to carry the whole text. */
export const MAX_SEARCH_TEXT = 1500;

const UNKNOWN_FILTER_HELP = 'use status:, category:, assignee:, by:, from:, to:';

interface Token {
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
  while (index < text.length) {
    const char = text[index] as string;
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
    } else if (char === '<' && text.indexOf('>', index) > index) {
      const end = text.indexOf('>', index);
      current += text.slice(index, end + 1);
      started = true;
      index = end + 1;
    } else {
      current += char;
      started = true;
      index += 1;
    }
  }
  push();
  return tokens;
}

/** Slack escapes &, < and > in command text; words and names are compared unescaped. */
export function unescapeSlack(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** A search word as the user typed it: Slack's `<https://x|label>` link syntax becomes the text shown. */
function searchWord(text: string): string {
  return unescapeSlack(text.replace(/<([^>|]*)(?:\|([^>]*))?>/g, (_, target: string, label?: string) => label || target.replace(/^mailto:/, '')));
}

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
    if (word === 'open') [statusIds.new, statusIds.progress].forEach((id) => ids.add(id));
    else if (word === 'all' || word === 'any') Object.values(statusIds).forEach((id) => ids.add(id));
    else {
      const status = parseStatus(word);
      if (!status.ok) return fail(`\`status:\` expects new, progress, closed or open (e.g. ${examples.status}); got “${part}”.`);
      ids.add(statusIds[status.value]);
    }
  }
  return ids.size ? ok([...ids].sort((a, b) => a - b)) : fail(`\`status:\` needs a value, e.g. ${examples.status}.`);
}

const plainMentionProblem = (name: FilterName, value: string) =>
  `\`${name}:\` got “${value}”, which Slack did not turn into a mention. Pick the person from Slack's @ suggestions.`;

function parsePersonValue(name: 'assignee' | 'by', value: string): Parsed<AssigneeArg> {
  const word = value.trim().toLowerCase();
  if (word === 'me') return ok({ kind: 'me' });
  if (name === 'assignee' && ['none', 'nobody', 'unassigned'].includes(word)) return ok({ kind: 'none' });
  const userId = parseUserMention(value);
  if (userId) return ok({ kind: 'slack', userId });
  if (value.startsWith('@')) return fail(plainMentionProblem(name, value));
  return fail(`\`${name}:\` expects ${examples[name]}; got “${value}”.`);
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
    return fail(`\`${name}:\` “${value}” is not a calendar date.`);
  }
  return fail(`\`${name}:\` expects a date such as ${examples[name]}; got “${value}”.`);
}

const hasFilters = (args: SearchArgs) =>
  [args.statusIds, args.categories, args.assignee, args.submitter, args.from, args.to].some((value) => value !== undefined);

/** `search` arguments → words + filters, or one sentence saying what is wrong. */
export function parseSearchArgs(input: string): Parsed<SearchArgs> {
  const text = input.trim();
  if (text.length > MAX_SEARCH_TEXT) return fail(`That search is too long (at most ${MAX_SEARCH_TEXT} characters).`);
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
      return fail(`Unknown filter \`${filter.key}:\` — ${UNKNOWN_FILTER_HELP}. To search for the text itself, put it in "quotes".`);
    }
    let value = filter.value.trim();
    // `status: new` (a space after the colon) means the same as `status:new`.
    const next = tokens[index + 1];
    if (!value && next && !splitFilter(next)) {
      value = next.text.trim();
      index += 1;
    }
    if (!value) return fail(`\`${name}:\` needs a value, e.g. ${examples[name]}.`);
    const applied = applyFilter(args, name, value);
    if (!applied.ok) return applied;
  }
  args.query = words.join(' ');
  if (!args.query && !hasFilters(args)) {
    return fail('Tell me what to search for: some words, a filter such as `status:new`, or both.');
  }
  if (args.from?.kind === 'date' && args.to?.kind === 'date' && args.from.date > args.to.date) {
    return fail(`\`from:\` ${args.from.date} is after \`to:\` ${args.to.date}.`);
  }
  return ok(args);
}

function applyFilter(args: SearchArgs, name: FilterName, value: string): Parsed<true> {
  const once = (present: unknown) => (present === undefined ? undefined : fail<true>(`\`${name}:\` can be given only once.`));
  switch (name) {
    case 'status': {
      const ids = parseStatuses(value);
      if (!ids.ok) return ids;
      args.statusIds = [...new Set([...(args.statusIds ?? []), ...ids.value])].sort((a, b) => a - b);
      return ok(true);
    }
    case 'category': {
      const names = listValues(unescapeSlack(value));
      if (!names.length) return fail(`\`category:\` needs a value, e.g. ${examples.category}.`);
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

// ── Turning names into help-desk values (pure parts) ─────────────────────────────────────────────

/** Case-, accent- and Turkish-i-insensitive, so "yazilim" finds "Yazılım". */
export function foldName(text: string): string {
  return text.replace(/[İIı]/g, 'i').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Category names or ids → ids of the caller's categories: exact name first, then a unique prefix. */
export function resolveCategoryIds(names: readonly string[], categories: readonly Category[]): Parsed<number[]> {
  const ids: number[] = [];
  const known = () => categories.map((category) => category.Name).join(', ') || 'none';
  for (const name of names) {
    if (/^\d+$/.test(name)) {
      ids.push(Number(name));
      continue;
    }
    const wanted = foldName(name);
    const labels = (category: Category) => [category.Name, category.NameWithSection ?? ''].filter(Boolean).map(foldName);
    const exact = categories.filter((category) => labels(category).includes(wanted));
    const candidates = exact.length ? exact : categories.filter((category) => labels(category).some((label) => label.startsWith(wanted)));
    const [only, ...others] = candidates;
    if (!only) return fail(`No category “${escapeText(name)}”. Your categories: ${escapeText(known())}.`);
    if (others.length) {
      return fail(`“${escapeText(name)}” matches several categories: ${escapeText(candidates.map((c) => c.Name).join(', '))}. Be more specific.`);
    }
    ids.push(only.CategoryID);
  }
  return ok([...new Set(ids)]);
}

const DAY_MS = 86_400_000;

function localDay(day: DayFilter, now: Date, tzOffsetSeconds: number): [number, number, number] {
  if (day.kind === 'date') return day.date.split('-').map(Number) as [number, number, number];
  const local = new Date(now.getTime() + tzOffsetSeconds * 1000 - day.days * DAY_MS);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/**
 * `from:` is the start and `to:` the end of that day in the user's time zone (both inclusive, as a
 * person reads "from the 1st to the 31st"); the help desk gets UTC instants.
 */
export function resolveDateRange(
  from: DayFilter | undefined,
  to: DayFilter | undefined,
  now: Date,
  tzOffsetSeconds: number,
): Parsed<{ dateFrom?: Date; dateTo?: Date }> {
  const offsetMs = tzOffsetSeconds * 1000;
  const start = from && localDay(from, now, tzOffsetSeconds);
  const end = to && localDay(to, now, tzOffsetSeconds);
  const dateFrom = start && new Date(Date.UTC(start[0], start[1] - 1, start[2]) - offsetMs);
  const dateTo = end && new Date(Date.UTC(end[0], end[1] - 1, end[2], 23, 59, 59, 999) - offsetMs);
  if (dateFrom && dateTo && dateFrom > dateTo) return fail('`from:` is after `to:`.');
  return ok({ ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) });
}

const statusLabels: Record<number, string> = { 1: 'new', 2: 'in progress', 3: 'closed' };
const dayLabel = (day: DayFilter) =>
  day.kind === 'date' ? day.date : day.days === 0 ? 'today' : day.days === 1 ? 'yesterday' : `${day.days} days ago`;
const personLabel = (person: AssigneeArg) =>
  person.kind === 'slack' ? { slackUserId: person.userId } : person.kind === 'me' ? 'you' : 'nobody';

/** The filters as the results header shows them. */
export function filterChips(args: SearchArgs): FilterChip[] {
  const chips: FilterChip[] = [];
  if (args.statusIds) chips.push({ name: 'status', values: args.statusIds.map((id) => statusLabels[id] ?? String(id)) });
  if (args.categories) chips.push({ name: 'category', values: args.categories });
  if (args.assignee) chips.push({ name: 'assignee', values: [personLabel(args.assignee)] });
  if (args.submitter) chips.push({ name: 'by', values: [personLabel(args.submitter)] });
  if (args.from) chips.push({ name: 'from', values: [dayLabel(args.from)] });
  if (args.to) chips.push({ name: 'to', values: [dayLabel(args.to)] });
  return chips;
}

// ── Paging state ─────────────────────────────────────────────────────────────────────────────────

const pagingState = z.object({
  /** Cache key of the matches. */
  k: z.string().regex(/^[\w-]{1,40}$/),
  /** 0-based page to show. */
  p: z.int().min(0).max(100_000),
  /** The search text, to run the search again when the cached matches are gone. */
  t: z.string().max(MAX_SEARCH_TEXT).optional(),
});
export type PagingState = z.infer<typeof pagingState>;

const MAX_BUTTON_VALUE = 2000;

export function encodePagingValue(state: PagingState): string {
  const value = JSON.stringify(state);
  // Quotes and control characters grow when JSON-escaped; without the text the button still works while cached.
  return value.length <= MAX_BUTTON_VALUE ? value : JSON.stringify({ k: state.k, p: state.p });
}

/** Button values come back from Slack: validate them like any other input. */
export function decodePagingValue(value: string | undefined): PagingState | undefined {
  if (!value) return undefined;
  try {
    const parsed = pagingState.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// ── Cached matches ───────────────────────────────────────────────────────────────────────────────

export interface CachedSearch {
  /** `team:user`: results are only ever served to the user who searched. */
  owner: string;
  args: SearchArgs;
  rows: TalepListRow[];
  audience: 'agent' | 'user';
}

export interface SearchCacheOptions {
  /** Total rows kept across all searches. */
  maxRows?: number;
  ttlMs?: number;
}

export class SearchResultCache {
  readonly #entries: LRUCache<string, CachedSearch>;

  constructor({ maxRows = 20_000, ttlMs = 30 * 60_000 }: SearchCacheOptions = {}) {
    this.#entries = new LRUCache({ maxSize: maxRows, sizeCalculation: (entry) => entry.rows.length + 1, ttl: ttlMs });
  }

  /** Stores the matches under a new random key and returns it. */
  put(entry: CachedSearch): string {
    const key = randomBytes(9).toString('base64url');
    this.#entries.set(key, entry);
    return key;
  }

  get(key: string, owner: string): CachedSearch | undefined {
    const entry = this.#entries.get(key);
    return entry?.owner === owner ? entry : undefined;
  }
}

// ── Running a search ─────────────────────────────────────────────────────────────────────────────

type SearchParams = ParamsOf<'search'>;

interface Environment {
  services: Services;
  client: webApi.WebClient;
}

/** The help-desk parameters, or a sentence for the user when a name does not resolve. */
async function resolveCriteria(
  { services, client }: Environment,
  session: Session,
  args: SearchArgs,
): Promise<Parsed<{ params: SearchParams; unassignedOnly: boolean }>> {
  const params: SearchParams = { query: args.query };
  if (args.statusIds) params.statusId = args.statusIds;
  if (args.categories) {
    const ids = resolveCategoryIds(args.categories, await session.hd.categories());
    if (!ids.ok) return ids;
    params.categoryId = ids.value;
  }
  const personId = async (person: PersonFilter) =>
    person.kind === 'me' ? session.account.helpdeskUserId : (await helpdeskPersonFor(services, session, client, person.userId)).helpdeskUserId;
  try {
    if (args.assignee && args.assignee.kind !== 'none') params.assignedToUserId = await personId(args.assignee);
    if (args.submitter) params.fromUserId = await personId(args.submitter);
  } catch (error) {
    const problem = personProblem(error);
    if (problem) return fail(problem);
    throw error;
  }
  if (args.from || args.to) {
    const tzOffset = await slackProfile(client, session.userId).then(
      (profile) => profile.tzOffset,
      (error: unknown) => {
        services.logger.warn(`no Slack time zone for ${session.userId}; dates read as UTC`, error);
        return 0;
      },
    );
    const range = resolveDateRange(args.from, args.to, services.now(), tzOffset);
    if (!range.ok) return range;
    Object.assign(params, range.value);
  }
  return ok({ params, unassignedOnly: args.assignee?.kind === 'none' });
}

async function findTaleps(environment: Environment, session: Session, args: SearchArgs): Promise<Parsed<TalepListRow[]>> {
  const criteria = await resolveCriteria(environment, session, args);
  if (!criteria.ok) return criteria;
  const found = (await session.hd.search(criteria.value.params)).map(listRow);
  // The API cannot ask for "nobody assigned"; one search returns everything, so filter here.
  return ok(criteria.value.unassignedOnly ? found.filter((row) => row.assignee === null) : found);
}

const ownerOf = (teamId: string, userId: string) => `${teamId}:${userId}`;

function resultsPage(entry: CachedSearch, key: string, page: number): SlackMessage {
  return searchResultsMessage({
    query: entry.args.query,
    filters: filterChips(entry.args),
    rows: entry.rows,
    page,
    audience: entry.audience,
    pagingValue: (target) => encodePagingValue({ k: key, p: target, t: entry.args.text }),
  });
}

/** Runs the search, caches the matches and renders `page`; a name that does not resolve is answered. */
async function searchAndRender(
  environment: Environment & { cache: SearchResultCache },
  session: Session,
  reply: Reply,
  args: SearchArgs,
  page: number,
): Promise<SlackMessage | undefined> {
  const rows = await findTaleps(environment, session, args);
  if (!rows.ok) {
    await reply.send({ text: `:warning: ${rows.error}` });
    return undefined;
  }
  const entry: CachedSearch = {
    owner: ownerOf(session.teamId, session.userId),
    args,
    rows: rows.value,
    audience: session.isAgent ? 'agent' : 'user',
  };
  return resultsPage(entry, environment.cache.put(entry), page);
}

/** `/talep mine`: agents get two searches (assigned, submitted), regular users one. */
export async function mineFor(session: Session): Promise<SlackMessage> {
  const me = session.account.helpdeskUserId;
  const [assigned, submitted] = await Promise.all([
    session.isAgent ? session.hd.search({ query: '', assignedToUserId: me, statusId: [statusIds.new, statusIds.progress] }) : undefined,
    session.hd.search({ query: '', fromUserId: me }),
  ]);
  return mineMessage({ ...(assigned ? { assigned: assigned.map(listRow) } : {}), submitted: submitted.map(listRow) });
}

const buttonValue = (action: unknown): string | undefined =>
  typeof action === 'object' && action !== null && 'value' in action && typeof action.value === 'string' ? action.value : undefined;

export const searchModule: CommandModule = {
  name: 'search',
  register({ app, services, router }) {
    const cache = new SearchResultCache();

    router.add<SearchArgs>({
      name: 'search',
      aliases: ['find'],
      usage: 'search <words> [status: category: assignee: by: from: to:]',
      summary: 'Find taleps, e.g. `printer status:open category:Hardware assignee:me from:-7d`',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseSearchArgs,
      run: ({ asUser, reply, client }, args) =>
        asUser(async (session) => {
          const message = await searchAndRender({ services, client, cache }, session, reply, args, 0);
          if (message) await reply.send(message);
        }),
    });

    router.add({
      name: 'mine',
      aliases: ['my'],
      usage: 'mine',
      summary: 'Taleps assigned to you and submitted by you',
      group: 'Taleps',
      audience: 'everyone',
      parse: () => ok(undefined),
      run: ({ asUser, reply }) => asUser(async (session) => reply.send(await mineFor(session))),
    });

    app.action(new RegExp(`^(${SearchIds.previousPage}|${SearchIds.nextPage})$`), async ({ ack, body, action, respond, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.response_url) return;
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      const userId = body.user.id;
      const reply = viaRespond(respond);
      // Paging replaces the results message in place.
      const replace = (message: SlackMessage) => respond({ response_type: 'ephemeral', replace_original: true, ...message });
      const state = decodePagingValue(buttonValue(action));
      if (!state) {
        await reply.send({ text: ':warning: That button is no longer valid. Run `/talep search` again.' });
        return;
      }
      const cached = cache.get(state.k, ownerOf(teamId, userId));
      if (cached) {
        await replace(resultsPage(cached, state.k, state.p));
        return;
      }
      const args = state.t === undefined ? undefined : parseSearchArgs(state.t);
      if (!args?.ok) {
        await reply.send({ text: ':hourglass: These results have expired. Run `/talep search` again.' });
        return;
      }
      await withSession(services, { teamId, userId }, reply, async (session) => {
        const message = await searchAndRender({ services, client, cache }, session, reply, args.value, state.p);
        if (message) await replace(message);
      });
    });

    // App Home "My taleps": the Home tab has no response_url, so the list goes to the app's Messages tab.
    app.action(SharedActions.myTaleps, async ({ ack, body, respond, client }) => {
      await ack();
      if (body.type !== 'block_actions') return;
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      const userId = body.user.id;
      const reply = body.response_url && body.container['type'] !== 'view' ? viaRespond(respond) : viaDirectMessage(client, userId);
      await withSession(services, { teamId, userId }, reply, async (session) => reply.send(await mineFor(session)));
    });
  },
};
