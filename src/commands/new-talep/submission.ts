/**
 * The form's submission: read once, checked without the help desk (inline errors in the answer to
 * Slack), written to the outbox as accepted work (./work.ts) and only then acknowledged with
 * "Creating…". Opened from a message, the message is first reserved for this work, so a second
 * submission for it (someone else's, or a copy) is told about the talep instead of making another.
 * A copy of a submission already accepted — Slack's re-send, also after a restart — is answered with
 * where the first one stands.
 */
import type { Messages } from '../../i18n/messages.js';
import { messagesOf } from '../../slack/locale.js';
import type { SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { type Acceptance, acceptWork } from '../../slack/outbox.js';
import type { ModalView } from '../../views/kit/blocks.js';
import { newTalepMetadataSchema } from '../../views/new-talep/metadata.js';
import { alreadyOpenedView, beingOpenedView, newTalepCreatedView, newTalepCreatingView, newTalepProblemView, notFiledView } from '../../views/new-talep/states.js';
import { createdTalepSchema } from './create.js';
import { formContextOf } from './load.js';
import { readNewTalepForm } from './read.js';
import { checkNewTalep } from './request.js';
import { claimSourceMessage, existingTalepFor, releaseSourceMessage } from './source-message.js';
import { newTalepWork } from './work.js';

/** What the modal shows for accepted work: creating, created (a copy after it was done), or why not. */
function acceptedView(acceptance: Acceptance, m: Messages): ModalView {
  switch (acceptance.state) {
    case 'accepted':
    case 'in-progress':
      return newTalepCreatingView(undefined, m);
    case 'done': {
      const created = createdTalepSchema.safeParse(acceptance.result);
      return created.success ? newTalepCreatedView(created.data, m) : newTalepCreatingView(undefined, m);
    }
    case 'failed':
      return notFiledView(':warning: This talep could not be filed; I sent you the reason and your text.');
    case 'cancelled':
      return notFiledView(':wastebasket: You cancelled this talep before it was filed.');
  }
}

export async function newTalepSubmitted(ctx: SubmitCtx): Promise<void> {
  const metadata = decodeMetadata(newTalepMetadataSchema, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: newTalepProblemView(':warning: This form is out of date. Please open it again.') });
    return;
  }
  const reading = readNewTalepForm(ctx.values, ctx.services, messagesOf(ctx));
  const checked = checkNewTalep(reading, metadata, messagesOf(ctx));
  if (!checked.ok) {
    await ctx.ack({ response_action: 'errors', errors: checked.errors });
    return;
  }
  const { source } = metadata;
  if (source) {
    // Decided before anything is accepted: one talep (and one thread reply) per message.
    const claim = await claimSourceMessage(ctx, source);
    if (claim.state === 'opened') {
      await ctx.ack({ response_action: 'update', view: alreadyOpenedView({ id: claim.talepId }, messagesOf(ctx)) });
      // Then its subject and link, as this person may see them.
      return actAs(ctx, async (actor) => {
        const existing = await existingTalepFor(ctx.services, actor, source);
        if (existing) await ctx.surface.update(alreadyOpenedView(existing, messagesOf(ctx)));
      }, {}, { quiet: true });
    }
    if (claim.state === 'opening') return ctx.ack({ response_action: 'update', view: beingOpenedView(claim.createdBy, messagesOf(ctx)) });
  }
  const order = {
    work: newTalepWork,
    data: {
      request: checked.values,
      values: reading.values,
      where: formContextOf(metadata),
      hadUploads: reading.uploads.ok && reading.uploads.files.length > 0,
    },
    reply: { view: { id: ctx.view.id, title: ctx.view.title?.text || 'New talep' }, ...(metadata.channelId ? { to: { c: metadata.channelId } } : {}) },
  };
  try {
    await acceptWork(ctx, order, (acceptance) => ctx.ack({ response_action: 'update', view: acceptedView(acceptance, messagesOf(ctx)) }));
  } catch (error) {
    // Not accepted (the store refused the write): the message is free again, and the failure is told.
    if (source && ctx.deliveryKey) await releaseSourceMessage(ctx, source, ctx.deliveryKey);
    throw error;
  }
}
