/**
 * TRANSITIONAL: the card helpers of the old command modules, until each moves into an area on the
 * kernel (then this file is deleted). The card itself lives in ./talep-card/.
 */
import type { App, RespondFn, webApi } from '@slack/bolt';
import { isHelpdeskError } from '../api/errors.js';
import type { Talep } from '../api/schemas.js';
import type { SlackMessage } from '../views/kit/blocks.js';
import { type ErrorSubject, foreignTalepText } from '../slack/failures.js';
import type { Actor } from '../slack/actor.js';
import { parseTalepId } from './args.js';
import { type Reply, viaRespond } from './reply.js';
import {
  cardMessage as cardMessageOf,
  type LoadedCard,
  loadCardData as loadCardDataOf,
  worksOnCategory as worksOnCategoryOf,
} from './talep-card/load.js';
import { setSubscription as setSubscriptionOf } from './talep-card/subscription.js';
import type { CommandContext } from './router.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs, withSession } from './session.js';

/** Where a private card lives: an ephemeral message, or the app's Messages tab. */
export type PrivateSurface = 'ephemeral' | 'direct';

// ── loading (delegates to the talep-card area) ──

const asActor = (session: Session): Actor => ({ ...session, helpdeskUserId: session.account.helpdeskUserId, role: session.account.role });

export const worksOnCategory = (services: Services, session: Session, talep: Talep): Promise<boolean> =>
  worksOnCategoryOf(services, asActor(session), talep);

export const loadCardData = (services: Services, session: Session, talepId: number): Promise<LoadedCard> =>
  loadCardDataOf(services, asActor(session), talepId);

export const cardMessage = (services: Services, session: Session, talepId: number, surface: PrivateSurface = 'ephemeral', notice?: string) =>
  cardMessageOf(services, asActor(session), talepId, surface, notice);

export const setSubscription = (session: Session, talepId: number, subscribe: boolean): Promise<string> =>
  setSubscriptionOf(asActor(session), talepId, subscribe);

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
      await reply.send({ text: foreignTalepText(talepId) });
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

export { cannotPostHere } from '../slack/surface.js';
