/**
 * The lock-out guard's memory (see `src/api/guard-memory.ts`) in the embedded store: one snapshot
 * under the database's `authGuard` key, replaced on every save. lowdb writes the whole file
 * atomically (steno), so a crash leaves the previous snapshot or the new one, never half of one.
 */
import { hkdfSync } from 'node:crypto';
import type { GuardMemory, GuardSnapshot } from '../api/guard-memory.js';
import type { Database } from './database.js';

export class GuardMemoryStore implements GuardMemory {
  constructor(private readonly db: Database) {}

  async load(): Promise<unknown> {
    return this.db.data.authGuard;
  }

  async save(snapshot: GuardSnapshot): Promise<void> {
    await this.db.update((data) => {
      data.authGuard = snapshot;
    });
  }
}

/**
 * The key of the guard's fingerprints, derived from the token encryption key: stable across restarts
 * with no new secret to manage, and (HKDF with its own label) telling nothing about the token key.
 */
export function guardFingerprintKey(encryptionKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'talep-bot lock-out guard fingerprints', 32));
}
