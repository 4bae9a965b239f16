/**
 * The token encryption keys: from TOKEN_ENCRYPTION_KEY, or from the key file in the data directory
 * (mode 0600), generated on a first run so the bot works without setup. Either may list several keys,
 * the current one first: older keys only open tokens sealed before a rotation (they are re-sealed
 * under the current key at start, or by `npm run rotate-key`).
 *
 * Losing the keys means every linked user must reconnect, so a key is never generated while sealed
 * tokens exist: that start is refused instead (the tokens may still open once the key is restored).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { decodeKey } from '../config.js';
import { readPrivateFile, writePrivateFile } from './private-files.js';

export const KEY_FILE_NAME = 'token-encryption.key';

export type KeySource = { kind: 'environment' } | { kind: 'file'; file: string; generated: boolean };

export interface KeyRing {
  /** The current key first, then older keys. */
  keys: readonly Buffer[];
  source: KeySource;
}

/** A start (or rotation) refused because of the keys; the message is one sentence naming the cause. */
export class KeyRingError extends Error {
  override readonly name = 'KeyRingError';
}

export const keyFilePath = (dataDir: string): string => join(dataDir, KEY_FILE_NAME);

export const generateKey = (): Buffer => randomBytes(32);

/**
 * The keys listed in a key file (one per line, current first; `#` comments and blank lines ignored),
 * or undefined when the file does not exist.
 */
export async function readKeyFile(file: string): Promise<Buffer[] | undefined> {
  const text = await readPrivateFile(file);
  if (text === undefined) return undefined;
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const keys = lines.map(decodeKey);
  if (keys.length === 0 || keys.some((key) => key === undefined)) {
    throw new KeyRingError(
      `The key file ${file} does not hold 32-byte keys (64 hex characters or base64, one per line): restore it from a backup.`,
    );
  }
  return keys as Buffer[];
}

/** Rewrites the key file atomically (0600): the current key first, then the older ones. */
export async function writeKeyFile(file: string, keys: readonly Buffer[], options: { exclusive?: boolean } = {}): Promise<void> {
  const [current, ...older] = keys;
  if (!current) throw new Error('A key file needs at least one key.');
  const text = [
    '# talep-bot token encryption keys: the current key first, then older keys still accepted for reading.',
    '# Losing this file means every linked user must reconnect. Keep a copy apart from backups of the data directory.',
    current.toString('hex'),
    ...older.map((key) => key.toString('hex')),
    '',
  ].join('\n');
  await writePrivateFile(file, text, options);
}

export interface LoadKeyRingOptions {
  dataDir: string;
  /** TOKEN_ENCRYPTION_KEY's keys, when set. */
  configured: readonly Buffer[] | undefined;
  /** How many sealed tokens the store holds: with any, a missing key file is a refusal, never a new key. */
  sealedTokens: number;
  /** The store file, named in the refusal. */
  databaseFile: string;
  warn: (message: string) => void;
}

export async function loadKeyRing(options: LoadKeyRingOptions): Promise<KeyRing> {
  if (options.configured && options.configured.length > 0) return { keys: options.configured, source: { kind: 'environment' } };
  const file = keyFilePath(options.dataDir);
  const keys = await readKeyFile(file);
  if (keys) return { keys, source: { kind: 'file', file, generated: false } };
  if (options.sealedTokens > 0) {
    throw new KeyRingError(
      `The key file ${file} is missing but ${options.databaseFile} holds ${options.sealedTokens} sealed help-desk ` +
        'token(s): restore the key file from a backup or set TOKEN_ENCRYPTION_KEY to the key they were sealed with ' +
        '(a new key is never generated over sealed data; `npm run rotate-key -- --forget-unreadable` starts over, and every linked user reconnects).',
    );
  }
  const key = generateKey();
  // Exclusive: if another process created the file meanwhile, fail rather than overwrite its key.
  await writeKeyFile(file, [key], { exclusive: true });
  options.warn(
    `TOKEN_ENCRYPTION_KEY is not set: generated one into ${file} (mode 0600). ` +
      'Set TOKEN_ENCRYPTION_KEY in production and keep it out of backups of the data directory.',
  );
  return { keys: [key], source: { kind: 'file', file, generated: true } };
}
