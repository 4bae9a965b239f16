/**
 * Assets related to taleps: `asset link|unlink <assetId> <talepId>`, the card's "Link to talep" modal,
 * and the search-as-you-type asset picker (options as the person types; picking one on a talep card
 * relates it to that talep). Note the spec's `talepID` spelling on these operations.
 */
import * as z from 'zod';
import type { AssetListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { formErrors, type FormReading, formText, formValues, intOf, type StateValues } from '../../slack/forms.js';
import { onSubmit, type Listener } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import type { ModalRender } from '../../slack/surface.js';
import { ASSET_PICKER_ACTION, ASSET_PREFIX_MIN, AssetIds, AssetLinkBlocks } from '../../views/assets/ids.js';
import { assetLinkModal, assetRelatedMessage } from '../../views/assets/link.js';
import { option, type PlainTextOption, type SlackMessage } from '../../views/kit/blocks.js';
import { resultView, workingView } from '../../views/kit/states.js';

export async function relateAsset(actor: Actor, link: boolean, assetId: number, talepId: number, m: Messages = english): Promise<SlackMessage> {
  const params = { assetId, talepID: talepId };
  await (link ? actor.hd.addAssetToTalep(params) : actor.hd.removeAssetFromTalep(params));
  return assetRelatedMessage(assetId, talepId, link, m);
}

// ── the picker ──────────────────────────────────────────────────────────────────────────────────

/** What the picker searches for: an asset id (`#12`, `123`) or a name prefix of 3+ characters. */
export function pickerQuery(text: string): { id: number } | { prefix: string } | undefined {
  const value = text.trim();
  const id = /^#(\d{1,9})$|^(\d{3,9})$/.exec(value);
  if (id) return { id: Number(id[1] ?? id[2]) };
  return value.length >= ASSET_PREFIX_MIN ? { prefix: value.slice(0, 100) } : undefined;
}

export async function pickerItems(actor: Actor, text: string, signal: AbortSignal): Promise<AssetListItem[]> {
  const query = pickerQuery(text);
  if (!query) return [];
  if ('id' in query) {
    const asset = await actor.hd.getAsset({ id: query.id }, { signal });
    return [{ ...asset, CompanyID: null }];
  }
  // Retired assets too: a talep about old equipment may still need them (they are marked).
  return actor.hd.assets({ nameprefix: query.prefix, includeDisabled: true }, { signal });
}

/** The talep of a picker on a talep card, from its block id (`asset_picker_talep:<talepId>`); none inside the link modal. */
export const talepOfPickerBlock = (blockId: string): number | undefined => {
  const id = /^asset_picker_talep:(\d{1,9})$/.exec(blockId)?.[1];
  return id === undefined ? undefined : Number(id);
};

// ── the link modal ──────────────────────────────────────────────────────────────────────────────

const linkMetadataSchema = z.object({ t: z.int().min(1).optional() });

/** The link modal: asset preset from a card, or talep preset from a talep. Opens at once, no help-desk call. */
export const linkModalFor = (preset: { asset?: PlainTextOption; talepId?: number }, m: Messages = english) =>
  assetLinkModal({ ...preset, metadata: encodeMetadata(preset.talepId ? { t: preset.talepId } : {}) }, m);

export const assetPreset = (assetId: number, m: Messages = english): PlainTextOption =>
  option(m.t('assets.presetOption', { id: String(assetId) }), String(assetId));

export interface LinkFormValues {
  /** The picked option, shown again if the help desk refuses. */
  asset: PlainTextOption;
  assetId: number;
  talepId: number;
}

export function readLinkForm(values: StateValues, m: Messages = english): FormReading<LinkFormValues> {
  const picked = values[AssetLinkBlocks.asset]?.[ASSET_PICKER_ACTION]?.selected_option ?? undefined;
  const talepText = formText(values, AssetLinkBlocks.talep) ?? '';
  const errors: Record<string, string> = {};
  const assetId = /^\d{1,9}$/.test(picked?.value ?? '') ? intOf(picked?.value) : undefined;
  if (!picked || assetId === undefined) errors[AssetLinkBlocks.asset] = m.t('assets.chooseAssetError');
  if (!/^[1-9]\d{0,8}$/.test(talepText)) errors[AssetLinkBlocks.talep] = m.t('assets.talepIdError');
  if (!picked || assetId === undefined || Object.keys(errors).length > 0) return formErrors(errors);
  return formValues({ asset: option(picked.text.text, String(assetId)), assetId, talepId: Number(talepText) });
}

export const linkSubmission: Listener = onSubmit(AssetIds.linkCallback, async (ctx) => {
  const { view, ack } = ctx;
  const m = messagesOf(ctx);
  const title = m.t('assets.linkTitle');
  const form = readLinkForm(ctx.values, m);
  if (!form.ok) {
    await ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const { asset, assetId, talepId } = form.values;
  await ack({ response_action: 'update', view: workingView(title, m.t('assets.linking'), m) });
  const kept = decodeMetadata(linkMetadataSchema, view.private_metadata) ?? {};
  const render: ModalRender = {
    progress: (text) => workingView(title, text, m),
    problem: (text) => assetLinkModal({ asset, talepId, metadata: encodeMetadata(kept), problem: text }, m),
  };
  const surface = ctx.surface.withRender(render);
  await actAs({ ...ctx, surface }, async (actor) => {
    const message = await relateAsset(actor, true, assetId, talepId, m);
    await surface.update(resultView(title, message.text, undefined, m));
  });
});
