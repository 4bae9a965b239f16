/**
 * Search arguments → the help desk's Search parameters, as the acting user: category names to the
 * caller's category ids, Slack users and `me` to help-desk users, days in the user's time zone to UTC
 * instants. Then the search itself (60/min budget, every match at once).
 */
import type { webApi } from '@slack/bolt';
import type { ParamsOf } from '../api/client.js';
import type { Category } from '../api/schemas.js';
import { slackProfile } from '../slack/profiles.js';
import { escapeText } from '../views/kit/blocks.js';
import { listRow, type TalepListRow } from '../views/search-results.js';
import { fail, ok, type Parsed } from './args.js';
import { helpdeskPersonFor } from '../slack/people.js';
import { personProblem } from './session.js';
import type { DayFilter, PersonFilter, SearchArgs } from './search-query.js';
import type { Services } from '../slack/services.js';
import type { Session } from './session.js';

// ── Names and days (pure) ────────────────────────────────────────────────────────────────────────

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

// ── Running a search ─────────────────────────────────────────────────────────────────────────────

type SearchParams = ParamsOf<'search'>;

export interface Environment {
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

export async function findTaleps(environment: Environment, session: Session, args: SearchArgs): Promise<Parsed<TalepListRow[]>> {
  const criteria = await resolveCriteria(environment, session, args);
  if (!criteria.ok) return criteria;
  const found = (await session.hd.search(criteria.value.params)).map((talep) => listRow(talep, environment.services.talepUrlTemplate));
  // The API cannot ask for "nobody assigned"; one search returns everything, so filter here.
  return ok(criteria.value.unassignedOnly ? found.filter((row) => row.assignee === null) : found);
}
