/**
 * The App Home work queue's data: my open taleps; for agents also assigned to me, unassigned (in the
 * categories they can see), due soon and overdue. Read as the person (3 Search calls at most), kept in
 * a short-lived cache per person so opening the tab again is instant; dropped when an event touches them.
 */
import type { TalepListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { openStatusIds } from '../../domain/status.js';
import { type Actor, actorFor, type Who } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { Block } from '../../views/kit/blocks.js';
import { type QueueRow, type QueueSectionKey, workQueueBlocks } from '../../views/notifications/home-queue.js';
import { TalepCardIds } from '../talep-card/public.js';
import { defaultNotifySettings } from './context.js';

const CACHE_MS = 30_000;
const ROWS_PER_SECTION = 50;

interface Cached {
  at: number;
  sections: Partial<Record<QueueSectionKey, QueueRow[]>>;
}

interface HomeState {
  cache: Map<string, Cached>;
  pages: Map<string, number>;
  /** People whose Home tab was published by this process (an event touching them refreshes it). */
  seen: Set<string>;
}

const states = new WeakMap<Services, HomeState>();

function stateOf(services: Services): HomeState {
  let state = states.get(services);
  if (!state) states.set(services, (state = { cache: new Map(), pages: new Map(), seen: new Set() }));
  return state;
}

const keyOf = (who: Who) => `${who.teamId}:${who.userId}`;

export function setQueuePage(services: Services, who: Who, page: number): void {
  stateOf(services).pages.set(keyOf(who), Math.max(0, Math.min(page, 100)));
}

/** Forgets the person's cached queue; true when their Home tab was shown (then it is worth publishing again). */
export function dropQueueCache(services: Services, who: Who): boolean {
  const state = stateOf(services);
  state.cache.delete(keyOf(who));
  return state.seen.has(keyOf(who));
}

const toRow = (item: TalepListItem): QueueRow => ({
  TalepID: item.TalepID,
  Subject: item.Subject,
  Status: item.Status,
  StatusID: item.StatusID,
  Priority: item.Priority,
  DueDate: item.DueDate,
  AssigneeID: item.AssigneeID,
  Url: item.Url,
});

/** An agent's share of unassigned taleps: those of categories they are an agent of (admins: all). */
async function inMyCategories(services: Services, actor: Actor, items: TalepListItem[]): Promise<TalepListItem[]> {
  if (actor.isAdmin) return items;
  const categories = [...new Set(items.flatMap((item) => (item.CategoryID === undefined ? [] : [item.CategoryID])))];
  const mine = new Set<number>();
  for (const id of categories) {
    try {
      if ((await actor.hd.techsForCategory({ id })).some((agent) => agent.UserID === actor.helpdeskUserId)) mine.add(id);
    } catch (error) {
      // Cannot tell: the category stays (the help desk decides when they press Assign to me).
      services.logger.debug?.(`agents of category ${id} not read for the work queue`, error);
      mine.add(id);
    }
  }
  return items.filter((item) => item.CategoryID === undefined || mine.has(item.CategoryID));
}

async function readSections(services: Services, actor: Actor): Promise<Cached['sections']> {
  const open = [...openStatusIds];
  const me = actor.helpdeskUserId;
  const mine = (await actor.hd.search({ query: '', fromUserId: me, statusId: open })).slice(0, ROWS_PER_SECTION).map(toRow);
  if (!actor.isAgent) return { mine };
  const assigned = (await actor.hd.search({ query: '', assignedToUserId: me, statusId: open })).map(toRow);
  const unassigned = (await inMyCategories(services, actor, (await actor.hd.search({ query: '', statusId: open })).filter((item) => item.AssigneeID === null)))
    .slice(0, ROWS_PER_SECTION)
    .map(toRow);
  const now = services.now().getTime();
  const soonMs = (services.notify ?? defaultNotifySettings).dueSoonHours * 3_600_000;
  const dated = [...assigned, ...unassigned];
  const overdue = dated.filter((row) => row.DueDate && row.DueDate.getTime() <= now);
  const dueSoon = dated.filter((row) => row.DueDate && row.DueDate.getTime() > now && row.DueDate.getTime() - now <= soonMs);
  return { overdue, dueSoon, assigned: assigned.slice(0, ROWS_PER_SECTION), unassigned, mine };
}

/** The work-queue blocks of the person's Home tab (empty when they are not linked), in their language. */
export async function workQueueSection(services: Services, who: Who, m: Messages = english): Promise<Block[]> {
  const actor = await actorFor(services, who, { priority: 'interactive' });
  if (typeof actor === 'string') return [];
  const state = stateOf(services);
  const key = keyOf(who);
  state.seen.add(key);
  let problem: string | undefined;
  let cached = state.cache.get(key);
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    try {
      cached = { at: Date.now(), sections: await readSections(services, actor) };
      state.cache.set(key, cached);
    } catch (error) {
      services.logger.warn(`work queue of ${key} not read`, error);
      problem = m.t('homeQueue.problem');
    }
  }
  const prefs = await services.stores.notify.prefs(who.teamId, who.userId);
  return workQueueBlocks({
    isAgent: actor.isAgent,
    helpdeskUserId: actor.helpdeskUserId,
    sections: cached?.sections ?? {},
    page: state.pages.get(key) ?? 0,
    talepUrlTemplate: services.talepUrlTemplate,
    rowActions: { assignToMe: TalepCardIds.assignToMe, close: TalepCardIds.close },
    settings: prefs,
    problem,
    now: services.now(),
  }, m);
}
