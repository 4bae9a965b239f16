/**
 * Who the real help desk would e-mail, and when. Recorded in the outbox, never sent.
 *
 * - talep created: a confirmation to the submitter, unless `suppressConfirmation`;
 * - talep closed: a notification to the submitter and subscribers (not the one who closed it),
 *   unless `suppressNotification`;
 * - comment: to `recipientIds` only when given; otherwise submitter, assignees and subscribers except
 *   the author. A ForTechsOnly comment never goes to regular users;
 * - user created with `sendWelcomeEmail`: a welcome e-mail.
 * Disabled users and users who switched e-mail notifications off receive nothing.
 */
import { isAgent } from './access.js';
import type { CommentRow, SandboxData, TalepRow, UserRow } from './model.js';
import type { EmailKind, Outbox } from './outbox.js';

const subjectLine = (talep: TalepRow) => `[Talep #${talep.id}] ${talep.subject}`;

function send(outbox: Outbox, users: readonly UserRow[], kind: EmailKind, subject: string, now: Date, talepId?: number): void {
  const seen = new Set<number>();
  for (const user of users) {
    if (seen.has(user.id) || user.disabled || !user.emailNotifications) continue;
    seen.add(user.id);
    outbox.record({ to: user.email, subject, kind, ...(talepId === undefined ? {} : { talepId }), at: now.toISOString() });
  }
}

const usersByIds = (data: SandboxData, ids: readonly number[]) =>
  ids.flatMap((id) => data.users.filter((user) => user.id === id));

export function notifyTalepCreated(outbox: Outbox, data: SandboxData, talep: TalepRow, now: Date): void {
  send(outbox, usersByIds(data, [talep.submitterId]), 'talep-confirmation', `${subjectLine(talep)}: we received your request`, now, talep.id);
}

export function notifyTalepClosed(outbox: Outbox, data: SandboxData, talep: TalepRow, closedBy: UserRow, now: Date): void {
  const recipients = usersByIds(data, [talep.submitterId, ...talep.subscriberIds]).filter((user) => user.id !== closedBy.id);
  send(outbox, recipients, 'talep-closed', `${subjectLine(talep)} was closed`, now, talep.id);
}

export function commentRecipients(data: SandboxData, talep: TalepRow, comment: CommentRow, recipientIds?: readonly number[]): UserRow[] {
  const candidates = recipientIds
    ? usersByIds(data, recipientIds)
    : usersByIds(data, [
        talep.submitterId,
        ...(talep.assigneeId === null ? [] : [talep.assigneeId]),
        ...talep.secondaryAssigneeIds,
        ...talep.subscriberIds,
      ]).filter((user) => user.id !== comment.userId);
  return comment.forTechsOnly ? candidates.filter(isAgent) : candidates;
}

export function notifyComment(outbox: Outbox, data: SandboxData, talep: TalepRow, comment: CommentRow, now: Date, recipientIds?: readonly number[]): void {
  send(outbox, commentRecipients(data, talep, comment, recipientIds), 'comment', `${subjectLine(talep)}: new comment`, now, talep.id);
}

export function notifyWelcome(outbox: Outbox, user: UserRow, now: Date): void {
  send(outbox, [user], 'welcome', 'Welcome to the help desk', now);
}
