/**
 * Assets related to taleps: `asset link|unlink <assetId> <talepId>`, the card's "Link to talep" modal,
 * and the search-as-you-type asset picker (options as the user types; picking one on a talep card
 * relates it to that talep). Note the spec's `talepID` spelling on these operations.
 */
import type { App, BlockAction, ButtonAction, ExternalSelectAction, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { AssetListItem } from '../api/schemas.js';
import { ASSET_PREFIX_MIN, AssetIds, workingView } from '../views/assets.js';
import {
  ASSET_PICKER_ACTION,
  ASSET_UNLINK_ACTION,
  AssetLinkBlocks,
  assetLinkModal,
  assetPickerOptions,
  assetRelatedMessage,
} from '../views/assets-link.js';
import { option, type PlainTextOption, type SlackMessage } from '../views/kit/blocks.js';
import { resultView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import { decodePair } from './assets-cards.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import { withModalSession } from './modal-session.js';
import { viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, type Session, whoActs, withSession } from './session.js';

/** Options must be in the HTTP answer within Slack's 3 s; a slower help desk gets an empty list. */
const PICKER_TIMEOUT_MS = 2_500;

export async function relateAsset(session: Session, link: boolean, assetId: number, talepId: number): Promise<SlackMessage> {
  const params = { assetId, talepID: talepId };
  await (link ? session.hd.addAssetToTalep(params) : session.hd.removeAssetFromTalep(params));
  return assetRelatedMessage(assetId, talepId, link);
}

/** What the picker searches for: an asset id (`#12`, `123`) or a name prefix of 3+ characters. */
export function pickerQuery(text: string): { id: number } | { prefix: string } | undefined {
  const value = text.trim();
  const id = /^#(\d{1,9})$|^(\d{3,9})$/.exec(value);
  if (id) return { id: Number(id[1] ?? id[2]) };
  return value.length >= ASSET_PREFIX_MIN ? { prefix: value.slice(0, 100) } : undefined;
}

async function pickerItems(session: Session, text: string, signal: AbortSignal): Promise<AssetListItem[]> {
  const query = pickerQuery(text);
  if (!query) return [];
  if ('id' in query) {
    const asset = await session.hd.getAsset({ id: query.id }, { signal });
    return [{ ...asset, CompanyID: null }];
  }
  // Retired assets too: a talep about old equipment may still need them (they are marked).
  return session.hd.assets({ nameprefix: query.prefix, includeDisabled: true }, { signal });
}

const linkMetadataSchema = z.object({ t: z.int().min(1).optional() });

/** The link modal: asset preset from a card, or talep preset from a talep. Opens at once, no help-desk call. */
export async function openLinkModal(
  client: webApi.WebClient,
  triggerId: string,
  preset: { asset?: PlainTextOption; talepId?: number },
): Promise<void> {
  await client.views.open({
    trigger_id: triggerId,
    view: assetLinkModal({ ...preset, metadata: encodeMetadata(preset.talepId ? { t: preset.talepId } : {}) }),
  });
}

export function registerAssetLinks(app: App, services: Services): void {
  app.options(ASSET_PICKER_ACTION, async ({ ack, body }) => {
    const who = whoActs(body);
    // No conversation to tell about a queue here: the options simply arrive (or not) in time.
    const session = openSession(services, who, { send: async () => {} });
    if (typeof session === 'string') {
      await ack({ options: [] });
      return;
    }
    let options: PlainTextOption[] = [];
    try {
      options = assetPickerOptions(await pickerItems(session, body.value, AbortSignal.timeout(PICKER_TIMEOUT_MS)));
    } catch (error) {
      services.logger.info(`asset picker for ${who.teamId}:${who.userId} found nothing: ${String(error)}`);
    }
    await ack({ options });
  });

  // Picked on a talep card: the block id names the talep. (Inside the link modal it is only an input.)
  app.action<BlockAction<ExternalSelectAction>>(ASSET_PICKER_ACTION, async ({ ack, body, action, respond }) => {
    await ack();
    const talepId = Number(/^asset_picker_talep:(\d{1,9})$/.exec(action.block_id)?.[1] ?? Number.NaN);
    const assetId = Number(action.selected_option?.value ?? Number.NaN);
    if (!Number.isInteger(talepId) || !Number.isInteger(assetId) || !body.response_url) return;
    const reply = viaRespond(respond);
    await withSession(services, whoActs(body), reply, async (session) => reply.send(await relateAsset(session, true, assetId, talepId)));
  });

  app.action<BlockAction<ButtonAction>>(ASSET_UNLINK_ACTION, async ({ ack, body, action, respond }) => {
    await ack();
    const pair = decodePair(action.value);
    if (!pair || !body.response_url) return;
    const reply = viaRespond(respond);
    await withSession(services, whoActs(body), reply, async (session) => reply.send(await relateAsset(session, false, ...pair)));
  });

  app.action<BlockAction<ButtonAction>>(AssetIds.link, async ({ ack, body, action, client }) => {
    await ack();
    const assetId = action.value ?? '';
    if (!/^\d{1,9}$/.test(assetId)) return;
    await openLinkModal(client, body.trigger_id, { asset: option(`Asset #${assetId}`, assetId) });
  });

  app.view(AssetIds.linkCallback, async ({ ack, body, view, client }) => {
    const values = view.state.values;
    const picked = values[AssetLinkBlocks.asset]?.[ASSET_PICKER_ACTION]?.selected_option ?? undefined;
    const talepText = (values[AssetLinkBlocks.talep]?.[FORM_VALUE]?.value ?? '').trim();
    const errors: Record<string, string> = {};
    if (!picked || !/^\d{1,9}$/.test(picked.value ?? '')) errors[AssetLinkBlocks.asset] = 'Choose an asset (type 3 or more letters).';
    if (!/^[1-9]\d{0,8}$/.test(talepText)) errors[AssetLinkBlocks.talep] = 'A talep id is a whole number, e.g. 42.';
    if (!picked || Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    const assetId = Number(picked.value);
    const talepId = Number(talepText);
    const title = 'Link asset to talep';
    await ack({ response_action: 'update', view: workingView(title, ':hourglass_flowing_sand: Linking…') });
    const kept = decodeMetadata(linkMetadataSchema, view.private_metadata) ?? {};
    const asset = option(picked.text.text, String(assetId));
    const render = {
      working: (text: string) => workingView(title, text),
      problem: (text: string) =>
        assetLinkModal({ asset, talepId, metadata: encodeMetadata(kept), problem: text }),
    };
    await withModalSession(services, whoActs(body), client, body.view.id, render, async (session, update) => {
      const message = await relateAsset(session, true, assetId, talepId);
      await update(resultView(title, message.text));
    });
  });
}
