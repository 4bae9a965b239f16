/**
 * What the lock-out guard must not forget when the process restarts: the sign-in failures inside its
 * window (and the unverified calls that were in flight, whose outcome it never learnt), the
 * credentials the help desk refused or accepted, and a suspected IP block. Without it a crash loop
 * starts every time with a clean slate and can spend the help desk's 3 failures many times over.
 *
 * The port is two small async calls so that any store can hold it: the embedded lowdb file today,
 * a PostgreSQL row when instances share state. Credentials and people appear only as keyed
 * fingerprints (HMAC, see AuthGuardOptions.fingerprintKey), never as tokens or ids.
 */
import * as z from 'zod';

export interface GuardMemory {
  /**
   * What `save` stored last, or undefined when nothing was saved yet. Typed `unknown` on purpose:
   * the guard validates it (a hand-edited or older file must not be trusted).
   */
  load(): Promise<unknown>;
  /** Replaces the stored snapshot. The guard never overlaps two calls: it waits for one before the next. */
  save(snapshot: GuardSnapshot): Promise<void>;
}

/** base64url of a truncated HMAC-SHA256 (128 bits). */
const fingerprint = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'expected a credential fingerprint');
const epochMs = z.number().int().nonnegative();

export const guardSnapshotSchema = z.object({
  version: z.literal(1),
  /**
   * Sign-in failures still inside the failure window, oldest first. `pending`: an unverified call
   * that was in flight when this was saved; its outcome is unknown, so it counts as a failure.
   * Credential and presenter are missing on failures recorded without them (a cautious start).
   */
  failures: z
    .array(z.object({ at: epochMs, credential: fingerprint.optional(), presenter: fingerprint.optional(), pending: z.literal(true).optional() }))
    .max(1_000),
  /** Refused credentials, oldest first: never sent again. */
  rejected: z.array(fingerprint).max(10_000),
  /** Credentials the help desk accepted, oldest first: sent even while unverified ones are paused. */
  verified: z.array(fingerprint).max(10_000),
  /** End of a suspected IP block's pause, if one was running. */
  blockedUntil: epochMs.nullable(),
});

export type GuardSnapshot = z.infer<typeof guardSnapshotSchema>;
