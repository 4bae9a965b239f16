/**
 * Which help-desk user a `/talep user …` argument means, and the user card. A person is named by a
 * Slack mention (found by their Slack e-mail), an e-mail (UserByEmail) or a help-desk user name
 * (UserByUsername); both lookups need agent permission. Shared by the user commands, the list, the
 * edit form and deletion.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { HelpdeskClient } from '../api/client.js';
import { isHelpdeskError } from '../api/errors.js';
import { type UserDetails, type UserFull, userDetails as userDetailsSchema } from '../api/schemas.js';
import { escapeText, type SlackMessage } from '../views/kit/blocks.js';
import { type UserLabel, userCard } from '../views/users.js';
import { fail, ok, type Parsed, parseUserMention } from './args.js';
import { helpdeskPersonFor, PersonNotFound } from '../slack/people.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';
import type { Session } from './session.js';

// ── Parsing (pure) ──────────────────────────────────────────────────────────────────────────────

export type PersonRef =
  | { kind: 'slack'; userId: string }
  | { kind: 'email'; email: string }
  | { kind: 'username'; username: string };

export const emailSchema = z.email();

/** `ali@example.com`, or Slack's escaped `<mailto:ali@example.com|ali@example.com>`. */
export function parseEmail(text: string): string | undefined {
  const trimmed = text.trim();
  const candidate = /^<mailto:([^|>]+)(?:\|[^>]*)?>$/i.exec(trimmed)?.[1] ?? trimmed;
  return emailSchema.safeParse(candidate).success ? candidate : undefined;
}

/**
 * A help-desk user name as typed: one word without Slack markup (`<#C1>`, `<https://…>` are not
 * names). `DOMAIN\name` is kept: the help desk accepts it for Windows accounts.
 */
export function parseUsername(text: string): string | undefined {
  const name = text.trim().replaceAll('&amp;', '&');
  return /^[^\s<>]{1,200}$/.test(name) ? name : undefined;
}

/** `@someone`, an e-mail, or else a help-desk user name. */
export function parsePersonRef(text: string): Parsed<PersonRef> {
  const userId = parseUserMention(text);
  if (userId) return ok({ kind: 'slack', userId });
  const email = parseEmail(text);
  if (email) return ok({ kind: 'email', email });
  const username = parseUsername(text);
  if (username) return ok({ kind: 'username', username });
  return fail(`Expected @someone, an e-mail address or a help-desk user name, got “${text.trim() || 'nothing'}”.`);
}

// ── Finding people ──────────────────────────────────────────────────────────────────────────────

/** Answers an unknown person in the conversation instead of "something went wrong". */
export function explainingPeople(reply: Reply, work: (session: Session) => Promise<void>) {
  return async (session: Session) => {
    try {
      await work(session);
    } catch (error) {
      if (!(error instanceof PersonNotFound)) throw error;
      await reply.send({ text: `:bust_in_silhouette: ${error.message}` });
    }
  };
}

/** "Not found" of a lookup becomes a sentence naming what was looked for; other failures pass. */
async function lookingFor<T>(what: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) throw new PersonNotFound(`No help-desk user has ${what}.`);
    throw error;
  }
}

export const userByEmail = (hd: HelpdeskClient, email: string): Promise<UserDetails> =>
  lookingFor(`the e-mail ${escapeText(email)}`, hd.userByEmail({ email }));

export const userByUsername = (hd: HelpdeskClient, username: string): Promise<UserDetails> =>
  lookingFor(`the user name ${escapeText(username)}`, hd.userByUsername({ username }));

export const labelOf = (user: Pick<UserDetails, 'UserID' | 'Username' | 'Email'>): UserLabel => ({
  userId: user.UserID,
  username: user.Username,
  email: user.Email,
});

/** The help-desk user a reference means: id, user name and e-mail (one lookup at most). */
export async function resolveUser(services: Services, session: Session, client: webApi.WebClient, ref: PersonRef): Promise<UserLabel> {
  switch (ref.kind) {
    case 'email':
      return labelOf(await userByEmail(session.hd, ref.email));
    case 'username':
      return labelOf(await userByUsername(session.hd, ref.username));
    case 'slack': {
      const person = await helpdeskPersonFor(services, session, client, ref.userId);
      return { userId: person.helpdeskUserId, username: person.username, email: person.email };
    }
  }
}

/** The user record with names, agent flag and e-mail texts (what the card shows). */
export async function userDetails(services: Services, session: Session, client: webApi.WebClient, ref: PersonRef): Promise<UserDetails> {
  switch (ref.kind) {
    case 'email':
      return userByEmail(session.hd, ref.email);
    case 'username':
      return userByUsername(session.hd, ref.username);
    case 'slack':
      return userByEmail(session.hd, (await helpdeskPersonFor(services, session, client, ref.userId)).email);
  }
}

/**
 * A user by id (admins: GET /User), with what the card needs. GET /User promises only "all
 * information", so when it lacks the agent flag or the e-mail texts they are read by e-mail.
 */
export async function detailsById(hd: HelpdeskClient, userId: number): Promise<{ details: UserDetails; full: UserFull }> {
  const full = await hd.getUser({ userId });
  const complete = userDetailsSchema.safeParse(full);
  return { details: complete.success ? complete.data : await userByEmail(hd, full.Email), full };
}

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
 * The card, with custom fields when the caller may read them (agent permission) and, for admins, the
 * full record (company, department, location, phone, out of office).
 */
export async function cardFor(session: Session, user: UserDetails, options: { notice?: string; full?: UserFull } = {}): Promise<SlackMessage> {
  const [fieldValues, full] = await Promise.all([
    ifAllowed(session.hd.userCustomFields({ id: user.UserID })),
    options.full ?? (session.isAdmin ? ifAllowed(session.hd.getUser({ userId: user.UserID })) : undefined),
  ]);
  return userCard({
    user,
    fields: fieldValues?.map((field) => ({ name: field.FieldName, value: field.Value })),
    ...(full ? { profile: full } : {}),
    canAdminister: session.isAdmin,
    ...(options.notice ? { notice: options.notice } : {}),
  });
}

/** Replaces the ephemeral message a button sits on. */
export const replacing = (respond: RespondFn): Reply => ({
  send: async (message) => {
    await respond({ response_type: 'ephemeral', replace_original: true, ...message });
  },
});
