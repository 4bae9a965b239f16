/**
 * The token encryption key: from TOKEN_ENCRYPTION_KEY, or generated once into the data directory
 * (mode 0600) so a first run works without setup. Losing the key file means every user reconnects.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeKey } from '../config.js';

export const KEY_FILE_NAME = 'token-encryption.key';

export async function loadOrCreateKey(
  dataDir: string,
  configured: Buffer | undefined,
  warn: (message: string) => void,
): Promise<Buffer> {
  if (configured) return configured;
  const file = join(dataDir, KEY_FILE_NAME);
  try {
    const key = decodeKey(await readFile(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key; fix or delete it (users will have to reconnect).`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  warn(
    `TOKEN_ENCRYPTION_KEY is not set: generated one into ${file} (mode 0600). ` +
      'Set TOKEN_ENCRYPTION_KEY in production and keep it out of backups of the data directory.',
  );
  return key;
}
