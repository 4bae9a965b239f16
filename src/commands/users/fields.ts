/** A user's custom fields (GET /CustomFields usage 3), through the custom-fields area's form. */
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { Interaction } from '../../slack/interaction.js';
import { type UserLabel, userLabel } from '../../views/users/card.js';
import { UserIds } from '../../views/users/ids.js';
import { openFieldsModal, perFieldTarget } from '../custom-fields/public.js';

export const userFieldsTarget = perFieldTarget({
  usage: 3,
  callbackId: UserIds.fieldsCallback,
  title: (m) => m.t('customFields.userTitle'),
  read: (hd, id) => hd.userCustomFields({ id }),
  write: (hd, id, fieldId, value) => hd.setCustomFieldForUser({ id, fieldId, value }),
});

/** Opens the form at once; `find` names the user as the acting person, inside the modal. */
export function openUserFields(ix: Interaction, triggerId: string, find: (actor: Actor) => Promise<UserLabel>, subject: ErrorSubject = {}): Promise<void> {
  return openFieldsModal(
    ix,
    triggerId,
    userFieldsTarget,
    async (actor) => {
      const user = await find(actor);
      return { recordId: user.userId, subject: userLabel(user) };
    },
    subject,
  );
}
