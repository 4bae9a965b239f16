/**
 * Proves at start (and in `npm run rotate-key`) that the key ring opens the sealed tokens, and re-seals
 * the ones an older key opened under the current key. If sealed tokens exist and no key opens any of
 * them, the keys are wrong: the start is refused with one sentence naming the likely cause, because
 * starting would make every linked user look unlinked and a reconnect would seal under the wrong key.
 */
import { TokenCipher } from './crypto.js';
import { type Database, openDatabase } from './database.js';
import { type KeyRing, KeyRingError, keyFilePath, loadKeyRing, readKeyFile } from './encryption-key.js';
import { databaseFilePath } from './index.js';

export interface SealedTokenCensus {
  total: number;
  /** Open with the current key. */
  current: number;
  /** Open only with an older key (re-sealed by `resealUnderCurrentKey`). */
  older: number;
  /** Open with no key of the ring: shown to their users as "stored link unreadable (key changed)". */
  unreadable: number;
}

export function censusOf(db: Database, keys: readonly Buffer[]): SealedTokenCensus {
  const cipher = new TokenCipher(keys);
  const census: SealedTokenCensus = { total: 0, current: 0, older: 0, unreadable: 0 };
  for (const [owner, link] of Object.entries(db.data.accounts)) {
    census.total += 1;
    const opened = cipher.open(link.sealedToken, owner);
    if (!opened) census.unreadable += 1;
    else if (opened.keyIndex === 0) census.current += 1;
    else census.older += 1;
  }
  return census;
}

/** Re-seals every token an older key opens under the current key, in one write; answers how many. */
export async function resealUnderCurrentKey(db: Database, keys: readonly Buffer[]): Promise<number> {
  const cipher = new TokenCipher(keys);
  let resealed = 0;
  await db.update((data) => {
    for (const [owner, link] of Object.entries(data.accounts)) {
      const opened = cipher.open(link.sealedToken, owner);
      if (opened && opened.keyIndex > 0) {
        link.sealedToken = cipher.encrypt(opened.plaintext, owner);
        resealed += 1;
      }
    }
  });
  return resealed;
}

export interface KeyCheckOptions {
  /** The store file, named in the refusal. */
  databaseFile: string;
  /** With TOKEN_ENCRYPTION_KEY set: the key file of the data directory, tried only to name the cause. */
  keyFile?: string;
}

/**
 * Refuses (KeyRingError) when sealed tokens exist and none opens; otherwise re-seals tokens of older
 * keys and answers the census as it was before re-sealing.
 */
export async function checkKeysAgainstStore(db: Database, ring: KeyRing, options: KeyCheckOptions): Promise<SealedTokenCensus> {
  const census = censusOf(db, ring.keys);
  if (census.total > 0 && census.unreadable === census.total) {
    throw new KeyRingError(await refusal(db, ring, census, options));
  }
  if (census.older > 0) await resealUnderCurrentKey(db, ring.keys);
  return census;
}

async function refusal(db: Database, ring: KeyRing, census: SealedTokenCensus, options: KeyCheckOptions): Promise<string> {
  const none = `opens none of the ${census.total} help-desk token(s) sealed in ${options.databaseFile}`;
  if (ring.source.kind === 'file') {
    return (
      `The key file ${ring.source.file} ${none}: the key file was changed or replaced since they were sealed; ` +
      'restore the previous key file from a backup (or set TOKEN_ENCRYPTION_KEY to the key they were sealed with).'
    );
  }
  const fileKeys = options.keyFile ? await readKeyFile(options.keyFile).catch(() => undefined) : undefined;
  if (fileKeys && censusOf(db, fileKeys).unreadable < census.total) {
    return (
      `TOKEN_ENCRYPTION_KEY ${none}, but the key file ${options.keyFile} opens them: ` +
      'list its key after the new one (TOKEN_ENCRYPTION_KEY=NEW,OLD) to re-encrypt them, or unset TOKEN_ENCRYPTION_KEY.'
    );
  }
  return (
    `TOKEN_ENCRYPTION_KEY ${none}: it is not the key they were sealed with (a wrong TOKEN_ENCRYPTION_KEY); ` +
    'set the key they were sealed with, listing a new key first if you are rotating (TOKEN_ENCRYPTION_KEY=NEW,OLD).'
  );
}

export interface OpenedWithKeys {
  db: Database;
  ring: KeyRing;
  /** The tokens as found, before tokens of older keys were re-sealed. */
  census: SealedTokenCensus;
}

/**
 * The start-up sequence for the embedded store: open it, load the key ring (never generating a key
 * over sealed tokens), prove the keys open the tokens, re-seal tokens of older keys.
 */
export async function openDatabaseWithKeys(options: {
  dataDir: string;
  configured: readonly Buffer[] | undefined;
  warn: (message: string) => void;
  info: (message: string) => void;
}): Promise<OpenedWithKeys> {
  const databaseFile = databaseFilePath(options.dataDir);
  const db = await openDatabase(databaseFile);
  const ring = await loadKeyRing({
    dataDir: options.dataDir,
    configured: options.configured,
    sealedTokens: Object.keys(db.data.accounts).length,
    databaseFile,
    warn: options.warn,
  });
  const census = await checkKeysAgainstStore(db, ring, { databaseFile, keyFile: keyFilePath(options.dataDir) });
  if (census.older > 0) options.info(`re-encrypted ${census.older} stored help-desk token(s) under the current key`);
  if (census.unreadable > 0) {
    options.warn(
      `${census.unreadable} of ${census.total} stored help-desk token(s) open with no configured key (stored link unreadable, key changed): ` +
        'those users are asked to have the key restored; restore the previous key to keep their links.',
    );
  }
  return { db, ring, census };
}
