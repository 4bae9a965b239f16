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
    }),
  );
}

const metadataSchema = z.object({ talepId: z.int().positive() });

export async function editDetailsSubmitted(ctx: SubmitCtx & Acting): Promise<void> {
  const metadata = decodeMetadata(metadataSchema, ctx.view.private_metadata);
  if (!metadata) return ctx.ack({ response_action: 'update', view: resultView('Edit details', ':warning: This form is out of date.') });
  const subject = formText(ctx.values, ConversationIds.subject.block)?.replace(/\s+/g, ' ');
  if (!subject) return ctx.ack({ response_action: 'errors', errors: { [ConversationIds.subject.block]: 'Give the talep a subject.' } });
  const categoryId = intOf(selectedValue(ctx.values, ConversationIds.category.block));
  const priority = intOf(selectedValue(ctx.values, ConversationIds.priority.block));
  await ctx.ack({ response_action: 'update', view: resultView(`Talep #${metadata.talepId}`, ':hourglass_flowing_sand: Saving…') });
  await ctx.actor.hd.updateTalep({
    id: metadata.talepId,
    subject,
    ...(categoryId !== undefined && categoryId > 0 ? { categoryId } : {}),
    ...(priority !== undefined ? { priority } : {}),
  });
  await ctx.surface.update(resultView(`Talep #${metadata.talepId}`, `:white_check_mark: Talep #${metadata.talepId} saved.`));
}
