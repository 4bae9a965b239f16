/**
 * Finding taleps: `/talep search <words> [filters]`, `/talep mine`, the App Home "My taleps" button and
 * the Previous/Next buttons of search results. The query language is ./query.ts, resolving it and
 * searching ./criteria.ts, the cached matches behind the paging buttons ./cache.ts.
 */
import type { TalepListItem } from '../../api/schemas.js';
import { openStatusIds } from '../../domain/status.js';
import { english, type Messages } from '../../i18n/messages.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import { anyText } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import type { Interaction } from '../../slack/interaction.js';
import { buttonValue, onAction } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { route } from '../../slack/routes.js';
import { escapeText, type SlackMessage } from '../../views/kit/blocks.js';
import { SharedActions } from '../../views/kit/shared-actions.js';
import { listRow, mineMessage, SearchIds, searchResultsMessage } from '../../views/search/results.js';
import { type CachedSearch, decodePagingValue, encodePagingValue, ownerOf, SearchResultCache } from './cache.js';
import { findTaleps } from './criteria.js';
import { filterChips, parseSearchArgs, type SearchArgs } from './query.js';

function resultsPage(entry: CachedSearch, key: string, page: number, m: Messages): SlackMessage {
  return searchResultsMessage({
    query: entry.args.query,
    filters: filterChips(entry.args),
    rows: entry.rows,
    page,
    audience: entry.audience,
    pagingValue: (target) => encodePagingValue({ k: key, p: target, t: entry.args.text }),
  }, m);
}

/** Runs the search, caches the matches and renders `page`; a name that does not resolve is answered. */
async function searchAndRender(ix: Interaction, actor: Actor, cache: SearchResultCache, args: SearchArgs, page: number): Promise<SlackMessage> {
  const rows = await findTaleps(ix, actor, args);
  if (!rows.ok) return { text: `:warning: ${escapeText(parseProblemText(rows.error, messagesOf(ix)))}` };
  const entry: CachedSearch = { owner: ownerOf(actor.teamId, actor.userId), args, rows: rows.value, audience: actor.isAgent ? 'agent' : 'user' };
  return resultsPage(entry, cache.put(entry), page, messagesOf(ix));
}

/** `/talep mine`: agents get two searches (assigned, submitted), regular users one. */
export async function mineFor(actor: Actor, talepUrlTemplate: string, m: Messages = english): Promise<SlackMessage> {
  const me = actor.helpdeskUserId;
  const [assigned, submitted] = await Promise.all([
    actor.isAgent ? actor.hd.search({ query: '', assignedToUserId: me, statusId: [...openStatusIds] }) : undefined,
    actor.hd.search({ query: '', fromUserId: me }),
  ]);
  const row = (talep: TalepListItem) => listRow(talep, talepUrlTemplate, m);
  return mineMessage({ ...(assigned ? { assigned: assigned.map(row) } : {}), submitted: submitted.map(row) }, m);
}

/** The area, with its own cache of matches behind the paging buttons. */
export function searchArea(cache = new SearchResultCache()): Area {
  return {
    name: 'search',
    routes: [
      route({
        path: 'search',
        aliases: ['find'],
        usage: 'search <words> [status: category: assignee: by: from: to:]',
        summary: 'Find taleps, e.g. `printer status:open category:Hardware assignee:me from:-7d`',
        group: 'Taleps',
        audience: 'everyone',
        parse: parseSearchArgs,
        needs: { linked: true },
        queue: { budget: 'search', repeatJoins: true },
        run: async (ctx) => ctx.surface.send(await searchAndRender(ctx, ctx.actor, cache, ctx.args, 0)),
      }),
      route({
        path: 'mine',
        aliases: ['my'],
        usage: 'mine',
        summary: 'Taleps assigned to you and submitted by you',
        group: 'Taleps',
        audience: 'everyone',
        parse: anyText,
        needs: { linked: true },
        // An agent's: assigned to them and submitted by them.
        queue: { budget: 'search', calls: 2, repeatJoins: true },
        run: async (ctx) => ctx.surface.send(await mineFor(ctx.actor, ctx.services.talepUrlTemplate, messagesOf(ctx))),
      }),
    ],
    listeners: [
      // Paging replaces the results message in place; results live only for the person who searched.
      onAction(new RegExp(`^(${SearchIds.previousPage}|${SearchIds.nextPage})$`), async (ctx) => {
        const state = decodePagingValue(buttonValue(ctx.action));
        if (!state) return ctx.surface.send({ text: messagesOf(ctx).t('search.staleControl') });
        const cached = cache.get(state.k, ownerOf(ctx.who.teamId, ctx.who.userId));
        if (cached) return ctx.surface.replace(resultsPage(cached, state.k, state.p, messagesOf(ctx)));
        const args = state.t === undefined ? undefined : parseSearchArgs(state.t);
        if (!args?.ok) return ctx.surface.send({ text: messagesOf(ctx).t('search.expired') });
        const { value } = args;
        await actAs(ctx, async (actor) => ctx.surface.replace(await searchAndRender(ctx, actor, cache, value, state.p)));
      }),
      // App Home "My taleps": from the Home tab the list goes to the app's Messages tab.
      onAction(SharedActions.myTaleps, { linked: true }, async (ctx) =>
        ctx.surface.send(await mineFor(ctx.actor, ctx.services.talepUrlTemplate, messagesOf(ctx)))),
    ],
  };
}
