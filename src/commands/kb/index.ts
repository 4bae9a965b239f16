/**
 * The knowledge base: `/talep kb <words> [category:<name>]` (find articles), `/talep kb <id>` (show one,
 * with "Share in channel"), `/talep kb new` (write one; agents) and the Show / Share buttons. An article
 * for agents only is never posted in a channel, whoever asks.
 */
import { channelMessages, messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import { noArgs } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, buttonValue, onAction, onSubmit } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { onlyOnce } from '../../slack/once.js';
import { inLoadingModal } from '../../slack/modals.js';
import { route } from '../../slack/routes.js';
import { cannotPostHere, plainModalRender } from '../../slack/surface.js';
import {
  articleCreatedView,
  articleMessage,
  articleModal,
  articleNotFoundText,
  KbIds,
  newArticleTitle,
  sharedMessage,
  shareRefusedMessage,
} from '../../views/kb/articles.js';
import { cannotPostHereMessage } from '../../views/kit/notices.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { articleSubject, loadArticle, newArticleForm, searchMessage } from './articles.js';
import { readNewArticleForm } from './form.js';
import { articleIdOf, KB_USAGE, parseKbCommand } from './parse.js';


export const kbArea: Area = {
  name: 'kb',
  routes: [
    route({
      path: 'kb',
      aliases: ['article', 'articles'],
      usage: KB_USAGE,
      summary: 'Knowledge base: find articles by words in the subject or category (`category:<name>` narrows it), show one by id (with Share in channel)',
      group: 'Knowledge base',
      audience: 'everyone',
      parse: parseKbCommand,
      needs: { linked: true },
      run: async (ctx) => {
        const command = ctx.args;
        const m = messagesOf(ctx);
        if (command.kind === 'search') return ctx.surface.send(await searchMessage(ctx.actor, command, m));
        await actAs(
          ctx,
          async (actor) => {
            const data = await loadArticle(ctx.services, actor, command.articleId);
            await ctx.surface.send(data ? articleMessage(data, { kind: 'private' }, m) : { text: articleNotFoundText(command.articleId, m) });
          },
          articleSubject(command.articleId, m),
        );
      },
    }),
    route({
      path: 'kb new',
      aliases: ['kb create', 'kb write', 'article new', 'article create', 'article write', 'articles new', 'articles create', 'articles write'],
      exact: true,
      usage: 'kb new',
      summary: 'Write a knowledge-base article (agents)',
      group: 'Knowledge base',
      audience: 'agent',
      parse: noArgs,
      // Checks the link (no help-desk call), opens the modal at once, then loads the categories.
      needs: { linked: true },
      run: (ctx) =>
        inLoadingModal(
          ctx,
          { triggerId: ctx.triggerId, title: messagesOf(ctx).t('kb.newTitle'), loading: messagesOf(ctx).t('kbNew.loading') },
          async ({ actor, surface }) => surface.update(await newArticleForm(actor, undefined, undefined, messagesOf(ctx))),
        ),
    }),
  ],
  listeners: [
    // Show: from a list or a message, a new ephemeral answer (the list stays); inside a modal (the
    // "created" confirmation), the modal shows the article.
    onAction(KbIds.show, async (ctx) => {
      const id = articleIdOf(buttonValue(ctx.action));
      const surface = ctx.modal?.withRender(plainModalRender(messagesOf(ctx).t('kb.modalTitle'))) ?? ctx.surface;
      if (id === undefined) return ctx.modal ? undefined : surface.send({ text: messagesOf(ctx).t('kb.staleArticle') });
      await actAs(
        { ...ctx, surface },
        async (actor) => {
          const m = messagesOf(ctx);
          const data = await loadArticle(ctx.services, actor, id);
          if (ctx.modal) return ctx.modal.update(data ? articleModal(data, m) : resultView(m.t('kb.modalTitle'), articleNotFoundText(id, m), undefined, m));
          await surface.send(data ? articleMessage(data, { kind: 'private' }, m) : { text: articleNotFoundText(id, m) });
        },
        articleSubject(id, messagesOf(ctx)),
      );
    }),

    // Share in channel: the article is read again as the presser (never trusting the button), and an
    // article that is, or may be, for agents only is refused.
    onAction(KbIds.share, async (ctx) => {
      const id = articleIdOf(buttonValue(ctx.action));
      if (id === undefined) return ctx.surface.send({ text: messagesOf(ctx).t('kb.staleArticleId') });
      const channel = ctx.channelId;
      const m = messagesOf(ctx);
      if (!channel) return ctx.surface.send(cannotPostHereMessage(m));
      await actAs(
        ctx,
        async (actor) => {
          const data = await loadArticle(ctx.services, actor, id);
          if (!data) return ctx.surface.send({ text: articleNotFoundText(id, m) });
          if (data.techOnly !== false) return ctx.surface.send(shareRefusedMessage(id, data.techOnly, m));
          // Everyone in the channel reads it: the channel's language.
          const inChannel = await channelMessages(ctx.services, ctx.who.teamId, channel);
          const message = articleMessage(data, { kind: 'public', sharedBySlackUserId: actor.userId }, inChannel);
          try {
            await ctx.client.chat.postMessage({ channel, ...message, unfurl_links: false, unfurl_media: false });
          } catch (error) {
            if (!cannotPostHere(error)) throw error;
            return ctx.surface.send(cannotPostHereMessage(m));
          }
          await ctx.surface.send(sharedMessage(id, channel, m));
        },
        articleSubject(id, messagesOf(ctx)),
      );
    }),

    // A link button still sends an action; it only needs its ack.
    acknowledgeOnly(KbIds.openLink),

    onSubmit(KbIds.newCallback, async (ctx) => {
      const m = messagesOf(ctx);
      const form = readNewArticleForm(ctx.values, m);
      if (!form.ok) return ctx.ack({ response_action: 'errors', errors: form.errors });
      await ctx.ack({ response_action: 'update', view: workingView(m.t('kb.newTitle'), m.t('kbNew.creating'), m) });
      const { values } = form;
      const plain = plainModalRender(m.t('kb.newTitle'));
      let acting: Parameters<typeof newArticleForm>[0] | undefined;
      // A refusal shows the form again with what was typed, so nothing is lost.
      const surface = ctx.surface.withRender({
        progress: (text) => workingView(m.t('kb.newTitle'), text, m),
        problem: async (text) => {
          if (acting) {
            try {
              return await newArticleForm(acting, values, text, m);
            } catch (error) {
              ctx.services.logger.debug('could not re-render the new-article form', error);
            }
          }
          return plain.problem(text);
        },
      });
      await actAs({ ...ctx, surface }, async (actor) => {
        acting = actor;
        // Once per submission: a copy of it (also after a restart) shows the article the first one made.
        const created = await onlyOnce(ctx, 'create-article', z.object({ id: z.int() }), async () => ({
          id: (
            await actor.hd.createArticle({
              categoryId: values.categoryId,
              subject: values.subject,
              body: values.body,
              forTechsOnly: values.techOnly,
            })
          ).id,
        }));
        if (!created) return;
        await surface.update(articleCreatedView({ id: created.result.id, subject: values.subject, techOnly: values.techOnly }, m));
      });
    }),
  ],
};
