/**
 * A talep's extras: `/talep subscribers | subscribe | unsubscribe` (subscribers), `fields <id>` (custom
 * fields, edited in the shared custom-fields form), `assign2 <id> <@user>` (secondary assignee,
 * admins), `tag | tags | untag` (tags), and the card's "More" menu, which opens any of these (and the
 * relations, attachments and all comments of their own areas) beside the card.
 */
import type { Actor } from '../../slack/actor.js';
import { parseTalepId } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { onAction, selectedOptionValue } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { route } from '../../slack/routes.js';
import { talepFormSubject } from '../../views/talep-extras/fields.js';
import { ExtrasIds } from '../../views/talep-extras/ids.js';
import { onlyAgentsSubscribeOthers } from '../../views/talep-extras/subscribers.js';
import { fieldsSubmission, openFieldsModal } from '../custom-fields/public.js';
import { answerWithCard, type CardExtra, parseCardExtra, setSubscription, TalepCardIds, talepIdOfButton } from '../talep-card/public.js';
import { parseSecondaryArgs, parseSubscribeArgs, parseTagArgs, parseTagsArgs } from './args.js';
import { fieldsFor, talepFieldsTarget } from './fields.js';
import { extraMessage } from './more-menu.js';
import { addSecondaryAssignee, setSomeonesSubscription, subscribersFor } from './people.js';
import { replaceTags, tagTalep, untagTalep } from './tags.js';

const group = 'Talep extras';

const subscribeRoute = (subscribe: boolean) =>
  route({
    path: subscribe ? 'subscribe' : 'unsubscribe',
    usage: `${subscribe ? 'subscribe' : 'unsubscribe'} <id> [@user]`,
    summary: subscribe ? 'Subscribe yourself (agents: someone) to a talep' : 'Unsubscribe yourself (agents: someone) from a talep',
    group,
    audience: 'everyone',
    parse: parseSubscribeArgs,
    needs: { talep: (ctx) => ctx.args.talepId },
    run: async (ctx) => {
      const { actor, talepId } = ctx;
      const { slackUserId } = ctx.args;
      if (!slackUserId || slackUserId === ctx.who.userId) return answerWithCard(ctx, await setSubscription(actor, talepId, subscribe, messagesOf(ctx)));
      // The help desk's 403 would read as "not your talep"; the rule is about whom, so say that.
      if (!actor.isAgent) return ctx.surface.send({ text: onlyAgentsSubscribeOthers(messagesOf(ctx)) });
      await ctx.surface.send(await setSomeonesSubscription(ctx, actor, talepId, slackUserId, subscribe));
    },
  });

/** Subscribe me / Unsubscribe me on the subscribers list: the list is re-rendered in place. */
const subscribeButton = (subscribe: boolean) =>
  onAction(subscribe ? ExtrasIds.subscribe : ExtrasIds.unsubscribe, { talep: (ctx) => talepIdOfButton(ctx.action) }, async (ctx) => {
    const notice = await setSubscription(ctx.actor, ctx.talepId, subscribe, messagesOf(ctx));
    await ctx.surface.replace(await subscribersFor(ctx.actor, ctx.talepId, notice, messagesOf(ctx)));
  });

const moreChoice = (action: unknown): { extra: CardExtra; talepId: number } | undefined => parseCardExtra(selectedOptionValue(action));

export const talepExtrasArea: Area = {
  name: 'talep-extras',
  routes: [
    route({
      path: 'subscribers',
      usage: 'subscribers <id>',
      summary: 'Who gets the help desk’s e-mails about a talep',
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => ctx.surface.send(await subscribersFor(ctx.actor, ctx.talepId, undefined, messagesOf(ctx))),
    }),
    subscribeRoute(true),
    subscribeRoute(false),
    route({
      path: 'fields',
      aliases: ['custom-fields', 'cf'],
      usage: 'fields <id>',
      summary: "A talep's custom fields, with an Edit form",
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => ctx.surface.send(await fieldsFor(ctx.actor, ctx.talepId, messagesOf(ctx))),
    }),
    route({
      path: 'assign2',
      aliases: ['secondary'],
      usage: 'assign2 <id> <@user|me>',
      summary: 'Add a secondary assignee (when the help desk allows it)',
      group,
      audience: 'admin',
      parse: parseSecondaryArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => answerWithCard(ctx, await addSecondaryAssignee(ctx, ctx.actor, ctx.args)),
    }),
    route({
      path: 'tag',
      usage: 'tag <id> <tag>[, tag2]',
      summary: 'Add tags to a talep (missing tags are created)',
      group,
      audience: 'everyone',
      parse: parseTagArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => answerWithCard(ctx, await tagTalep(ctx.actor, ctx.args, messagesOf(ctx))),
    }),
    route({
      path: 'tags',
      usage: 'tags <id> <tag, tag2|none>',
      summary: "Replace a talep's tags",
      group,
      audience: 'everyone',
      parse: parseTagsArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => answerWithCard(ctx, await replaceTags(ctx.actor, ctx.args, messagesOf(ctx))),
    }),
    route({
      path: 'untag',
      usage: 'untag <id> <tag>[, tag2]',
      summary: 'Remove tags from a talep',
      group,
      audience: 'everyone',
      parse: parseTagArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => {
        const { changed, text } = await untagTalep(ctx.actor, ctx.args, messagesOf(ctx));
        // Nothing removed: just the sentence, the card has not changed.
        if (!changed) return ctx.surface.send({ text });
        await answerWithCard(ctx, text);
      },
    }),
  ],
  listeners: [
    fieldsSubmission(talepFieldsTarget),
    // The form opens at once and reads the fields in it, as the person (the connect prompt shows there too).
    onAction(ExtrasIds.editFields, async (ctx) => {
      const talepId = talepIdOfButton(ctx.action);
      if (talepId === undefined) return ctx.surface.send({ text: messagesOf(ctx).t('kit.staleControl') }, 'problem');
      const locate = async (actor: Actor) => {
        const talep = await actor.hd.getTalep({ id: talepId });
        return { recordId: talepId, subject: talepFormSubject(talepId, talep.Subject) };
      };
      await openFieldsModal(ctx, ctx.triggerId, talepFieldsTarget, locate, { talepId });
    }),
    subscribeButton(true),
    subscribeButton(false),
    // The card's "More" menu: a new message beside the card.
    onAction(TalepCardIds.extras, { talep: (ctx) => moreChoice(ctx.action)?.talepId }, async (ctx) => {
      const { extra } = moreChoice(ctx.action) as { extra: CardExtra };
      await ctx.surface.send(await extraMessage(ctx.services, ctx.actor, extra, ctx.talepId, messagesOf(ctx)));
    }),
  ],
};
