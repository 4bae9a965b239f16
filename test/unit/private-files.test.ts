/** Every file holding tokens, secrets or user data is 0600 inside a 0700 directory, also when it existed looser. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { KEY_FILE_NAME, loadKeyRing } from '../../src/store/encryption-key.js';
import { DATABASE_FILE_NAME, openStores } from '../../src/store/index.js';
import { PrivateJsonFile, writePrivateFile } from '../../src/store/private-files.js';

const mode = async (path: string) => (await stat(path)).mode & 0o777;
const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' as const };

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'talep-modes-'));
  dataDir = join(root, 'data');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the bot's store", () => {
  it('creates talep-bot.json 0600 in a 0700 directory, and keeps it 0600 across writes', async () => {
    const stores = await openStores(dataDir, randomBytes(32));
    await stores.accounts.link('T1', 'U1', 'tok', identity);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(join(dataDir, DATABASE_FILE_NAME))).toBe(0o600);
    await stores.accounts.link('T1', 'U2', 'tok2', identity);
    expect(await mode(join(dataDir, DATABASE_FILE_NAME))).toBe(0o600);
  });

  it('tightens a data directory and store file an older version left 0755 / 0644', async () => {
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const file = join(dataDir, DATABASE_FILE_NAME);
    await writeFile(file, JSON.stringify({ version: 1, accounts: {}, directory: {}, messageTaleps: {}, rules: {} }), { mode: 0o644 });
    await chmod(file, 0o644);
    // A leftover temp file of the old writer must not make the next write loose either.
    await writeFile(join(dataDir, `.${DATABASE_FILE_NAME}.tmp`), '{}', { mode: 0o644 });
    const stores = await openStores(dataDir, randomBytes(32));
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(file)).toBe(0o600);
    await stores.rules.add('T1', 1, 'U1');
    expect(await mode(file)).toBe(0o600);
  });
});

describe('the key file', () => {
  it('is generated 0600 in a 0700 directory, and an existing loose one is tightened on read', async () => {
    const options = { dataDir, configured: undefined, sealedTokens: 0, databaseFile: 'db', warn: () => undefined };
    await loadKeyRing(options);
    const file = join(dataDir, KEY_FILE_NAME);
    expect(await mode(file)).toBe(0o600);
    expect(await mode(dataDir)).toBe(0o700);
    await chmod(file, 0o644);
    await loadKeyRing(options);
    expect(await mode(file)).toBe(0o600);
  });
});

describe("the embedded sandbox's files", () => {
  it('writes sandbox.json and sandbox-settings.json (the SharedSecret) 0600, and tightens existing ones', async () => {
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const settingsFile = join(dataDir, 'sandbox-settings.json');
    await writeFile(settingsFile, JSON.stringify({ DisableRateLimit: true }), { mode: 0o644 });
    await chmod(settingsFile, 0o644);
    const sandbox = await startSandbox({ port: 0, dataFile: join(dataDir, 'sandbox.json'), settingsFile });
    try {
      expect(await mode(dataDir)).toBe(0o700);
      expect(await mode(settingsFile)).toBe(0o600);
      expect(await mode(join(dataDir, 'sandbox.json'))).toBe(0o600);
      expect(JSON.parse(await readFile(settingsFile, 'utf8'))).toMatchObject({ DisableRateLimit: true, SharedSecret: expect.any(String) });
      await sandbox.updateSettings({ AllowSecondaryAssignee: true });
      expect(await mode(settingsFile)).toBe(0o600);
    } finally {
      await sandbox.close();
    }
  });
});

describe('PrivateJsonFile', () => {
  it('serialises overlapping writes and ends with the newest data', async () => {
    const file = join(dataDir, 'x.json');
    const adapter = new PrivateJsonFile<{ n: number }>(file);
    await Promise.all(Array.from({ length: 20 }, (_, n) => adapter.write({ n })));
    expect(await adapter.read()).toEqual({ n: 19 });
    expect(await mode(file)).toBe(0o600);
  });

  it('an exclusive write never replaces an existing file', async () => {
    const file = join(dataDir, 'once');
    await writePrivateFile(file, 'first', { exclusive: true });
    await expect(writePrivateFile(file, 'second', { exclusive: true })).rejects.toThrow(/EEXIST/);
    expect(await readFile(file, 'utf8')).toBe('first');
  });
});
