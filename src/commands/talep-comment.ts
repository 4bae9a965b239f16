/**
 * Commenting on a talep: `/talep comment <id> [--private] [text]` and the card's Comment button.
 *
 * Without text the comment modal opens at once with the trigger_id (templates load afterwards with
 * `views.update`); a submission is acked (the modal closes), then the comment is added and the card
 * re-rendered through the card's response_url (kept in private_metadata), or confirmed ephemerally. A
 * failure never loses the text: it comes back in the error message.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import type { ModalView, SlackMessage } from '../views/kit/blocks.js';
import { errorText } from '../slack/failures.js';
import { TalepCardIds } from '../views/talep-card/ids.js';
import {
  agentsOnlyFrom,
  commentBodyBlockId,
  commentBodyFrom,
  commentModal,
  CommentModalIds,
  type CommentModalState,
  type CommentViewValues,
  insertTemplate,
  unsavedCommentMessage,
} from '../views/talep-comment-modal.js';
import { firstWord, ok, type Parsed, slackTextToPlain, withTalepId } from './args.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { postToResponseUrl, type Reply, silentReply, viaDirectMessage, viaEphemeral } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, reportFailure, type Session, type Who, whoActs, withSession } from './session.js';
import {
  type CardActionContext,
  cardMessage,
  forTalepWithCard,
  onCardAction,
  type PrivateSurface,
  readTalepButton,
  surfaceOf,
} from './legacy-card.js';

// ── the arguments (pure) ─────────────────────────────────────────────────────────────────────────

export interface CommentArgs {
  talepId: number;
  /** Absent: open the modal. */
  text?: string;
  /** `--private`: an agents-only (ForTechsOnly) comment. */
  agentsOnly: boolean;
}

const PRIVATE_FLAGS = new Set(['--private', '--agents-only', '--agents']);

/** `comment <id> [--private] [text]` (the flag may also come last). */
export function parseCommentArgs(text: string): Parsed<CommentArgs> {
  return withTalepId(text, (talepId, remainder) => {
    let rest = remainder;
    let agentsOnly = false;
    const [first, afterFirst] = firstWord(rest);
    if (PRIVATE_FLAGS.has(first.toLowerCase())) {
      agentsOnly = true;
      rest = afterFirst;
    }
    const last = /\s*(--[a-z-]+)$/i.exec(rest);
    if (last?.[1] && PRIVATE_FLAGS.has(last[1].toLowerCase())) {
      agentsOnly = true;
      rest = rest.slice(0, last.index);
    }
    const body = slackTextToPlain(rest).trim();
    return ok({ talepId, agentsOnly, ...(body ? { text: body } : {}) });
  });
}

export const commentNotice = (talepId: number, agentsOnly: boolean): string =>
  `:speech_balloon: Comment added to #${talepId}${agentsOnly ? ' (:lock: agents only)' : ''}.`;

const ONLY_AGENTS_COMMENT: SlackMessage = {
  text: ":no_entry: In this help desk only the talep's category agents (and admins) can add comments.",
};

// ── the comment modal ────────────────────────────────────────────────────────────────────────────

export const commentMetadataSchema = z.object({
  talepId: z.int().min(1),
  agent: z.boolean(),
  bodyVersion: z.int().min(0).max(1000),
  /** Where the card that opened the modal can be re-rendered (a card button's response_url). */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
  surface: z.enum(['ephemeral', 'direct']).optional(),
  /** Where to confirm when there is no card (a slash command). */
  channelId: z.string().max(40).optional(),
});
export type CommentMetadata = z.infer<typeof commentMetadataSchema>;

const modalState = (metadata: CommentMetadata, extra: Partial<CommentModalState> = {}): CommentModalState => ({
  talepId: metadata.talepId,
  agent: metadata.agent,
  bodyVersion: metadata.bodyVersion,
  metadata: encodeMetadata(metadata),
  ...extra,
});

/** Opens the modal at once; for agents the templates (cached by the client) follow with views.update. */
async function openCommentModal(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  triggerId: string,
  metadata: CommentMetadata,
  reply: Reply,
): Promise<void> {
  let viewId: string | undefined;
  try {
    const opened = await client.views.open({ trigger_id: triggerId, view: commentModal(modalState(metadata)) });
    viewId = opened.view?.id;
  } catch (error) {
    services.logger.warn('views.open failed for the comment modal', error);
    await reply.send({ text: ':hourglass: Slack did not let me open the comment form in time. Please try again.' });
    return;
  }
  if (!metadata.agent || !viewId) return;
  let templates: CommentModalState['templates'];
  try {
    templates = await session.hd.commentTemplates();
  } catch (error) {
    services.logger.info('comment templates unavailable', error);
    templates = 'failed';
  }
  await client.views
    .update({ view_id: viewId, view: commentModal(modalState(metadata, { templates })) })
    .catch((error: unknown) => services.logger.warn('could not show the comment templates', error));
}

/**
 * Tries `first`; when Slack refuses (e.g. the app is not in the channel), the app's Messages tab. A
 * direct message stays, unlike an ephemeral one, so it gets `forDm(message)` (e.g. without a card that
 * may hold agents-only comments).
 */
function withFallback(
  services: Services,
  first: Reply | undefined,
  dm: Reply,
  forDm: (message: SlackMessage) => SlackMessage = (message) => message,
): Reply {
  return {
    send: async (message) => {
      if (first) {
        try {
          await first.send(message);
          return;
        } catch (error) {
          services.logger.info('ephemeral answer failed; sending a direct message', error);
        }
      }
      await dm.send(forDm(message));
    },
  };
}

/** Where the modal's outcome goes: the card's response_url, else the channel, else a DM. */
function modalReply(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  metadata: CommentMetadata,
  forDm?: (message: SlackMessage) => SlackMessage,
): Reply {
  const dm = viaDirectMessage(client, who.userId);
  const { responseUrl } = metadata;
  if (responseUrl) {
    const viaUrl: Reply = {
      send: (message) => postToResponseUrl(responseUrl, { response_type: 'ephemeral', replace_original: false, ...message }),
    };
    return withFallback(services, viaUrl, dm, forDm);
  }
  return withFallback(services, metadata.channelId ? viaEphemeral(client, metadata.channelId, who.userId) : undefined, dm, forDm);
}

async function submitComment(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  metadata: CommentMetadata,
  body: string,
  agentsOnly: boolean,
): Promise<void> {
  const reply = modalReply(services, client, who, metadata);
  const { talepId } = metadata;
  await withSession(
    services,
    who,
    reply,
    async (session) => {
      // Failures of the comment itself come back with the text, so nothing the user wrote is lost.
      const keepText: Reply = { send: (message) => reply.send(unsavedCommentMessage(message.text, body)) };
      try {
        await session.hd.addComment({ id: talepId, body, ...(agentsOnly ? { forTechsOnly: true } : {}) });
      } catch (error) {
        await reportFailure(services, who, keepText, error, { talepId });
        return;
      }
      const surface: PrivateSurface = metadata.surface ?? 'ephemeral';
      const notice = commentNotice(talepId, agentsOnly);
      const card = await cardMessage(services, session, talepId, surface, notice);
      if (metadata.responseUrl) {
        try {
          await postToResponseUrl(metadata.responseUrl, {
            ...(surface === 'ephemeral' ? { response_type: 'ephemeral' } : {}),
            replace_original: true,
            ...card,
          });
          return;
        } catch (error) {
          services.logger.info('could not re-render the card after a comment', error);
        }
      }
      const noCardInDm = () => ({ text: `${notice} \`/talep show ${talepId}\` shows the talep.` });
      await modalReply(services, client, who, metadata, noCardInDm).send(card);
    },
    { talepId },
  );
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepCommentModule: CommandModule = {
  name: 'talep-comment',
  register({ app, services, router }) {
    router.add<CommentArgs>({
      name: 'comment',
      usage: 'comment <id> [--private] [text]',
      summary: 'Comment on a talep (no text: a form with templates; --private: agents only)',
      group: 'Taleps',
      audience: 'agent',
      parse: parseCommentArgs,
      run: async (context, args) => {
        const { talepId } = args;
        if (args.text === undefined) {
          // The modal must open within 3 s of the trigger: only local checks before views.open.
          const session = openSession(services, context, context.reply);
          // Not linked (or the token was refused): asUser answers with the Connect prompt.
          if (typeof session === 'string') return context.asUser(async () => undefined);
          if (!session.isAgent) return context.reply.send(ONLY_AGENTS_COMMENT);
          const metadata: CommentMetadata = { talepId, agent: true, bodyVersion: 0, channelId: context.channelId };
          return openCommentModal(services, session, context.client, context.triggerId, metadata, context.reply);
        }
        const text = args.text;
        return forTalepWithCard(services, context, talepId, async (session) => {
          if (!session.isAgent) {
            await context.reply.send(ONLY_AGENTS_COMMENT);
            return false;
          }
          await session.hd.addComment({ id: talepId, body: text, ...(args.agentsOnly ? { forTechsOnly: true } : {}) });
          return commentNotice(talepId, args.agentsOnly);
        });
      },
    });

    onCardAction(app, services, TalepCardIds.comment, readTalepButton, async (context: CardActionContext) => {
      const { services: s, session, client, body, reply, talepId } = context;
      if (!session.isAgent) {
        await reply.send(ONLY_AGENTS_COMMENT);
        return false;
      }
      if (!body.trigger_id) return false;
      const metadata: CommentMetadata = {
        talepId,
        agent: true,
        bodyVersion: 0,
        ...(body.response_url ? { responseUrl: body.response_url } : {}),
        surface: surfaceOf(body),
        ...(body.channel?.id ? { channelId: body.channel.id } : {}),
      };
      await openCommentModal(s, session, client, body.trigger_id, metadata, reply);
      return false;
    });

    // ── the comment modal ──

    app.action(CommentModalIds.templateSelect, async ({ ack, body, action, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.view) return;
      const view = body.view;
      const metadata = decodeMetadata(commentMetadataSchema, view.private_metadata);
      const templateId = Number((action as { selected_option?: { value?: unknown } }).selected_option?.value);
      if (!metadata || !Number.isInteger(templateId)) return;
      const session = openSession(services, whoActs(body), silentReply);
      if (typeof session === 'string') return;
      const values = view.state.values as CommentViewValues;
      let next: ModalView;
      try {
        const templates = await session.hd.commentTemplates();
        const template = templates.find((row) => row.TemplateId === templateId);
        if (!template) return;
        // A new body block id: Slack would otherwise keep the typed text over the new initial value.
        const bumped: CommentMetadata = { ...metadata, bodyVersion: metadata.bodyVersion + 1 };
        next = commentModal(modalState(bumped, { templates, body: insertTemplate(commentBodyFrom(values), template.Body) }));
      } catch (error) {
        services.logger.info('could not load the comment templates to insert one', error);
        next = commentModal(modalState(metadata, { templates: 'failed', problem: errorText(error) }));
      }
      // The hash keeps a slow answer from overwriting a newer state of the modal.
      await client.views
        .update({ view_id: view.id, hash: view.hash, view: next })
        .catch((error: unknown) => services.logger.info('could not update the comment modal', error));
    });

    app.view(CommentModalIds.callbackId, async ({ ack, body, view, client }) => {
      const metadata = decodeMetadata(commentMetadataSchema, view.private_metadata);
      const values = view.state.values as CommentViewValues;
      const text = (commentBodyFrom(values) ?? '').trim();
      const bodyBlock = commentBodyBlockId(metadata?.bodyVersion ?? 0);
      if (!metadata) {
        await ack({ response_action: 'errors', errors: { [bodyBlock]: 'This form is out of date. Close it and start again.' } });
        return;
      }
      if (!text) {
        await ack({ response_action: 'errors', errors: { [bodyBlock]: 'Write the comment first.' } });
        return;
      }
      await ack();
      const agentsOnly = metadata.agent && agentsOnlyFrom(values);
      await submitComment(services, client, whoActs(body), metadata, text, agentsOnly);
    });
  },
};
