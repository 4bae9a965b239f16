/**
 * `/talep stats`: GET /Stats as the acting user. Agents see the whole help desk and their own share
 * (two calls, in parallel); regular users only their own numbers (one call).
 */
import { statsMessage } from '../views/stats.js';
import { ok } from './args.js';
import type { CommandModule } from './module.js';
import type { Session } from './session.js';

export async function statsFor(session: Session) {
  const [overall, mine] = await Promise.all([
    session.isAgent ? session.hd.stats() : undefined,
    session.hd.stats({ forCurrentUser: true }),
  ]);
  return statsMessage({ ...(overall ? { overall } : {}), mine });
}

export const statsModule: CommandModule = {
  name: 'stats',
  register({ router }) {
    router.add({
      name: 'stats',
      aliases: ['statistics'],
      usage: 'stats',
      summary: 'Talep counts: the help desk’s and yours',
      group: 'Taleps',
      audience: 'everyone',
      parse: () => ok(undefined),
      run: ({ asUser, reply }) => asUser(async (session) => reply.send(await statsFor(session))),
    });
  },
};
