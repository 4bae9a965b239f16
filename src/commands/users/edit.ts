/**
 * `/talep user edit <who>` and the card's Edit button (admins): a modal with every UpdateUser field,
 * prefilled from GET /User. It opens at once in a loading state (the trigger lasts 3 s), validates
 * locally with inline errors (./edit-form.ts), sends only the fields the admin changed, and then shows
 * the updated card where the edit started (in place of the card that opened it, else in the channel).
 */
import type { Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { type ModalRender, type SurfaceRef, surfaceFromRef } from '../../slack/surface.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { userLabel } from '../../views/users/card.js';
import { changedFieldNames, type UserEditField, userEditModal, userEditTitle, userEditValues, userSavedView } from '../../views/users/edit.js';
import { UserIds } from '../../views/users/ids.js';
import { cardFor } from './card.js';
import { changedUserParams, type EditMetadata, editMetadataFor, readEditMetadata, readUserEditForm } from './edit-form.js';
import { aboutUser, detailsById, labelOf } from './lookup.js';

/** The modal's plain look in the reader's language: a spinner line, a closable warning or result. */
export const userModalRender = (title: string, m: Messages): ModalRender => ({
  progress: (text) => workingView(title, text, m),
  problem: (text) => resultView(title, `:warning: ${text}`, undefined, m),
  result: (message) => resultView(title, message.text, undefined, m),
});

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
  const m = messagesOf(ix);
  const title = userEditTitle(m);
  const opening = { triggerId, title, loading: m.t('users.reading'), render: userModalRender(title, m) };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const userId = await find(actor);
      const user = await actor.hd.getUser({ userId });
      const values = userEditValues(user);
      await surface.update(userEditModal({ userId, subject: userLabel(labelOf(user)), values, metadata: editMetadataFor(userId, values, to) }, m));
    },
    subject,
  );
}

/** The card after a save; the save itself already succeeded, so a failure here is only logged. */
async function showUpdatedCard(ix: Interaction, actor: Actor, metadata: EditMetadata, changed: readonly UserEditField[]): Promise<void> {
  try {
    const m = messagesOf(ix);
    const { details, full } = await detailsById(actor.hd, metadata.id, m);
    const notice = m.t('users.savedNotice', { fields: changedFieldNames(changed, m) });
    const card = await cardFor(actor, details, { notice, full, m });
    await surfaceFromRef(surfaceDeps(ix.services, ix.client, ix.who.userId), metadata.to).replace(card);
  } catch (error) {
    ix.services.logger.warn(`user ${metadata.id} saved, but the updated card could not be shown`, error);
  }
}

export const userEditSubmission: Listener = onSubmit(UserIds.editCallback, async (ctx) => {
  const { view } = ctx;
  const m = messagesOf(ctx);
  const title = userEditTitle(m);
  const metadata = readEditMetadata(view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: resultView(title, m.t('users.formOutOfDate'), undefined, m) });
    return;
  }
  const form = readUserEditForm(ctx.values, m);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const values = form.values;
  const { params, changed } = changedUserParams(metadata.o, values);
  if (changed.length === 0) {
    await ctx.ack({ response_action: 'update', view: resultView(title, m.t('users.nothingChanged'), undefined, m) });
    return;
  }
  await ctx.ack({ response_action: 'update', view: workingView(title, m.t('users.saving'), m) });

  const subject = userLabel({ userId: metadata.id, username: values.username, email: values.email });
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(title, text, m),
    // The form again with what was typed, except the password (not shown twice).
    problem: (text) =>
      userEditModal(
        {
          userId: metadata.id,
          subject,
          values: { ...values, password: '' },
          metadata: view.private_metadata,
          problem: values.password ? m.t('users.retypePassword', { problem: text }) : text,
        },
        m,
      ),
  });
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      const updated = await actor.hd.updateUser({ userId: metadata.id, ...params });
      const saved = userLabel(labelOf(updated));
      if (params.password !== undefined && actor.helpdeskUserId === metadata.id) {
        // Their own token stopped working with the old password: nothing more can be read as them.
        await surface.update(userSavedView(saved, changed, m.t('users.ownPasswordChanged'), m));
        return;
      }
      await surface.update(userSavedView(saved, changed, m.t('users.cardInConversation'), m));
      await showUpdatedCard(ctx, actor, metadata, changed);
    },
    aboutUser(metadata.id, m),
  );
});
