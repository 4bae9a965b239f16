/**
 * Search arguments → the help desk's Search parameters, as the acting user: category names to the
 * caller's category ids, Slack users and `me` to help-desk users, days in the user's time zone to UTC
 * instants. Then the search itself (60/min budget, every match at once).
 */
import type { ParamsOf } from '../../api/client.js';
import { resolveCategoryIds } from '../../domain/categories.js';
import type { Actor } from '../../slack/actor.js';
import { fail, ok, type Parsed } from '../../slack/args.js';
import type { Interaction } from '../../slack/interaction.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { timeZoneOffsetOf } from '../../slack/profiles.js';
import { messagesOf } from '../../slack/locale.js';
import { listRow, type TalepListRow } from '../../views/search/results.js';
import type { DayFilter, PersonFilter, SearchArgs } from './query.js';

// ── Days (pure) ──────────────────────────────────────────────────────────────────────────────────

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
  if (dateFrom && dateTo && dateFrom > dateTo) return fail('parse.fromAfterTo');
  return ok({ ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) });
}

// ── Running a search ─────────────────────────────────────────────────────────────────────────────

type SearchParams = ParamsOf<'search'>;


/**
 * The help-desk parameters, or a sentence for the person when a name does not resolve (a Slack user
 * who is not in the help desk is thrown as `PersonNotFound`, which the kernel words).
 */
async function resolveCriteria(ix: Interaction, actor: Actor, args: SearchArgs): Promise<Parsed<{ params: SearchParams; unassignedOnly: boolean }>> {
  const params: SearchParams = { query: args.query };
  if (args.statusIds) params.statusId = args.statusIds;
  if (args.categories) {
    const ids = resolveCategoryIds(args.categories, await actor.hd.categories());
    if (!ids.ok) return ids;
    params.categoryId = ids.value;
  }
  const personId = async (person: PersonFilter) =>
    person.kind === 'me' ? actor.helpdeskUserId : (await helpdeskPersonFor(ix.services, actor, ix.client, person.userId, messagesOf(ix))).helpdeskUserId;
  if (args.assignee && args.assignee.kind !== 'none') params.assignedToUserId = await personId(args.assignee);
  if (args.submitter) params.fromUserId = await personId(args.submitter);
  if (args.from || args.to) {
    const range = resolveDateRange(args.from, args.to, ix.services.now(), await timeZoneOffsetOf(ix));
    if (!range.ok) return range;
    Object.assign(params, range.value);
  }
  return ok({ params, unassignedOnly: args.assignee?.kind === 'none' });
}

export async function findTaleps(ix: Interaction, actor: Actor, args: SearchArgs): Promise<Parsed<TalepListRow[]>> {
  const criteria = await resolveCriteria(ix, actor, args);
  if (!criteria.ok) return criteria;
  const found = (await actor.hd.search(criteria.value.params)).map((talep) => listRow(talep, ix.services.talepUrlTemplate, messagesOf(ix)));
  // The API cannot ask for "nobody assigned"; one search returns everything, so filter here.
  return ok(criteria.value.unassignedOnly ? found.filter((row) => row.assignee === null) : found);
}
