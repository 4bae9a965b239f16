/**
 * A talep's comments: `/talep comment <id> [--private] [text]` and the card's Comment button (with text:
 * accepted as durable work and added (./work.ts); without: the comment modal, whose submission is too), `/talep comments <id> [page]` (all of them, newest first,
 * Previous/Next replacing the list in place), and Edit on each comment the viewer may change. The
 * card's "More → All comments" opens the same list (./public.ts).
 */
import type { Area } from '../../slack/dispatch.js';
import { buttonValue, onAction, onSubmit } from '../../slack/listeners.js';
import { route } from '../../slack/routes.js';
import { messagesOf } from '../../slack/locale.js';
import { CommentModalIds, onlyAgentsComment } from '../../views/talep-comments/comment-modal.js';
import { CommentsIds, parseCommentsPageValue } from '../../views/talep-comments/list.js';
import { cardControl, cardSurfaceOf, readTalepButton, TalepCardIds } from '../talep-card/public.js';
import { parseCommentArgs, parseCommentsArgs } from './args.js';
import { acceptComment, insertChosenTemplate, openCommentModal, submitComment } from './comment-form.js';
import { openEditForm, submitEditForm } from './edit-form.js';
import { commentsListFor } from './list.js';
import { commentWork } from './work.js';

/** Previous / Next: the page replaces the list in place. */
const pageButton = (id: string) =>
  onAction(id, { talep: (ctx) => parseCommentsPageValue(buttonValue(ctx.action))?.talepId }, async (ctx) => {
    const { page } = parseCommentsPageValue(buttonValue(ctx.action)) as { page: number };
    await ctx.surface.replace(await commentsListFor(ctx.services, ctx.actor, ctx.talepId, page, undefined, messagesOf(ctx)));
  });

export const talepCommentsArea: Area = {
  name: 'talep-comments',
  routes: [
    route({
      path: 'comment',
      usage: 'comment <id> [--private] [text]',
      summary: 'Comment on a talep (no text: a form with templates; --private: agents only)',
      group: 'Taleps',
      audience: 'agent',
      parse: parseCommentArgs,
      // Only the stored link is read before the modal opens (the trigger lives 3 s).
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => {
        const { actor, args, talepId } = ctx;
        if (!actor.isAgent) return ctx.surface.send(onlyAgentsComment(messagesOf(ctx)));
        if (args.text === undefined) {
          return openCommentModal(ctx, ctx.triggerId, { talepId, agent: true, bodyVersion: 0, channelId: ctx.channelId });
        }
        // Accepted as durable work; the card with the notice follows on the command's response_url.
        await acceptComment(
          ctx,
          { talepId, text: args.text, agentsOnly: args.agentsOnly, responseUrl: ctx.responseUrl, channelId: ctx.channelId, surface: 'ephemeral', replaceCard: false },
          async () => undefined,
        );
      },
    }),
    route({
      path: 'comments',
      usage: 'comments <id> [page]',
      summary: 'All comments of a talep, newest first, 10 a page; Edit on the ones you may change',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseCommentsArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      queue: { budget: 'general', repeatJoins: true },
      run: async (ctx) => ctx.surface.send(await commentsListFor(ctx.services, ctx.actor, ctx.talepId, ctx.args.page, undefined, messagesOf(ctx))),
    }),
  ],
  listeners: [
    cardControl(TalepCardIds.comment, readTalepButton, async (ctx) => {
      if (!ctx.actor.isAgent) {
        await ctx.surface.send(onlyAgentsComment(messagesOf(ctx)));
        return false;
      }
      await openCommentModal(ctx, ctx.triggerId, {
        talepId: ctx.talepId,
        agent: true,
        bodyVersion: 0,
        ...(ctx.body.response_url ? { responseUrl: ctx.body.response_url } : {}),
        surface: cardSurfaceOf(ctx),
        ...(ctx.channelId ? { channelId: ctx.channelId } : {}),
      });
      return false;
    }),
    onAction(CommentModalIds.templateSelect, insertChosenTemplate),
    onSubmit(CommentModalIds.callbackId, submitComment),
    pageButton(CommentsIds.previousPage),
    pageButton(CommentsIds.nextPage),
    onAction(CommentsIds.edit, openEditForm),
    onSubmit(CommentsIds.editCallback, submitEditForm),
  ],
  work: [commentWork],
};
