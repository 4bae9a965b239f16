/**
 * AES-256-GCM for help-desk tokens at rest. Each ciphertext is bound (as additional authenticated data)
 * to the Slack team and user it belongs to, so a row copied onto another user fails to decrypt.
 *
 * A cipher holds a key ring: the current key (first) seals, and every listed key may open, so tokens
 * sealed before a key rotation stay readable until they are re-sealed under the current key. GCM's tag
 * tells which key opens a ciphertext, so the format needs no key id.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** Which key of the ring opened a token: 0 is the current key, higher is an older one. */
export interface Opened {
  plaintext: string;
  keyIndex: number;
}

export class TokenCipher {
  readonly #keys: readonly Buffer[];

  /** `keys`: the current key first, then older keys that may still open stored tokens. */
  constructor(keys: Buffer | readonly Buffer[]) {
    const list = Buffer.isBuffer(keys) ? [keys] : [...keys];
    if (list.length === 0) throw new Error('A token cipher needs at least one key.');
    for (const key of list) if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes.');
    this.#keys = list.map((key) => Buffer.from(key));
  }

  /** Seals under the current key. */
  encrypt(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#keys[0] as Buffer, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The plaintext and which key opened it; undefined when no key of the ring does (or the data was tampered with). */
  open(sealed: string, boundTo: string): Opened | undefined {
    for (const [keyIndex, key] of this.#keys.entries()) {
      const plaintext = openWith(key, sealed, boundTo);
      if (plaintext !== undefined) return { plaintext, keyIndex };
    }
    return undefined;
  }

  /** Throws when the data was tampered with, bound to someone else, or encrypted with a key not in the ring. */
  decrypt(sealed: string, boundTo: string): string {
    const opened = this.open(sealed, boundTo);
    if (!opened) throw new Error('The token cannot be decrypted with any configured key.');
    return opened.plaintext;
  }
}

function openWith(key: Buffer, sealed: string, boundTo: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
