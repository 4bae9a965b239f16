/**
 * The lock-out guard. The help desk blocks the caller's IP for 5 minutes after 3 wrong credentials,
 * and every user of the bot shares that IP: one user pasting a bad token three times would lock
 * everybody out. The guard decides, before each call, whether its credential may be sent.
 *
 * - A credential refused once (401) is never sent again.
 * - A credential that worked once ("verified") is always sent, except during a suspected block.
 * - Unverified credentials share a budget of `maxFailures` per `failureWindowMs`, counting failures
 *   that happened AND unverified calls still in flight (each might fail), so even a burst of concurrent
 *   first calls cannot exceed it.
 * - A verified credential failing right after another failure looks like the block itself, so the
 *   guard pauses everything for `blockMs`, then lets one probe through before the others.
 *
 * The guard only ever sees opaque credential ids (hashes), never secrets.
 */
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { HelpdeskError } from './errors.js';

/**
 * 'auth-failed' = HTTP 401; 'blocked' = the server said the IP is blocked; 'other' = any other status,
 * network error or cancel: it says nothing about the credential.
 */
export type AuthOutcome = 'ok' | 'auth-failed' | 'blocked' | 'other';

export interface AuthGuardOptions {
  /** Auth failures allowed to reach the server per window. Default 2 (the server blocks at 3). */
  maxFailures?: number;
  /** Default 10 minutes. */
  failureWindowMs?: number;
  /** How long a suspected IP block lasts. Default 5 minutes (the spec's block). */
  blockMs?: number;
  clock?: Clock;
}

export interface AdmitOptions {
  signal?: AbortSignal;
  /** Called at most once, when the call has to wait out a suspected IP block, with the remaining time. */
  onQueued?: (ms: number) => void;
}

/** The permission to send one call. Report its outcome exactly once (later reports are ignored). */
/**
 * What the guard concluded from an outcome. The client needs it to tell a refused credential
 * (`rejected`: never send it again) from a suspected IP block (`suspected-block`: everyone waits,
 * the credential is kept), which look the same on the wire (a 401).
 */
export type AuthVerdict = 'verified' | 'rejected' | 'suspected-block' | 'none';

export interface Admission {
  /** Call exactly once per admission; later calls are ignored and answer `none`. */
  report(outcome: AuthOutcome): AuthVerdict;
}

export interface AuthGuardState {
  verified: number;
  rejected: number;
  /** Auth failures inside the rolling window. */
  recentFailures: number;
  unverifiedInFlight: number;
  waiting: number;
  /** End of the suspected-block pause, while one is running or awaiting its probe's outcome. */
  blockedUntil: number | undefined;
  probeInFlight: boolean;
}

interface Waiter {
  readonly credentialId: string;
  readonly onQueued: ((ms: number) => void) | undefined;
  notified: boolean;
  resolve(admission: Admission): void;
  reject(error: HelpdeskError): void;
}

export class AuthGuard {
  readonly #clock: Clock;
  readonly #maxFailures: number;
  readonly #failureWindowMs: number;
  readonly #blockMs: number;
  readonly #verified = new Set<string>();
  readonly #rejected = new Set<string>();
  /** Times of auth failures that reached the server, oldest first. */
  readonly #failures: number[] = [];
  /** Credentials with an unverified call in flight; one each, as a second call waits for the first. */
  readonly #unverifiedInFlight = new Set<string>();
  /** Calls waiting for a decision, in arrival order. */
  readonly #waiters = new Set<Waiter>();
  #block: { until: number; probeInFlight: boolean } | undefined;
  #timer: { handle: unknown; at: number } | undefined;

  constructor(options: AuthGuardOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#maxFailures = options.maxFailures ?? 2;
    this.#failureWindowMs = options.failureWindowMs ?? 10 * 60_000;
    this.#blockMs = options.blockMs ?? 5 * 60_000;
  }

  /**
   * Resolves when a call with this credential may be sent. Rejects at once with `unauthorized`
   * (credential refused before) or `auth-paused` (sign-in budget used up); waits while other
   * unverified calls are in flight or during a suspected block; rejects `cancelled` on abort.
   */
  admit(credentialId: string, options: AdmitOptions = {}): Promise<Admission> {
    const { signal, onQueued } = options;
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    const now = this.#clock.now();
    try {
      const admission = this.#tryAdmit(credentialId, now);
      if (admission) return Promise.resolve(admission);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Admission>((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.#waiters.delete(waiter)) return;
        reject(cancelledError(signal!));
        this.#drain(); // drops the block timer when nobody is left waiting
      };
      const waiter: Waiter = {
        credentialId,
        onQueued,
        notified: false,
        resolve: (admission) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(admission);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      this.#waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#notifyQueued(waiter, now);
      this.#reschedule(now);
    });
  }

  isVerified(credentialId: string): boolean {
    return this.#verified.has(credentialId);
  }

  isRejected(credentialId: string): boolean {
    return this.#rejected.has(credentialId);
  }

  /** How long calls will still be held for a suspected IP block (0 when there is none), on the guard's clock. */
  blockRemainingMs(): number {
    return this.#block ? Math.max(0, this.#block.until - this.#clock.now()) : 0;
  }

  /** Drops what the guard knows about a credential (the user disconnected or replaced it). */
  forget(credentialId: string): void {
    this.#verified.delete(credentialId);
    this.#rejected.delete(credentialId);
    this.#drain();
  }

  state(): AuthGuardState {
    return {
      verified: this.#verified.size,
      rejected: this.#rejected.size,
      recentFailures: this.#recentFailures(this.#clock.now()).length,
      unverifiedInFlight: this.#unverifiedInFlight.size,
      waiting: this.#waiters.size,
      blockedUntil: this.#block?.until,
      probeInFlight: this.#block?.probeInFlight ?? false,
    };
  }

  /** An admission if the call may go now, undefined if it must wait; throws if it must not go at all. */
  #tryAdmit(id: string, now: number): Admission | undefined {
    if (this.#rejected.has(id)) {
      throw new HelpdeskError('unauthorized', 'The help desk refused this credential earlier; it is not sent again.');
    }
    const verified = this.#verified.has(id);
    const block = this.#block;
    if (!verified) {
      // Wait for the outcome of the same credential's call in flight instead of risking a second failure.
      if (this.#unverifiedInFlight.has(id)) return undefined;
      // Fail fast rather than wait: the budget is spent by real failures, not by calls about to settle.
      const failures = this.#recentFailures(now);
      if (failures.length >= this.#maxFailures) {
        const budgetBackAt = failures[failures.length - this.#maxFailures]! + this.#failureWindowMs;
        throw authPausedError(Math.max(budgetBackAt, block?.until ?? -Infinity) - now);
      }
    }
    if (block) {
      if (now < block.until || block.probeInFlight) return undefined;
      // The pause is over and exactly one probe may go. A verified credential is the better probe:
      // its failure means "still blocked", while an unverified one's failure is ambiguous.
      if (verified) return this.#open(id, { probe: true, holdsSlot: false });
      if ([...this.#waiters].some((w) => this.#verified.has(w.credentialId))) return undefined;
    } else if (verified) {
      return this.#open(id, { probe: false, holdsSlot: false });
    }
    // Each unverified call in flight might still fail: wait for them to settle, then decide again.
    if (this.#recentFailures(now).length + this.#unverifiedInFlight.size >= this.#maxFailures) return undefined;
    return this.#open(id, { probe: block !== undefined, holdsSlot: true });
  }

  #open(id: string, how: { probe: boolean; holdsSlot: boolean }): Admission {
    if (how.holdsSlot) this.#unverifiedInFlight.add(id);
    if (how.probe && this.#block) this.#block.probeInFlight = true;
    let reported = false;
    return {
      report: (outcome) => {
        if (reported) return 'none';
        reported = true;
        return this.#settle(id, outcome, how);
      },
    };
  }

  #settle(id: string, outcome: AuthOutcome, how: { probe: boolean; holdsSlot: boolean }): AuthVerdict {
    const now = this.#clock.now();
    if (how.holdsSlot) this.#unverifiedInFlight.delete(id);
    if (how.probe && this.#block) this.#block.probeInFlight = false;

    let verdict: AuthVerdict = 'none';
    if (outcome === 'ok') {
      this.#verified.add(id);
      verdict = 'verified';
      if (how.probe) this.#block = undefined; // the help desk answers again: everybody resumes
    } else if (outcome === 'blocked') {
      this.#startBlock(now); // says nothing about the credential, and it did not count as a wrong one
      verdict = 'suspected-block';
    } else if (outcome === 'auth-failed') {
      const otherRecentFailure = this.#recentFailures(now).length > 0;
      this.#failures.push(now);
      const wasVerified = this.#verified.has(id);
      if (how.probe) {
        // The probe went after a whole block period without failures, so an IP block would have
        // lifted: its credential is the likely culprit. Reject it, and keep the others waiting for
        // another probe in case the block is still there.
        this.#reject(id);
        this.#startBlock(now);
        verdict = 'rejected';
      } else if (wasVerified && otherRecentFailure) {
        // A credential that worked, failing right after another failure, is more likely the IP block
        // than a bad credential: keep it, and pause everyone instead of adding more failures.
        this.#startBlock(now);
        verdict = 'suspected-block';
      } else {
        // Wrong token, or a verified one whose password changed: never send it again.
        this.#reject(id);
        verdict = 'rejected';
      }
    }
    this.#drain();
    return verdict;
  }

  #reject(id: string): void {
    this.#rejected.add(id);
    this.#verified.delete(id);
  }

  #startBlock(now: number): void {
    const until = Math.max(now + this.#blockMs, this.#block?.until ?? -Infinity);
    this.#block = { until, probeInFlight: this.#block?.probeInFlight ?? false };
  }

  /** Decides again for every waiter, in arrival order (each admission changes what the next one sees). */
  #drain(): void {
    const now = this.#clock.now();
    for (const waiter of [...this.#waiters]) {
      if (!this.#waiters.has(waiter)) continue;
      let admission: Admission | undefined;
      try {
        admission = this.#tryAdmit(waiter.credentialId, now);
      } catch (error) {
        this.#waiters.delete(waiter);
        waiter.reject(error as HelpdeskError);
        continue;
      }
      if (admission) {
        this.#waiters.delete(waiter);
        waiter.resolve(admission);
      } else {
        this.#notifyQueued(waiter, now);
      }
    }
    this.#reschedule(now);
  }

  #notifyQueued(waiter: Waiter, now: number): void {
    if (waiter.notified || !this.#block || now >= this.#block.until) return;
    waiter.notified = true;
    waiter.onQueued?.(this.#block.until - now);
  }

  /** A timer only while someone waits for a block pause to end; every other wait ends on a report. */
  #reschedule(now: number): void {
    const wakeAt = this.#block && this.#waiters.size > 0 && now < this.#block.until ? this.#block.until : undefined;
    if (this.#timer?.at === wakeAt) return;
    if (this.#timer) this.#clock.clearTimeout(this.#timer.handle);
    this.#timer = undefined;
    if (wakeAt === undefined) return;
    const handle = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#drain();
    }, wakeAt - now);
    this.#timer = { handle, at: wakeAt };
  }

  /** Failures inside the rolling window, oldest first (older ones are dropped for good). */
  #recentFailures(now: number): readonly number[] {
    while (this.#failures.length > 0 && this.#failures[0]! <= now - this.#failureWindowMs) this.#failures.shift();
    return this.#failures;
  }
}

function authPausedError(retryAfterMs: number): HelpdeskError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HelpdeskError(
    'auth-paused',
    `Sign-in attempts are paused for ${minutes} min after recent failures, so the help desk does not block the bot.`,
    { retryAfterMs },
  );
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The help-desk call was cancelled while waiting to sign in.', {
    cause: signal.reason,
  });
}
