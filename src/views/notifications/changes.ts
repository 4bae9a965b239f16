/**
 * What changed about a talep between two reads, as a destination sees it, and the one-line texts for
 * those changes (thread replies, DMs). Pure.
 */
import type { Comment } from '../../api/schemas.js';
import { StatusId } from '../../domain/status.js';
import { english, type Messages } from '../../i18n/messages.js';
import { priorityLabel, statusName } from '../kit/words.js';
import { escapeText, slackDate, truncate } from '../kit/blocks.js';

/** What a destination last showed of a talep (the store keeps it; see store/notify-store.ts). */
export interface Snapshot {
  lastUpdated?: string | undefined;
  statusId?: number | undefined;
  status: string;
  assigneeId: number | null;
  assigneeName: string | null;
  priority: number;
  dueDate: string | null;
  lastCommentId: number;
}

export type TalepChangeLine =
  | { kind: 'new' }
  | { kind: 'assigned'; to: string | null }
  | { kind: 'status'; status: string }
  | { kind: 'closed' }
  | { kind: 'priority'; priority: number }
  | { kind: 'due'; due: string | null }
  | { kind: 'comment'; comment: Pick<Comment, 'CommentID' | 'UserName' | 'Body'> };

/** The feed event a change belongs to (`events:` of `/talep feed`). */
export const eventOf = (line: TalepChangeLine): 'new' | 'assigned' | 'status' | 'comment' | 'closed' =>
  line.kind === 'priority' || line.kind === 'due' ? 'status' : line.kind;

/** The changes from `before` (undefined: never shown) to `after`; `comments` are the public ones read with `after`. */
export function changesBetween(before: Snapshot | undefined, after: Snapshot, comments: readonly Pick<Comment, 'CommentID' | 'UserName' | 'Body'>[]): TalepChangeLine[] {
  if (!before) return [{ kind: 'new' }];
  const lines: TalepChangeLine[] = [];
  if (before.assigneeId !== after.assigneeId) lines.push({ kind: 'assigned', to: after.assigneeName ?? (after.assigneeId === null ? null : `user ${after.assigneeId}`) });
  if (before.statusId !== after.statusId || (before.statusId === undefined && before.status !== after.status)) {
    lines.push(after.statusId === StatusId.closed ? { kind: 'closed' } : { kind: 'status', status: after.status });
  }
  if (before.priority !== after.priority) lines.push({ kind: 'priority', priority: after.priority });
  if (before.dueDate !== after.dueDate) lines.push({ kind: 'due', due: after.dueDate });
  for (const comment of comments) if (comment.CommentID > before.lastCommentId) lines.push({ kind: 'comment', comment });
  return lines;
}

const COMMENT_EXCERPT = 300;

/** One line of mrkdwn for a change (user-given text escaped), in the reader's language. */
export function changeText(line: TalepChangeLine, m: Messages = english): string {
  switch (line.kind) {
    case 'new':
      return m.t('notify.changeNew');
    case 'assigned':
      return line.to ? m.t('notify.changeAssigned', { name: escapeText(line.to) }) : m.t('notify.changeUnassigned');
    case 'status':
      return m.t('notify.changeStatus', { status: escapeText(statusName({ Status: line.status }, m)) });
    case 'closed':
      return m.t('notify.changeClosed');
    case 'priority':
      return m.t('notify.changePriority', { priority: escapeText(priorityLabel(line.priority, [], m)) });
    case 'due':
      return line.due ? m.t('notify.changeDue', { date: slackDate(new Date(line.due)) }) : m.t('notify.changeDueRemoved');
    case 'comment': {
      const body = escapeText(truncate(line.comment.Body.replace(/<[^>]{0,200}>/g, ' ').replace(/\s+/g, ' ').trim(), COMMENT_EXCERPT));
      return m.t('notify.changeComment', { author: escapeText(line.comment.UserName), body: body || m.t('notify.emptyComment') });
    }
  }
}
