/**
 * `/talep user edit <who>` and the card's Edit button (admins): a modal with every UpdateUser field,
 * prefilled from GET /User. It opens at once in a loading state (the trigger lasts 3 s), validates
 * locally with inline errors (./edit-form.ts), sends only the fields the admin changed, and then shows
 * the updated card where the edit started (in place of the card that opened it, else in the channel).
 */
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { type SurfaceRef, surfaceFromRef } from '../../slack/surface.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { userLabel } from '../../views/users/card.js';
import { USER_EDIT_TITLE, type UserEditField, userEditLabels, userEditModal, userEditValues, userSavedView } from '../../views/users/edit.js';
import { UserIds } from '../../views/users/ids.js';
import { cardFor } from './card.js';
import { changedUserParams, type EditMetadata, editMetadataFor, readEditMetadata, readUserEditForm } from './edit-form.js';
import { aboutUser, detailsById, labelOf } from './lookup.js';

/**
 * Opens the modal at once, then finds the user (`find`, as the acting person) and fills it in from
 * GET /User. Every failure (not an admin, nobody by that name) is told inside the modal.
 */
export async function openUserEdit(
  ix: Interaction,
  triggerId: string,
  find: (actor: Actor) => Promise<number>,
  to: SurfaceRef,
  subject: ErrorSubject = {},
): Promise<void> {
  const opening = { triggerId, title: USER_EDIT_TITLE, loading: 'Reading the user…' };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const userId = await find(actor);
      const user = await actor.hd.getUser({ userId });
      const values = userEditValues(user);
      await surface.update(userEditModal({ userId, subject: userLabel(labelOf(user)), values, metadata: editMetadataFor(userId, values, to) }));
    },
    subject,
  );
}

/** The card after a save; the save itself already succeeded, so a failure here is only logged. */
async function showUpdatedCard(ix: Interaction, actor: Actor, metadata: EditMetadata, changed: readonly UserEditField[]): Promise<void> {
  try {
    const { details, full } = await detailsById(actor.hd, metadata.id);
    const notice = `:pencil2: Saved ${changed.map((field) => `*${userEditLabels[field]}*`).join(', ')}.`;
    const card = await cardFor(actor, details, { notice, full });
    await surfaceFromRef(surfaceDeps(ix.services, ix.client, ix.who.userId), metadata.to).replace(card);
  } catch (error) {
    ix.services.logger.warn(`user ${metadata.id} saved, but the updated card could not be shown`, error);
  }
}

export const userEditSubmission: Listener = onSubmit(UserIds.editCallback, async (ctx) => {
  const { view } = ctx;
  const metadata = readEditMetadata(view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: resultView(USER_EDIT_TITLE, ':warning: This form is out of date. Open it again.') });
    return;
  }
  const form = readUserEditForm(ctx.values);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const values = form.values;
  const { params, changed } = changedUserParams(metadata.o, values);
  if (changed.length === 0) {
    await ctx.ack({ response_action: 'update', view: resultView(USER_EDIT_TITLE, 'Nothing changed, so nothing was sent.') });
    return;
  }
  await ctx.ack({ response_action: 'update', view: workingView(USER_EDIT_TITLE, 'Saving…') });

  const subject = userLabel({ userId: metadata.id, username: values.username, email: values.email });
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(USER_EDIT_TITLE, text),
    // The form again with what was typed, except the password (not shown twice).
    problem: (text) =>
      userEditModal({
        userId: metadata.id,
        subject,
        values: { ...values, password: '' },
        metadata: view.private_metadata,
        problem: values.password ? `${text} Type the new password again to change it.` : text,
      }),
  });
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      const updated = await actor.hd.updateUser({ userId: metadata.id, ...params });
      const saved = userLabel(labelOf(updated));
      if (params.password !== undefined && actor.helpdeskUserId === metadata.id) {
        // Their own token stopped working with the old password: nothing more can be read as them.
        await surface.update(userSavedView(saved, changed, 'Your password changed, so your /talep connection stopped working: connect again with /talep connect.'));
        return;
      }
      await surface.update(userSavedView(saved, changed, 'The updated card is in the conversation.'));
      await showUpdatedCard(ctx, actor, metadata, changed);
    },
    aboutUser(metadata.id),
  );
});
