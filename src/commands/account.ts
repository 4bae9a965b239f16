/**
 * Account linking: `/talep connect | disconnect | whoami`, the connect modal, the Connect button that
 * every unlinked user is offered, and the App Home tab that shows the link.
 *
 * A pasted token is checked with POST /Authorization through the client's lock-out guard before it is
 * stored (encrypted); a token the help desk refused once is never sent again.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { bearer, credentialId } from '../api/auth.js';
import type { HelpdeskClient } from '../api/client.js';
import { HelpdeskError, isHelpdeskError } from '../api/errors.js';
import type { AccountIdentity } from '../store/account-store.js';
import {
  ConnectIds,
  connectCheckingView,
  connectedMessage,
  connectedView,
  connectModal,
  disconnectedMessage,
  homeView,
  whoamiMessage,
} from '../views/account.js';
import { errorText } from '../slack/failures.js';
import { CONNECT_ACTION, queuedMessage } from '../views/kit/notices.js';
import { ok } from './args.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { viaDirectMessage, viaEphemeral } from './reply.js';
import type { Services } from '../slack/services.js';
import { whoActs } from './session.js';

const connectMetadata = z.object({ channelId: z.string().optional() });

/** Who the token belongs to and what they may do. The role decides which buttons and modals we offer. */
export async function identify(hd: HelpdeskClient): Promise<AccountIdentity> {
  const me = await hd.authorization();
  const identity = { helpdeskUserId: me.UserID, username: me.Username, email: me.Email };
  if (me.IsAdmin) return { ...identity, role: 'admin' };
  if (!z.email().safeParse(me.Email).success) return { ...identity, role: 'user' };
  try {
    // UserByEmail is open to agents only: its answer (or refusal) tells us the role.
    const details = await hd.userByEmail({ email: me.Email });
    return { ...identity, role: details.IsTech ? 'agent' : 'user' };
  } catch (error) {
    if (isHelpdeskError(error, 'forbidden')) return { ...identity, role: 'user' };
    throw error;
  }
}

export async function publishHome(services: Services, client: webApi.WebClient, teamId: string, userId: string) {
  const account = services.stores.accounts.get(teamId, userId);
  await client.views.publish({
    user_id: userId,
    view: homeView({
      identity: account,
      rejected: account?.rejected,
      helpdeskWebUrl: services.helpdeskWebUrl,
    }),
  });
}

async function openConnectModal(services: Services, client: webApi.WebClient, triggerId: string, channelId?: string) {
  await client.views.open({
    trigger_id: triggerId,
    view: connectModal(services.helpdesk.tokenPageUrl, encodeMetadata({ channelId })),
  });
}

function problemFor(error: unknown): string {
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
    return 'The help desk refused this token. Copy it again from your token page (a new password invalidates old tokens).';
  }
  return errorText(error).replace(/^:\w+: /, '');
}

export const accountModule: CommandModule = {
  name: 'account',
  register({ app, services, router }) {
    router.add({
      name: 'connect',
      // Not `link`: that relates two taleps (talep-relations).
      aliases: ['login'],
      usage: 'connect',
      summary: 'Link your help-desk account (paste your API token)',
      group: 'Account',
      audience: 'everyone',
      parse: () => ok(undefined),
      run: async ({ client, triggerId, channelId }) => openConnectModal(services, client, triggerId, channelId),
    });

    router.add({
      name: 'disconnect',
      aliases: ['logout'],
      usage: 'disconnect',
      summary: 'Remove the link and delete your stored token',
      group: 'Account',
      audience: 'everyone',
      parse: () => ok(undefined),
      run: async ({ teamId, userId, reply, client }) => {
        const account = services.stores.accounts.get(teamId, userId);
        if (account) services.helpdesk.guard.forget(credentialId(account.credential));
        const wasLinked = await services.stores.accounts.unlink(teamId, userId);
        await reply.send(disconnectedMessage(wasLinked));
        await publishHome(services, client, teamId, userId).catch((error: unknown) => services.logger.warn('home publish failed', error));
      },
    });

    router.add({
      name: 'whoami',
      aliases: ['me'],
      usage: 'whoami',
      summary: 'Show which help-desk user you act as',
      group: 'Account',
      audience: 'everyone',
      parse: () => ok(undefined),
      run: async ({ asUser, reply, teamId, userId }) =>
        asUser(async (session) => {
          // Re-check: confirms the token still works and picks up role changes.
          const identity = await identify(session.hd);
          if (identity.role !== session.account.role) await services.stores.accounts.updateRole(teamId, userId, identity.role);
          await reply.send(whoamiMessage({ ...identity, linkedAt: session.account.linkedAt }));
        }),
    });

    // The "Connect help-desk account" button offered to unlinked users everywhere.
    app.action(CONNECT_ACTION, async ({ ack, body, client }) => {
      await ack();
      const channelId = 'channel' in body ? body.channel?.id : undefined;
      if ('trigger_id' in body) await openConnectModal(services, client, body.trigger_id, channelId);
    });

    app.action(ConnectIds.tokenPageButton, async ({ ack }) => ack());

    app.action(ConnectIds.disconnectAction, async ({ ack, body, client }) => {
      await ack();
      const { teamId, userId } = whoActs(body);
      const account = services.stores.accounts.get(teamId, userId);
      if (account) services.helpdesk.guard.forget(credentialId(account.credential));
      await services.stores.accounts.unlink(teamId, userId);
      await publishHome(services, client, teamId, userId);
    });

    app.view(ConnectIds.callbackId, async ({ ack, body, view, client }) => {
      const token = view.state.values[ConnectIds.tokenBlock]?.[ConnectIds.tokenInput]?.value?.trim() ?? '';
      if (!/^\S{8,2000}$/.test(token)) {
        await ack({
          response_action: 'errors',
          errors: { [ConnectIds.tokenBlock]: 'That does not look like a token: paste it whole, without spaces.' },
        });
        return;
      }
      // The check may wait for the rate budget, so answer Slack now and update the modal afterwards.
      await ack({ response_action: 'update', view: connectCheckingView() });
      const { teamId, userId } = whoActs(body);
      const viewId = view.id;
      const metadata = decodeMetadata(connectMetadata, view.private_metadata) ?? {};
      const hd = services.helpdesk.withCredential(bearer(token), {
        priority: 'interactive',
        fairnessKey: `${teamId}:${userId}`,
        newCredential: true, // a pasted token: the lock-out guard's newcomer allowance applies
        onQueued: (waitMs) => {
          void client.views.update({ view_id: viewId, view: connectCheckingView(queuedMessage(waitMs).text) }).catch(() => undefined);
        },
      });
      try {
        const identity = await identify(hd);
        await services.stores.accounts.link(teamId, userId, token, identity);
        services.logger.info(`linked ${teamId}:${userId} to help-desk user ${identity.helpdeskUserId} (${identity.role})`);
        await client.views.update({ view_id: viewId, view: connectedView(identity) });
        if (metadata.channelId) {
          await viaEphemeral(client, metadata.channelId, userId)
            .send(connectedMessage(identity))
            .catch(() => viaDirectMessage(client, userId).send(connectedMessage(identity)));
        }
        await publishHome(services, client, teamId, userId).catch((error: unknown) => services.logger.warn('home publish failed', error));
      } catch (error) {
        if (!(error instanceof HelpdeskError)) services.logger.error('connect failed', error);
        await client.views.update({
          view_id: viewId,
          view: connectModal(services.helpdesk.tokenPageUrl, encodeMetadata(metadata), problemFor(error)),
        });
      }
    });

    app.event('app_home_opened', async ({ event, body, client }) => {
      if (event.tab !== 'home') return;
      await publishHome(services, client, body.team_id, event.user);
    });
  },
};
