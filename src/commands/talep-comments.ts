/**
 * All of a talep's comments: `/talep comments <id> [page]`, the card's "More → All comments" (through
 * `commentsListFor`, called by ./talep-extras.ts), Previous/Next (the page replaces the list in place),
 * and Edit on each comment the viewer may edit.
 *
 * Edit opens the form at once with the trigger (loading), reads the comment as the acting user and fills
 * the form in. The submission is acked with a "Saving…" view, then UpdateComment runs as the user: a
 * refusal shows the form again with what was typed and why; a success says so in the modal and
 * re-renders the list through the list's response_url (kept in private_metadata).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import * as z from 'zod';
import { isHelpdeskError } from '../api/errors.js';
import type { Comment, Talep } from '../api/schemas.js';
import { talepUrl } from '../api/talep-link.js';
import type { ModalView, SlackMessage } from '../views/kit/blocks.js';
import { escapeKeepingMentions, workingView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import { foreignTalepText } from '../slack/failures.js';
import { COMMENT_MAX } from '../views/talep-comment-modal.js';
import {
  canEditComment,
  commentGoneText,
  CommentsIds,
  commentsMessage,
  type CommentsViewer,
  commentTooLongText,
  commentUpdatedNotice,
  commentUpdatedText,
  EDIT_TITLE,
  editCommentModal,
  editResultView,
  onlyOwnCommentsText,
  parseCommentsPageValue,
  parseEditValue,
} from '../views/talep-comments.js';
import { fail, ok, type Parsed, withTalepId } from './args.js';
import { formText, readElement } from '../slack/forms.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { type ModalRender, withModalSession } from './modal-session.js';
import { openModalNow } from './modal-surface.js';
import { postToResponseUrl, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs } from './session.js';
import { buttonValue, forTalep, interactionContext, worksOnCategory } from './legacy-card.js';

// ── the arguments (pure) ─────────────────────────────────────────────────────────────────────────

export interface CommentsArgs {
  talepId: number;
  /** 0-based. */
  page: number;
}

/** `comments <id> [page]`, the page counted from 1 as people do (`2`, `p2`, `page 2`). */
export function parseCommentsArgs(text: string): Parsed<CommentsArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (!rest) return ok({ talepId, page: 0 });
    const page = Number(/^(?:page|p)?\s*(\d{1,4})$/i.exec(rest)?.[1]);
    return page >= 1 ? ok({ talepId, page: page - 1 }) : fail(`Expected a page number (1, 2, …) after the talep id, got “${rest}”.`);
  });
}

// ── loading ──────────────────────────────────────────────────────────────────────────────────────

interface LoadedComments {
  talep: Talep;
  comments: Comment[];
  viewer: CommentsViewer;
}

async function loadComments(services: Services, session: Session, talepId: number): Promise<LoadedComments> {
  const [talep, comments] = await Promise.all([session.hd.getTalep({ id: talepId }), session.hd.comments({ id: talepId })]);
  // Only an agent of the category (or an admin) edits other people's comments; others only their own.
  const editsAll = session.isAgent && (await worksOnCategory(services, session, talep));
  return { talep, comments, viewer: { helpdeskUserId: session.account.helpdeskUserId, agent: session.isAgent, editsAll } };
}

/** One page of the talep's comments for the acting user (always sent ephemerally: it may hold agents-only comments). */
export async function commentsListFor(services: Services, session: Session, talepId: number, page = 0, notice?: string): Promise<SlackMessage> {
  const { talep, comments, viewer } = await loadComments(services, session, talepId);
  return commentsMessage(
    { talepId, subject: talep.Subject, url: talepUrl(talep, services.talepUrlTemplate), comments, viewer, page },
    notice,
  );
}

// ── the edit form ────────────────────────────────────────────────────────────────────────────────

export const editMetadataSchema = z.object({
  talepId: z.int().min(1),
  commentId: z.int().min(1),
  page: z.int().min(0).max(9999),
  /** The list the Edit button was on, re-rendered after a save (a button's response_url). */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type EditMetadata = z.infer<typeof editMetadataSchema>;

/** Reads the comment as the acting user and shows it in the form, or why it cannot be edited here. */
async function fillEditForm(session: Session, metadata: EditMetadata): Promise<ModalView> {
  const { talepId, commentId } = metadata;
  let comments: Comment[];
  try {
    comments = await session.hd.comments({ id: talepId });
  } catch (error) {
    // A regular user's 403 here means the talep is someone else's.
    if (!session.isAgent && isHelpdeskError(error, 'forbidden')) return editResultView(foreignTalepText(talepId));
    throw error;
  }
  const comment = comments.find((candidate) => candidate.CommentID === commentId);
  if (!comment || (comment.ForTechsOnly && !session.isAgent)) return editResultView(commentGoneText(talepId, commentId));
  // A regular user edits only their own; an agent's standing in the category is the help desk's call.
  const viewer: CommentsViewer = { helpdeskUserId: session.account.helpdeskUserId, agent: session.isAgent, editsAll: session.isAgent };
  if (!canEditComment(viewer, comment)) return editResultView(onlyOwnCommentsText);
  if (comment.Body.length > COMMENT_MAX) return editResultView(commentTooLongText(talepId, comment.Body.length));
  return editCommentModal({
    talepId,
    commentId,
    body: comment.Body,
    agent: session.isAgent,
    agentsOnly: comment.ForTechsOnly,
    about: { author: comment.UserName, date: comment.CommentDate, system: comment.IsSystem },
    metadata: encodeMetadata(metadata),
  });
}

const render = (retry: (problem: string) => ModalView): ModalRender => ({
  working: (text) => workingView(EDIT_TITLE, text),
  problem: retry,
});

/** After a save: the list where the Edit button was, with a notice; a failure here only loses the refresh. */
async function refreshList(services: Services, session: Session, metadata: EditMetadata): Promise<void> {
  if (!metadata.responseUrl) return;
  try {
    const list = await commentsListFor(services, session, metadata.talepId, metadata.page, commentUpdatedNotice(metadata.commentId));
    await postToResponseUrl(metadata.responseUrl, { response_type: 'ephemeral', replace_original: true, ...list });
  } catch (error) {
    services.logger.info('could not refresh the comments list after an edit', error);
  }
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepCommentsModule: CommandModule = {
  name: 'talep-comments',
  register({ app, services, router }) {
    router.add<CommentsArgs>({
      name: 'comments',
      usage: 'comments <id> [page]',
      summary: 'All comments of a talep, newest first, 10 a page; Edit on the ones you may change',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseCommentsArgs,
      run: (context, { talepId, page }) =>
        forTalep(context, talepId, async (session) => context.reply.send(await commentsListFor(services, session, talepId, page))),
    });

    registerCommentsActions(app, services);
  },
};

function registerCommentsActions(app: App, services: Services): void {
  // Previous / Next: the page replaces the list in place, always ephemeral (agents-only comments).
  app.action<BlockAction<ButtonAction>>(new RegExp(`^(${CommentsIds.previousPage}|${CommentsIds.nextPage})$`), async ({ ack, body, action, respond }) => {
    await ack();
    const reply = viaRespond(respond);
    const target = parseCommentsPageValue(buttonValue(action));
    if (!target) {
      await reply.send({ text: ':warning: That button is no longer valid. Run `/talep comments <id>` again.' });
      return;
    }
    await forTalep(interactionContext(services, body, reply), target.talepId, async (session) => {
      const page = await commentsListFor(services, session, target.talepId, target.page);
      await respond({ response_type: 'ephemeral', replace_original: true, ...page });
    });
  });

  // Edit: the form opens at once (the trigger is valid 3 s), then fills in with the comment.
  app.action<BlockAction<ButtonAction>>(CommentsIds.edit, async ({ ack, body, action, respond, client }) => {
    await ack();
    const reply = viaRespond(respond);
    const target = parseEditValue(buttonValue(action));
    if (!target) {
      await reply.send({ text: ':warning: That button is no longer valid. Run `/talep comments <id>` again.' });
      return;
    }
    const surface = await openModalNow(services, client, body.trigger_id, workingView(EDIT_TITLE, 'Reading the comment…'), reply);
    if (!surface) return;
    const metadata: EditMetadata = { ...target, ...(body.response_url ? { responseUrl: body.response_url } : {}) };
    const problem = (text: string) => editResultView(`:warning: ${escapeKeepingMentions(text)}`);
    await withModalSession(services, whoActs(body), client, surface.viewId, render(problem), async (session, update) => {
      await update(await fillEditForm(session, metadata));
    }, { talepId: target.talepId });
  });

  app.view(CommentsIds.editCallback, async ({ ack, body, view, client }) => {
    if (body.type !== 'view_submission') return;
    const metadata = decodeMetadata(editMetadataSchema, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: editResultView(':warning: This form is out of date. Open it again from the comments list.') });
      return;
    }
    const text = formText(view.state.values, CommentsIds.bodyBlock);
    if (!text) {
      await ack({ response_action: 'errors', errors: { [CommentsIds.bodyBlock]: 'Write the comment; an empty comment cannot be saved.' } });
      return;
    }
    if (text.length > COMMENT_MAX) {
      await ack({ response_action: 'errors', errors: { [CommentsIds.bodyBlock]: `At most ${COMMENT_MAX} characters.` } });
      return;
    }
    // Only an agent's form has the checkbox; without it the comment's visibility is left as it is.
    const checkbox = readElement(view.state.values[CommentsIds.privateBlock]?.[FORM_VALUE]);
    await ack({ response_action: 'update', view: workingView(EDIT_TITLE, 'Saving…') });

    const { talepId, commentId } = metadata;
    let agent = false; // known once the session is open: a regular user's visibility is never sent
    const agentsOnly = () => (agent && checkbox !== undefined ? checkbox === 'true' : undefined);
    // A refusal: the form again, with what was typed and why.
    const retry = (problem: string) =>
      editCommentModal({ talepId, commentId, body: text, agent, agentsOnly: agentsOnly() ?? false, metadata: encodeMetadata(metadata), problem });
    await withModalSession(services, whoActs(body), client, view.id, render(retry), async (session, update) => {
      agent = session.isAgent;
      const visibility = agentsOnly();
      await session.hd.updateComment({ id: commentId, body: text, ...(visibility !== undefined ? { forTechsOnly: visibility } : {}) });
      await update(editResultView(commentUpdatedText(talepId, commentId, visibility)));
      await refreshList(services, session, metadata);
    }, { talepId });
  });
}
