/**
 * `/talep stats`: GET /Stats as the acting person. Agents see the whole help desk and their own share
 * (two calls, in parallel); regular users only their own numbers (one call).
 */
import type { Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import { ok } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { route } from '../../slack/routes.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { statsMessage } from '../../views/stats/stats.js';

export async function statsFor(actor: Actor, m?: Messages): Promise<SlackMessage> {
  const [overall, mine] = await Promise.all([actor.isAgent ? actor.hd.stats() : undefined, actor.hd.stats({ forCurrentUser: true })]);
  return statsMessage({ ...(overall ? { overall } : {}), mine }, m);
}

export const statsArea: Area = {
  name: 'stats',
  routes: [
    route({
      path: 'stats',
      aliases: ['statistics'],
      usage: 'stats',
      summary: 'Talep counts: the help desk’s and yours',
      group: 'Taleps',
      audience: 'everyone',
      // Words after `stats` were always ignored; they still are.
      parse: () => ok(undefined),
      needs: { linked: true },
      // An agent's: the whole help desk's and their own.
      queue: { budget: 'general', calls: 2, repeatJoins: true },
      run: async (ctx) => ctx.surface.send(await statsFor(ctx.actor, messagesOf(ctx))),
    }),
  ],
};
