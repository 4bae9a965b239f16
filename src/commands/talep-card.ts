/**
 * The talep card: `/talep show <id>`, the shared `talep_show` button (search results, new-talep
 * confirmations...), "Share in channel", Subscribe / Unsubscribe, and the machinery every card button
 * uses: ack, act as the user, then re-render the card in place (`replace_original`).
 *
 * The work buttons (Comment, Close, Assign to me, status/priority) are registered by the talep-work
 * module through `onCardAction`, next to the sub-commands that do the same work.
 */
import type { App, RespondFn, webApi } from '@slack/bolt';
import { isHelpdeskError } from '../api/errors.js';
import type { Talep } from '../api/schemas.js';
import type { SlackMessage } from '../views/blocks.js';
import type { ErrorSubject } from '../views/errors.js';
import { SharedActions } from '../views/shared-actions.js';
import {
  cannotPostHereMessage,
  type CardViewer,
  foreignTalepMessage,
  shareRefusedMessage,
  standardPriorities,
  TalepCardIds,
  type TalepCardData,
  talepCard,
} from '../views/talep-card.js';
import { type Parsed, parseTalepId } from './args.js';
import type { CommandModule } from './module.js';
import { type Reply, viaDirectMessage, viaRespond } from './reply.js';
import type { CommandContext } from './router.js';
import type { Services } from './services.js';
import { type Session, whoActs, withSession } from './session.js';

/** Where a private card lives: an ephemeral message, or the app's Messages tab. */
export type PrivateSurface = 'ephemeral' | 'direct';

// ── loading ─────────────────────────────────────────────────────────────────────────────────────

/** Admin, or an agent of the talep's category (commenting, editing comments and taking the talep need it). */
export async function worksOnCategory(services: Services, session: Session, talep: Talep): Promise<boolean> {
  if (session.isAdmin) return true;
  if (!session.isAgent) return false;
  if (talep.CategoryID === undefined) return true; // cannot tell: offer it, the help desk decides
  try {
    const agents = await session.hd.techsForCategory({ id: talep.CategoryID });
    return agents.some((agent) => agent.UserID === session.account.helpdeskUserId);
  } catch (error) {
    services.logger.debug(`agents of category ${talep.CategoryID} unavailable`, error);
    return true;
  }
}

async function isSubscribed(services: Services, session: Session, talep: Talep): Promise<boolean | undefined> {
  if (talep.SubmitterUserInfo.UserID === session.account.helpdeskUserId) return undefined; // never offered
  try {
    const subscribers = await session.hd.subscribers({ id: talep.TalepID });
    return subscribers.some((user) => user.UserID === session.account.helpdeskUserId);
  } catch (error) {
    services.logger.debug(`subscribers of talep ${talep.TalepID} unavailable`, error);
    return undefined;
  }
}

export interface LoadedCard {
  data: TalepCardData;
  viewer: CardViewer;
}

/** The talep first (it answers 404/403 for the rest), then comments and the viewer's standing at once. */
export async function loadCardData(services: Services, session: Session, talepId: number): Promise<LoadedCard> {
  const talep = await session.hd.getTalep({ id: talepId });
  const customPriority = !(talep.Priority in standardPriorities);
  const [comments, priorities, works, subscribed, integrations] = await Promise.all([
    session.hd.comments({ id: talepId }),
    customPriority ? session.hd.priorities().catch(() => undefined) : Promise.resolve(undefined),
    worksOnCategory(services, session, talep),
    isSubscribed(services, session, talep),
    // Tracker links are a nicety: a help desk without them (or a refusal) leaves them off the card.
    session.hd.talepIntegrationData({ id: talepId }).catch((error: unknown) => {
      services.logger.debug(`integration data of talep ${talepId} unavailable`, error);
      return undefined;
    }),
  ]);
  return {
    data: {
      talep,
      comments,
      ...(priorities ? { priorities } : {}),
      ...(integrations ? { integrations } : {}),
      talepUrlTemplate: services.talepUrlTemplate,
      now: services.now(),
    },
    viewer: {
      helpdeskUserId: session.account.helpdeskUserId,
      role: session.account.role,
      worksOnCategory: works,
      ...(subscribed !== undefined ? { subscribed } : {}),
    },
  };
}

/** The card for the acting user, with an optional notice of what just happened. */
export async function cardMessage(
  services: Services,
  session: Session,
  talepId: number,
  surface: PrivateSurface = 'ephemeral',
  notice?: string,
): Promise<SlackMessage> {
  const { data, viewer } = await loadCardData(services, session, talepId);
  return talepCard(data, { kind: surface, viewer }, notice);
}

/** Operations whose 403 means "this talep is someone else's" for a regular user. */
const TALEP_READS = new Set([
  'getTalep', 'updateTalep', 'closeTalep', 'comments', 'subscribers', 'addSubscriber', 'removeSubscriber',
  'tagTalep', 'talepCustomFields', 'setCustomFields', 'attachments', 'getAttachment', 'subTaleps', 'parentTalep',
]);

/**
 * Runs talep work; a regular user's 403 on someone else's talep gets a sentence about the talep (the
 * generic permission text would talk about agent permission). Everything else goes to withSession.
 */
export async function onTalep(session: Session, reply: Reply, talepId: number, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!session.isAgent && isHelpdeskError(error, 'forbidden') && TALEP_READS.has(error.operation ?? '')) {
      await reply.send(foreignTalepMessage(talepId));
      return;
    }
    throw error;
  }
}

/** What `forTalep` needs: a sub-command's context, or `interactionContext` for a button or menu. */
export type TalepContext = Pick<CommandContext, 'asUser' | 'reply'>;

/**
 * Work about one talep: `asUser` with `onTalep`, and "Talep #12 was not found" on a 404 (`subject`
 * when the work is about more than one talep).
 */
export function forTalep(
  context: TalepContext,
  talepId: number,
  work: (session: Session) => Promise<void>,
  subject: ErrorSubject = { talepId },
): Promise<void> {
  return context.asUser((session) => onTalep(session, context.reply, talepId, () => work(session)), subject);
}

/** What a change did, said above the re-rendered card; `false`: it answered itself, no card. */
export type CardActionResult = string | undefined | false;

/**
 * A sub-command that changes a talep and answers with the refreshed card: `work` makes the change and
 * returns the notice for above the card (as `onCardAction` does for the card's own buttons).
 */
export function forTalepWithCard(
  services: Services,
  context: TalepContext,
  talepId: number,
  work: (session: Session) => Promise<CardActionResult>,
): Promise<void> {
  return forTalep(context, talepId, async (session) => {
    const notice = await work(session);
    if (notice === false) return;
    await context.reply.send(await cardMessage(services, session, talepId, 'ephemeral', notice));
  });
}

// ── card buttons ─────────────────────────────────────────────────────────────────────────────────

/** The parts of a block_actions body the card handlers read (Bolt's type is wider than needed). */
interface ActionBody {
  type: string;
  user: { id: string; team_id?: string };
  team?: { id: string } | null;
  channel?: { id: string };
  container?: Record<string, unknown>;
  response_url?: string;
  trigger_id?: string;
  state?: { values: Record<string, Record<string, unknown>> };
}

/** A button's or menu's `TalepContext`: acts as the user who clicked, answers through `reply`. */
export function interactionContext(services: Services, body: ActionBody, reply: Reply): TalepContext {
  return { reply, asUser: (work, subject) => withSession(services, whoActs(body), reply, work, subject) };
}

/** A card in a channel or DM is ephemeral; one the app posted in its Messages tab is not. */
export function surfaceOf(body: ActionBody): PrivateSurface {
  return body.container?.['is_ephemeral'] === false ? 'direct' : 'ephemeral';
}

export const buttonValue = (action: unknown): string | undefined =>
  typeof action === 'object' && action !== null && 'value' in action && typeof action.value === 'string' ? action.value : undefined;

export function talepIdOfButton(action: unknown): number | undefined {
  const parsed = parseTalepId(buttonValue(action) ?? '');
  return parsed.ok ? parsed.value : undefined;
}

export interface CardActionContext {
  services: Services;
  session: Session;
  client: webApi.WebClient;
  body: ActionBody;
  respond: RespondFn;
  reply: Reply;
  talepId: number;
}

export function replaceWith(respond: RespondFn, surface: PrivateSurface, message: SlackMessage): Promise<unknown> {
  // Replacing an ordinary (non-ephemeral) message must not ask for an ephemeral one.
  return respond({ ...(surface === 'ephemeral' ? { response_type: 'ephemeral' } : {}), replace_original: true, ...message });
}

/**
 * Registers a card button: ack, act as the user (connect prompt and errors as ephemeral messages, the
 * card stays), then re-render the card in place with the returned notice.
 */
export function onCardAction<I>(
  app: App,
  services: Services,
  actionId: string,
  read: (action: unknown) => { talepId: number; input: I } | undefined,
  work: (context: CardActionContext, input: I) => Promise<CardActionResult>,
): void {
  app.action(actionId, async ({ ack, body, action, respond, client }) => {
    await ack();
    if (body.type !== 'block_actions') return;
    const actionBody = body as ActionBody;
    const reply = viaRespond(respond);
    const parsed = read(action);
    if (!parsed) {
      await reply.send({ text: ':warning: That button is no longer valid. Run `/talep show <id>` again.' });
      return;
    }
    const { talepId, input } = parsed;
    const surface = surfaceOf(actionBody);
    await forTalep(interactionContext(services, actionBody, reply), talepId, async (session) => {
      const notice = await work({ services, session, client, body: actionBody, respond, reply, talepId }, input);
      if (notice === false) return;
      await replaceWith(respond, surface, await cardMessage(services, session, talepId, surface, notice));
    });
  });
}

/** For plain buttons whose value is the talep id. */
export const readTalepButton = (action: unknown): { talepId: number; input: undefined } | undefined => {
  const talepId = talepIdOfButton(action);
  return talepId === undefined ? undefined : { talepId, input: undefined };
};

/** Slack Web API failures that mean "the app cannot post here" (not a member, a DM between people...). */
export function cannotPostHere(error: unknown): boolean {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return typeof code === 'string' && ['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action', 'cannot_dm_bot'].includes(code);
}

async function shareCard(context: CardActionContext): Promise<CardActionResult> {
  const { services, session, client, body, reply, talepId } = context;
  const channel = body.channel?.id;
  if (!channel) {
    await reply.send(cannotPostHereMessage());
    return false;
  }
  const { data } = await loadCardData(services, session, talepId);
  if (!session.isAgent && data.talep.SubmitterUserInfo.UserID !== session.account.helpdeskUserId) {
    await reply.send(shareRefusedMessage(talepId));
    return false;
  }
  const card = talepCard(data, { kind: 'public', sharedBySlackUserId: session.userId });
  try {
    await client.chat.postMessage({ channel, ...card, unfurl_links: false, unfurl_media: false });
  } catch (error) {
    if (!cannotPostHere(error)) throw error;
    await reply.send(cannotPostHereMessage());
    return false;
  }
  return `:mega: Shared in <#${channel}> (without agents-only comments).`;
}

/**
 * Subscribes or unsubscribes the acting user (the card's buttons and `/talep subscribe|unsubscribe`);
 * answers the notice for above the card.
 */
export async function setSubscription(session: Session, talepId: number, subscribe: boolean): Promise<string> {
  const params = { id: talepId, userId: session.account.helpdeskUserId };
  if (subscribe) {
    await session.hd.addSubscriber(params);
    return `:bell: Subscribed: the help desk will e-mail you about talep #${talepId}.`;
  }
  await session.hd.removeSubscriber(params);
  return `:no_bell: Unsubscribed from talep #${talepId}.`;
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const parseShowArgs = (text: string): Parsed<number> => parseTalepId(text);

export const talepCardModule: CommandModule = {
  name: 'talep-card',
  register({ app, services, router }) {
    router.add<number>({
      name: 'show',
      usage: 'show <id>',
      summary: 'Show a talep card (only you see it; Share in channel posts it)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseShowArgs,
      run: (context, talepId) => forTalep(context, talepId, async (session) => context.reply.send(await cardMessage(services, session, talepId))),
    });

    // `talep_show` from anywhere: a new ephemeral card (search results stay); from a modal or the Home
    // tab there is no response_url, so the card goes to the app's Messages tab.
    app.action(SharedActions.showTalep, async ({ ack, body, action, respond, client }) => {
      await ack();
      if (body.type !== 'block_actions') return;
      const actionBody = body as ActionBody;
      const fromView = actionBody.container?.['type'] === 'view' || !actionBody.response_url;
      const reply = fromView ? viaDirectMessage(client, actionBody.user.id) : viaRespond(respond);
      const talepId = talepIdOfButton(action);
      if (talepId === undefined) {
        await reply.send({ text: ':warning: That button does not name a talep.' });
        return;
      }
      await forTalep(interactionContext(services, actionBody, reply), talepId, async (session) =>
        reply.send(await cardMessage(services, session, talepId, fromView ? 'direct' : 'ephemeral')),
      );
    });

    onCardAction(app, services, TalepCardIds.share, readTalepButton, shareCard);

    onCardAction(app, services, TalepCardIds.subscribe, readTalepButton, ({ session, talepId }) => setSubscription(session, talepId, true));
    onCardAction(app, services, TalepCardIds.unsubscribe, readTalepButton, ({ session, talepId }) => setSubscription(session, talepId, false));

    // A link button still sends an action; it only needs its ack.
    app.action(TalepCardIds.openLink, async ({ ack }) => ack());
  },
};
