/** Comments and comment templates. */
import { canEditComment, canSeeComment, isAdmin, isAuthor, requireAgentOfCategory, visibleTalep } from '../access.js';
import { badRequest, forbidden } from '../errors.js';
import { requireComment, requireTalep, requireUser } from '../lookups.js';
import type { CommentRow, SandboxData } from '../model.js';
import { notifyComment } from '../notifications.js';
import { commentRecord } from '../records.js';
import { markUpdated } from '../talep-changes.js';
import { addAttachment } from './shared.js';
import { defineHandlers } from './types.js';

function requireRecipients(data: SandboxData, ids: readonly number[]): void {
  const missing = ids.filter((id) => !data.users.some((user) => user.id === id));
  if (missing.length > 0) throw badRequest(`Parameter 'recipientIds': no user ${missing.join(', ')}.`);
}

export const commentHandlers = defineHandlers({
  addComment: (context) => {
    const { data, caller, params, store, now } = context;
    const talep = visibleTalep(data, caller, params.id);
    requireAgentOfCategory(caller, talep.categoryId, data, `Commenting on talep ${talep.id}`);
    let author = caller;
    if (params.fromUserId !== undefined && params.fromUserId !== caller.id) {
      if (!isAdmin(caller)) throw forbidden("Commenting as another user ('fromUserId') requires admin permission.");
      author = requireUser(data, params.fromUserId);
    }
    if (params.recipientIds) requireRecipients(data, params.recipientIds);
    const comment: CommentRow = {
      id: store.nextId('comments'),
      talepId: talep.id,
      userId: author.id,
      body: params.body,
      forTechsOnly: params.forTechsOnly ?? false,
      isSystem: params.isSystem ?? false,
      date: now.toISOString(),
    };
    data.comments.push(comment);
    if (params.uploadFile) addAttachment(context, talep, params.uploadFile, author, comment.id);
    markUpdated(talep, author, now);
    notifyComment(context.outbox, data, talep, comment, now, params.recipientIds);
  },

  updateComment: ({ data, caller, params, now }) => {
    const comment = requireComment(data, params.id);
    // The spec names the author first: they keep their comment even where they no longer see the talep
    // (it was merged into someone else's) or the comment (made agents-only). Anyone else needs both.
    const author = isAuthor(caller, comment);
    const talep = author ? requireTalep(data, comment.talepId) : visibleTalep(data, caller, comment.talepId);
    if (!author && !(canSeeComment(caller, comment) && canEditComment(caller, comment, talep))) {
      throw forbidden(`Editing comment ${comment.id} requires being its author, an agent of the talep's category, or admin.`);
    }
    comment.body = params.body;
    if (params.forTechsOnly !== undefined) comment.forTechsOnly = params.forTechsOnly;
    markUpdated(talep, caller, now);
  },

  comments: ({ data, caller, params }) => {
    const talep = visibleTalep(data, caller, params.id);
    return data.comments
      .filter((comment) => comment.talepId === talep.id && canSeeComment(caller, comment))
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id)
      .map((comment) => commentRecord(data, comment));
  },

  commentTemplates: ({ data }) =>
    data.commentTemplates.map((template) => ({ TemplateId: template.id, Name: template.name, Body: template.body })),
});
