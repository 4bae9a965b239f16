import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenCipher } from '../../src/store/crypto.js';
import { openDatabase } from '../../src/store/database.js';
import { DATABASE_FILE_NAME, openStores } from '../../src/store/index.js';

const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' as const };

describe('TokenCipher', () => {
  const cipher = new TokenCipher(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = cipher.encrypt('secret-token-123', 'T1:U1');
    expect(sealed).not.toContain('secret-token-123');
    expect(cipher.decrypt(sealed, 'T1:U1')).toBe('secret-token-123');
    expect(cipher.encrypt('secret-token-123', 'T1:U1')).not.toBe(sealed); // fresh IV each time
  });

  it('refuses a ciphertext bound to another user, tampered, or under another key', () => {
    const sealed = cipher.encrypt('secret', 'T1:U1');
    expect(() => cipher.decrypt(sealed, 'T1:U2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'T1:U1')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).decrypt(sealed, 'T1:U1')).toThrow();
  });
});

describe('AccountStore on disk', () => {
  it('persists links with the token encrypted, and forgets on unlink', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-store-'));
    const key = randomBytes(32);
    const stores = await openStores(dir, key);
    await stores.accounts.link('T1', 'U1', 'tok-ABCDEF-123', identity);
    const file = await readFile(join(dir, DATABASE_FILE_NAME), 'utf8');
    expect(file).not.toContain('tok-ABCDEF-123');
    expect(file).toContain('ayse@example.com');

    const reopened = await openStores(dir, key);
    const account = await reopened.accounts.get('T1', 'U1');
    expect(account?.credential).toEqual({ kind: 'bearer', token: 'tok-ABCDEF-123' });
    expect(account?.role).toBe('agent');
    expect(account?.rejected).toBe(false);

    await reopened.accounts.markRejected('T1', 'U1', account?.linkedAt as Date);
    expect((await reopened.accounts.get('T1', 'U1'))?.rejected).toBe(true);
    expect(await reopened.accounts.unlink('T1', 'U1')).toBe(true);
    expect(await reopened.accounts.get('T1', 'U1')).toBeUndefined();
    expect(await reopened.accounts.unlink('T1', 'U1')).toBe(false);
  });

  it('reports a link it cannot decrypt (key changed) as unreadable, not as unlinked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-store-'));
    await (await openStores(dir, randomBytes(32))).accounts.link('T1', 'U1', 'tok', identity);
    const other = await openStores(dir, randomBytes(32));
    expect(await other.accounts.get('T1', 'U1')).toBeUndefined();
    expect(await other.accounts.lookup('T1', 'U1')).toMatchObject({ state: 'unreadable', identity: { username: 'ayse' } });
    expect(await other.accounts.lookup('T1', 'U2')).toEqual({ state: 'unlinked' });
  });

  it('rejects a corrupt data file with a clear message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-store-'));
    await writeFile(join(dir, DATABASE_FILE_NAME), JSON.stringify({ version: 1, accounts: { x: { role: 'king' } } }));
    await expect(openDatabase(join(dir, DATABASE_FILE_NAME))).rejects.toThrow(/is not valid \(accounts\.x/);
  });
});

describe('other stores', () => {
  it('remembers which message opened which talep, per team and channel', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.messageTaleps.set('T1', 'C1', '1.2', 42, 'U1');
    expect((await stores.messageTaleps.get('T1', 'C1', '1.2'))?.talepId).toBe(42);
    expect(await stores.messageTaleps.get('T1', 'C2', '1.2')).toBeUndefined();
    await stores.messageTaleps.forget('T1', 'C1', '1.2');
    expect(await stores.messageTaleps.get('T1', 'C1', '1.2')).toBeUndefined();
  });

  it('expires directory entries after a day', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.directory.set('T1', 'U9', { helpdeskUserId: 3, username: 'x', email: 'x@example.com' });
    expect((await stores.directory.get('T1', 'U9'))?.helpdeskUserId).toBe(3);
    expect(await stores.directory.get('T1', 'U9', Date.now() + 25 * 60 * 60_000)).toBeUndefined();
  });
});
