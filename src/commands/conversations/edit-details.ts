/**
 * "Edit details" on the confirmation of a talep opened with the emoji (no form could open then: a
 * reaction carries no trigger id): subject, category and priority in a modal, saved with UpdateTalep
 * as the person.
 */
import * as z from 'zod';
import { intOf, formText, selectedValue } from '../../slack/forms.js';
import type { ActionCtx, SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { openModal } from '../../slack/modals.js';
import type { Acting, ActingOnTalep } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { editDetailsModal } from '../../views/conversations/channel-modal.js';
import { ConversationIds } from '../../views/conversations/ids.js';
import { resultView } from '../../views/kit/states.js';

export async function openEditDetails(ctx: ActionCtx & ActingOnTalep): Promise<void> {
  const { actor, talepId } = ctx;
  const [talep, categories] = await Promise.all([actor.hd.getTalep({ id: talepId }), actor.hd.categories().catch(() => [])]);
  await openModal(
    ctx,
    ctx.triggerId,
    editDetailsModal({
      talepId,
      subject: talep.Subject,
      categoryId: talep.CategoryID,
      priorityId: talep.Priority,
      categories: categories.map((category) => ({ id: category.CategoryID, name: category.NameWithSection ?? category.Name })),
    }, messagesOf(ctx)),
  );
}

const metadataSchema = z.object({ talepId: z.int().positive() });

export async function editDetailsSubmitted(ctx: SubmitCtx & Acting): Promise<void> {
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(metadataSchema, ctx.view.private_metadata);
  if (!metadata) return ctx.ack({ response_action: 'update', view: resultView(m.t('conversations.editDetailsTitle'), m.t('conversations.editOutOfDate'), undefined, m) });
  const subject = formText(ctx.values, ConversationIds.subject.block)?.replace(/\s+/g, ' ');
  if (!subject) return ctx.ack({ response_action: 'errors', errors: { [ConversationIds.subject.block]: m.t('conversations.subjectMissing') } });
  const title = m.t('conversations.editTitle', { id: metadata.talepId });
  const categoryId = intOf(selectedValue(ctx.values, ConversationIds.category.block));
  const priority = intOf(selectedValue(ctx.values, ConversationIds.priority.block));
  await ctx.ack({ response_action: 'update', view: resultView(title, `:hourglass_flowing_sand: ${m.t('conversations.saving')}`, undefined, m) });
  await ctx.actor.hd.updateTalep({
    id: metadata.talepId,
    subject,
    ...(categoryId !== undefined && categoryId > 0 ? { categoryId } : {}),
    ...(priority !== undefined ? { priority } : {}),
  });
  await ctx.surface.update(resultView(title, m.t('conversations.editSaved', { id: metadata.talepId }), undefined, m));
}
