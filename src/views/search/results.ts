/**
 * Talep lists: `/talep search` results (paged) and `/talep mine`. Every row has the same layout —
 * `#id subject`, status, priority, assignee, category — and a Show button handled by the talep-card
 * module. Pure: the command module fetches, caches and pages; this only lays out one page.
 */
import { priorityEmoji } from '../../domain/priority.js';
import { isClosed, statusEmoji, statusIdOf } from '../../domain/status.js';
import { english, type Messages } from '../../i18n/messages.js';
import { priorityLabel, statusName } from '../kit/words.js';
import { safeUrl } from '../kit/links.js';
import type { TalepListItem } from '../../api/schemas.js';
import { talepUrl } from '../../domain/talep-link.js';
import { actions, type Block, button, context, escapeText, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';

export const SearchIds = {
  previousPage: 'search_page_prev',
  nextPage: 'search_page_next',
  pagingBlock: 'search_paging',
} as const;

export const SEARCH_PAGE_SIZE = 10;
/** `/talep mine` shows this many rows per section; the rest are one search away. */
export const MINE_LIMIT = 10;

/** What a list row needs of a talep; kept small because search results are cached for paging. */
export interface TalepListRow {
  id: number;
  subject: string;
  status?: string;
  statusId?: number;
  priority?: number;
  category?: string;
  /** `null`: nobody is assigned; `undefined`: the help desk did not say. */
  assignee?: string | null;
  url?: string;
}

/** Search rows (only id and subject are certain); `talepUrlTemplate` links rows that carry no `Url`. */
export function listRow(talep: TalepListItem, talepUrlTemplate: string, m: Messages = english): TalepListRow {
  // An assignee known only by id is shown as such rather than as unassigned.
  const assignee = talep.AssigneeID === null
    ? null
    : (talep.AssigneeName ?? (talep.AssigneeID === undefined ? undefined : m.t('search.assigneeById', { id: talep.AssigneeID })));
  return {
    id: talep.TalepID,
    subject: talep.Subject,
    ...(talep.Status !== undefined ? { status: talep.Status } : {}),
    ...(talep.StatusID !== undefined ? { statusId: talep.StatusID } : {}),
    ...(talep.Priority !== undefined ? { priority: talep.Priority } : {}),
    ...(talep.CategoryName !== undefined ? { category: talep.CategoryName } : {}),
    ...(assignee !== undefined ? { assignee } : {}),
    url: talepUrl(talep, talepUrlTemplate),
  };
}

/** Status ids are optional in search rows, so the name decides when there is none. */
export const isClosedRow = (row: TalepListRow): boolean => isClosed({ Status: row.status ?? null, StatusID: row.statusId ?? null });

export function talepRowText(row: TalepListRow, m: Messages = english): string {
  const url = safeUrl(row.url);
  const id = url ? `<${url}|#${row.id}>` : `#${row.id}`;
  const details: string[] = [];
  if (row.status !== undefined || row.statusId !== undefined) {
    const status = { Status: row.status ?? null, StatusID: row.statusId ?? null };
    const emoji = statusEmoji(statusIdOf(status));
    details.push(`${emoji ? `${emoji} ` : ''}${escapeText(statusName(status, m))}`);
  }
  if (row.priority !== undefined) {
    const emoji = priorityEmoji(row.priority);
    details.push(`${emoji ? `${emoji} ` : ''}${escapeText(priorityLabel(row.priority, [], m))}`);
  }
  if (row.assignee !== undefined) {
    details.push(row.assignee === null ? `:bust_in_silhouette: ${m.t('search.unassigned')}` : `:bust_in_silhouette: ${escapeText(row.assignee)}`);
  }
  if (row.category) details.push(`:file_folder: ${escapeText(row.category)}`);
  const subject = escapeText(truncate(row.subject.replace(/\s+/g, ' ').trim(), 150)) || m.t('search.noSubject');
  return `*${id}* ${subject}${details.length ? `\n${details.join('  ·  ')}` : ''}`;
}

export function talepRowBlock(row: TalepListRow, m: Messages = english): Block {
  return section(talepRowText(row, m), button(m.t('search.showButton'), SharedActions.showTalep, String(row.id)));
}

// ── Search results ─────────────────────────────────────────────────────────────────────────────

/** A filter as the user wrote it, for the "N taleps match …" line. Slack users render as mentions. */
export type FilterValue = string | { slackUserId: string };
export interface FilterChip {
  name: string;
  values: FilterValue[];
}

export interface SearchResultsView {
  query: string;
  filters: readonly FilterChip[];
  /** Every match; the view shows one page of them. */
  rows: readonly TalepListRow[];
  /** 0-based; clamped to the pages that exist. */
  page: number;
  pageSize?: number;
  /** Regular users only ever find their own taleps; the empty result says so. */
  audience: 'agent' | 'user';
  /** The paging button's value for a page (the command module decides what state it carries). */
  pagingValue(page: number): string;
}

function filterValueText(value: FilterValue): string {
  return typeof value === 'string' ? escapeText(value) : `<@${value.slackUserId}>`;
}

export function describeSearch(query: string, filters: readonly FilterChip[]): string {
  const parts: string[] = [];
  if (query.trim()) parts.push(`“${escapeText(truncate(query.trim(), 200))}”`);
  for (const filter of filters) parts.push(`${escapeText(filter.name)}: ${filter.values.map(filterValueText).join(', ')}`);
  return parts.join('  ·  ');
}

export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.min(Math.max(0, Math.floor(page)), pageCount(total, pageSize) - 1);
}

export function searchResultsMessage(view: SearchResultsView, m: Messages = english): SlackMessage {
  const pageSize = view.pageSize ?? SEARCH_PAGE_SIZE;
  const total = view.rows.length;
  const page = clampPage(view.page, total, pageSize);
  const pages = pageCount(total, pageSize);
  const description = describeSearch(view.query, view.filters);
  const what = description ? m.t('search.match', { description }) : '';

  if (total === 0) {
    const hint = view.audience === 'user' ? m.t('search.noneHintUser') : m.t('search.noneHint');
    return {
      text: m.t('search.noneText'),
      blocks: [section(m.t('search.none', { what })), context(hint)],
    };
  }

  const first = page * pageSize;
  const shown = view.rows.slice(first, first + pageSize);
  const blocks: Block[] = [section(`:mag: *${m.t('search.taleps', { count: total })}*${what}`)];
  if (pages > 1) blocks.push(context(m.t('search.showing', { first: first + 1, last: first + shown.length, total, page: page + 1, pages })));
  blocks.push(...shown.map((row) => talepRowBlock(row, m)));
  if (pages > 1) {
    const buttons = [];
    if (page > 0) buttons.push(button(m.t('search.previousButton'), SearchIds.previousPage, view.pagingValue(page - 1)));
    if (page < pages - 1) buttons.push(button(m.t('search.nextButton'), SearchIds.nextPage, view.pagingValue(page + 1)));
    blocks.push(actions(SearchIds.pagingBlock, buttons));
  }
  return { text: pages > 1 ? m.t('search.foundPaged', { count: total, page: page + 1, pages }) : m.t('search.found', { count: total }), blocks };
}

// ── /talep mine ────────────────────────────────────────────────────────────────────────────────

export interface MineView {
  /** Open taleps assigned to the user; only for agents (regular users are never assignees). */
  assigned?: readonly TalepListRow[];
  /** Everything the user submitted; shown open ones first. */
  submitted: readonly TalepListRow[];
  limit?: number;
}

/** Open before closed; otherwise the help desk's order (newest first) is kept. */
export function openFirst(rows: readonly TalepListRow[]): TalepListRow[] {
  return [...rows].sort((a, b) => Number(isClosedRow(a)) - Number(isClosedRow(b)));
}

function mineSection(title: string, rows: readonly TalepListRow[], limit: number, empty: string, moreCommand: string, m: Messages): Block[] {
  const open = rows.filter((row) => !isClosedRow(row)).length;
  const counts = open === rows.length ? `${rows.length}` : m.t('mine.openCount', { count: rows.length, open });
  const blocks: Block[] = [section(`*${title}* (${counts})`)];
  if (rows.length === 0) return [...blocks, context(empty)];
  blocks.push(...openFirst(rows).slice(0, limit).map((row) => talepRowBlock(row, m)));
  if (rows.length > limit) blocks.push(context(m.t('mine.showing', { limit, total: rows.length, command: moreCommand })));
  return blocks;
}

export function mineMessage(view: MineView, m: Messages = english): SlackMessage {
  const limit = view.limit ?? MINE_LIMIT;
  const blocks: Block[] = [];
  if (view.assigned) {
    blocks.push(...mineSection(m.t('mine.assigned'), view.assigned, limit, m.t('mine.assignedNone'), 'assignee:me status:open', m));
  }
  blocks.push(...mineSection(m.t('mine.submitted'), view.submitted, limit, m.t('mine.submittedNone'), 'by:me', m));
  const parts = [
    ...(view.assigned ? [m.t('mine.assignedText', { count: view.assigned.length })] : []),
    m.t('mine.submittedText', { count: view.submitted.length }),
  ];
  return { text: `${parts.join(', ')}.`, blocks };
}
