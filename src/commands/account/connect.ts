/**
 * Linking a help-desk account: the connect modal (from `/talep connect`, the Connect button every
 * unlinked person is offered, App Home) and its submission. Two ways in:
 * - a pasted token, checked with POST /Authorization before it is stored (encrypted);
 * - when offered (`CONNECT_WITH_PASSWORD`, on by default for the embedded sandbox), the help-desk user
 *   name and password, exchanged once for the user's token (GET /User/Token?json=true, Basic auth); the
 *   token is stored as if pasted, the password is never stored, logged or put back into a view.
 * Both go through the client's lock-out guard as a new credential: a wrong password counts like a wrong
 * token, and a credential the help desk refused once is never sent again.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { basic, bearer, type Credential } from '../../api/auth.js';
import type { HelpdeskClient } from '../../api/client.js';
import { HelpdeskError } from '../../api/errors.js';
import { fairnessKeyOf } from '../../slack/actor.js';
import { errorText } from '../../slack/failures.js';
import { type FormReading, formErrors, formText, formValues, rawText, type StateValues } from '../../slack/forms.js';
import { surfaceDeps, type Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import type { Services } from '../../slack/services.js';
import { ephemeralSurface, withoutLeadingEmoji } from '../../slack/surface.js';
import { connectCheckingView, connectedMessage, connectedView, connectModal } from '../../views/account/connect.js';
import { ConnectIds } from '../../views/account/ids.js';
import { queuedMessage } from '../../views/kit/notices.js';
import { refreshHome } from './home.js';
import { identify } from './identify.js';

/** Where the modal was opened, so the result is also said there. */
const connectMetadata = z.object({ channelId: z.string().max(40).optional() });

/** How this bot links accounts (the services' connect options, or token paste at the help desk's token page). */
function connectOptions(services: Services) {
  return services.connect ?? { withPassword: false, tokenPageUrl: services.helpdesk.tokenPageUrl };
}

/** Opens the connect modal at once (the trigger lives 3 s); no help-desk call is needed for it. */
export async function openConnectModal(ix: Interaction, triggerId: string, channelId: string | undefined): Promise<void> {
  const { withPassword, tokenPageUrl } = connectOptions(ix.services);
  await openModal(ix, triggerId, connectModal(tokenPageUrl, encodeMetadata(channelId ? { channelId } : {}), undefined, { withPassword }, messagesOf(ix)));
}

type SignIn = { kind: 'token'; token: string } | { kind: 'password'; username: string; password: string };

const TOKEN = /^\S{8,2000}$/;

/** What the person filled in: a token, or (when offered) a user name and password — one of the two. */
export function readSignIn(values: StateValues, withPassword: boolean, m: Messages = english): FormReading<SignIn> {
  const token = formText(values, ConnectIds.tokenBlock, ConnectIds.tokenInput) ?? '';
  const username = withPassword ? (formText(values, ConnectIds.loginBlock, ConnectIds.loginInput) ?? '') : '';
  // Not trimmed: spaces may be part of a password.
  const password = withPassword ? (rawText(values, ConnectIds.passwordBlock, ConnectIds.passwordInput) ?? '') : '';
  if (withPassword && (username || password)) {
    if (token) return formErrors({ [ConnectIds.tokenBlock]: m.t('connect.signInEitherNotBoth') });
    if (!username) return formErrors({ [ConnectIds.loginBlock]: m.t('connect.signInNoUsername') });
    if (!password) return formErrors({ [ConnectIds.passwordBlock]: m.t('connect.signInNoPassword') });
    return formValues({ kind: 'password', username, password });
  }
  if (!token) {
    return withPassword
      ? formErrors({ [ConnectIds.loginBlock]: m.t('connect.signInNothing') })
      : formErrors({ [ConnectIds.tokenBlock]: m.t('connect.signInNoToken') });
  }
  if (!TOKEN.test(token)) return formErrors({ [ConnectIds.tokenBlock]: m.t('connect.signInBadToken') });
  return formValues({ kind: 'token', token });
}

function problemFor(error: unknown, signIn: SignIn, m: Messages = english): string {
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
    return signIn.kind === 'password'
      ? m.t('connect.refusedPassword')
      : m.t('connect.refusedToken');
  }
  return withoutLeadingEmoji(errorText(error, {}, m));
}

/**
 * The token the person's sign-in stands for, and a client acting with it. A password is exchanged for
 * the token (one sign-in through the guard); the token the help desk just issued is then known good.
 */
async function tokenFor(helpdesk: HelpdeskClient, signIn: SignIn, options: Parameters<HelpdeskClient['withCredential']>[1]) {
  if (signIn.kind === 'token') return { token: signIn.token, hd: helpdesk.withCredential(bearer(signIn.token), options) };
  const credential: Credential = basic(signIn.username, signIn.password);
  const token = await helpdesk.fetchUserToken(credential, options);
  return { token, hd: helpdesk.withCredential(bearer(token), { ...options, newCredential: false, knownGood: true }) };
}

export const connectSubmission: Listener = onSubmit(ConnectIds.callbackId, async (ctx) => {
  const { services, who, view } = ctx;
  const { withPassword, tokenPageUrl } = connectOptions(services);
  const reading = readSignIn(ctx.values, withPassword, messagesOf(ctx));
  if (!reading.ok) {
    await ctx.ack({ response_action: 'errors', errors: reading.errors });
    return;
  }
  const signIn = reading.values;
  // The check may wait for the rate budget, so answer Slack now and update the modal afterwards.
  await ctx.ack({
    response_action: 'update',
    view: connectCheckingView(signIn.kind === 'password' ? messagesOf(ctx).t('connect.signingIn') : undefined, messagesOf(ctx)),
  });
  const modal = ctx.surface;
  const metadata = decodeMetadata(connectMetadata, view.private_metadata) ?? {};
  // Not an actor yet: nothing is stored until the help desk has accepted the credential.
  const callOptions = {
    priority: 'interactive' as const,
    fairnessKey: fairnessKeyOf(who), // the same turn as the person's other calls
    newCredential: true, // just typed or pasted: the lock-out guard's newcomer allowance applies
    onQueued: (waitMs: number) => {
      if (waitMs <= 0) return; // sent: the modal already says it is checking
      void modal.update(connectCheckingView(queuedMessage(waitMs, undefined, messagesOf(ctx)).text, messagesOf(ctx))).catch(() => undefined);
    },
  };
  try {
    const { token, hd } = await tokenFor(services.helpdesk, signIn, callOptions);
    const identity = await identify(hd);
    await services.stores.accounts.link(who.teamId, who.userId, token, identity);
    services.logger.info(
      `linked ${who.teamId}:${who.userId} to help-desk user ${identity.helpdeskUserId} (${identity.role})${signIn.kind === 'password' ? ' by user name and password' : ''}`,
    );
    await modal.update(connectedView(identity, messagesOf(ctx)));
    if (metadata.channelId) {
      await ephemeralSurface(surfaceDeps(services, ctx.client, who.userId), metadata.channelId).send(connectedMessage(identity, messagesOf(ctx)));
    }
    await refreshHome(services, ctx.client, who);
  } catch (error) {
    // An unexpected error is logged as its kind and message only: never the credential that was tried.
    if (!(error instanceof HelpdeskError)) services.logger.error(`connect failed: ${error instanceof Error ? error.name : 'error'}`);
    const again = connectModal(tokenPageUrl, encodeMetadata(metadata), problemFor(error, signIn, messagesOf(ctx)), {
      withPassword,
      ...(signIn.kind === 'password' ? { username: signIn.username } : {}),
    }, messagesOf(ctx));
    await modal.update(again);
  }
});
