/**
 * Password hashing for the sandbox's users. scrypt with a deliberately low cost: Basic auth verifies
 * the password on every request and test suites send thousands; this is a local test server, not a
 * vault, but it still never stores a password in clear.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export interface PasswordHash {
  passwordHash: string;
  passwordSalt: string;
}

export function hashPassword(password: string): PasswordHash {
  const salt = randomBytes(16).toString('hex');
  return { passwordSalt: salt, passwordHash: scryptSync(password, salt, KEY_LENGTH, COST).toString('hex') };
}

export function verifyPassword(password: string, stored: PasswordHash): boolean {
  const expected = Buffer.from(stored.passwordHash, 'hex');
  const actual = scryptSync(password, stored.passwordSalt, KEY_LENGTH, COST);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A password for users created without one ("a strong one is generated when omitted"). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
