/**
 * The asset search result and the asset card, read as the acting person, and the changes the card's
 * controls make (assign to a Slack user, unassign, retire / restore). Each change answers with the
 * notice shown above the re-rendered card.
 */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { assetCard } from '../../views/assets/card.js';
import { assetListMessage, type AssetQuery } from '../../views/assets/list.js';
import { escapeText, type SlackMessage } from '../../views/kit/blocks.js';

export async function assetListFor(actor: Actor, query: AssetQuery, m: Messages = english): Promise<SlackMessage> {
  const items = await actor.hd.assets({
    nameprefix: query.prefix,
    page: query.page,
    ...(query.includeDisabled ? { includeDisabled: true } : {}),
  });
  return assetListMessage(query, items, m);
}

export async function assetCardFor(actor: Actor, assetId: number, notice?: string, m: Messages = english): Promise<SlackMessage> {
  const asset = await actor.hd.getAsset({ id: assetId });
  return assetCard(asset, notice ? { notice } : {}, m);
}

/** What a failure about one asset names ("Asset #12 was not found"). */
export const assetSubject = (assetId: number, m: Messages = english): ErrorSubject => ({ label: m.t('assets.subject', { id: String(assetId) }) });

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

/** A button or option value that is an asset id. */
export const assetIdOf = (value: string | undefined): number | undefined => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : undefined);

/** The asset of the card's users_select, from its block id (`asset_assign:<assetId>`). */
export const assetOfAssignBlock = (blockId: string): number | undefined => assetIdOf(/^asset_assign:(\d+)$/.exec(blockId)?.[1]);

// ── the card's changes ──────────────────────────────────────────────────────────────────────────

export async function setRetired(actor: Actor, assetId: number, retire: boolean, m: Messages = english): Promise<string> {
  await (retire ? actor.hd.disableAsset({ assetId }) : actor.hd.enableAsset({ assetId }));
  return retire ? m.t('assets.retiredNotice') : m.t('assets.restoredNotice');
}

/** Assigns the asset to the help-desk user behind a Slack user (unknown people are the kernel's `PersonNotFound`). */
export async function assignToSlackUser(ix: Interaction, actor: Actor, assetId: number, slackUserId: string): Promise<string> {
  const person = await helpdeskPersonFor(ix.services, actor, ix.client, slackUserId, messagesOf(ix));
  await actor.hd.assignAssetToUser({ assetId, userId: person.helpdeskUserId });
  return messagesOf(ix).t('assets.assignedNotice', { user: slackUserId, username: escapeText(person.username) });
}

export async function unassign(actor: Actor, assetId: number, userId: number, m: Messages = english): Promise<string> {
  await actor.hd.unassignAssetFromUser({ assetId, userId });
  return m.t('assets.unassignedNotice', { id: String(userId) });
}
