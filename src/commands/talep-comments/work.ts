/**
 * A comment as accepted work (the outbox): the comment modal's submission and `/talep comment <id>
 * <text>` leave it in the store first; it is then added as the person, once — a run that may have sent
 * it before (a crash, no answer) looks for it in the talep's comments first (same author, visibility and
 * text, made since it was accepted) — and the card is shown again where the person started. A comment
 * that cannot be added comes back to them in the message, so their text is never lost.
 */
import * as z from 'zod';
import type { Messages } from '../../i18n/messages.js';
import type { Comment } from '../../api/schemas.js';
import { surfaceDeps } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { defineWork, type WorkCtx } from '../../slack/outbox.js';
import { findComment } from '../../slack/reconcile.js';
import { dmSurface, ephemeralSurface, respondSurface, type Surface, type SurfaceDeps } from '../../slack/surface.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { commentAddedElsewhere, commentNotice, unsavedCommentMessage } from '../../views/talep-comments/comment-modal.js';
import { cardMessage } from '../talep-card/public.js';

export const commentWorkSchema = z.object({
  talepId: z.int().min(1),
  text: z.string().min(1).max(40_000),
  agentsOnly: z.boolean(),
  /** Where the card is shown again: a card's (or a command's) response_url, else the channel, else the Messages tab. */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
  surface: z.enum(['ephemeral', 'direct']).optional(),
  channelId: z.string().max(40).optional(),
  /** The card that opened the modal is replaced; a command's answer is a new message. */
  replaceCard: z.boolean(),
});
export type CommentWork = z.infer<typeof commentWorkSchema>;

/**
 * Where the outcome goes: the card that opened the modal, or the command's answer (its response_url;
 * a modal's card is re-rendered in place), else an ephemeral message in the channel, else the Messages
 * tab. A message stays in the Messages tab, so there `inDm` is said instead when given: the card may
 * hold agents-only comments, which are shown only ephemerally.
 */
export function commentAnswers(deps: SurfaceDeps, work: CommentWork, inDm?: SlackMessage): Surface {
  const dm = dmSurface(deps);
  const lastResort: Surface = inDm ? { kind: 'dm', send: () => dm.send(inDm), replace: () => dm.send(inDm) } : dm;
  const inChannel = work.channelId ? ephemeralSurface(deps, work.channelId, undefined, lastResort) : lastResort;
  if (!work.responseUrl) return inChannel;
  const viaUrl = respondSurface(deps, work.responseUrl, (work.surface ?? 'ephemeral') === 'ephemeral', inChannel);
  return work.replaceCard ? viaUrl : { kind: viaUrl.kind, send: viaUrl.send, replace: viaUrl.send };
}

/** The same surface, with the comment's text quoted under every message, so a failure never loses it. */
const keepingText = (surface: Surface, body: string, m: Messages): Surface => ({
  kind: surface.kind,
  send: (message, tone) => surface.send(unsavedCommentMessage(message.text, body, m), tone),
  replace: (message) => surface.replace(unsavedCommentMessage(message.text, body, m)),
});

async function addCommentOnce(ctx: WorkCtx<CommentWork>): Promise<void> {
  const { actor, data, steps } = ctx;
  const { talepId, text, agentsOnly } = data;
  await steps.once(
    'comment',
    z.literal(true),
    async () => {
      await actor.hd.addComment({ id: talepId, body: text, ...(agentsOnly ? { forTechsOnly: true } : {}) });
      return true as const;
    },
    async () => {
      const found = await findComment(actor.hd, { talepId, authorId: actor.helpdeskUserId, body: text, forTechsOnly: agentsOnly, since: ctx.job.acceptedAt });
      return found === undefined ? undefined : (true as const);
    },
  );
}

export const commentWork = defineWork({
  kind: 'comment',
  payload: commentWorkSchema,
  describe: (data, m) =>
    m.t('outbox.whatComment', { id: data.talepId, agentsOnly: data.agentsOnly ? 'yes' : 'no', text: `${data.text.slice(0, 80)}${data.text.length > 80 ? '…' : ''}` }),
  keptText: (m) => m.t('comment.kept'),
  run: async (ctx) => {
    const { services, actor, data } = ctx;
    await addCommentOnce(ctx);
    services.logger.info(`comment added to talep ${data.talepId} by ${ctx.who.teamId}:${ctx.who.userId}`);
    const m = messagesOf(ctx);
    const notice = commentNotice(data.talepId, data.agentsOnly, m);
    const deps = surfaceDeps(services, ctx.client, ctx.who.userId);
    try {
      // The card shows the comment from what was sent (the remembered comments are not read again).
      const added: Comment = {
        CommentID: 0,
        IssueID: data.talepId,
        UserID: actor.helpdeskUserId,
        UserName: actor.account.username,
        Email: actor.account.email,
        IsSystem: false,
        ForTechsOnly: data.agentsOnly,
        Body: data.text,
        CommentDate: new Date(),
      };
      const card = await cardMessage(services, actor, data.talepId, data.surface ?? 'ephemeral', notice, { addedComment: added, m });
      await commentAnswers(deps, data, commentAddedElsewhere(notice, data.talepId, m)).replace(card);
    } catch (error) {
      // The comment is added: a card that cannot be shown is said in one line, never as a failure of the comment.
      services.logger.info(`the card of talep ${data.talepId} was not shown after a comment`, error);
      await commentAnswers(deps, data).send({ text: notice });
    }
    return { talepId: data.talepId };
  },
  failed: async (scene, message) => {
    const deps = surfaceDeps(scene.services, scene.client, scene.who.userId);
    await keepingText(commentAnswers(deps, scene.data), scene.data.text, messagesOf(scene)).send(message, 'problem');
  },
});
