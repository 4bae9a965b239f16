/**
 * Linking a help-desk account: the connect modal (from `/talep connect`, the Connect button every
 * unlinked person is offered, App Home) and its submission. A pasted token is checked with
 * POST /Authorization through the client's lock-out guard before it is stored (encrypted); a token the
 * help desk refused once is never sent again.
 */
import * as z from 'zod';
import { bearer } from '../../api/auth.js';
import { HelpdeskError } from '../../api/errors.js';
import { errorText } from '../../slack/failures.js';
import { surfaceDeps, type Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { formText } from '../../slack/forms.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import { ephemeralSurface, withoutLeadingEmoji } from '../../slack/surface.js';
import { connectCheckingView, connectedMessage, connectedView, connectModal } from '../../views/account/connect.js';
import { ConnectIds } from '../../views/account/ids.js';
import { queuedMessage } from '../../views/kit/notices.js';
import { refreshHome } from './home.js';
import { identify } from './identify.js';

/** Where the modal was opened, so the result is also said there. */
const connectMetadata = z.object({ channelId: z.string().max(40).optional() });

/** Opens the connect modal at once (the trigger lives 3 s); no help-desk call is needed for it. */
export async function openConnectModal(ix: Interaction, triggerId: string, channelId: string | undefined): Promise<void> {
  await openModal(ix, triggerId, connectModal(ix.services.helpdesk.tokenPageUrl, encodeMetadata(channelId ? { channelId } : {})));
}

function problemFor(error: unknown): string {
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
    return 'The help desk refused this token. Copy it again from your token page (a new password invalidates old tokens).';
  }
  return withoutLeadingEmoji(errorText(error));
}

const TOKEN = /^\S{8,2000}$/;

export const connectSubmission: Listener = onSubmit(ConnectIds.callbackId, async (ctx) => {
  const { services, who, view } = ctx;
  const token = formText(ctx.values, ConnectIds.tokenBlock, ConnectIds.tokenInput) ?? '';
  if (!TOKEN.test(token)) {
    await ctx.ack({
      response_action: 'errors',
      errors: { [ConnectIds.tokenBlock]: 'That does not look like a token: paste it whole, without spaces.' },
    });
    return;
  }
  // The check may wait for the rate budget, so answer Slack now and update the modal afterwards.
  await ctx.ack({ response_action: 'update', view: connectCheckingView() });
  const modal = ctx.surface;
  const metadata = decodeMetadata(connectMetadata, view.private_metadata) ?? {};
  // Not an actor yet: the token is not stored until the help desk has accepted it.
  const hd = services.helpdesk.withCredential(bearer(token), {
    priority: 'interactive',
    fairnessKey: `${who.teamId}:${who.userId}`,
    newCredential: true, // a pasted token: the lock-out guard's newcomer allowance applies
    onQueued: (waitMs) => {
      void modal.update(connectCheckingView(queuedMessage(waitMs).text)).catch(() => undefined);
    },
  });
  try {
    const identity = await identify(hd);
    await services.stores.accounts.link(who.teamId, who.userId, token, identity);
    services.logger.info(`linked ${who.teamId}:${who.userId} to help-desk user ${identity.helpdeskUserId} (${identity.role})`);
    await modal.update(connectedView(identity));
    if (metadata.channelId) {
      await ephemeralSurface(surfaceDeps(services, ctx.client, who.userId), metadata.channelId).send(connectedMessage(identity));
    }
    await refreshHome(services, ctx.client, who);
  } catch (error) {
    if (!(error instanceof HelpdeskError)) services.logger.error('connect failed', error);
    await modal.update(connectModal(services.helpdesk.tokenPageUrl, encodeMetadata(metadata), problemFor(error)));
  }
});
