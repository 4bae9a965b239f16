/**
 * Assets (agents): `/talep asset …` finds assets by name prefix (paged), shows the asset card, creates
 * and edits assets, and relates them to taleps; the card's controls (edit, link, custom fields, retire /
 * restore, assign / unassign) and the asset picker are listeners here. Asset operations need agent
 * permission: a regular user gets the help desk's refusal, explained.
 *
 * Every verb is its own route (`asset show 12`); any other word after `asset` is a name prefix. A verb
 * always wins, so `asset search <prefix>` finds names that start with one.
 */
import type { ButtonAction, OverflowAction, UsersSelectAction } from '@slack/bolt';
import type { Actor } from '../../slack/actor.js';
import type { Area } from '../../slack/dispatch.js';
import { intOf } from '../../slack/forms.js';
import { buttonValue, onAction, onOptions, selectedOptionValue } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { openModal } from '../../slack/modals.js';
import { route } from '../../slack/routes.js';
import { ASSET_PICKER_ACTION, ASSET_UNLINK_ACTION, AssetIds } from '../../views/assets/ids.js';
import { assetPickerOptions } from '../../views/assets/link.js';
import { assetLabel } from '../../views/assets/names.js';
import type { PlainTextOption } from '../../views/kit/blocks.js';
import { fieldsSubmission, openFieldsModal } from '../custom-fields/public.js';
import { parseAssetId, parseAssetQuery, parseAssetTalepPair, parseNewAsset } from './args.js';
import { assetCardFor, assetIdOf, assetListFor, assetOfAssignBlock, assetSubject, assignToSlackUser, decodePageValue, decodePair, setRetired, unassign } from './cards.js';
import { buttonAsset, buttonTarget, cardChange, inPlaceOf, showCard } from './controls.js';
import { assetFieldsTarget } from './fields.js';
import { assetFormSubmission, openAssetForm } from './form.js';
import { assetPreset, linkModalFor, linkSubmission, pickerItems, relateAsset, talepOfPickerBlock } from './link.js';

/** Options must be in the HTTP answer within Slack's 3 s; a slower help desk gets an empty list. */
const PICKER_TIMEOUT_MS = 2_500;

const common = { group: 'Assets', audience: 'agent' } as const;

/** `asset <verb>` and the same after `assets`, with the verb's other names. */
const verbPaths = (...verbs: [string, ...string[]]) => {
  const [path, ...aliases] = verbs.flatMap((verb) => [`asset ${verb}`, `assets ${verb}`]);
  return { path: path as string, aliases };
};

/** A name search: any other word after `asset`, or after `asset search` for a name that starts with a verb. */
const searchRoute = (paths: { path: string; aliases: string[] }, usage: string, summary: string) =>
  route({
    ...paths,
    usage,
    summary,
    ...common,
    parse: parseAssetQuery,
    needs: { linked: true },
    run: async (ctx) => ctx.surface.send(await assetListFor(ctx.actor, ctx.args, messagesOf(ctx))),
  });

/** `asset link|unlink <assetId> <talepId>`. No failure subject: the help desk's reason says which of the two was not found. */
const relationRoute = (verb: 'link' | 'unlink') =>
  route({
    ...verbPaths(verb),
    usage: `asset ${verb} <assetId> <talepId>`,
    summary: verb === 'link' ? 'Relate an asset to a talep' : 'Remove an asset from a talep',
    ...common,
    parse: parseAssetTalepPair(verb),
    needs: { linked: true },
    run: async (ctx) => ctx.surface.send(await relateAsset(ctx.actor, verb === 'link', ctx.args.assetId, ctx.args.talepId, messagesOf(ctx))),
  });

export const assetsArea: Area = {
  name: 'assets',
  routes: [
    searchRoute({ path: 'asset', aliases: ['assets'] }, 'asset <prefix> [all]', 'Find assets by the start of their model or manufacturer (`all`: retired ones too)'),
    route({
      ...verbPaths('show'),
      usage: 'asset show <id>',
      summary: 'Show an asset: assign, retire, custom fields',
      ...common,
      parse: parseAssetId,
      run: async (ctx) =>
        actAs(ctx, async (actor) => ctx.surface.send(await assetCardFor(actor, ctx.args, undefined, messagesOf(ctx))), assetSubject(ctx.args, messagesOf(ctx))),
    }),
    route({
      ...verbPaths('new', 'create'),
      usage: 'asset new',
      summary: 'Create an asset (opens a form)',
      ...common,
      parse: parseNewAsset,
      needs: { linked: true },
      run: async (ctx) => openAssetForm(ctx, ctx.triggerId, { mode: 'new' }, { c: ctx.channelId }),
    }),
    route({
      ...verbPaths('edit'),
      usage: 'asset edit <id>',
      summary: 'Edit an asset (opens a form; only what you change is sent)',
      ...common,
      parse: parseAssetId,
      needs: { linked: true },
      run: async (ctx) => openAssetForm(ctx, ctx.triggerId, { mode: 'edit', assetId: ctx.args }, { c: ctx.channelId }),
    }),
    relationRoute('link'),
    relationRoute('unlink'),
    searchRoute(
      verbPaths('search', 'find'),
      'asset search <prefix> [all]',
      'The same search, for a name that starts with a sub-command word (e.g. `asset search new`)',
    ),
  ],
  listeners: [
    // ── the search result ──
    onAction(AssetIds.show, (ctx) => showCard(ctx, buttonAsset(ctx.action))),
    onAction<OverflowAction>(AssetIds.showMore, (ctx) => showCard(ctx, assetIdOf(selectedOptionValue(ctx.action)))),
    // Next and Previous have ids of their own: Slack refuses two equal action ids in one block.
    ...[AssetIds.page, AssetIds.previousPage].map((id) =>
      onAction(id, { linked: true }, async (ctx) => {
        const query = decodePageValue(buttonValue(ctx.action));
        if (query) await ctx.surface.replace(await assetListFor(ctx.actor, query, messagesOf(ctx)));
      }),
    ),

    // ── the card ──
    cardChange(AssetIds.retire, buttonTarget, (ctx, actor, assetId) => setRetired(actor, assetId, true, messagesOf(ctx))),
    cardChange(AssetIds.restore, buttonTarget, (ctx, actor, assetId) => setRetired(actor, assetId, false, messagesOf(ctx))),
    cardChange(
      AssetIds.assign,
      (action: UsersSelectAction) => {
        const assetId = assetOfAssignBlock(action.block_id);
        return assetId === undefined || !action.selected_user ? undefined : { assetId, input: action.selected_user };
      },
      (ctx, actor, assetId, slackUserId) => assignToSlackUser(ctx, actor, assetId, slackUserId),
    ),
    cardChange(
      AssetIds.unassign,
      (action: ButtonAction) => {
        const pair = decodePair(buttonValue(action));
        return pair && { assetId: pair[0], input: pair[1] };
      },
      (ctx, actor, assetId, userId) => unassign(actor, assetId, userId, messagesOf(ctx)),
    ),
    // Edit: the edited card replaces this one.
    onAction(AssetIds.edit, { linked: true }, async (ctx) => {
      const assetId = buttonAsset(ctx.action);
      if (assetId !== undefined) await openAssetForm(ctx, ctx.triggerId, { mode: 'edit', assetId }, inPlaceOf(ctx));
    }),
    onAction(AssetIds.fields, async (ctx) => {
      const assetId = buttonAsset(ctx.action);
      if (assetId === undefined) return;
      const locate = async (actor: Actor) => {
        const asset = await actor.hd.getAsset({ id: assetId });
        return { recordId: asset.ItemID, subject: assetLabel(asset) };
      };
      await openFieldsModal(ctx, ctx.triggerId, assetFieldsTarget, locate, assetSubject(assetId, messagesOf(ctx)));
    }),
    onAction(AssetIds.link, async (ctx) => {
      const assetId = buttonAsset(ctx.action);
      if (assetId === undefined) return;
      const m = messagesOf(ctx);
      await openModal(ctx, ctx.triggerId, linkModalFor({ asset: assetPreset(assetId, m) }, m));
    }),

    // ── forms ──
    assetFormSubmission,
    linkSubmission,
    fieldsSubmission(assetFieldsTarget),

    // ── assets and taleps ──
    // No conversation to tell about a queue or a missing link here: the options arrive (or not) in time.
    onOptions(ASSET_PICKER_ACTION, { linked: true }, async (ctx) => {
      let options: PlainTextOption[] = [];
      try {
        options = assetPickerOptions(await pickerItems(ctx.actor, ctx.query, AbortSignal.timeout(PICKER_TIMEOUT_MS)), messagesOf(ctx));
      } catch (error) {
        ctx.services.logger.info(`asset picker for ${ctx.who.teamId}:${ctx.who.userId} found nothing: ${String(error)}`);
      }
      return { options };
    }),
    // Picked on a talep card: the block id names the talep. (Inside the link modal it is only an input.)
    onAction(ASSET_PICKER_ACTION, { linked: true }, async (ctx) => {
      const talepId = talepOfPickerBlock(ctx.action.block_id);
      const assetId = intOf(selectedOptionValue(ctx.action));
      if (talepId !== undefined && assetId !== undefined) await ctx.surface.send(await relateAsset(ctx.actor, true, assetId, talepId, messagesOf(ctx)));
    }),
    onAction(ASSET_UNLINK_ACTION, { linked: true }, async (ctx) => {
      const pair = decodePair(buttonValue(ctx.action));
      if (pair) await ctx.surface.send(await relateAsset(ctx.actor, false, ...pair, messagesOf(ctx)));
    }),
  ],
};
