/** The paged asset search result (`/talep asset <prefix>`). Pure: data → Block Kit JSON. */
import type { types } from '@slack/bolt';
import type { AssetListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, type Button, button, context, escapeText, option, section, type SlackMessage } from '../kit/blocks.js';
import { ASSET_PAGE_SIZE, AssetIds } from './ids.js';
import { assetTitle, orDash, retiredMark } from './names.js';

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

function assetRowText(asset: AssetListItem, m: Messages): string {
  const retired = asset.Disabled ? ` · ${retiredMark(m)}` : '';
  const details = m.t('assets.row', {
    id: String(asset.ItemID),
    serial: orDash(asset.SerialNumber),
    location: orDash(asset.Location),
    quantity: m.number(asset.Quantity),
  });
  return `*${escapeText(asset.ModelName)}* · ${escapeText(asset.Manufacturer)} · ${escapeText(asset.Type)}${retired}\n${details}`;
}

/**
 * One section per asset with its Show button. A full page (50) plus the summary and the paging buttons
 * would pass Slack's 50-block limit, so then the last few rows share one section whose overflow menu
 * offers their Show actions.
 */
function assetRows(items: readonly AssetListItem[], room: number, m: Messages): Block[] {
  const row = (asset: AssetListItem) => assetRowText(asset, m);
  const show = (asset: AssetListItem) => section(row(asset), button(m.t('assets.showButton'), AssetIds.show, String(asset.ItemID)));
  if (items.length <= room) return items.map(show);
  const single = items.slice(0, room - 1);
  const grouped = items.slice(room - 1);
  const menu: types.Overflow = {
    type: 'overflow',
    action_id: AssetIds.showMore,
    options: grouped
      .slice(0, MAX_OVERFLOW)
      .map((asset) => option(m.t('assets.showOption', { id: String(asset.ItemID), title: assetTitle(asset) }), String(asset.ItemID))),
  };
  return [...single.map(show), section(grouped.map(row).join('\n\n'), menu)];
}

export function assetListMessage(query: AssetQuery, items: readonly AssetListItem[], m: Messages = english): SlackMessage {
  const retired = query.includeDisabled ? 'yes' : 'no';
  const prefix = escapeText(query.prefix);
  const page = m.number(query.page);
  const first = (query.page - 1) * ASSET_PAGE_SIZE + 1;
  const navigation: Button[] = [];
  if (query.page > 1) navigation.push(button(m.t('assets.previousButton'), AssetIds.previousPage, pageValue({ ...query, page: query.page - 1 })));
  // The API has no total: a full page means there may be more.
  if (items.length >= ASSET_PAGE_SIZE) navigation.push(button(m.t('assets.nextButton'), AssetIds.page, pageValue({ ...query, page: query.page + 1 })));

  if (items.length === 0) {
    const none = query.page > 1 ? m.t('assets.listNoMore', { prefix, retired, page }) : m.t('assets.listNone', { prefix, retired });
    const hint = query.includeDisabled ? [] : [context(m.t('assets.retiredHidden'))];
    return {
      text: none.replace(/^:package: /, ''),
      blocks: [section(none), ...hint, ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
    };
  }
  const summary = section(
    m.t('assets.listSummary', { prefix, retired, page, first: m.number(first), last: m.number(first + items.length - 1) }),
  );
  const fixed = 1 + (navigation.length > 0 ? 1 : 0);
  return {
    text: m.t('assets.listText', { count: items.length, prefix, retired, page }),
    blocks: [summary, ...assetRows(items, MAX_MESSAGE_BLOCKS - fixed, m), ...(navigation.length > 0 ? [actions('asset_pages', navigation)] : [])],
  };
}
