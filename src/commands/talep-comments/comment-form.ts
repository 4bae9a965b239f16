/**
 * The comment modal (`/talep comment <id>` without text, the card's Comment button). It opens at once
 * with the trigger; for agents the comment templates follow with `views.update`, and choosing one
 * inserts it after what was already written. A submission is accepted as durable work (./work.ts) and
 * acked (the modal closes); the comment is then added and the card re-rendered where the modal was
 * opened (the card's response_url, kept in private_metadata), else confirmed in the channel. A failure
 * never loses the text: it comes back in the error message.
 */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import { actorFor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import { errorText } from '../../slack/failures.js';
import { type FormReading, formErrors, formValues, intOf, rawText, selectedValues, type StateValues } from '../../slack/forms.js';
import type { Acting, Interaction } from '../../slack/interaction.js';
import { type ActionCtx, selectedOptionValue, type SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import { acceptWork } from '../../slack/outbox.js';
import type { ModalView } from '../../views/kit/blocks.js';
import { commentBodyBlockId, commentModal, CommentModalIds, type CommentModalState, insertTemplate } from '../../views/talep-comments/comment-modal.js';
import { type CommentWork, commentWork } from './work.js';

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

// ── reading the form ──────────────────────────────────────────────────────────────────────────────

/** The body the person typed, whatever version of the body block the view is at. */
export function commentBodyFrom(values: StateValues): string | undefined {
  for (const blockId of Object.keys(values)) {
    if (!blockId.startsWith(CommentModalIds.bodyBlockPrefix)) continue;
    const value = rawText(values, blockId, CommentModalIds.bodyInput);
    if (value !== undefined) return value;
  }
  return undefined;
}

export const agentsOnlyFrom = (values: StateValues): boolean =>
  selectedValues(values, CommentModalIds.privateBlock, CommentModalIds.privateInput).includes(CommentModalIds.privateValue);

export interface CommentSubmission {
  metadata: CommentMetadata;
  text: string;
  agentsOnly: boolean;
}

export function readCommentForm(privateMetadata: string | undefined, values: StateValues, m: Messages = english): FormReading<CommentSubmission> {
  const metadata = decodeMetadata(commentMetadataSchema, privateMetadata);
  const bodyBlock = commentBodyBlockId(metadata?.bodyVersion ?? 0);
  if (!metadata) return formErrors({ [bodyBlock]: m.t('comment.outOfDate') });
  const text = (commentBodyFrom(values) ?? '').trim();
  if (!text) return formErrors({ [bodyBlock]: m.t('comment.writeFirst') });
  return formValues({ metadata, text, agentsOnly: metadata.agent && agentsOnlyFrom(values) });
}

// ── opening, templates ───────────────────────────────────────────────────────────────────────────

/** Opens the modal at once; for agents the templates (cached by the client) follow with views.update. */
export async function openCommentModal(ix: Interaction & Acting, triggerId: string, metadata: CommentMetadata): Promise<void> {
  const m = messagesOf(ix);
  const modal = await openModal(ix, triggerId, commentModal(modalState(metadata), m));
  if (!modal || !metadata.agent) return;
  let templates: CommentModalState['templates'];
  try {
    templates = await ix.actor.hd.commentTemplates();
  } catch (error) {
    ix.services.logger.info('comment templates unavailable', error);
    templates = 'failed';
  }
  await modal
    .update(commentModal(modalState(metadata, { templates }), m))
    .catch((error: unknown) => ix.services.logger.warn('could not show the comment templates', error));
}

/** A template chosen in the modal: inserted after what was already written. */
export async function insertChosenTemplate(ctx: ActionCtx): Promise<void> {
  const { view, modal, services } = ctx;
  if (!view || !modal) return;
  const metadata = decodeMetadata(commentMetadataSchema, view.private_metadata);
  const templateId = intOf(selectedOptionValue(ctx.action));
  if (!metadata || templateId === undefined) return;
  // Quietly: a connect prompt or a queued notice would replace the comment being written.
  const actor = await actorFor(services, ctx.who);
  if (typeof actor === 'string') return;
  const m = messagesOf(ctx);
  let next: ModalView;
  try {
    const templates = await actor.hd.commentTemplates();
    const template = templates.find((row) => row.TemplateId === templateId);
    if (!template) return;
    // A new body block id: Slack would otherwise keep the typed text over the new initial value.
    const bumped: CommentMetadata = { ...metadata, bodyVersion: metadata.bodyVersion + 1 };
    next = commentModal(modalState(bumped, { templates, body: insertTemplate(commentBodyFrom(view.state.values), template.Body) }), m);
  } catch (error) {
    services.logger.info('could not load the comment templates to insert one', error);
    next = commentModal(modalState(metadata, { templates: 'failed', problem: errorText(error, {}, m) }), m);
  }
  await modal.update(next).catch((error: unknown) => services.logger.info('could not update the comment modal', error));
}

// ── the submission ───────────────────────────────────────────────────────────────────────────────

/**
 * The comment accepted as durable work (./work.ts), then the modal closes; the card follows where the
 * modal was opened. A copy of an accepted submission (a re-send) closes the modal and adds nothing.
 */
export async function submitComment(ctx: SubmitCtx): Promise<void> {
  const reading = readCommentForm(ctx.view.private_metadata, ctx.values, messagesOf(ctx));
  if (!reading.ok) {
    await ctx.ack({ response_action: 'errors', errors: reading.errors });
    return;
  }
  const { metadata, text, agentsOnly } = reading.values;
  // Only agents get the modal, but its state is untrusted: the person must still be able to act.
  const data: CommentWork = {
    talepId: metadata.talepId,
    text,
    agentsOnly,
    ...(metadata.responseUrl ? { responseUrl: metadata.responseUrl } : {}),
    ...(metadata.surface ? { surface: metadata.surface } : {}),
    ...(metadata.channelId ? { channelId: metadata.channelId } : {}),
    replaceCard: true,
  };
  await acceptComment(ctx, data, () => ctx.ack());
}

/** Accepts a comment as durable work, answering Slack with `answer` once it is in the store. */
export async function acceptComment(ix: Interaction, data: CommentWork, answer: () => Promise<void>): Promise<void> {
  const to = {
    ...(data.responseUrl ? { u: data.responseUrl, e: (data.surface ?? 'ephemeral') === 'ephemeral' } : {}),
    ...(data.channelId ? { c: data.channelId } : {}),
  };
  await acceptWork(ix, { work: commentWork, data, reply: { to } }, answer);
}
