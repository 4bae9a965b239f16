/**
 * All of a talep's comments (`/talep comments <id>`, the card's "More → All comments"), newest first, a
 * page at a time, with an Edit button on each comment the viewer may edit (the form: ./edit-form.ts).
 * Pure: data → Block Kit JSON.
 *
 * ForTechsOnly comments: the help desk already leaves them out for regular users; this view leaves them
 * out too for a viewer who is not an agent, so a help desk that sends them anyway shows nothing private.
 * The list is only ever sent ephemerally (the area makes sure of that).
 */
import type { Comment } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, confidentialIf, context, escapeText, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';

export const CommentsIds = {
  previousPage: 'talep_comments_prev',
  nextPage: 'talep_comments_next',
  pagingBlock: 'talep_comments_paging',
  /** A comment's Edit button; value: `editValue(...)`. */
  edit: 'talep_comments_edit',
  editCallback: 'talep_comment_edit',
  bodyBlock: 'talep_comment_edit_body',
  privateBlock: 'talep_comment_edit_private',
} as const;

export const COMMENTS_PAGE_SIZE = 10;
/** A comment longer than this (escaped) is shortened in the list; Edit and the help desk show all of it. */
export const COMMENT_LIST_MAX = 1200;
export const COMMENT_LIST_MAX_LINES = 15;

// ── who sees and edits what ───────────────────────────────────────────────────────────────────

export interface CommentsViewer {
  helpdeskUserId: number;
  /** Agents and admins see ForTechsOnly comments. */
  agent: boolean;
  /** Admin, or agent of the talep's category: may edit every comment (the spec's rule). */
  editsAll: boolean;
}

/** What this viewer may see, newest first. */
export function visibleCommentsNewestFirst(comments: readonly Comment[], viewer: CommentsViewer): Comment[] {
  return comments
    .filter((comment) => viewer.agent || !comment.ForTechsOnly)
    .sort((a, b) => b.CommentDate.getTime() - a.CommentDate.getTime() || b.CommentID - a.CommentID);
}

/** The spec: "only the comment author, the agent of the category, or admin". The help desk still decides. */
export function canEditComment(viewer: CommentsViewer, comment: Comment): boolean {
  if (comment.ForTechsOnly && !viewer.agent) return false;
  return viewer.editsAll || comment.UserID === viewer.helpdeskUserId;
}

// ── button values ─────────────────────────────────────────────────────────────────────────────

/** Paging: `<talepId>|<page>` (0-based); the page is read again from the help desk. */
export const commentsPageValue = (talepId: number, page: number): string => `${talepId}|${page}`;

export function parseCommentsPageValue(value: string | undefined): { talepId: number; page: number } | undefined {
  const match = /^(\d{1,9})\|(\d{1,4})$/.exec(value ?? '');
  const talepId = Number(match?.[1]);
  return match && talepId >= 1 ? { talepId, page: Number(match[2]) } : undefined;
}

/** Edit: `<talepId>:<commentId>:<page>` — the page, to refresh the list where it was after the edit. */
export const editValue = (talepId: number, commentId: number, page: number): string => `${talepId}:${commentId}:${page}`;

export function parseEditValue(value: string | undefined): { talepId: number; commentId: number; page: number } | undefined {
  const match = /^(\d{1,9}):(\d{1,9}):(\d{1,4})$/.exec(value ?? '');
  const talepId = Number(match?.[1]);
  const commentId = Number(match?.[2]);
  return match && talepId >= 1 && commentId >= 1 ? { talepId, commentId, page: Number(match[3]) } : undefined;
}

// ── the list ──────────────────────────────────────────────────────────────────────────────────

const escapedLength = (char: string): number => (char === '&' ? 5 : char === '<' || char === '>' ? 4 : char.length);

/**
 * The body as escaped mrkdwn of at most `max` characters and `maxLines` lines. A shortened body ends at a
 * word when one is near, with "…"; the limit counts the escaped text, so `&` never splits into `&am…`.
 */
export function commentPreview(body: string, max = COMMENT_LIST_MAX, maxLines = COMMENT_LIST_MAX_LINES): { text: string; shortened: boolean } {
  const whole = body.trim();
  const lines = whole.split('\n');
  let kept = lines.length > maxLines ? lines.slice(0, maxLines).join('\n') : whole;
  let length = 0;
  let end = 0;
  for (const char of kept) {
    if (length + escapedLength(char) > max - 1) break;
    length += escapedLength(char);
    end += char.length;
  }
  if (end < kept.length) {
    const space = kept.slice(0, end).search(/\s\S*$/);
    kept = kept.slice(0, space > end * 0.8 ? space : end);
  }
  const shortened = kept.length < whole.length;
  return { text: `${escapeText(kept.trimEnd())}${shortened ? '…' : ''}`, shortened };
}

export interface CommentsListData {
  talepId: number;
  subject?: string;
  /** The talep's page in the help desk (see api/talep-link.ts). */
  url?: string;
  /** As the help desk sent them (any order). */
  comments: readonly Comment[];
  viewer: CommentsViewer;
  /** 0-based; clamped to the pages that exist. */
  page: number;
  pageSize?: number;
}

function commentHead(comment: Comment, m: Messages): string {
  const who = comment.IsSystem ? m.t('comments.system') : `*${escapeText(comment.UserName.trim()) || m.t('comments.userById', { id: comment.UserID })}*`;
  const lock = comment.ForTechsOnly ? m.t('comments.agentsOnly') : '';
  return `${who} · ${slackDate(comment.CommentDate)}${lock}`;
}

function commentBlock(comment: Comment, data: CommentsListData, page: number, m: Messages): Block {
  const preview = commentPreview(comment.Body);
  const body = preview.text || m.t('comments.empty');
  const edit = canEditComment(data.viewer, comment)
    ? button(m.t('comments.editButton'), CommentsIds.edit, editValue(data.talepId, comment.CommentID, page))
    : undefined;
  return section(`${commentHead(comment, m)}\n${body}${preview.shortened ? m.t('comments.shortened') : ''}`, edit);
}

/** A `notice` (mrkdwn the caller escaped) goes above the list, e.g. what an edit just did. */
export function commentsMessage(data: CommentsListData, notice?: string, m: Messages = english): SlackMessage {
  const pageSize = data.pageSize ?? COMMENTS_PAGE_SIZE;
  const visible = visibleCommentsNewestFirst(data.comments, data.viewer);
  const total = visible.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(0, Math.floor(data.page)), pages - 1);
  const id = data.url ? `<${data.url}|#${data.talepId}>` : `#${data.talepId}`;
  const subject = data.subject ? ` ${escapeText(truncate(data.subject.replace(/\s+/g, ' ').trim(), 150))}` : '';
  const show = button(m.t('comments.showTalepButton'), SharedActions.showTalep, String(data.talepId));

  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (total === 0) {
    blocks.push(section(m.t('comments.none', { id, subject })), actions(CommentsIds.pagingBlock, [show]));
    return { text: m.t('comments.noneText', { id: data.talepId }), blocks };
  }
  const first = page * pageSize;
  const shown = visible.slice(first, first + pageSize);
  blocks.push(section(m.t('comments.heading', { id, subject, total })));
  blocks.push(context(pages > 1
    ? m.t('comments.newestFirstPaged', { first: first + 1, last: first + shown.length, total, page: page + 1, pages })
    : m.t('comments.newestFirst')));
  blocks.push(...shown.map((comment) => commentBlock(comment, data, page, m)));
  const buttons = [];
  if (page > 0) buttons.push(button(m.t('comments.previousButton'), CommentsIds.previousPage, commentsPageValue(data.talepId, page - 1)));
  if (page < pages - 1) buttons.push(button(m.t('comments.nextButton'), CommentsIds.nextPage, commentsPageValue(data.talepId, page + 1)));
  blocks.push(actions(CommentsIds.pagingBlock, [...buttons, show]));
  if (shown.some((comment) => commentPreview(comment.Body).shortened)) {
    blocks.push(context(m.t('comments.longNote')));
  }
  const text = pages > 1
    ? m.t('comments.textPaged', { count: total, id: data.talepId, page: page + 1, pages })
    : m.t('comments.text', { count: total, id: data.talepId });
  // Agents-only comments on the page: shown only ephemerally (the kernel keeps it out of DMs).
  return confidentialIf(shown.some((comment) => comment.ForTechsOnly), { text, blocks });
}
