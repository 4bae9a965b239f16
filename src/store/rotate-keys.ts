/**
 * Offline key rotation (`npm run rotate-key`), for a stopped bot: re-seal every stored help-desk token
 * under the current key, and optionally
 * - `generate`: put a new key first in the key file, keeping the old ones listed (written before any
 *   token is re-sealed, so an interruption at any point leaves every token readable);
 * - `dropOldKeys`: once every readable token is under the current key, list only the current key;
 * - `forgetUnreadable`: delete the links no listed key opens (their users reconnect) — the deliberate
 *   way to start over after a key is lost for good.
 */
import { type Database, openDatabase } from './database.js';
import { generateKey, type KeyRing, KeyRingError, keyFilePath, readKeyFile, writeKeyFile } from './encryption-key.js';
import { TokenCipher } from './crypto.js';
import { databaseFilePath } from './index.js';
import { censusOf, checkKeysAgainstStore } from './key-check.js';

export interface RotateKeysOptions {
  dataDir: string;
  /** TOKEN_ENCRYPTION_KEY's keys, when set (then the key file is not used). */
  configured: readonly Buffer[] | undefined;
  generate?: boolean;
  dropOldKeys?: boolean;
  forgetUnreadable?: boolean;
}

export interface RotateKeysReport {
  source: 'environment' | 'key file';
  keyFile: string | undefined;
  /** A new current key was written to the key file. */
  generated: boolean;
  total: number;
  resealed: number;
  /** Links deleted because no key opened them. */
  forgotten: number;
  /** Links still unreadable (kept). */
  unreadable: number;
  /** Older keys removed from the key file. */
  droppedKeys: number;
}

export async function rotateKeys(options: RotateKeysOptions): Promise<RotateKeysReport> {
  const databaseFile = databaseFilePath(options.dataDir);
  const db = await openDatabase(databaseFile);
  const keyFile = keyFilePath(options.dataDir);
  const fromEnvironment = options.configured !== undefined && options.configured.length > 0;
  if (fromEnvironment && (options.generate || options.dropOldKeys)) {
    throw new KeyRingError(
      'TOKEN_ENCRYPTION_KEY is set, so the key file is not used: change the variable instead ' +
        '(a new key first, e.g. from `openssl rand -hex 32`: TOKEN_ENCRYPTION_KEY=NEW,OLD; drop OLD once rotate-key re-encrypted everything).',
    );
  }

  let generated = false;
  let keys: readonly Buffer[];
  if (fromEnvironment) {
    keys = options.configured as readonly Buffer[];
  } else {
    const listed = await readKeyFile(keyFile);
    if (!listed && Object.keys(db.data.accounts).length > 0 && !options.forgetUnreadable) {
      throw new KeyRingError(
        `The key file ${keyFile} is missing but ${databaseFile} holds sealed help-desk tokens: restore the key file, ` +
          'or run with --forget-unreadable to delete those links and start over with a new key (every linked user reconnects).',
      );
    }
    keys = listed ?? [];
    if (options.generate || keys.length === 0) {
      keys = [generateKey(), ...keys];
      await writeKeyFile(keyFile, keys);
      generated = true;
    }
  }
  const ring: KeyRing = { keys, source: fromEnvironment ? { kind: 'environment' } : { kind: 'file', file: keyFile, generated } };

  const forgotten = options.forgetUnreadable ? await forgetUnreadable(db, keys) : 0;
  const before = censusOf(db, keys);
  await checkKeysAgainstStore(db, ring, { databaseFile, keyFile: fromEnvironment ? keyFile : undefined });

  let droppedKeys = 0;
  if (options.dropOldKeys && keys.length > 1) {
    const after = censusOf(db, keys);
    if (after.older > 0) throw new KeyRingError(`${after.older} token(s) still need an older key; nothing was dropped.`);
    await writeKeyFile(keyFile, [keys[0] as Buffer]);
    droppedKeys = keys.length - 1;
  }
  return {
    source: fromEnvironment ? 'environment' : 'key file',
    keyFile: fromEnvironment ? undefined : keyFile,
    generated,
    total: before.total,
    resealed: before.older,
    forgotten,
    unreadable: before.unreadable,
    droppedKeys,
  };
}

async function forgetUnreadable(db: Database, keys: readonly Buffer[]): Promise<number> {
  if (keys.length === 0) return 0;
  const cipher = new TokenCipher(keys);
  let forgotten = 0;
  await db.update((data) => {
    for (const [owner, link] of Object.entries(data.accounts)) {
      if (!cipher.open(link.sealedToken, owner)) {
        delete data.accounts[owner];
        forgotten += 1;
      }
    }
  });
  return forgotten;
}
