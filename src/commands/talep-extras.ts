/**
 * A talep's extras: `/talep subscribers | subscribe | unsubscribe` (subscribers), `fields <id>` (custom
 * fields, edited in the shared custom-fields form, saved with one SetCustomFields call),
 * `assign2 <id> <@user>` (secondary assignee, admins), and the card's "More" menu, which opens any of
 * these (and the relations and attachments of ./talep-relations.ts and ./talep-files.ts) as a new
 * ephemeral message beside the card, as are all comments (./talep-comments.ts). Tags are in ./talep-tags.ts.
 */
import type { App, BlockAction, ButtonAction, OverflowAction, webApi } from '@slack/bolt';
import { isHelpdeskError } from '../api/errors.js';
import { escapeText, type SlackMessage } from '../views/kit/blocks.js';
import { type CardExtra, parseCardExtra, TalepCardIds } from '../views/talep-card/ids.js';
import {
  ExtrasIds,
  onlyAgentsSubscribeOthersText,
  secondaryAssigneeNotice,
  secondaryAssigneeOffText,
  subscribersMessage,
  talepFieldsMessage,
  talepFormSubject,
  talepRecordField,
} from '../views/talep-extras.js';
import { fail, ok, type Parsed, parseUserMention, withTalepId } from './args.js';
import { type FieldsTarget, openFieldsModal, fieldsSubmission } from './custom-fields/public.js';
import type { CommandModule } from './module.js';
import { helpdeskPersonFor } from '../slack/people.js';
import { explainPersonProblems } from './session.js';
import { legacyInteraction } from './session.js';
import type { Listener } from '../slack/listeners.js';
import { type Reply, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs } from './session.js';
import {
  cardMessage,
  forTalep,
  forTalepWithCard,
  interactionContext,
  replaceWith,
  setSubscription,
  surfaceOf,
  talepIdOfButton,
} from './legacy-card.js';
import { commentsListFor } from './talep-comments/public.js';
import { filesFor } from './talep-files/public.js';
import { parseTalepId } from '../slack/args.js';
import { relationsFor } from './talep-relations/public.js';

// ── parsers (pure) ───────────────────────────────────────────────────────────────────────────────

/** `<id>` or `<id> @someone`: whose subscription (absent: the acting user's). */
export interface SubscribeArgs {
  talepId: number;
  slackUserId?: string;
}

export function parseSubscribeArgs(text: string): Parsed<SubscribeArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (!rest || rest.toLowerCase() === 'me') return ok({ talepId });
    const slackUserId = parseUserMention(rest);
    return slackUserId ? ok({ talepId, slackUserId }) : fail(`Expected @someone (or nothing, for yourself), got “${rest}”.`);
  });
}

export type SecondaryArgs = { talepId: number; who: { kind: 'me' } | { kind: 'slack'; userId: string } };

/** `assign2 <id> <@user|me>`. */
export function parseSecondaryArgs(text: string): Parsed<SecondaryArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (rest.toLowerCase() === 'me') return ok({ talepId, who: { kind: 'me' } });
    const userId = parseUserMention(rest);
    return userId ? ok({ talepId, who: { kind: 'slack', userId } }) : fail('Who? Add @someone (an agent of the talep’s category) or `me`.');
  });
}

// ── the work ─────────────────────────────────────────────────────────────────────────────────────

async function subscribersFor(session: Session, talepId: number, notice?: string): Promise<SlackMessage> {
  const [talep, subscribers] = await Promise.all([session.hd.getTalep({ id: talepId }), session.hd.subscribers({ id: talepId })]);
  const viewerId = session.account.helpdeskUserId;
  return subscribersMessage({ talepId, subscribers, viewerId, viewerIsSubmitter: talep.SubmitterUserInfo.UserID === viewerId }, notice);
}

async function fieldsFor(session: Session, talepId: number): Promise<SlackMessage> {
  const [talep, values] = await Promise.all([session.hd.getTalep({ id: talepId }), session.hd.talepCustomFields({ id: talepId, returnUnset: true })]);
  const canEdit = session.isAgent || talep.SubmitterUserInfo.UserID === session.account.helpdeskUserId;
  return talepFieldsMessage({ talepId, subject: talep.Subject, fields: values.map(talepRecordField), canEdit });
}

/** The talep's custom fields in the shared form: TalepCustomFields to read, one SetCustomFields call to save. */
export const talepFieldsTarget: FieldsTarget = {
  callbackId: ExtrasIds.fieldsCallback,
  title: 'Talep custom fields',
  load: async (hd, talepId) => (await hd.talepCustomFields({ id: talepId, returnUnset: true })).map(talepRecordField),
  save: async (hd, talepId, changes, stored) => {
    await hd.setCustomFields({ talepId, values: Object.fromEntries(changes.map((change) => [String(change.fieldId), change.value])) });
    for (const change of changes) stored(change);
  },
  errorSubject: (talepId) => ({ talepId }),
};

/** AddSecondaryAssignee, with the help desk's "setting is off" refusal explained. */
async function addSecondary(services: Services, session: Session, reply: Reply, client: webApi.WebClient, args: SecondaryArgs): Promise<void> {
  const { who } = args;
  const person =
    who.kind === 'me'
      ? { helpdeskUserId: session.account.helpdeskUserId, label: 'you' }
      : await explainPersonProblems(reply, async () => {
          const found = await helpdeskPersonFor(services, session, client, who.userId);
          return { helpdeskUserId: found.helpdeskUserId, label: `<@${who.userId}> (${escapeText(found.username)})` };
        });
  if (!person) return;
  try {
    await session.hd.addSecondaryAssignee({ talepId: args.talepId, userId: person.helpdeskUserId });
  } catch (error) {
    if (isHelpdeskError(error, 'invalid') && /AllowSecondaryAssignee|secondary assignees? (are|is) not enabled/i.test(error.reason ?? '')) {
      await reply.send({ text: secondaryAssigneeOffText });
      return;
    }
    throw error;
  }
  await reply.send(await cardMessage(services, session, args.talepId, 'ephemeral', secondaryAssigneeNotice(args.talepId, person.label)));
}

/** What the card's "More" menu opens. */
function extraMessage(services: Services, session: Session, extra: { extra: CardExtra; talepId: number }): Promise<SlackMessage> {
  switch (extra.extra) {
    case 'relations':
      // Transitional until this module moves: the relations area acts with an Actor.
      return relationsFor({ ...session, helpdeskUserId: session.account.helpdeskUserId, role: session.account.role }, extra.talepId);
    case 'fields':
      return fieldsFor(session, extra.talepId);
    case 'files':
      return filesFor({ ...session, helpdeskUserId: session.account.helpdeskUserId, role: session.account.role }, extra.talepId);
    case 'subscribers':
      return subscribersFor(session, extra.talepId);
    case 'comments':
      return commentsListFor(services, { ...session, helpdeskUserId: session.account.helpdeskUserId, role: session.account.role }, extra.talepId);
  }
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepExtrasModule: CommandModule = {
  name: 'talep-extras',
  register({ app, services, router, listen }) {
    const group = 'Talep extras';

    router.add<number>({
      name: 'subscribers',
      usage: 'subscribers <id>',
      summary: 'Who gets the help desk’s e-mails about a talep',
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      run: (context, talepId) => forTalep(context, talepId, async (session) => context.reply.send(await subscribersFor(session, talepId))),
    });

    for (const subscribe of [true, false]) {
      router.add<SubscribeArgs>({
        name: subscribe ? 'subscribe' : 'unsubscribe',
        usage: `${subscribe ? 'subscribe' : 'unsubscribe'} <id> [@user]`,
        summary: subscribe ? 'Subscribe yourself (agents: someone) to a talep' : 'Unsubscribe yourself (agents: someone) from a talep',
        group,
        audience: 'everyone',
        parse: parseSubscribeArgs,
        run: (context, { talepId, slackUserId }) => {
          if (!slackUserId || slackUserId === context.userId) {
            return forTalepWithCard(services, context, talepId, (session) => setSubscription(session, talepId, subscribe));
          }
          return forTalep(context, talepId, async (session) => {
            // The help desk's 403 would read as "not your talep"; the rule is about whom, so say that.
            if (!session.isAgent) return context.reply.send({ text: onlyAgentsSubscribeOthersText });
            const person = await explainPersonProblems(context.reply, () => helpdeskPersonFor(services, session, context.client, slackUserId));
            if (!person) return;
            const params = { id: talepId, userId: person.helpdeskUserId };
            await (subscribe ? session.hd.addSubscriber(params) : session.hd.removeSubscriber(params));
            const notice = `:bell: <@${slackUserId}> is ${subscribe ? 'now subscribed to' : 'no longer subscribed to'} #${talepId}.`;
            await context.reply.send(await subscribersFor(session, talepId, notice));
          });
        },
      });
    }

    router.add<number>({
      name: 'fields',
      aliases: ['custom-fields', 'cf'],
      usage: 'fields <id>',
      summary: "A talep's custom fields, with an Edit form",
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      run: (context, talepId) => forTalep(context, talepId, async (session) => context.reply.send(await fieldsFor(session, talepId))),
    });

    router.add<SecondaryArgs>({
      name: 'assign2',
      aliases: ['secondary'],
      usage: 'assign2 <id> <@user|me>',
      summary: 'Add a secondary assignee (when the help desk allows it)',
      group,
      audience: 'admin',
      parse: parseSecondaryArgs,
      run: (context, args) => forTalep(context, args.talepId, (session) => addSecondary(services, session, context.reply, context.client, args)),
    });

    registerExtrasActions(app, services, listen);
  },
};

function registerExtrasActions(app: App, services: Services, listen: (listener: Listener) => void): void {
  listen(fieldsSubmission(talepFieldsTarget));

  app.action<BlockAction<ButtonAction>>(ExtrasIds.editFields, async ({ ack, body, action, client }) => {
    await ack();
    const talepId = talepIdOfButton(action);
    if (talepId === undefined) return;
    await openFieldsModal(legacyInteraction(services, whoActs(body), client), body.trigger_id, talepFieldsTarget, async (session) => {
      const talep = await session.hd.getTalep({ id: talepId });
      return { recordId: talepId, subject: talepFormSubject(talepId, talep.Subject) };
    }, { talepId });
  });

  // Subscribe me / Unsubscribe me on the subscribers list: the list is re-rendered in place.
  for (const subscribe of [true, false]) {
    app.action<BlockAction<ButtonAction>>(subscribe ? ExtrasIds.subscribe : ExtrasIds.unsubscribe, async ({ ack, body, action, respond }) => {
      await ack();
      const talepId = talepIdOfButton(action);
      if (talepId === undefined) return;
      await forTalep(interactionContext(services, body, viaRespond(respond)), talepId, async (session) => {
        const notice = await setSubscription(session, talepId, subscribe);
        await replaceWith(respond, surfaceOf(body), await subscribersFor(session, talepId, notice));
      });
    });
  }

  // The card's "More" menu: a new message beside the card (the card stays as it is).
  app.action<BlockAction<OverflowAction>>(TalepCardIds.extras, async ({ ack, body, action, respond }) => {
    await ack();
    const reply = viaRespond(respond);
    const extra = parseCardExtra(action.selected_option?.value);
    if (!extra) {
      await reply.send({ text: ':warning: That menu is out of date. Run `/talep show <id>` again.' });
      return;
    }
    await forTalep(interactionContext(services, body, reply), extra.talepId, async (session) => reply.send(await extraMessage(services, session, extra)));
  });
}
