/**
 * Who is calling: Basic (`user:password`, also `DOMAIN\user`) or Bearer tokens.
 *
 * Tokens are stateless and carry a MAC: HMAC-SHA256(SharedSecret, userId + the user's password version).
 * Changing the user's password bumps the version (that user's token stops verifying); changing
 * SharedSecret changes every MAC (all tokens stop verifying). Nothing to store, nothing to revoke by hand.
 *
 * Two forms, both always accepted: `<userId>.<MAC>` (the spec response style) and, in the real style, a
 * JWT-looking `<header>.<payload>.<MAC>` as real servers hand out (clients must treat either as opaque).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ResponseStyle } from '../api/shapes.js';
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

type TokenSubject = Pick<UserRow, 'id' | 'passwordVersion'>;

/** The token of a user: `<userId>.<MAC>`, or the JWT-looking form when the sandbox answers like real servers. */
export function issueToken(sharedSecret: string, user: TokenSubject, style: ResponseStyle = 'spec'): string {
  return style === 'real' ? jwtLikeToken(sharedSecret, user) : `${user.id}.${tokenMac(sharedSecret, user)}`;
}

function tokenMac(sharedSecret: string, user: TokenSubject): string {
  return createHmac('sha256', sharedSecret).update(`${user.id}:${user.passwordVersion}`).digest('base64url');
}

const base64UrlJson = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const JWT_HEADER = base64UrlJson({ alg: 'HS256', typ: 'JWT' });

/** Deterministic (no issue time), so a user's token stays the same until their password or the secret changes. */
function jwtLikeToken(sharedSecret: string, user: TokenSubject): string {
  const payload = base64UrlJson({ sub: String(user.id), ver: user.passwordVersion });
  const mac = createHmac('sha256', sharedSecret).update(`${JWT_HEADER}.${payload}`).digest('base64url');
  return `${JWT_HEADER}.${payload}.${mac}`;
}

/** The user id a token names, in either form; undefined for anything else. */
function tokenUserId(token: string): number | undefined {
  const plain = /^(\d+)\.[\w-]+$/.exec(token);
  if (plain?.[1]) return Number(plain[1]);
  const jwt = /^[\w-]+\.([\w-]+)\.[\w-]+$/.exec(token);
  if (!jwt?.[1]) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(jwt[1], 'base64url').toString('utf8'));
    const sub = typeof payload === 'object' && payload !== null ? (payload as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : undefined;
  } catch {
    return undefined;
  }
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

/** A token verifies when it is exactly the token issued now (in its form) to the user it names. */
function verifyBearer(users: readonly UserRow[], sharedSecret: string, token: string): UserRow | undefined {
  const userId = tokenUserId(token);
  const user = userId === undefined ? undefined : users.find((candidate) => candidate.id === userId);
  if (!user) return undefined;
  const expected = Buffer.from(issueToken(sharedSecret, user, /^\d+\./.test(token) ? 'spec' : 'real'));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? user : undefined;
}
