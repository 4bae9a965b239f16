/**
 * The asset search result and the asset card: paging, Show, and the card's in-place actions (assign to
 * a Slack user, unassign, retire / restore). Every action re-renders the card from the help desk.
 */
import type { App, BlockAction, ButtonAction, OverflowAction, RespondFn, UsersSelectAction } from '@slack/bolt';
import * as z from 'zod';
import { assetCard, AssetIds, assetListMessage, type AssetQuery } from '../views/assets.js';
import { escapeText, type SlackMessage } from '../views/kit/blocks.js';
import type { ErrorSubject } from '../slack/failures.js';
import { decodeMetadata } from '../slack/metadata.js';
import { helpdeskPersonFor } from '../slack/people.js';
import { explainPersonProblems } from './session.js';
import { viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs, withSession } from './session.js';

export async function assetListFor(session: Session, query: AssetQuery): Promise<SlackMessage> {
  const items = await session.hd.assets({
    nameprefix: query.prefix,
    page: query.page,
    ...(query.includeDisabled ? { includeDisabled: true } : {}),
  });
  return assetListMessage(query, items);
}

export async function assetCardFor(session: Session, assetId: number, notice?: string): Promise<SlackMessage> {
  const asset = await session.hd.getAsset({ id: assetId });
  return assetCard(asset, notice ? { notice } : {});
}

export const assetSubject = (assetId: number): ErrorSubject => ({ label: `Asset #${assetId}` });

const pageValueSchema = z.object({ q: z.string().min(3).max(200), a: z.union([z.literal(0), z.literal(1)]), p: z.int().min(1) });

/** A Previous / Next button's value → the query; undefined when it is not ours. */
export function decodePageValue(value: string | undefined): AssetQuery | undefined {
  const decoded = decodeMetadata(pageValueSchema, value);
  return decoded && { prefix: decoded.q, includeDisabled: decoded.a === 1, page: decoded.p };
}

/** `"12:4"` → [12, 4]: an asset and a user (or a talep). */
export function decodePair(value: string | undefined): [number, number] | undefined {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(value ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

const assetIdOf = (value: string | undefined) => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : undefined);

type ActionBody = BlockAction & { response_url: string };

export function registerAssetCards(app: App, services: Services): void {
  const run = (body: ActionBody, respond: RespondFn, work: (session: Session) => Promise<void>, subject: ErrorSubject = {}) =>
    withSession(services, whoActs(body), viaRespond(respond), work, subject);
  /** Re-renders the card the action came from. */
  const replaceCard = async (respond: RespondFn, message: SlackMessage) => {
    await respond({ response_type: 'ephemeral', replace_original: true, ...message });
  };

  const show = async (body: ActionBody, respond: RespondFn, assetId: number | undefined) => {
    if (assetId === undefined) return;
    await run(body, respond, async (session) => viaRespond(respond).send(await assetCardFor(session, assetId)), assetSubject(assetId));
  };
  app.action<BlockAction<ButtonAction>>(AssetIds.show, async ({ ack, body, action, respond }) => {
    await ack();
    await show(body, respond, assetIdOf(action.value));
  });
  app.action<BlockAction<OverflowAction>>(AssetIds.showMore, async ({ ack, body, action, respond }) => {
    await ack();
    await show(body, respond, assetIdOf(action.selected_option.value));
  });

  for (const paging of [AssetIds.page, AssetIds.previousPage]) {
    app.action<BlockAction<ButtonAction>>(paging, async ({ ack, body, action, respond }) => {
      await ack();
      const query = decodePageValue(action.value);
      if (!query) return;
      await run(body, respond, async (session) => replaceCard(respond, await assetListFor(session, query)));
    });
  }

  const changeState = (actionId: string, retire: boolean) =>
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, respond }) => {
      await ack();
      const assetId = assetIdOf(action.value);
      if (assetId === undefined) return;
      await run(body, respond, async (session) => {
        await (retire ? session.hd.disableAsset({ assetId }) : session.hd.enableAsset({ assetId }));
        const notice = retire ? ':no_entry_sign: Retired. It no longer shows in asset lists unless you add `all`.' : ':recycle: Restored: the asset is active again.';
        await replaceCard(respond, await assetCardFor(session, assetId, notice));
      }, assetSubject(assetId));
    });
  changeState(AssetIds.retire, true);
  changeState(AssetIds.restore, false);

  app.action<BlockAction<UsersSelectAction>>(AssetIds.assign, async ({ ack, body, action, respond, client }) => {
    await ack();
    const assetId = assetIdOf(/^asset_assign:(\d+)$/.exec(action.block_id)?.[1]);
    if (assetId === undefined || !action.selected_user) return;
    await run(body, respond, async (session) => {
      const person = await explainPersonProblems(viaRespond(respond), () => helpdeskPersonFor(services, session, client, action.selected_user));
      if (!person) return;
      await session.hd.assignAssetToUser({ assetId, userId: person.helpdeskUserId });
      await replaceCard(respond, await assetCardFor(session, assetId, `:white_check_mark: Assigned to <@${action.selected_user}> (${escapeText(person.username)}).`));
    }, assetSubject(assetId));
  });

  app.action<BlockAction<ButtonAction>>(AssetIds.unassign, async ({ ack, body, action, respond }) => {
    await ack();
    const pair = decodePair(action.value);
    if (!pair) return;
    const [assetId, userId] = pair;
    await run(body, respond, async (session) => {
      await session.hd.unassignAssetFromUser({ assetId, userId });
      await replaceCard(respond, await assetCardFor(session, assetId, `:heavy_minus_sign: Unassigned help-desk user #${userId}.`));
    }, assetSubject(assetId));
  });
}
