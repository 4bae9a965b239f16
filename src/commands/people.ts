/**
 * Slack user → help-desk user. The bridge is the e-mail address: Slack's profile e-mail looked up with
 * UserByEmail (agent permission, search budget), remembered in the store for a day.
 */
import type { webApi } from '@slack/bolt';
import { HelpdeskError, isHelpdeskError } from '../api/errors.js';
import { slackProfile } from '../slack/profiles.js';
import type { Reply } from './reply.js';
import type { Services } from './services.js';
import type { Session } from './session.js';

export interface HelpdeskPerson {
  helpdeskUserId: number;
  username: string;
  email: string;
}

/** A Slack user who cannot be matched to a help-desk user; the message says why, for the user. */
export class PersonNotFound extends Error {
  override readonly name = 'PersonNotFound';
}

export async function helpdeskPersonFor(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  slackUserId: string,
): Promise<HelpdeskPerson> {
  if (slackUserId === session.userId) {
    const { helpdeskUserId, username, email } = session.account;
    return { helpdeskUserId, username, email };
  }
  const linked = services.stores.accounts.get(session.teamId, slackUserId);
  if (linked) return { helpdeskUserId: linked.helpdeskUserId, username: linked.username, email: linked.email };
  const known = services.stores.directory.get(session.teamId, slackUserId);
  if (known) return known;

  const profile = await slackProfile(client, slackUserId);
  if (!profile.email) {
    throw new PersonNotFound(`<@${slackUserId}> has no e-mail in Slack, so I cannot find them in the help desk.`);
  }
  try {
    const user = await session.hd.userByEmail({ email: profile.email });
    const person = { helpdeskUserId: user.UserID, username: user.Username, email: user.Email };
    await services.stores.directory.set(session.teamId, slackUserId, person);
    return person;
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) {
      throw new PersonNotFound(`No help-desk user has <@${slackUserId}>'s e-mail (${profile.email}).`);
    }
    throw error;
  }
}

/** The user-facing text for a resolver failure, or undefined when it is not one. */
export function personProblem(error: unknown): string | undefined {
  if (error instanceof PersonNotFound) return `:bust_in_silhouette: ${error.message}`;
  if (error instanceof HelpdeskError && error.kind === 'forbidden' && error.operation === 'userByEmail') {
    return ':no_entry: Finding Slack users in the help desk needs agent permission.';
  }
  return undefined;
}

/** Runs `find` (a person lookup); a resolver failure (`personProblem`) is told through `reply` and gives undefined. */
export async function explainPersonProblems<T>(reply: Reply, find: () => Promise<T>): Promise<T | undefined> {
  try {
    return await find();
  } catch (error) {
    const problem = personProblem(error);
    if (!problem) throw error;
    await reply.send({ text: problem });
    return undefined;
  }
}
