/**
 * GET /Search: every word of `query` must appear in the subject or the body (case- and
 * accent-insensitive, Turkish dotted/dotless i folded); an empty query matches everything. Filters:
 * submitter, categories, statuses, assignee, creation-date range (inclusive; a date-only `dateTo`
 * covers that whole day). Newest first. Regular users only ever find their own taleps.
 */
import { canSeeTalep } from './access.js';
import type { TalepRow, UserRow } from './model.js';

export interface TalepQuery {
  query: string;
  fromUserId?: number;
  categoryId?: number[];
  statusId?: number[];
  assignedToUserId?: number;
  dateFrom?: Date;
  /** Exclusive upper bound, already widened to the end of the day for date-only input. */
  dateBefore?: Date;
}

/** Lower case, no accents, ı/İ → i: "İMZA" finds "imza", "Öztürk" finds "ozturk". */
export function foldText(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** `dateTo` as an exclusive bound: a date-only value (`2026-01-10`) includes that whole day. */
export function exclusiveUpperBound(dateTo: Date, wire: string | undefined): Date {
  const dateOnly = typeof wire === 'string' && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(wire);
  return new Date(dateTo.getTime() + (dateOnly ? 86_400_000 : 1));
}

export function matchesQuery(talep: TalepRow, query: TalepQuery): boolean {
  const words = foldText(query.query).split(/\s+/).filter(Boolean);
  const haystack = foldText(`${talep.subject}\n${talep.body}`);
  if (!words.every((word) => haystack.includes(word))) return false;
  if (query.fromUserId !== undefined && talep.submitterId !== query.fromUserId) return false;
  if (query.categoryId && !query.categoryId.includes(talep.categoryId)) return false;
  if (query.statusId && !query.statusId.includes(talep.statusId)) return false;
  if (query.assignedToUserId !== undefined && talep.assigneeId !== query.assignedToUserId) return false;
  const created = Date.parse(talep.issueDate);
  if (query.dateFrom && created < query.dateFrom.getTime()) return false;
  if (query.dateBefore && created >= query.dateBefore.getTime()) return false;
  return true;
}

export function searchTaleps(taleps: readonly TalepRow[], caller: UserRow, query: TalepQuery): TalepRow[] {
  return taleps
    .filter((talep) => canSeeTalep(caller, talep) && matchesQuery(talep, query))
    .sort((a, b) => Date.parse(b.issueDate) - Date.parse(a.issueDate) || b.id - a.id);
}
