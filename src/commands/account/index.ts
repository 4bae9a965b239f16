/**
 * Account linking: `/talep connect | disconnect | whoami`, the Connect button every unlinked person is
 * offered, the connect modal, and the App Home tab that shows the link.
 */
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { ok } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, buttonValue, onAction, onEvent } from '../../slack/listeners.js';
import { payloadProblem } from '../../slack/payloads.js';
import { route } from '../../slack/routes.js';
import { ConnectIds } from '../../views/account/ids.js';
import { disconnectedMessage, whoamiMessage } from '../../views/account/messages.js';
import { rowActionPattern } from '../../views/kit/blocks.js';
import { CONNECT_ACTION } from '../../views/kit/notices.js';
import { cancelPending, PendingIds } from '../pending/public.js';
import { connectSubmission, openConnectModal } from './connect.js';
import { publishHome, refreshHome } from './home.js';
import { identify } from './identify.js';
import { unlinkAccount } from './link.js';

/** The parts of `app_home_opened` the tab needs (an event payload is untrusted input). */
const homeOpened = z.object({ user: z.string().min(1), tab: z.string().optional() });

const takesNothing = () => ok(undefined);

export const accountArea: Area = {
  name: 'account',
  routes: [
    route({
      path: 'connect',
      // Not `link`: that relates two taleps (talep-relations).
      aliases: ['login'],
      usage: 'connect',
      summary: 'Link your help-desk account (paste your API token)',
      group: 'Account',
      audience: 'everyone',
      parse: takesNothing,
      run: (ctx) => openConnectModal(ctx, ctx.triggerId, ctx.channelId),
    }),
    route({
      path: 'disconnect',
      aliases: ['logout'],
      usage: 'disconnect',
      summary: 'Remove the link and delete your stored token',
      group: 'Account',
      audience: 'everyone',
      parse: takesNothing,
      run: async (ctx) => {
        const wasLinked = await unlinkAccount(ctx.services, ctx.who);
        await ctx.surface.send(disconnectedMessage(wasLinked, messagesOf(ctx)));
        await refreshHome(ctx.services, ctx.client, ctx.who);
      },
    }),
    route({
      path: 'whoami',
      aliases: ['me'],
      usage: 'whoami',
      summary: 'Show which help-desk user you act as',
      group: 'Account',
      audience: 'everyone',
      parse: takesNothing,
      needs: { linked: true },
      queue: { budget: 'general', repeatJoins: true },
      run: async (ctx) => {
        const { services, who, actor, surface } = ctx;
        // Re-check: confirms the token still works and picks up role changes.
        const identity = await identify(actor.hd);
        if (identity.role !== actor.role) await services.stores.accounts.updateRole(who.teamId, who.userId, identity.role);
        await surface.send(whoamiMessage({ ...identity, linkedAt: actor.account.linkedAt }, messagesOf(ctx)));
      },
    }),
  ],
  listeners: [
    // The "Connect help-desk account" button offered to unlinked people everywhere.
    onAction(CONNECT_ACTION, (ctx) => openConnectModal(ctx, ctx.triggerId, ctx.channelId)),
    connectSubmission,
    onAction(ConnectIds.disconnectAction, async (ctx) => {
      await unlinkAccount(ctx.services, ctx.who);
      await refreshHome(ctx.services, ctx.client, ctx.who);
    }),
    // Cancel on App Home's pending work: the tab is published again, without it.
    onAction(rowActionPattern(PendingIds.homeCancel), async (ctx) => {
      await cancelPending(ctx, buttonValue(ctx.action));
      await refreshHome(ctx.services, ctx.client, ctx.who);
    }),
    // Link buttons still send an action; they only need their ack.
    acknowledgeOnly(ConnectIds.tokenPageButton),
    acknowledgeOnly(ConnectIds.homeOpenHelpdesk),
    onEvent('app_home_opened', async (ctx) => {
      const event = homeOpened.safeParse(ctx.event);
      if (!event.success) {
        ctx.services.logger.warn(`malformed app_home_opened event: ${payloadProblem(event.error)}; acknowledged, not run`);
        return;
      }
      if (event.data.tab !== 'home') return;
      await publishHome(ctx.services, ctx.client, { teamId: ctx.teamId ?? '', userId: event.data.user });
    }),
  ],
};
