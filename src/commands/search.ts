/**
 * Finding taleps: `/talep search <words> [filters]`, `/talep mine`, the App Home "My taleps" button and
 * the Previous/Next buttons of search results. The query language is ./search-query.ts, resolving it
 * and searching ./search-criteria.ts, the cached matches behind the paging buttons ./search-cache.ts.
 */
import type { TalepListItem } from '../api/schemas.js';
import type { SlackMessage } from '../views/kit/blocks.js';
import { listRow, mineMessage, SearchIds, searchResultsMessage } from '../views/search-results.js';
import { SharedActions } from '../views/kit/shared-actions.js';
import { ok, statusIds } from './args.js';
import type { CommandModule } from './module.js';
import { type Reply, viaDirectMessage, viaRespond } from './reply.js';
import { type CachedSearch, decodePagingValue, encodePagingValue, ownerOf, SearchResultCache } from './search-cache.js';
import { type Environment, findTaleps } from './search-criteria.js';
import { filterChips, parseSearchArgs, type SearchArgs } from './search-query.js';
import { type Session, whoActs, withSession } from './session.js';
import { buttonValue } from './legacy-card.js';

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
export async function mineFor(session: Session, talepUrlTemplate: string): Promise<SlackMessage> {
  const me = session.account.helpdeskUserId;
  const [assigned, submitted] = await Promise.all([
    session.isAgent ? session.hd.search({ query: '', assignedToUserId: me, statusId: [statusIds.new, statusIds.progress] }) : undefined,
    session.hd.search({ query: '', fromUserId: me }),
  ]);
  const row = (talep: TalepListItem) => listRow(talep, talepUrlTemplate);
  return mineMessage({ ...(assigned ? { assigned: assigned.map(row) } : {}), submitted: submitted.map(row) });
}

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
      run: ({ asUser, reply }) => asUser(async (session) => reply.send(await mineFor(session, services.talepUrlTemplate))),
    });

    app.action(new RegExp(`^(${SearchIds.previousPage}|${SearchIds.nextPage})$`), async ({ ack, body, action, respond, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.response_url) return;
      const { teamId, userId } = whoActs(body);
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
      const { teamId, userId } = whoActs(body);
      const reply = body.response_url && body.container['type'] !== 'view' ? viaRespond(respond) : viaDirectMessage(client, userId);
      await withSession(services, { teamId, userId }, reply, async (session) => reply.send(await mineFor(session, services.talepUrlTemplate)));
    });
  },
};
