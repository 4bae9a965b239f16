/**
 * `/talep pending`: the person's accepted work that is not done yet — waiting for the help desk,
 * being sent, or given up — with Cancel on what still waits. The same list is on App Home (the account
 * area shows it through ./public.ts). Reads the bot's own store only: it works while the help desk is down.
 */
import { noArgs } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { buttonValue, onAction } from '../../slack/listeners.js';
import { route } from '../../slack/routes.js';
import { rowActionPattern } from '../../views/kit/blocks.js';
import { PendingIds } from '../../views/pending/list.js';
import { cancelPending, pendingList } from './list.js';

export const pendingArea: Area = {
  name: 'pending',
  routes: [
    route({
      path: 'pending',
      aliases: ['queue', 'outbox'],
      usage: 'pending',
      summary: 'Your requests not done yet (waiting for the help desk, or failed); cancel what still waits',
      group: 'Account',
      audience: 'everyone',
      parse: noArgs,
      run: async (ctx) => ctx.surface.send(await pendingList(ctx)),
    }),
  ],
  listeners: [
    // The list is replaced in place, with what happened on top.
    onAction(rowActionPattern(PendingIds.cancel), async (ctx) => {
      const notice = await cancelPending(ctx, buttonValue(ctx.action));
      await ctx.surface.replace(await pendingList(ctx, notice));
    }),
  ],
};
