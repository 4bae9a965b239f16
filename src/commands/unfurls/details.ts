/**
 * `entity_details_requested`: someone opened a talep's Work Object (the details side panel). The
 * panel is theirs alone, so it is read with THEIR token (not the poster's): the card's facts, the
 * latest public comments (agents-only comments never, even for agents: the panel can be screen-shared
 * like any other), and the actions they may take as themselves. Someone without a usable link, or who
 * may not read the talep, gets a panel that says so — never the talep.
 */
import type { Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import type { types } from '@slack/bolt';
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import { talepIdFromUrl } from '../../domain/talep-link.js';
import { type Actor, actorFor } from '../../slack/actor.js';
import { errorText, foreignTalepText, type LinkProblem, plainSentence } from '../../slack/failures.js';
import type { EventCtx } from '../../slack/listeners.js';
import { SharedActions } from '../../views/kit/shared-actions.js';
import type { TalepFacts } from '../../views/unfurls/facts.js';
import { UnfurlIds } from '../../views/unfurls/ids.js';
import { type EntityAction, TALEP_REF_TYPE, talepDetailsEntity } from '../../views/unfurls/talep-entity.js';
import { TalepCardIds } from '../talep-card/public.js';
import { readTalepPreview } from './read.js';

const DETAILS_COMMENTS = 3;

/** The parts of `entity_details_requested` this reads (an event payload is untrusted input). */
const detailsRequested = z.looseObject({
  user: z.string().min(1).max(40),
  trigger_id: z.string().min(1).max(200),
  external_ref: z.looseObject({ id: z.string().max(40), type: z.string().max(40).optional() }).optional(),
  entity_url: z.string().max(4000).optional(),
  app_unfurl_url: z.string().max(4000).optional(),
});

type PanelError = NonNullable<Parameters<EventCtx['client']['entity']['presentDetails']>[0]['error']>;

const customError = (title: string, message: string): PanelError => ({ status: 'custom', custom_title: title, custom_message: message });

/** What the viewer may do from the panel, as themselves (the help desk still decides). */
function actionsFor(actor: Actor, facts: TalepFacts, assigneeIsViewer: boolean, m: Messages): { primary: EntityAction[]; overflow: EntityAction[] } {
  const primary: EntityAction[] = [
    { text: m.t('unfurlDetails.openButton'), action_id: UnfurlIds.openInHelpdesk, url: facts.url },
    { text: m.t('unfurlDetails.showButton'), action_id: SharedActions.showTalep, value: String(facts.id) },
  ];
  const overflow: EntityAction[] = [];
  if (actor.isAgent && !assigneeIsViewer && facts.statusId !== 3) {
    overflow.push({ text: m.t('unfurlDetails.assignButton'), action_id: TalepCardIds.assignToMe, value: String(facts.id) });
  }
  return { primary, overflow };
}

/** Why the viewer cannot act as themselves, in their words (the panel has no button of ours). */
const LINK_PROBLEM = {
  'not-linked': 'unfurlDetails.connect',
  rejected: 'failure.rejected',
  unreadable: 'failure.unreadable',
} as const satisfies Record<LinkProblem, string>;

function talepIdOf(event: z.infer<typeof detailsRequested>, template: string): number | undefined {
  const ref = event.external_ref;
  if (ref && (ref.type === undefined || ref.type === TALEP_REF_TYPE) && /^\d{1,9}$/.test(ref.id) && Number(ref.id) > 0) return Number(ref.id);
  for (const url of [event.entity_url, event.app_unfurl_url]) {
    const id = url ? talepIdFromUrl(url, template) : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}

export async function onDetailsRequested(ctx: EventCtx): Promise<void> {
  const { services, client } = ctx;
  const parsed = detailsRequested.safeParse(ctx.event);
  if (!parsed.success) return services.logger.info('entity_details_requested without a user or trigger; ignored');
  const event = parsed.data;
  const present = (args: Omit<Parameters<typeof client.entity.presentDetails>[0], 'trigger_id'>) =>
    client.entity.presentDetails({ trigger_id: event.trigger_id, ...args });

  const talepId = talepIdOf(event, services.talepUrlTemplate);
  if (talepId === undefined) return void (await present({ error: { status: 'not_found' } }));
  // The details panel is the viewer's own: their language.
  const m = messagesOf(ctx);
  const actor = await actorFor(services, { teamId: ctx.teamId ?? '', userId: event.user });
  if (typeof actor === 'string') {
    await present({ error: customError(m.t('unfurlDetails.connectHeading'), plainSentence(m.t(LINK_PROBLEM[actor]))) });
    return;
  }
  try {
    const { facts, comments, assigneeId } = await readTalepPreview(services, actor, talepId, DETAILS_COMMENTS, m);
    const metadata: types.EntityMetadata = talepDetailsEntity(facts, comments, actionsFor(actor, facts, assigneeId === actor.helpdeskUserId, m), m);
    await present({ metadata });
  } catch (error) {
    if (isHelpdeskError(error, 'unauthorized')) await services.stores.accounts.markRejected(actor.teamId, actor.userId, actor.account.linkedAt);
    services.logger.info(`details of talep ${talepId} for ${actor.teamId}:${actor.userId}: none`, error);
    if (isHelpdeskError(error, 'not-found')) return void (await present({ error: { status: 'not_found' } }));
    const sentence = isHelpdeskError(error, 'forbidden') && !actor.isAgent ? foreignTalepText(talepId, m) : errorText(error, { talepId }, m);
    await present({ error: customError(m.t('unfurlDetails.talepTitle', { id: talepId }), plainSentence(sentence)) });
  }
}
