/**
 * Slack user → help-desk user. The bridge is the e-mail address: Slack's profile e-mail looked up with
 * UserByEmail (agent permission, search budget), remembered in the store for a day.
 */
import type { webApi } from '@slack/bolt';
import { isHelpdeskError } from '../api/errors.js';
import { english, type Messages } from '../i18n/messages.js';
import { slackProfile } from './profiles.js';
import type { Services } from './services.js';
import type { Actor } from './actor.js';
import { slackErrorCode } from './surface.js';

export interface HelpdeskPerson {
  helpdeskUserId: number;
  username: string;
  email: string;
}

/** A Slack user who cannot be matched to a help-desk user; the message says why, for the user. */
export class PersonNotFound extends Error {
  override readonly name = 'PersonNotFound';
  /** The help desk refused the lookup itself (finding people by e-mail needs agent permission). */
  readonly refused: boolean;

  constructor(message: string, options: { refused?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.refused = options.refused ?? false;
  }
}

export async function helpdeskPersonFor(
  services: Services,
  session: Pick<Actor, 'teamId' | 'userId' | 'account' | 'hd'>,
  client: webApi.WebClient,
  slackUserId: string,
  m: Messages = english,
): Promise<HelpdeskPerson> {
  if (slackUserId === session.userId) {
    const { helpdeskUserId, username, email } = session.account;
    return { helpdeskUserId, username, email };
  }
  const linked = await services.stores.accounts.get(session.teamId, slackUserId);
  if (linked) return { helpdeskUserId: linked.helpdeskUserId, username: linked.username, email: linked.email };
  const known = await services.stores.directory.get(session.teamId, slackUserId);
  if (known) return known;

  const profile = await slackProfile(client, slackUserId).catch((error: unknown) => {
    // A stale or forged pick (a deleted or foreign account): said like any other person not found.
    if (slackErrorCode(error) === 'user_not_found') throw new PersonNotFound(m.t('slackPeople.notVisible', { userId: slackUserId }), { cause: error });
    throw error;
  });
  if (!profile.email) {
    throw new PersonNotFound(m.t('slackPeople.noEmail', { userId: slackUserId }));
  }
  try {
    const user = await session.hd.userByEmail({ email: profile.email });
    const person = { helpdeskUserId: user.UserID, username: user.Username, email: user.Email };
    await services.stores.directory.set(session.teamId, slackUserId, person);
    return person;
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) {
      throw new PersonNotFound(m.t('slackPeople.noMatch', { userId: slackUserId, email: profile.email }));
    }
    if (isHelpdeskError(error, 'forbidden')) {
      throw new PersonNotFound(m.t('slackPeople.needsAgent'), { refused: true, cause: error });
    }
    throw error;
  }
}
