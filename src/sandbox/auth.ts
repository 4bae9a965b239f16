/**
 * Who is calling: Basic (`user:password`, also `DOMAIN\user`) or Bearer tokens.
 *
 * Tokens are stateless: `<userId>.<MAC>` where the MAC is HMAC-SHA256(SharedSecret, userId + the
 * user's password version). Changing the user's password bumps the version (that user's token stops
 * verifying); changing SharedSecret changes every MAC (all tokens stop verifying). Nothing to store,
 * nothing to revoke by hand.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from './model.js';
import { verifyPassword } from './passwords.js';

export type PresentedCredential =
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'bearer'; token: string };

export type AuthResult =
  | { ok: true; user: UserRow }
  /** `counts`: whether the attempt counts toward the IP lock-out (wrong credentials do). */
  | { ok: false; status: 401 | 403; reason: string; counts: boolean };

/** Parses an `Authorization` header; undefined when it is absent or not Basic/Bearer. */
export function parseAuthorization(header: string | undefined): PresentedCredential | undefined {
  if (!header) return undefined;
  const match = /^(Basic|Bearer)\s+(.+)$/i.exec(header.trim());
  if (!match?.[1] || !match[2]) return undefined;
  if (match[1].toLowerCase() === 'bearer') return { kind: 'bearer', token: match[2].trim() };
  const decoded = Buffer.from(match[2].trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { kind: 'basic', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function issueToken(sharedSecret: string, user: Pick<UserRow, 'id' | 'passwordVersion'>): string {
  return `${user.id}.${tokenMac(sharedSecret, user)}`;
}

function tokenMac(sharedSecret: string, user: Pick<UserRow, 'id' | 'passwordVersion'>): string {
  return createHmac('sha256', sharedSecret).update(`${user.id}:${user.passwordVersion}`).digest('base64url');
}

/**
 * The user a Basic user name designates: the exact user name first, then, for `DOMAIN\user`
 * (Windows/AD accounts), the part after the backslash. Case-insensitive, like the help desk's logins.
 */
export function findUserByLogin(users: readonly UserRow[], login: string): UserRow | undefined {
  const byName = (name: string) => users.find((user) => user.username.toLowerCase() === name.toLowerCase());
  const exact = byName(login);
  if (exact) return exact;
  const backslash = login.lastIndexOf('\\');
  return backslash >= 0 ? byName(login.slice(backslash + 1)) : undefined;
}

export function authenticate(
  users: readonly UserRow[],
  sharedSecret: string,
  credential: PresentedCredential | undefined,
): AuthResult {
  if (!credential) {
    return { ok: false, status: 401, reason: 'Authentication required: send Basic credentials or a Bearer token.', counts: false };
  }
  const user = credential.kind === 'basic' ? verifyBasic(users, credential) : verifyBearer(users, sharedSecret, credential.token);
  if (!user) {
    const reason =
      credential.kind === 'basic'
        ? 'Invalid user name or password.'
        : 'Invalid or expired token: get a new one from /User/Token (a password or shared-secret change invalidates tokens).';
    return { ok: false, status: 401, reason, counts: true };
  }
  if (user.disabled) return { ok: false, status: 403, reason: `The account '${user.username}' is disabled.`, counts: false };
  return { ok: true, user };
}

function verifyBasic(users: readonly UserRow[], credential: { username: string; password: string }): UserRow | undefined {
  const user = findUserByLogin(users, credential.username);
  return user && verifyPassword(credential.password, user) ? user : undefined;
}

function verifyBearer(users: readonly UserRow[], sharedSecret: string, token: string): UserRow | undefined {
  const match = /^(\d+)\.([\w-]+)$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const user = users.find((candidate) => candidate.id === Number(match[1]));
  if (!user) return undefined;
  const expected = Buffer.from(tokenMac(sharedSecret, user));
  const actual = Buffer.from(match[2]);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? user : undefined;
}
