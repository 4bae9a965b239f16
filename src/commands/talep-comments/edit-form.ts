/**
 * Editing a comment from the list. Edit opens the form at once with the trigger (loading), reads the
 * comment as the acting person and fills the form in. The submission is acked with a "Saving…" view,
 * then UpdateComment runs as the person: a refusal shows the form again with what was typed and why; a
 * success says so in the modal and re-renders the list through the list's response_url (kept in
 * private_metadata).
 */
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import type { Comment } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import type { Actor } from '../../slack/actor.js';
import { foreignTalepText } from '../../slack/failures.js';
import { type FormReading, formErrors, formText, formValues, isChecked, type StateValues } from '../../slack/forms.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { type ActionCtx, buttonValue, type SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { type ModalRender, respondSurface, type Surface } from '../../slack/surface.js';
import type { ModalView } from '../../views/kit/blocks.js';
import { FORM_VALUE } from '../../views/kit/inputs.js';
import { escapeKeepingMentions, workingView } from '../../views/kit/states.js';
import { COMMENT_MAX } from '../../views/talep-comments/comment-modal.js';
import {
  commentGoneText,
  commentTooLongText,
  commentUpdatedNotice,
  commentUpdatedText,
  editCommentModal,
  editResultView,
  onlyOwnComments,
} from '../../views/talep-comments/edit-form.js';
import { canEditComment, CommentsIds, type CommentsViewer, parseEditValue } from '../../views/talep-comments/list.js';
import { commentsListFor } from './list.js';

export const editMetadataSchema = z.object({
  talepId: z.int().min(1),
  commentId: z.int().min(1),
  page: z.int().min(0).max(9999),
  /** The list the Edit button was on, re-rendered after a save (a button's response_url). */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type EditMetadata = z.infer<typeof editMetadataSchema>;

/** The edit modal's look: a spinner line while working, `problem` for what went wrong. */
const editRender = (problem: (text: string) => ModalView, m: Messages): ModalRender => ({
  progress: (text) => workingView(m.t('commentEdit.title'), text, m),
  problem,
});

/** Reads the comment as the acting person and shows it in the form, or why it cannot be edited here. */
async function editFormFor(actor: Actor, metadata: EditMetadata, m: Messages): Promise<ModalView> {
  const { talepId, commentId } = metadata;
  let comments: Comment[];
  try {
    comments = await actor.hd.comments({ id: talepId });
  } catch (error) {
    // A regular user's 403 here means the talep is someone else's.
    if (!actor.isAgent && isHelpdeskError(error, 'forbidden')) return editResultView(foreignTalepText(talepId, m), m);
    throw error;
  }
  const comment = comments.find((candidate) => candidate.CommentID === commentId);
  if (!comment || (comment.ForTechsOnly && !actor.isAgent)) return editResultView(commentGoneText(talepId, commentId, m), m);
  // A regular user edits only their own; an agent's standing in the category is the help desk's call.
  const viewer: CommentsViewer = { helpdeskUserId: actor.helpdeskUserId, agent: actor.isAgent, editsAll: actor.isAgent };
  if (!canEditComment(viewer, comment)) return editResultView(onlyOwnComments(m), m);
  if (comment.Body.length > COMMENT_MAX) return editResultView(commentTooLongText(talepId, comment.Body.length, m), m);
  return editCommentModal({
    talepId,
    commentId,
    body: comment.Body,
    agent: actor.isAgent,
    agentsOnly: comment.ForTechsOnly,
    about: { author: comment.UserName, date: comment.CommentDate, system: comment.IsSystem },
    metadata: encodeMetadata(metadata),
  }, m);
}

/** Edit: the form opens at once (the trigger is valid 3 s), then fills in with the comment. */
export async function openEditForm(ctx: ActionCtx): Promise<void> {
  const target = parseEditValue(buttonValue(ctx.action));
  const m = messagesOf(ctx);
  if (!target) return ctx.surface.send({ text: m.t('kit.staleControl') }, 'problem');
  const metadata: EditMetadata = { ...target, ...(ctx.body.response_url ? { responseUrl: ctx.body.response_url } : {}) };
  const render = editRender((text) => editResultView(`:warning: ${escapeKeepingMentions(text)}`, m), m);
  await inLoadingModal(
    ctx,
    { triggerId: ctx.triggerId, title: m.t('commentEdit.title'), loading: m.t('commentEdit.loading'), render },
    async ({ actor, surface }) => surface.update(await editFormFor(actor, metadata, m)),
    { talepId: target.talepId },
  );
}

export interface EditSubmission {
  text: string;
  /** Undefined when the form had no checkbox (a regular user's): the comment's visibility stays. */
  agentsOnly: boolean | undefined;
}

export function readEditForm(values: StateValues, m: Messages = english): FormReading<EditSubmission> {
  const text = formText(values, CommentsIds.bodyBlock);
  if (!text) return formErrors({ [CommentsIds.bodyBlock]: m.t('commentEdit.empty') });
  if (text.length > COMMENT_MAX) return formErrors({ [CommentsIds.bodyBlock]: m.t('commentEdit.atMost', { max: COMMENT_MAX }) });
  const hasCheckbox = values[CommentsIds.privateBlock]?.[FORM_VALUE] !== undefined;
  return formValues({ text, agentsOnly: hasCheckbox ? isChecked(values, CommentsIds.privateBlock) : undefined });
}

/**
 * After a save: the list where the Edit button was, with a notice. The list may hold agents-only
 * comments, which are shown only ephemerally, so when that message is gone nothing is sent elsewhere;
 * a failure here only loses the refresh.
 */
async function refreshList(ix: Interaction, actor: Actor, metadata: EditMetadata): Promise<void> {
  if (!metadata.responseUrl) return;
  const { logger } = ix.services;
  const notShown: Surface = {
    kind: 'dm',
    send: async () => logger.info('the comments list is gone; not refreshed'),
    replace: async () => logger.info('the comments list is gone; not refreshed'),
  };
  try {
    const m = messagesOf(ix);
    const list = await commentsListFor(ix.services, actor, metadata.talepId, metadata.page, commentUpdatedNotice(metadata.commentId, m), m);
    await respondSurface(surfaceDeps(ix.services, ix.client, ix.who.userId), metadata.responseUrl, true, notShown).replace(list);
  } catch (error) {
    logger.info('could not refresh the comments list after an edit', error);
  }
}

export async function submitEditForm(ctx: SubmitCtx): Promise<void> {
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(editMetadataSchema, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: editResultView(m.t('commentEdit.outOfDate'), m) });
    return;
  }
  const reading = readEditForm(ctx.values, m);
  if (!reading.ok) {
    await ctx.ack({ response_action: 'errors', errors: reading.errors });
    return;
  }
  const { text, agentsOnly: ticked } = reading.values;
  await ctx.ack({ response_action: 'update', view: workingView(m.t('commentEdit.title'), m.t('commentEdit.saving'), m) });

  const { talepId, commentId } = metadata;
  let agent = false; // known once the person's link is read: a regular user's visibility is never sent
  const visibility = () => (agent ? ticked : undefined);
  // A refusal: the form again, with what was typed and why.
  const retry = (problem: string) =>
    editCommentModal({ talepId, commentId, body: text, agent, agentsOnly: visibility() ?? false, metadata: encodeMetadata(metadata), problem }, m);
  const surface = ctx.surface.withRender(editRender(retry, m));
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      agent = actor.isAgent;
      const forTechsOnly = visibility();
      await actor.hd.updateComment({ id: commentId, body: text, ...(forTechsOnly !== undefined ? { forTechsOnly } : {}) });
      await surface.update(editResultView(commentUpdatedText(talepId, commentId, forTechsOnly, m), m));
      await refreshList(ctx, actor, metadata);
    },
    { talepId },
  );
}
