/**
 * Editing one comment (the list's Edit button): the form, prefilled; agents also choose "agents only";
 * and what the modal says instead of the form when the comment cannot be edited here. Pure.
 */
import { type Block, context, escapeText, type ModalView, modal, slackDate } from '../kit/blocks.js';
import { checkboxInput, textInput } from '../kit/inputs.js';
import { problemBlock, resultView } from '../kit/states.js';
import { COMMENT_MAX } from './comment-modal.js';
import { CommentsIds } from './list.js';

export const EDIT_TITLE = 'Edit comment';

export interface EditCommentForm {
  talepId: number;
  commentId: number;
  /** The body to start from: the comment's, or what the user typed before a failure. */
  body: string;
  /** Agents get the "agents only" checkbox; regular users never change a comment's visibility. */
  agent: boolean;
  agentsOnly: boolean;
  /** Who wrote it and when (absent when the form is shown again after a failure). */
  about?: { author: string; date: Date; system: boolean };
  /** Encoded by the area's flow. */
  metadata: string;
  /** Why the last attempt failed (plain text; escaped here). */
  problem?: string;
}

export function editCommentModal(form: EditCommentForm): ModalView {
  const blocks: Block[] = [];
  if (form.problem) blocks.push(problemBlock(form.problem));
  const by = form.about ? ` · ${form.about.system ? '_system_' : `*${escapeText(form.about.author)}*`} · ${slackDate(form.about.date)}` : '';
  blocks.push(context(`Comment #${form.commentId} on talep #${form.talepId}${by}`));
  blocks.push(textInput(CommentsIds.bodyBlock, 'Comment', form.body, { multiline: true, maxLength: COMMENT_MAX, optional: false }));
  if (form.agent) {
    blocks.push(checkboxInput(CommentsIds.privateBlock, 'Visibility', ':lock: Agents only (the submitter does not see it)', form.agentsOnly));
  } else {
    blocks.push(context("The submitter and the talep's agents see this comment."));
  }
  return modal({ title: EDIT_TITLE, submit: 'Save', callback_id: CommentsIds.editCallback, private_metadata: form.metadata, blocks });
}

export const commentUpdatedText = (talepId: number, commentId: number, agentsOnly: boolean | undefined): string =>
  `:white_check_mark: Comment #${commentId} on talep #${talepId} was updated${agentsOnly === undefined ? '' : agentsOnly ? ' (:lock: agents only)' : ' (visible to the submitter)'}.`;

export const commentUpdatedNotice = (commentId: number): string => `:pencil2: Comment #${commentId} was updated.`;

/** What the edit modal says instead of the form (our own mrkdwn; nothing user-written in them). */
export const onlyOwnCommentsText =
  ':no_entry: You can edit only your own comments. Agents of the talep’s category and admins can edit any comment.';

export const commentGoneText = (talepId: number, commentId: number): string =>
  `:mag: Comment #${commentId} is not among the comments of talep #${talepId} you can see (it may have moved with a merge).`;

/** Slack's text input holds 3000 characters; a longer comment would be cut on save, so it is not offered. */
export const commentTooLongText = (talepId: number, length: number): string =>
  `:straight_ruler: This comment has ${length} characters; a Slack form holds ${COMMENT_MAX}, so saving it here would cut it. Edit it in the help desk (talep #${talepId}).`;

export const editResultView = (text: string): ModalView => resultView(EDIT_TITLE, text);
