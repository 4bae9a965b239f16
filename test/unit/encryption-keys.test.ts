/**
 * The token keys at start and in rotation: a key that opens none of the sealed tokens is a refusal that
 * names the cause; a key is never generated over sealed data; old keys re-seal under the new one; an
 * unreadable link is its own state and a reconnect never seals over it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoredLinkUnreadableError } from '../../src/store/account-store.js';
import { TokenCipher } from '../../src/store/crypto.js';
import { KEY_FILE_NAME, KeyRingError, loadKeyRing, readKeyFile, writeKeyFile } from '../../src/store/encryption-key.js';
import { DATABASE_FILE_NAME, openStores } from '../../src/store/index.js';
import { censusOf, openDatabaseWithKeys } from '../../src/store/key-check.js';
import { rotateKeys } from '../../src/store/rotate-keys.js';

const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' as const };

let dataDir: string;
const keyFile = () => join(dataDir, KEY_FILE_NAME);
const databaseFile = () => join(dataDir, DATABASE_FILE_NAME);
const quiet = { warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'talep-keys-'));
  quiet.warn.mockReset();
  quiet.info.mockReset();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A store with `count` linked users, sealed with `key`. */
async function sealed(key: Buffer, count = 4): Promise<void> {
  const stores = await openStores(dataDir, key);
  for (let n = 1; n <= count; n++) await stores.accounts.link('T1', `U${n}`, `token-${n}`, identity);
}

const start = (configured?: Buffer[]) => openDatabaseWithKeys({ dataDir, configured, ...quiet });

describe('start-up', () => {
  it('generates a key file on a first run (with a warning) and reuses it afterwards', async () => {
    const first = await start();
    expect(first.ring.source).toEqual({ kind: 'file', file: keyFile(), generated: true });
    expect(quiet.warn).toHaveBeenCalledOnce();
    const second = await start();
    expect(second.ring.keys[0]?.equals(first.ring.keys[0] as Buffer)).toBe(true);
    expect(second.ring.source).toMatchObject({ generated: false });
  });

  it('refuses to start when the key file is missing but sealed tokens exist, and generates nothing', async () => {
    const key = randomBytes(32);
    await writeKeyFile(keyFile(), [key]);
    await sealed(key);
    await unlink(keyFile());
    const refusal = await start().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(KeyRingError);
    expect((refusal as Error).message).toMatch(/key file .*token-encryption\.key is missing but .*talep-bot\.json holds 4 sealed/);
    expect(await readKeyFile(keyFile())).toBeUndefined();
  });

  it('refuses a wrong TOKEN_ENCRYPTION_KEY, naming it', async () => {
    await sealed(randomBytes(32));
    await expect(start([randomBytes(32)])).rejects.toThrow(/^TOKEN_ENCRYPTION_KEY opens none of the 4 help-desk token\(s\).*wrong TOKEN_ENCRYPTION_KEY/);
  });

  it('refuses a changed key file, naming it', async () => {
    await writeKeyFile(keyFile(), [randomBytes(32)]);
    await sealed(randomBytes(32));
    await expect(start()).rejects.toThrow(/^The key file .* opens none of the 4 .*the key file was changed or replaced/);
  });

  it('names the key file when TOKEN_ENCRYPTION_KEY is new but the tokens were sealed with the generated key file', async () => {
    const fileKey = randomBytes(32);
    await writeKeyFile(keyFile(), [fileKey]);
    await sealed(fileKey);
    await expect(start([randomBytes(32)])).rejects.toThrow(/but the key file .* opens them: list its key after the new one/);
  });

  it('starts when some tokens open, warning about the unreadable ones, which stay untouched', async () => {
    const key = randomBytes(32);
    await sealed(key, 2);
    const stray = new TokenCipher(randomBytes(32)).encrypt('stray', 'T1:U9');
    const file = JSON.parse(await readFile(databaseFile(), 'utf8'));
    file.accounts['T1:U9'] = { ...file.accounts['T1:U1'], sealedToken: stray };
    await writeFile(databaseFile(), JSON.stringify(file));
    const opened = await start([key]);
    expect(opened.census).toEqual({ total: 3, current: 2, older: 0, unreadable: 1 });
    expect(quiet.warn).toHaveBeenCalledWith(expect.stringMatching(/1 of 3 stored help-desk token\(s\) open with no configured key/));
    expect(opened.db.data.accounts['T1:U9']?.sealedToken).toBe(stray);
  });

  it('re-seals tokens of an old key under the new one (TOKEN_ENCRYPTION_KEY=NEW,OLD); afterwards NEW alone opens them', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    await sealed(oldKey, 3);
    const opened = await start([newKey, oldKey]);
    expect(opened.census).toMatchObject({ total: 3, older: 3, current: 0 });
    expect(quiet.info).toHaveBeenCalledWith(expect.stringMatching(/re-encrypted 3 stored help-desk token/));
    const reopened = await start([newKey]);
    expect(reopened.census).toEqual({ total: 3, current: 3, older: 0, unreadable: 0 });
    const stores = await openStores(reopened.db, [newKey]);
    expect((await stores.accounts.get('T1', 'U2'))?.credential).toEqual({ kind: 'bearer', token: 'token-2' });
  });

  it('reads a key file listing a new key and an old one', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    await sealed(oldKey, 2);
    await writeKeyFile(keyFile(), [newKey, oldKey]);
    const opened = await start();
    expect(opened.census.older).toBe(2);
    expect(censusOf(opened.db, [newKey]).current).toBe(2);
  });

  it('refuses a damaged key file', async () => {
    await writeFile(keyFile(), 'not a key\n');
    await expect(loadKeyRing({ dataDir, configured: undefined, sealedTokens: 0, databaseFile: 'db', warn: vi.fn() })).rejects.toThrow(
      /does not hold 32-byte keys/,
    );
  });
});

describe('an unreadable link (key changed)', () => {
  it('is its own state, and a reconnect is refused instead of sealing over it; the right key opens it again', async () => {
    const rightKey = randomBytes(32);
    await sealed(rightKey, 1);
    const wrong = await openStores(dataDir, randomBytes(32));
    expect(await wrong.accounts.lookup('T1', 'U1')).toMatchObject({ state: 'unreadable', identity: { username: 'ayse' } });
    const refused = await wrong.accounts.link('T1', 'U1', 'new-token', identity).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoredLinkUnreadableError);
    expect((refused as StoredLinkUnreadableError).userMessage).toMatch(/stored link unreadable/);
    // Other users still link normally.
    await wrong.accounts.link('T1', 'U2', 'other', identity);

    const right = await openStores(dataDir, rightKey);
    expect((await right.accounts.get('T1', 'U1'))?.credential).toEqual({ kind: 'bearer', token: 'token-1' });
  });

  it('can be dropped deliberately by disconnecting', async () => {
    await sealed(randomBytes(32), 1);
    const wrong = await openStores(dataDir, randomBytes(32));
    expect(await wrong.accounts.unlink('T1', 'U1')).toBe(true);
    await wrong.accounts.link('T1', 'U1', 'fresh', identity);
    expect((await wrong.accounts.get('T1', 'U1'))?.credential).toEqual({ kind: 'bearer', token: 'fresh' });
  });
});

describe('rotate-key', () => {
  it('--generate puts a new key first, keeps the old one listed and re-seals every token', async () => {
    const oldKey = randomBytes(32);
    await writeKeyFile(keyFile(), [oldKey]);
    await sealed(oldKey, 3);
    const report = await rotateKeys({ dataDir, configured: undefined, generate: true });
    expect(report).toMatchObject({ source: 'key file', generated: true, total: 3, resealed: 3, droppedKeys: 0 });
    const keys = (await readKeyFile(keyFile())) ?? [];
    expect(keys).toHaveLength(2);
    expect(keys[1]?.equals(oldKey)).toBe(true);
    const opened = await start();
    expect(censusOf(opened.db, [keys[0] as Buffer]).current).toBe(3);
  });

  it('--drop-old-keys keeps only the current key once every token is under it', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    await sealed(oldKey, 2);
    await writeKeyFile(keyFile(), [newKey, oldKey]);
    const report = await rotateKeys({ dataDir, configured: undefined, dropOldKeys: true });
    expect(report).toMatchObject({ resealed: 2, droppedKeys: 1 });
    expect((await readKeyFile(keyFile()))?.map((key) => key.toString('hex'))).toEqual([newKey.toString('hex')]);
    expect((await start()).census).toMatchObject({ total: 2, current: 2 });
  });

  it('with TOKEN_ENCRYPTION_KEY re-seals under its first key, and refuses to write a key file', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    await sealed(oldKey, 2);
    await expect(rotateKeys({ dataDir, configured: [newKey, oldKey], generate: true })).rejects.toThrow(/change the variable instead/);
    expect(await rotateKeys({ dataDir, configured: [newKey, oldKey] })).toMatchObject({ source: 'environment', resealed: 2 });
    expect((await start([newKey])).census.current).toBe(2);
  });

  it('refuses when the key file is lost, unless told to forget the unreadable links and start over', async () => {
    await sealed(randomBytes(32), 2);
    await expect(rotateKeys({ dataDir, configured: undefined })).rejects.toThrow(/is missing .*--forget-unreadable/);
    const report = await rotateKeys({ dataDir, configured: undefined, forgetUnreadable: true });
    expect(report).toMatchObject({ generated: true, forgotten: 2, total: 0 });
    const opened = await start();
    expect(opened.census.total).toBe(0);
    expect(opened.ring.source).toMatchObject({ kind: 'file', generated: false });
  });
});
