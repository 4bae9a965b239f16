/**
 * Talep statuses: ONE table. The spec gives three ids; real servers name them "New", "In progress"
 * ("Devam Ediyor" in Turkish installs) and "Closed", and the sandbox may say "In Progress", so names
 * are read tolerantly and always shown from this table.
 */
import { fail, ok, type Parsed } from './parsed.js';
import { lookupKey } from './text-case.js';

export const StatusId = { new: 1, progress: 2, closed: 3 } as const;
export type StatusKey = keyof typeof StatusId;
export type StatusIdValue = (typeof StatusId)[StatusKey];

export const statuses: readonly { key: StatusKey; id: StatusIdValue; label: string; emoji: string }[] = [
  { key: 'new', id: 1, label: 'New', emoji: ':new:' },
  { key: 'progress', id: 2, label: 'In progress', emoji: ':arrows_counterclockwise:' },
  { key: 'closed', id: 3, label: 'Closed', emoji: ':white_check_mark:' },
];

/** Open = not closed: what "my open taleps" and `status:open` mean. */
export const openStatusIds: readonly number[] = [StatusId.new, StatusId.progress];

/** What people type for each status, as `lookupKey` folds it (English; Turkish with or without its letters). */
const words: Record<string, StatusKey> = {
  new: 'new', open: 'new', yeni: 'new', 'açik': 'new', acik: 'new',
  progress: 'progress', 'in-progress': 'progress', inprogress: 'progress', working: 'progress', devam: 'progress',
  closed: 'closed', close: 'closed', done: 'closed', kapali: 'closed', kapat: 'closed',
};

export function parseStatus(text: string): Parsed<StatusKey> {
  const key = words[lookupKey(text.trim())];
  return key ? ok(key) : fail('parse.status');
}

export function statusLabel(id: number | undefined): string | undefined {
  return statuses.find((status) => status.id === id)?.label;
}

/** The status id of a record: its `StatusID` when the server sent one, else read from the name. */
export function statusIdOf(record: { Status?: string | null; StatusID?: number | null }): number | undefined {
  if (record.StatusID != null) return record.StatusID;
  const name = lookupKey(record.Status ?? '');
  if (/\b(closed|resolved|kapal)/.test(name)) return StatusId.closed;
  if (/progress|devam/.test(name)) return StatusId.progress;
  if (/\b(new|yeni)\b/.test(name)) return StatusId.new;
  return undefined;
}

export const isClosed = (record: { Status?: string | null; StatusID?: number | null }): boolean =>
  statusIdOf(record) === StatusId.closed;

/** The name to show: ours for the three known ids (so every screen agrees), else what the server said. */
export function statusDisplayName(record: { Status?: string | null; StatusID?: number | null }): string {
  return statusLabel(statusIdOf(record)) ?? (record.Status?.trim() || '—');
}

export const statusEmoji = (id: number | undefined): string =>
  statuses.find((status) => status.id === id)?.emoji ?? '';
