/**
 * Help-desk credentials. A credential is what goes into the Authorization header; the client and the
 * lock-out guard only ever identify it by a one-way hash, so secrets never become map keys or log fields.
 */
import { createHash } from 'node:crypto';

export type Credential =
  | { readonly kind: 'bearer'; readonly token: string }
  /** `username` may be `DOMAIN\user` for Windows/AD accounts. */
  | { readonly kind: 'basic'; readonly username: string; readonly password: string };

export const bearer = (token: string): Credential => ({ kind: 'bearer', token: token.trim() });

export const basic = (username: string, password: string): Credential => ({ kind: 'basic', username, password });

export function authorizationHeader(credential: Credential): string {
  if (credential.kind === 'bearer') return `Bearer ${credential.token}`;
  // UTF-8 before Base64, so non-ASCII user names (Turkish "ğ", "ı"...) survive.
  const encoded = Buffer.from(`${credential.username}:${credential.password}`, 'utf8').toString('base64');
  return `Basic ${encoded}`;
}

/** Ids already computed, by credential object: a call asks for its credential's id several times. */
const ids = new WeakMap<Credential, string>();

/** Stable, non-reversible id of a credential (for the guard, fairness keys, cache keys and logs). */
export function credentialId(credential: Credential): string {
  let id = ids.get(credential);
  if (id === undefined) {
    id = createHash('sha256').update(authorizationHeader(credential)).digest('hex').slice(0, 32);
    ids.set(credential, id);
  }
  return id;
}

export { applicationRoot } from '../domain/talep-link.js';
