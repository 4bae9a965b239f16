/**
 * How taleps relate: `/talep link|unlink <id> <id2>` ("related" links), `merge <id> <into>` (asks
 * first: irreversible), `sub add|remove|list` (sub-taleps, one level deep), `parent <id>`, and
 * `relations <id>` (parent, sub-taleps and related taleps with Show / Detach / Unlink buttons; also the
 * card's "More").
 *
 * Linking, merging and sub-taleps need agent permission; the help desk decides and the kernel explains
 * a refusal. Merging is the exception that asks locally first: a confirmation only to be refused
 * afterwards would waste the person's time. Work about two taleps says "Talep #a or #b was not found",
 * since either may be the missing one.
 */
import type { Actor } from '../../slack/actor.js';
import { parseTalepId } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import type { ErrorSubject } from '../../slack/failures.js';
import { type ActionCtx, buttonValue, type Listener, type ListenerId, onAction } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { route } from '../../slack/routes.js';
import { rowActionPattern, type SlackMessage } from '../../views/kit/blocks.js';
import { parseTalepPair, RelationIds } from '../../views/talep-relations/ids.js';
import { mergeCancelledAnywayIn, mergeCancelledMessage, mergeConfirmation, mergeNeedsAgent } from '../../views/talep-relations/merge.js';
import type { Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import {
  detachedNotice,
  linkedNotice,
  noParentText,
  parentNotice,
  rowOf,
  unlinkedNotice,
} from '../../views/talep-relations/relations.js';
import { cardMessage } from '../talep-card/public.js';
import { parseLinkArgs, parseMergeArgs, parseSubArgs } from './args.js';
import { addSubTalep, mergeTaleps } from './change.js';
import { parentIdOf, relationsFor, subTalepsFor } from './load.js';

const group = 'Talep relations';

/** Work about two taleps: a "not found" may be about either. */
const aboutPair = (a: number, b: number, m: Messages): ErrorSubject => ({ label: m.t('relations.pairLabel', { a, b }) });

/** A button whose value is a talep pair; its answer (if any) replaces the message it sits on. */
function pairButton(
  id: ListenerId,
  work: (ctx: ActionCtx, actor: Actor, pair: [number, number]) => Promise<SlackMessage | undefined>,
): Listener {
  return onAction(id, async (ctx) => {
    const pair = parseTalepPair(buttonValue(ctx.action));
    if (!pair) return ctx.surface.send({ text: messagesOf(ctx).t('kit.staleControl') }, 'problem');
    await actAs(
      ctx,
      async (actor) => {
        const message = await work(ctx, actor, pair);
        if (message) await ctx.surface.replace(message);
      },
      aboutPair(...pair, messagesOf(ctx)),
    );
  });
}

const linkRoute = (linking: boolean) =>
  route({
    path: linking ? 'link' : 'unlink',
    usage: `${linking ? 'link' : 'unlink'} <id> <id2>`,
    summary: linking ? 'Mark two taleps as related' : 'Remove the "related" link between two taleps',
    group,
    audience: 'agent',
    parse: parseLinkArgs,
    run: (ctx) => {
      const [a, b] = ctx.args;
      return actAs(
        ctx,
        async (actor) => {
          await (linking ? actor.hd.linkTaleps({ id: a, id2: b }) : actor.hd.unlinkTaleps({ id: a, id2: b }));
          const m = messagesOf(ctx);
          await ctx.surface.send(await relationsFor(actor, a, linking ? linkedNotice(a, b, m) : unlinkedNotice(a, b, m), m));
        },
        aboutPair(a, b, messagesOf(ctx)),
      );
    },
  });

export const talepRelationsArea: Area = {
  name: 'talep-relations',
  routes: [
    route({
      path: 'relations',
      aliases: ['related'],
      usage: 'relations <id>',
      summary: 'Parent, sub-taleps and related taleps of a talep',
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => ctx.surface.send(await relationsFor(ctx.actor, ctx.talepId, undefined, messagesOf(ctx))),
    }),
    linkRoute(true),
    linkRoute(false),
    route({
      path: 'merge',
      usage: 'merge <id> <into>',
      summary: 'Merge a talep into another (asks first; the first talep is deleted, irreversibly)',
      group,
      audience: 'agent',
      parse: parseMergeArgs,
      run: (ctx) => {
        const { merged, into } = ctx.args;
        return actAs(
          ctx,
          async (actor) => {
            if (!actor.isAgent) return ctx.surface.send({ text: mergeNeedsAgent(messagesOf(ctx)) });
            // Both are read first: the confirmation names them, and a wrong id fails before anyone confirms.
            const [from, to] = await Promise.all([actor.hd.getTalep({ id: merged }), actor.hd.getTalep({ id: into })]);
            await ctx.surface.send(mergeConfirmation(rowOf(from, messagesOf(ctx)), rowOf(to, messagesOf(ctx)), messagesOf(ctx)));
          },
          aboutPair(merged, into, messagesOf(ctx)),
        );
      },
    }),
    route({
      path: 'sub',
      aliases: ['subs', 'subtalep', 'subtaleps'],
      usage: 'sub add|remove <parent> <child> · sub list <id>',
      summary: 'Sub-taleps (one level deep): add, remove, list',
      group,
      audience: 'everyone',
      parse: parseSubArgs,
      run: (ctx) => {
        const { args, surface } = ctx;
        if (args.kind === 'list') {
          return actAs(ctx, async (actor) => surface.send(await subTalepsFor(actor, args.talepId, undefined, messagesOf(ctx))), { talepId: args.talepId });
        }
        const { parentId, childId } = args;
        return actAs(
          ctx,
          async (actor) => {
            if (args.kind === 'add') return addSubTalep(actor, surface, parentId, childId, messagesOf(ctx));
            await actor.hd.removeSubTalep({ id: parentId, subTalepId: childId });
            await surface.send(await subTalepsFor(actor, parentId, detachedNotice(parentId, childId, messagesOf(ctx)), messagesOf(ctx)));
          },
          aboutPair(parentId, childId, messagesOf(ctx)),
        );
      },
    }),
    route({
      path: 'parent',
      usage: 'parent <id>',
      summary: "The card of a sub-talep's parent",
      group,
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => {
        const { actor, talepId } = ctx;
        const parentId = parentIdOf(await actor.hd.parentTalep({ id: talepId, returnFullTalep: true }));
        if (parentId === undefined) return ctx.surface.send({ text: noParentText(talepId, messagesOf(ctx)) });
        await ctx.surface.send(await cardMessage(ctx.services, actor, parentId, 'ephemeral', parentNotice(parentId, talepId, messagesOf(ctx)), { m: messagesOf(ctx) }));
      },
    }),
  ],
  listeners: [
    // One id per row (Slack refuses equal action ids in one block); older messages carry the bare id.
    pairButton(rowActionPattern(RelationIds.unlink), async (ctx, actor, [a, b]) => {
      await actor.hd.unlinkTaleps({ id: a, id2: b });
      return relationsFor(actor, a, unlinkedNotice(a, b, messagesOf(ctx)), messagesOf(ctx));
    }),
    pairButton(rowActionPattern(RelationIds.detach), async (ctx, actor, [parent, child]) => {
      await actor.hd.removeSubTalep({ id: parent, subTalepId: child });
      return relationsFor(actor, parent, detachedNotice(parent, child, messagesOf(ctx)), messagesOf(ctx));
    }),
    pairButton(RelationIds.mergeConfirm, async (ctx, actor, [merged, into]) => {
      if (!actor.isAgent) {
        await ctx.surface.send({ text: mergeNeedsAgent(messagesOf(ctx)) });
        return undefined;
      }
      return mergeTaleps(ctx, actor, merged, into);
    }),
    onAction(RelationIds.mergeCancel, async (ctx) => {
      const pair = parseTalepPair(buttonValue(ctx.action));
      await ctx.surface.replace(pair ? mergeCancelledMessage(...pair, messagesOf(ctx)) : mergeCancelledAnywayIn(messagesOf(ctx)));
    }),
  ],
};
