/** The user card as the acting person may see it. */
import { isHelpdeskError } from '../../api/errors.js';
import type { UserDetails, UserFull } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { userCard } from '../../views/users/card.js';

/** A read the viewer may not be allowed: refused or missing gives undefined, so the card still shows. */
async function ifAllowed<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isHelpdeskError(error, 'forbidden') || isHelpdeskError(error, 'not-found')) return undefined;
    throw error;
  }
}

/**
 * The card, with custom fields when the viewer may read them (agent permission) and, for admins, the
 * full record (company, department, location, phone, out of office).
 */
export async function cardFor(
  actor: Actor,
  user: UserDetails,
  options: { notice?: string; full?: UserFull; m?: Messages } = {},
): Promise<SlackMessage> {
  const [fieldValues, full] = await Promise.all([
    ifAllowed(actor.hd.userCustomFields({ id: user.UserID })),
    options.full ?? (actor.isAdmin ? ifAllowed(actor.hd.getUser({ userId: user.UserID })) : undefined),
  ]);
  return userCard({
    user,
    fields: fieldValues?.map((field) => ({ name: field.FieldName, value: field.Value })),
    ...(full ? { profile: full } : {}),
    canAdminister: actor.isAdmin,
    ...(options.notice ? { notice: options.notice } : {}),
  }, options.m ?? english);
}
