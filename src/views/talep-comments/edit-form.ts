/**
 * Editing one comment (the list's Edit button): the form, prefilled; agents also choose "agents only";
 * and what the modal says instead of the form when the comment cannot be edited here. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
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

export function editCommentModal(form: EditCommentForm, m: Messages = english): ModalView {
  const blocks: Block[] = [];
  if (form.problem) blocks.push(problemBlock(form.problem));
  const by = form.about ? ` · ${form.about.system ? m.t('commentEdit.system') : `*${escapeText(form.about.author)}*`} · ${slackDate(form.about.date)}` : '';
  blocks.push(context(m.t('commentEdit.about', { commentId: form.commentId, talepId: form.talepId, by })));
  blocks.push(textInput(CommentsIds.bodyBlock, m.t('comment.label'), form.body, { multiline: true, maxLength: COMMENT_MAX, optional: false }));
  if (form.agent) {
    blocks.push(checkboxInput(CommentsIds.privateBlock, m.t('comment.visibility'), m.t('comment.agentsOnlyOption'), form.agentsOnly));
  } else {
    blocks.push(context(m.t('commentEdit.whoSees')));
  }
  return modal({
    title: m.t('commentEdit.title'),
    submit: m.t('commentEdit.submit'),
    close: m.t('kit.cancel'),
    callback_id: CommentsIds.editCallback,
    private_metadata: form.metadata,
    blocks,
  });
}

export const commentUpdatedText = (talepId: number, commentId: number, agentsOnly: boolean | undefined, m: Messages = english): string =>
  m.t(agentsOnly === undefined ? 'commentEdit.updated' : agentsOnly ? 'commentEdit.updatedAgentsOnly' : 'commentEdit.updatedPublic', { commentId, talepId });

export const commentUpdatedNotice = (commentId: number, m: Messages = english): string => m.t('commentEdit.updatedNotice', { commentId });

/** What the edit modal says instead of the form (our own mrkdwn; nothing user-written in them). */
export const onlyOwnComments = (m: Messages = english): string => m.t('commentEdit.onlyOwn');
export const onlyOwnCommentsText = onlyOwnComments();

export const commentGoneText = (talepId: number, commentId: number, m: Messages = english): string =>
  m.t('commentEdit.gone', { commentId, talepId });

/** Slack's text input holds 3000 characters; a longer comment would be cut on save, so it is not offered. */
export const commentTooLongText = (talepId: number, length: number, m: Messages = english): string =>
  m.t('commentEdit.tooLong', { length, max: COMMENT_MAX, talepId });

export const editResultView = (text: string, m: Messages = english): ModalView => resultView(m.t('commentEdit.title'), text, undefined, m);
