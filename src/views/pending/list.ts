/**
 * The person's accepted work that is not done yet (`/talep pending`, App Home): what it is, since when,
 * where it stands, and Cancel on what still waits. Pure: data → Block Kit.
 */
import { english, type Messages } from '../../i18n/messages.js';
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

function stateLine(row: PendingRow, m: Messages): string {
  const accepted = m.t('pending.accepted', { date: slackDate(row.since) });
  if (row.state === 'running') return m.t('pending.running', { accepted });
  if (row.state === 'dead') return m.t('pending.dead', { accepted });
  const retry = row.attempts > 0 && row.nextAttemptAt
    ? m.t('pending.retry', { attempts: row.attempts, next: slackDate(row.nextAttemptAt, '{time}') })
    : '';
  return m.t('pending.waiting', { accepted, retry });
}

/** One block per row; what still waits has a Cancel button (`cancelId`, one per row). */
export function pendingRows(rows: readonly PendingRow[], cancelId: string, max: number, m: Messages = english): Block[] {
  return rows.slice(0, max).map((row, index) => {
    const text = `*${escapeText(truncate(row.what, 200))}*\n${stateLine(row, m)}`;
    if (row.state !== 'pending') return section(text);
    return section(
      text,
      button(m.t('pending.cancelButton'), rowActionId(cancelId, index), row.id, 'danger', {
        confirm: confirm(
          m.t('pending.cancelQuestion'),
          m.t('pending.cancelExplained', { what: escapeText(truncate(row.what, 150)) }),
          m.t('pending.cancelConfirm'),
          'danger',
          m.t('pending.keep'),
        ),
      }),
    );
  });
}

export function pendingListMessage(rows: readonly PendingRow[], notice?: string, m: Messages = english): SlackMessage {
  const blocks: Block[] = notice ? [section(notice)] : [];
  if (rows.length === 0) {
    blocks.push(section(m.t('pending.none')));
    return { text: notice ?? m.t('pending.noneText'), blocks };
  }
  const count = rows.length > MAX_LISTED ? m.t('pending.moreThan', { max: MAX_LISTED }) : String(rows.length);
  blocks.push(section(m.t('pending.heading', { count })));
  blocks.push(...pendingRows(rows, PendingIds.cancel, MAX_LISTED, m));
  blocks.push(context(m.t('pending.note')));
  return { text: notice ?? m.t('pending.text', { count: rows.length }), blocks };
}

/** The App Home section (nothing when nothing is pending). */
export function pendingHomeBlocks(rows: readonly PendingRow[], m: Messages = english): Block[] {
  if (rows.length === 0) return [];
  return [
    header(m.t('pending.homeHeader')),
    ...pendingRows(rows, PendingIds.homeCancel, MAX_ON_HOME, m),
    ...(rows.length > MAX_ON_HOME ? [context(m.t('pending.homeMore', { count: rows.length - MAX_ON_HOME }))] : []),
  ];
}

export type CancelAnswer =
  | { state: 'cancelled'; what: string }
  | { state: 'running'; what: string }
  | { state: 'finished'; what: string }
  | { state: 'not-found' };

export function cancelNotice(answer: CancelAnswer, m: Messages = english): string {
  switch (answer.state) {
    case 'cancelled':
      return m.t('pending.cancelled', { what: escapeText(answer.what) });
    case 'running':
      return m.t('pending.isRunning', { what: escapeText(answer.what) });
    case 'finished':
      return m.t('pending.finished', { what: escapeText(answer.what) });
    case 'not-found':
      return m.t('pending.notFound');
  }
}
