/**
 * The person's accepted work that is not done yet (`/talep pending`, App Home): what it is, since when,
 * where it stands, and Cancel on what still waits. Pure: data → Block Kit.
 */
import { type Block, button, confirm, context, escapeText, header, rowActionId, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';

export const PendingIds = {
  /** Cancel in the `/talep pending` list: one per row (`rowActionId(cancel, n)`); value: the job id. */
  cancel: 'pending_cancel',
  /** Cancel on App Home (the tab is published again afterwards). */
  homeCancel: 'pending_home_cancel',
} as const;

/** Listed per message (each row is one block). */
export const MAX_LISTED = 20;
/** Listed on App Home, under the rest of the tab. */
export const MAX_ON_HOME = 10;

export interface PendingRow {
  id: string;
  what: string;
  state: 'pending' | 'running' | 'dead';
  since: Date;
  attempts: number;
  nextAttemptAt: Date | undefined;
}

function stateLine(row: PendingRow): string {
  const accepted = `accepted ${slackDate(row.since)}`;
  if (row.state === 'running') return `:arrows_counterclockwise: Being sent now — ${accepted}`;
  if (row.state === 'dead') return `:warning: Not done: the help desk refused it or stayed unreachable (you were told why) — ${accepted}`;
  const retry = row.attempts > 0 && row.nextAttemptAt ? `, tried ${row.attempts}×, next try ${slackDate(row.nextAttemptAt, '{time}')}` : '';
  return `:hourglass_flowing_sand: Waiting for the help desk — ${accepted}${retry}`;
}

/** One block per row; what still waits has a Cancel button (`cancelId`, one per row). */
export function pendingRows(rows: readonly PendingRow[], cancelId: string, max: number): Block[] {
  return rows.slice(0, max).map((row, index) => {
    const text = `*${escapeText(truncate(row.what, 200))}*\n${stateLine(row)}`;
    if (row.state !== 'pending') return section(text);
    return section(
      text,
      button('Cancel', rowActionId(cancelId, index), row.id, 'danger', {
        confirm: confirm('Cancel it?', `*${escapeText(truncate(row.what, 150))}* will not be sent to the help desk.`, 'Cancel it', 'danger'),
      }),
    );
  });
}

export function pendingListMessage(rows: readonly PendingRow[], notice?: string): SlackMessage {
  const blocks: Block[] = notice ? [section(notice)] : [];
  if (rows.length === 0) {
    blocks.push(section(':white_check_mark: Nothing pending: everything you sent to the help desk has been done.'));
    return { text: notice ?? 'Nothing pending.', blocks };
  }
  const count = rows.length > MAX_LISTED ? `more than ${MAX_LISTED}; the latest ${MAX_LISTED}` : String(rows.length);
  blocks.push(section(`:outbox_tray: *Your pending work* (${count})`));
  blocks.push(...pendingRows(rows, PendingIds.cancel, MAX_LISTED));
  blocks.push(context('Work the help desk could not take yet is kept and sent when it is back; you are told when it is done.'));
  return { text: notice ?? `${rows.length} pending`, blocks };
}

/** The App Home section (nothing when nothing is pending). */
export function pendingHomeBlocks(rows: readonly PendingRow[]): Block[] {
  if (rows.length === 0) return [];
  return [
    header('Pending work'),
    ...pendingRows(rows, PendingIds.homeCancel, MAX_ON_HOME),
    ...(rows.length > MAX_ON_HOME ? [context(`${rows.length - MAX_ON_HOME} more: \`/talep pending\` lists them all.`)] : []),
  ];
}

export type CancelAnswer =
  | { state: 'cancelled'; what: string }
  | { state: 'running'; what: string }
  | { state: 'finished'; what: string }
  | { state: 'not-found' };

export function cancelNotice(answer: CancelAnswer): string {
  switch (answer.state) {
    case 'cancelled':
      return `:wastebasket: Cancelled: ${escapeText(answer.what)}.`;
    case 'running':
      return `:arrows_counterclockwise: ${escapeText(answer.what)} is being sent right now, so it can no longer be cancelled.`;
    case 'finished':
      return `:information_source: ${escapeText(answer.what)} is no longer waiting (it was done, given up or cancelled).`;
    case 'not-found':
      return ':information_source: That is no longer in your pending work.';
  }
}
