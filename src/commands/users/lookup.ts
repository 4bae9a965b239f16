/**
 * Which help-desk user a `/talep user …` argument means. A person is named by a Slack mention (found
 * by their Slack e-mail), an e-mail (UserByEmail) or a help-desk user name (UserByUsername); both
 * lookups need agent permission. Someone nobody has is a `PersonNotFound`, which the kernel words.
 */
import type { HelpdeskClient } from '../../api/client.js';
import { isHelpdeskError } from '../../api/errors.js';
import { type UserDetails, type UserFull, userDetails as userDetailsSchema } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { helpdeskPersonFor, PersonNotFound } from '../../slack/people.js';
import { escapeText } from '../../views/kit/blocks.js';
import type { UserLabel } from '../../views/users/card.js';
import type { PersonRef } from './args.js';

/** "Not found" of a lookup becomes the sentence `nobody` (naming what was looked for); other failures pass. */
async function lookingFor<T>(nobody: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) throw new PersonNotFound(nobody);
    throw error;
  }
}

export const userByEmail = (hd: HelpdeskClient, email: string, m: Messages = english): Promise<UserDetails> =>
  lookingFor(m.t('users.noUserWithEmail', { email: escapeText(email) }), hd.userByEmail({ email }));

export const userByUsername = (hd: HelpdeskClient, username: string, m: Messages = english): Promise<UserDetails> =>
  lookingFor(m.t('users.noUserWithUsername', { username: escapeText(username) }), hd.userByUsername({ username }));

export const labelOf = (user: Pick<UserDetails, 'UserID' | 'Username' | 'Email'>): UserLabel => ({
  userId: user.UserID,
  username: user.Username,
  email: user.Email,
});

/** What a failure about one user by id names ("Help-desk user #9 was not found"). */
export const aboutUser = (userId: number, m: Messages = english): ErrorSubject => ({ label: m.t('users.helpdeskUser', { id: userId }) });

/** The help-desk user a reference means: id, user name and e-mail (one lookup at most). */
export async function resolveUser(ix: Interaction, actor: Actor, ref: PersonRef): Promise<UserLabel> {
  const m = messagesOf(ix);
  switch (ref.kind) {
    case 'email':
      return labelOf(await userByEmail(actor.hd, ref.email, m));
    case 'username':
      return labelOf(await userByUsername(actor.hd, ref.username, m));
    case 'slack': {
      const person = await helpdeskPersonFor(ix.services, actor, ix.client, ref.userId, messagesOf(ix));
      return { userId: person.helpdeskUserId, username: person.username, email: person.email };
    }
  }
}

/** The user record with names, agent flag and e-mail texts (what the card shows). */
export async function userDetails(ix: Interaction, actor: Actor, ref: PersonRef): Promise<UserDetails> {
  const m = messagesOf(ix);
  switch (ref.kind) {
    case 'email':
      return userByEmail(actor.hd, ref.email, m);
    case 'username':
      return userByUsername(actor.hd, ref.username, m);
    case 'slack':
      return userByEmail(actor.hd, (await helpdeskPersonFor(ix.services, actor, ix.client, ref.userId, messagesOf(ix))).email, m);
  }
}

/**
 * A user by id (admins: GET /User), with what the card needs. GET /User promises only "all
 * information", so when it lacks the agent flag or the e-mail texts they are read by e-mail.
 */
export async function detailsById(hd: HelpdeskClient, userId: number, m: Messages = english): Promise<{ details: UserDetails; full: UserFull }> {
  const full = await hd.getUser({ userId });
  const complete = userDetailsSchema.safeParse(full);
  return { details: complete.success ? complete.data : await userByEmail(hd, full.Email, m), full };
}
