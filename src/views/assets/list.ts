/** The paged asset search result (`/talep asset <prefix>`). Pure: data → Block Kit JSON. */
import type { types } from '@slack/bolt';
import type { AssetListItem } from '../../api/schemas.js';
import { actions, type Block, type Button, button, context, escapeText, option, section, type SlackMessage } from '../kit/blocks.js';
import { ASSET_PAGE_SIZE, AssetIds } from './ids.js';
import { assetTitle, orDash, RETIRED_MARK } from './names.js';

export interface AssetQuery {
  prefix: string;
  includeDisabled: boolean;
  /** 1-based. */
  page: number;
}

/** Previous / Next button value: short keys, because Slack caps button values at 2000 characters. */
export const pageValue = (query: AssetQuery): string =>
  JSON.stringify({ q: query.prefix, a: query.includeDisabled ? 1 : 0, p: query.page });

/** Slack allows 50 blocks in a message. */
const MAX_MESSAGE_BLOCKS = 50;
/** An overflow menu holds at most 5 options. */
const MAX_OVERFLOW = 5;

function assetRowText(asset: AssetListItem): string {
  const retired = asset.Disabled ? ` · ${RETIRED_MARK}` : '';
  return (
    `*${escapeText(asset.ModelName)}* · ${escapeText(asset.Manufacturer)} · ${escapeText(asset.Type)}${retired}\n` +
    `#${asset.ItemID} · Serial: ${orDash(asset.SerialNumber)} · Location: ${orDash(asset.Location)} · Qty: ${asset.Quantity}`
  );
}

/**
 * One section per asset with its Show button. A full page (50) plus the summary and the paging buttons
 * would pass Slack's 50-block limit, so then the last few rows share one section whose overflow menu
 * offers their Show actions.
 */
function assetRows(items: readonly AssetListItem[], room: number): Block[] {
  if (items.length <= room) {
    return items.map((asset) => section(assetRowText(asset), button('Show', AssetIds.show, String(asset.ItemID))));
  }
  const single = items.slice(0, room - 1);
  const grouped = items.slice(room - 1);
  const menu: types.Overflow = {
    type: 'overflow',
    action_id: AssetIds.showMore,
    options: grouped.slice(0, MAX_OVERFLOW).map((asset) => option(`Show #${asset.ItemID} ${assetTitle(asset)}`, String(asset.ItemID))),
  };
  return [
    ...single.map((asset) => section(assetRowText(asset), button('Show', AssetIds.show, String(asset.ItemID)))),
    section(grouped.map(assetRowText).join('\n\n'), menu),
  ];
}

export function assetListMessage(query: AssetQuery, items: readonly AssetListItem[]): SlackMessage {
  const scope = query.includeDisabled ? ' (retired included)' : '';
  const what = `assets starting with “${escapeText(query.prefix)}”${scope}`;
  const first = (query.page - 1) * ASSET_PAGE_SIZE + 1;
  const navigation: Button[] = [];
  if (query.page > 1) navigation.push(button('◀ Previous', AssetIds.previousPage, pageValue({ ...query, page: query.page - 1 })));
  // The API has no total: a full page means there may be more.
  if (items.length >= ASSET_PAGE_SIZE) navigation.push(button('Next ▶', AssetIds.page, pageValue({ ...query, page: query.page + 1 })));

  if (items.length === 0) {
    const none = query.page > 1 ? `:package: No more ${what} (page ${query.page}).` : `:package: No ${what}.`;
    const hint = query.includeDisabled ? [] : [context('Retired assets are hidden; add `all` to include them, e.g. `/talep asset <prefix> all`.')];
    return {
      text: none.replace(/^:package: /, ''),
      blocks: [section(none), ...hint, ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
    };
  }
  const summary = section(
    `:package: ${what.charAt(0).toUpperCase()}${what.slice(1)} — page ${query.page}, ${first}–${first + items.length - 1}`,
  );
  const fixed = 1 + (navigation.length > 0 ? 1 : 0);
  return {
    text: `${items.length} ${what.replace(/“|”/g, '"')}, page ${query.page}`,
    blocks: [summary, ...assetRows(items, MAX_MESSAGE_BLOCKS - fixed), ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
  };
}
