/**
 * What a talep preview may show, decided in ONE place. A link preview is seen by everyone in the
 * conversation, whatever they may see in the help desk, so it is built from an explicit allow-list of
 * fields — subject, status, priority, category, assignee, due date, last update — never from the
 * talep record itself (no body, submitter, tags, attachments or custom fields). Comments are a separate
 * list that never holds an agents-only (`ForTechsOnly`) or system comment. Pure.
 */
import type { Comment, Priority, Talep, TalepPerson } from '../../api/schemas.js';
import { statusIdOf } from '../../domain/status.js';
import { english, type Messages } from '../../i18n/messages.js';
import { priorityLabel, statusName } from '../kit/words.js';

/** The fields of a talep that are safe for everyone in a conversation. */
export interface TalepFacts {
  id: number;
  /** The talep's page in the help desk. */
  url: string;
  subject: string;
  status: string;
  statusId: number | undefined;
  priority: string;
  category: string;
  /** Undefined: nobody is assigned. */
  assignee: string | undefined;
  dueDate: Date | undefined;
  lastUpdate: Date | undefined;
}

export interface PublicComment {
  author: string;
  /** As the help desk stores it (HTML or plain text): views convert it. */
  body: string;
  at: Date;
}

const personName = (person: TalepPerson | null | undefined, m: Messages): string | undefined =>
  person && person.UserID !== 0 ? (person.FullName ?? person.Username ?? m.t('unfurl.userById', { id: person.UserID })) : undefined;

/** `m`: the language of whoever reads it (a link preview: the channel's). */
export function talepFacts(talep: Talep, url: string, priorities: readonly Priority[] = [], m: Messages = english): TalepFacts {
  return {
    id: talep.TalepID,
    url,
    subject: talep.Subject,
    status: statusName(talep, m),
    statusId: statusIdOf(talep),
    priority: priorityLabel(talep.Priority, priorities, m),
    category: talep.CategoryName,
    assignee: personName(talep.AssigneeUserInfo, m),
    dueDate: talep.DueDate ?? undefined,
    lastUpdate: talep.LastUpdated,
  };
}

/** The latest comments everyone on the talep may read, newest first: never agents-only, never system notes. */
export function publicComments(comments: readonly Comment[], max: number): PublicComment[] {
  return comments
    .filter((comment) => !comment.ForTechsOnly && !comment.IsSystem)
    .sort((a, b) => b.CommentDate.getTime() - a.CommentDate.getTime())
    .slice(0, Math.max(0, max))
    .map((comment) => ({ author: comment.UserName, body: comment.Body, at: comment.CommentDate }));
}
