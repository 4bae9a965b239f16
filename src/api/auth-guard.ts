/**
 * The lock-out guard. The help desk blocks the caller's IP for 5 minutes after 3 wrong credentials,
 * and every user of the bot shares that IP: one user pasting a bad token three times would lock
 * everybody out. The guard decides, before each call, whether its credential may be sent.
 *
 * - A credential refused once (401) is never sent again.
 * - A credential that worked once ("verified") is always sent, except during a suspected block. It
 *   may stop working at any moment (its person changed their password), and every call of it already
 *   sent then fails and counts: so background work (feeds, thread sync: nobody waits for it, and it
 *   is what sends many calls of one credential at once) never adds a call of a credential that has as
 *   many on the wire as the failure budget has room for (normally 2). Held for that
 *   (`Admission.toWire`), it learns before it is sent whether the others were refused. A person's
 *   own calls are counted but not held: their answer would wait a round trip.
 * - Unverified credentials share a budget of `maxFailures` per `failureWindowMs`, counting failures
 *   that happened AND unverified calls still in flight (each might fail), so even a burst of concurrent
 *   first calls cannot exceed it.
 * - Newcomer allowance: `newcomerReserve` of those failure slots (default 1 of 2) are kept for the
 *   first attempt of a new linker — a call marked `newCredential` (a token just pasted, not one read
 *   from storage), presented by someone with no failure in the window and no other such attempt in
 *   flight, with a credential that has not failed in the window. Every other unverified call (a
 *   repeat, a stored credential gone bad, the same person pasting again) may only use the rest.
 *   So a storm of bad tokens pauses other unverified calls after one failure but leaves one try for a
 *   newcomer, and the total still never passes `maxFailures`: the third failure inside the help
 *   desk's window is never risked. (Distinct new people each pasting garbage do use the reserve:
 *   nothing tells their first attempt from a good one.)
 * - A verified credential failing right after another failure looks like the block itself, so the
 *   guard pauses everything for `blockMs`, then lets one probe through before the others.
 * - With a `memory`, all of this survives a restart: the state is restored before the first call and
 *   saved on every change; an unverified call is saved as in flight before it is sent (it counts as a
 *   failure if the process dies before its outcome is known), so a crash loop cannot add failures.
 *
 * - With `shared` sign-ins (instances behind one IP, ./shared-sign-ins.ts) every unverified call must
 *   also hold one of the shared failure slots, so N instances together still risk at most
 *   `maxFailures`; a credential refused, or a block suspected, by one instance holds on all of them.
 *   (Each instance still sends its own probe after a block, and judges a verified credential's failure
 *   by the failures it saw itself.)
 *
 * The guard only ever sees opaque credential ids (hashes), never secrets, and keys what it keeps by
 * an HMAC of them, so what it saves names neither credentials nor people.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { HelpdeskError } from './errors.js';
import { machinery } from '../machinery.js';
import { type GuardMemory, type GuardSnapshot, guardSnapshotSchema } from './guard-memory.js';
import type { SharedSignIns, SignInSlot } from './shared-sign-ins.js';

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
  /** Failure slots kept for newcomers' first attempts (see the header). Default 1 (0 when maxFailures is 1). */
  newcomerReserve?: number;
  /** Where the state survives restarts. Needs `fingerprintKey`. */
  memory?: GuardMemory;
  /**
   * Key of the HMAC that turns credential ids and presenters into what the guard keeps. Must stay the
   * same across restarts when there is a `memory`; without one a random key is used.
   */
  fingerprintKey?: Uint8Array;
  /** A load or save of the memory failed (the guard keeps working; a failed load starts cautious). */
  onMemoryError?: (error: unknown) => void;
  /** Refused and verified credentials kept, each (oldest are dropped). Default 2,000. */
  maxRemembered?: number;
  clock?: Clock;
  /** The sign-in budget shared with other instances behind the same IP (see the header). */
  shared?: SharedSignIns;
  /** A question to the shared sign-ins failed (the call fails as `unavailable`; nothing is risked). */
  onSharedError?: (error: unknown) => void;
}

export interface AdmitOptions {
  signal?: AbortSignal;
  /** Called at most once, when the call has to wait out a suspected IP block, with the remaining time. */
  onQueued?: (ms: number) => void;
  /** Who presents the credential (e.g. `team:user`); defaults to the credential itself. */
  presenter?: string;
  /** The credential was just presented (a pasted token), not read from storage: it may use the newcomer allowance. */
  newCredential?: boolean;
  /**
   * The caller's own store says this credential was accepted before (a linked account, checked when it
   * was linked): it counts as verified unless the guard saw it refused. Safe for the lock-out: a verified
   * credential's failure is either its one rejection or, right after another failure, a suspected block.
   */
  knownGood?: boolean;
}

/** The permission to send one call. Report its outcome exactly once (later reports are ignored). */
/**
 * What the guard concluded from an outcome. The client needs it to tell a refused credential
 * (`rejected`: never send it again) from a suspected IP block (`suspected-block`: everyone waits,
 * the credential is kept), which look the same on the wire (a 401).
 */
export type AuthVerdict = 'verified' | 'rejected' | 'suspected-block' | 'none';

export interface Admission {
  /**
   * Resolves when the call may go on the wire, right before it is sent (after its wait for the rate
   * budget): at once, except for a verified credential whose calls already on the wire use the room
   * the failure budget has and `waits` (default true; a person's call passes `false`: it is counted
   * and goes). Rejects `unauthorized` when the credential was refused meanwhile (nothing is sent),
   * `cancelled` on abort. Optional: a call sent without it is simply not counted.
   */
  toWire(signal?: AbortSignal, waits?: boolean): Promise<void>;
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
  readonly call: CallIdentity;
  readonly onQueued: ((ms: number) => void) | undefined;
  notified: boolean;
  resolve(admission: Admission): void;
  reject(error: HelpdeskError): void;
}

/** One call as the guard keeps it: fingerprints only. */
interface CallIdentity {
  readonly credential: string;
  readonly presenter: string;
  readonly newCredential: boolean;
}

interface Failure {
  readonly at: number;
  readonly credential: string | undefined;
  readonly presenter: string | undefined;
}

interface InFlight {
  readonly at: number;
  readonly presenter: string;
  /** Admitted on the newcomer allowance. */
  readonly newcomer: boolean;
}

interface How {
  probe: boolean;
  holdsSlot: boolean;
}

interface WireWaiter {
  go(): void;
  refuse(error: HelpdeskError): void;
}

/** A verified credential's calls on the wire, and those waiting for room (oldest first). */
interface OnWire {
  sending: number;
  readonly waiting: WireWaiter[];
}

export class AuthGuard {
  readonly #clock: Clock;
  readonly #maxFailures: number;
  readonly #newcomerReserve: number;
  readonly #failureWindowMs: number;
  readonly #blockMs: number;
  readonly #maxRemembered: number;
  readonly #fingerprintKey: Uint8Array;
  /** Recent fingerprints by what they were made of (the tokens are in the client's memory anyway). */
  readonly #fingerprints = new LRUCache<string, string>({ max: 2_000 });
  readonly #memory: GuardMemory | undefined;
  readonly #onMemoryError: (error: unknown) => void;
  /** Fingerprints; Set order is age, oldest first (for the size cap). */
  readonly #verified = new Set<string>();
  readonly #rejected = new Set<string>();
  /** Auth failures that reached the server, oldest first. */
  #failures: Failure[] = [];
  /** Credentials with an unverified call in flight; one each, as a second call waits for the first. */
  readonly #unverifiedInFlight = new Map<string, InFlight>();
  /** Calls waiting for a decision, in arrival order. */
  readonly #waiters = new Set<Waiter>();
  /** Verified credentials with calls on the wire (see the header), by fingerprint. */
  readonly #onWire = new Map<string, OnWire>();
  #block: { until: number; probeInFlight: boolean } | undefined;
  #timer: { handle: unknown; at: number } | undefined;
  /** Pending until the memory was loaded; admissions wait for it. */
  #restoring: Promise<void> | undefined;
  readonly #saves = { running: false, dirty: false, waiting: [] as (() => void)[], idle: [] as (() => void)[] };
  readonly #shared: SharedSignIns | undefined;
  readonly #onSharedError: (error: unknown) => void;
  /** Local admissions that hold an unverified slot: with shared sign-ins, they also need a shared one. */
  readonly #slotHolders = new WeakMap<Admission, CallIdentity>();
  /** When the shared block was last read, and the latest block end this guard wrote there. */
  #sharedBlock = { checkedAt: -Infinity, pushedUntil: -Infinity };

  constructor(options: AuthGuardOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#maxFailures = options.maxFailures ?? 2;
    this.#newcomerReserve = options.newcomerReserve ?? (this.#maxFailures > 1 ? 1 : 0);
    if (!Number.isInteger(this.#newcomerReserve) || this.#newcomerReserve < 0 || this.#newcomerReserve >= this.#maxFailures) {
      throw new RangeError(`newcomerReserve must be an integer from 0 to maxFailures - 1, got ${this.#newcomerReserve}`);
    }
    this.#failureWindowMs = options.failureWindowMs ?? 10 * 60_000;
    this.#blockMs = options.blockMs ?? 5 * 60_000;
    this.#maxRemembered = options.maxRemembered ?? 2_000;
    this.#memory = options.memory;
    this.#onMemoryError = options.onMemoryError ?? (() => undefined);
    if (this.#memory && !options.fingerprintKey) {
      throw new Error('AuthGuard: a guard with memory needs a fingerprintKey that stays the same across restarts.');
    }
    this.#fingerprintKey = options.fingerprintKey ?? randomBytes(32);
    this.#shared = options.shared;
    this.#onSharedError = options.onSharedError ?? (() => undefined);
    if (this.#memory) this.#restoring = this.#restore(this.#memory);
  }

  /** Resolves once the remembered state is loaded (at once without a memory). Admissions wait for it anyway. */
  async ready(): Promise<void> {
    await this.#restoring;
  }

  /** Resolves when every change so far has been saved (or its save failed). */
  flush(): Promise<void> {
    if (!this.#saves.running) return Promise.resolve();
    return new Promise((resolve) => this.#saves.idle.push(resolve));
  }

  /**
   * Resolves when a call with this credential may be sent. Rejects at once with `unauthorized`
   * (credential refused before) or `auth-paused` (sign-in budget used up); waits while other
   * unverified calls are in flight or during a suspected block; rejects `cancelled` on abort.
   */
  admit(credentialId: string, options: AdmitOptions = {}): Promise<Admission> {
    if (this.#restoring) return this.#restoring.then(() => this.admit(credentialId, options));
    return this.#shared ? this.#admitShared(this.#shared, credentialId, options) : this.#admitLocal(credentialId, options);
  }

  /**
   * With shared sign-ins: a block another instance suspects holds this one too; the local decision
   * comes first; an unverified call then needs a shared slot as well (else it gives its local one back
   * and waits, pauses or is refused as the shared answer says).
   */
  async #admitShared(shared: SharedSignIns, credentialId: string, options: AdmitOptions): Promise<Admission> {
    for (;;) {
      await this.#adoptSharedBlock(shared);
      const admission = await this.#admitLocal(credentialId, options);
      const call = this.#slotHolders.get(admission);
      if (!call) return this.#pushingBlocks(shared, admission, undefined, undefined);
      let answer: Awaited<ReturnType<SharedSignIns['claim']>>;
      try {
        answer = await shared.claim({
          credential: call.credential,
          presenter: call.presenter,
          newCredential: call.newCredential,
          maxFailures: this.#maxFailures,
          newcomerReserve: this.#newcomerReserve,
          failureWindowMs: this.#failureWindowMs,
        });
      } catch (error) {
        admission.report('other');
        this.#onSharedError(error);
        throw new HelpdeskError('unavailable', 'Sign-ins could not be coordinated with the other instances; nothing was sent.', { cause: error });
      }
      if (answer.kind === 'claimed') return this.#pushingBlocks(shared, admission, call, answer.slot);
      admission.report('other'); // nothing was sent: the local slot goes back
      if (answer.kind === 'rejected') {
        this.#reject(call.credential);
        void this.#persist();
        throw refusedEarlierError();
      }
      if (answer.kind === 'paused') throw authPausedError(answer.retryAfterMs);
      if (answer.retryAfterMs > 1_000) options.onQueued?.(answer.retryAfterMs);
      // Calls in flight elsewhere settle within seconds; a little jitter spreads the instances' questions.
      await abortableSleep(Math.max(answer.retryAfterMs, 150 + Math.random() * 100), options.signal);
    }
  }

  /** Reads the shared block at most every 500 ms and holds this guard's calls for it too. */
  async #adoptSharedBlock(shared: SharedSignIns): Promise<void> {
    const now = this.#clock.now();
    if (now - this.#sharedBlock.checkedAt < 500) return;
    this.#sharedBlock.checkedAt = now;
    let remaining = 0;
    try {
      remaining = await shared.blockRemainingMs();
    } catch (error) {
      this.#onSharedError(error);
      return;
    }
    const until = this.#clock.now() + remaining;
    if (remaining > 0 && until > (this.#block?.until ?? -Infinity)) {
      this.#block = { until, probeInFlight: this.#block?.probeInFlight ?? false };
      this.#sharedBlock.pushedUntil = Math.max(this.#sharedBlock.pushedUntil, until);
      this.#drain();
    }
  }

  /** An admission whose report also tells the other instances what it learnt. */
  #pushingBlocks(shared: SharedSignIns, admission: Admission, call: CallIdentity | undefined, slot: SignInSlot | undefined): Admission {
    return {
      toWire: (signal, waits) => admission.toWire(signal, waits),
      report: (outcome) => {
        const verdict = admission.report(outcome);
        if (slot) void slot.settle(outcome === 'auth-failed' ? 'failed' : 'done').catch(this.#onSharedError);
        if (verdict === 'rejected' && call) void shared.reject(call.credential).catch(this.#onSharedError);
        const until = this.#block?.until;
        if (until !== undefined && until > this.#sharedBlock.pushedUntil) {
          this.#sharedBlock.pushedUntil = until;
          void shared.startBlock(until - this.#clock.now()).catch(this.#onSharedError);
        }
        return verdict;
      },
    };
  }

  #admitLocal(credentialId: string, options: AdmitOptions): Promise<Admission> {
    const { signal, onQueued } = options;
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    const call: CallIdentity = {
      credential: this.#fingerprint('credential', credentialId),
      presenter: this.#fingerprint('presenter', options.presenter ?? credentialId),
      newCredential: options.newCredential ?? false,
    };
    if (options.knownGood && !this.#rejected.has(call.credential) && !this.#verified.has(call.credential)) {
      this.#remember(this.#verified, call.credential);
    }
    const now = this.#clock.now();
    try {
      const admitted = this.#tryAdmit(call, now);
      if (admitted) return this.#afterWriteAhead(admitted);
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
        call,
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
    return this.#verified.has(this.#fingerprint('credential', credentialId));
  }

  isRejected(credentialId: string): boolean {
    return this.#rejected.has(this.#fingerprint('credential', credentialId));
  }

  /** How long calls will still be held for a suspected IP block (0 when there is none), on the guard's clock. */
  blockRemainingMs(): number {
    return this.#block ? Math.max(0, this.#block.until - this.#clock.now()) : 0;
  }

  /** Drops what the guard knows about a credential (the user disconnected or replaced it). */
  forget(credentialId: string): void {
    const credential = this.#fingerprint('credential', credentialId);
    const wasVerified = this.#verified.delete(credential);
    const wasRejected = this.#rejected.delete(credential);
    if (wasVerified || wasRejected) void this.#persist();
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

  /** What the memory keeps: the state as it would be after a crash right now. */
  snapshot(): GuardSnapshot {
    const now = this.#clock.now();
    const failures: GuardSnapshot['failures'] = this.#recentFailures(now).map(({ at, credential, presenter }) => ({
      at,
      ...(credential ? { credential } : {}),
      ...(presenter ? { presenter } : {}),
    }));
    for (const [credential, { at, presenter }] of this.#unverifiedInFlight) {
      failures.push({ at, credential, presenter, pending: true });
    }
    return {
      version: 1,
      failures,
      rejected: [...this.#rejected],
      verified: [...this.#verified],
      blockedUntil: this.#block?.until ?? null,
    };
  }

  /** An admission if the call may go now, undefined if it must wait; throws if it must not go at all. */
  #tryAdmit(call: CallIdentity, now: number): { admission: Admission; writeAhead: boolean } | undefined {
    const id = call.credential;
    if (this.#rejected.has(id)) {
      throw refusedEarlierError();
    }
    const verified = this.#verified.has(id);
    const block = this.#block;
    // Unverified calls may use the whole failure budget on the newcomer allowance, else all but the reserve.
    let newcomer = false;
    let budget = this.#maxFailures;
    if (!verified) {
      // Wait for the outcome of the same credential's call in flight instead of risking a second failure.
      if (this.#unverifiedInFlight.has(id)) return undefined;
      newcomer = this.#isNewcomer(call, now);
      budget = newcomer ? this.#maxFailures : this.#maxFailures - this.#newcomerReserve;
      // Fail fast rather than wait: the budget is spent by real failures, not by calls about to settle.
      const failures = this.#recentFailures(now);
      if (failures.length >= budget) {
        const budgetBackAt = failures[failures.length - budget]!.at + this.#failureWindowMs;
        throw authPausedError(Math.max(budgetBackAt, block?.until ?? -Infinity) - now);
      }
    }
    if (block) {
      if (now < block.until || block.probeInFlight) return undefined;
      // The pause is over and exactly one probe may go. A verified credential is the better probe:
      // its failure means "still blocked", while an unverified one's failure is ambiguous.
      if (verified) return { admission: this.#open(call, { probe: true, holdsSlot: false }, false), writeAhead: false };
      if ([...this.#waiters].some((w) => this.#verified.has(w.call.credential))) return undefined;
    } else if (verified) {
      return { admission: this.#open(call, { probe: false, holdsSlot: false }, false), writeAhead: false };
    }
    // Each unverified call in flight might still fail: wait for them to settle, then decide again.
    if (this.#recentFailures(now).length + this.#unverifiedInFlight.size >= budget) return undefined;
    return { admission: this.#open(call, { probe: block !== undefined, holdsSlot: true }, newcomer), writeAhead: true };
  }

  /** A first attempt of a new linker (see the header); re-decided each time a waiting call is reconsidered. */
  #isNewcomer(call: CallIdentity, now: number): boolean {
    if (!call.newCredential || this.#newcomerReserve === 0) return false;
    const failedBefore = this.#recentFailures(now).some((f) => f.presenter === call.presenter || f.credential === call.credential);
    const triesAlready = [...this.#unverifiedInFlight.values()].some((f) => f.newcomer && f.presenter === call.presenter);
    return !failedBefore && !triesAlready;
  }

  #open(call: CallIdentity, how: How, newcomer: boolean): Admission {
    const id = call.credential;
    if (how.holdsSlot) this.#unverifiedInFlight.set(id, { at: this.#clock.now(), presenter: call.presenter, newcomer });
    if (how.probe && this.#block) this.#block.probeInFlight = true;
    let reported = false;
    // Only a verified call that is neither a probe nor holding an unverified slot shares the wire: the
    // others go alone anyway.
    const shares = !how.probe && !how.holdsSlot;
    let onWire = false;
    const admission: Admission = {
      toWire: async (signal, waits = true) => {
        if (!shares || reported || onWire) return;
        await this.#toWire(id, signal, waits);
        // Reported while it waited (the caller gave up): the room goes back at once.
        if (reported) this.#offWire(id);
        else onWire = true;
      },
      report: (outcome) => {
        if (reported) return 'none';
        reported = true;
        const verdict = this.#settle(call, outcome, how);
        // After the verdict: calls waiting for the room learn whether the credential was refused.
        if (onWire) this.#offWire(id);
        return verdict;
      },
    };
    if (how.holdsSlot) this.#slotHolders.set(admission, call);
    return admission;
  }

  /**
   * An unverified call is saved as in flight before it is sent: if the process dies before its outcome
   * is known, the restart counts it as a failure. The call waits for that write and nothing longer.
   */
  #afterWriteAhead({ admission, writeAhead }: { admission: Admission; writeAhead: boolean }): Promise<Admission> {
    if (!writeAhead || !this.#memory) return Promise.resolve(admission);
    return this.#persist().then(() => admission);
  }

  #settle(call: CallIdentity, outcome: AuthOutcome, how: How): AuthVerdict {
    const now = this.#clock.now();
    const id = call.credential;
    if (how.holdsSlot) this.#unverifiedInFlight.delete(id);
    if (how.probe && this.#block) this.#block.probeInFlight = false;

    let verdict: AuthVerdict = 'none';
    if (outcome === 'ok') {
      this.#remember(this.#verified, id);
      verdict = 'verified';
      if (how.probe) this.#block = undefined; // the help desk answers again: everybody resumes
    } else if (outcome === 'blocked') {
      this.#startBlock(now); // says nothing about the credential, and it did not count as a wrong one
      verdict = 'suspected-block';
    } else if (outcome === 'auth-failed') {
      const otherRecentFailure = this.#recentFailures(now).length > 0;
      this.#failures.push({ at: now, credential: id, presenter: call.presenter });
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
    // A verified call that was answered (or not) without a sign-in verdict changed nothing worth a write.
    if (how.holdsSlot || how.probe || outcome === 'auth-failed' || outcome === 'blocked') void this.#persist();
    this.#drain();
    return verdict;
  }

  /** Room on the wire for one call of a verified credential (see the header); `waits` false takes it at once. */
  #toWire(id: string, signal: AbortSignal | undefined, waits: boolean): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    if (this.#rejected.has(id)) return Promise.reject(refusedEarlierError());
    let wire = this.#onWire.get(id);
    if (!wire) this.#onWire.set(id, (wire = { sending: 0, waiting: [] }));
    if (!waits || (wire.waiting.length === 0 && wire.sending < this.#wireRoom())) {
      wire.sending++;
      return Promise.resolve();
    }
    const waiting = wire.waiting;
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = waiting.indexOf(entry);
        if (at < 0) return;
        waiting.splice(at, 1);
        reject(cancelledError(signal!));
      };
      const entry: WireWaiter = {
        go: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      waiting.push(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A call of a verified credential left the wire: the calls waiting go while there is room, or learn it was refused. */
  #offWire(id: string): void {
    const wire = this.#onWire.get(id);
    if (!wire) return;
    wire.sending--;
    const room = this.#wireRoom();
    while (wire.waiting.length > 0) {
      const refused = this.#rejected.has(id);
      if (!refused && wire.sending >= room) break;
      const next = wire.waiting.shift()!;
      if (refused) {
        next.refuse(refusedEarlierError());
      } else {
        wire.sending++;
        next.go();
      }
    }
    if (wire.sending <= 0 && wire.waiting.length === 0) this.#onWire.delete(id);
  }

  /**
   * How many calls of one verified credential may be on the wire: as many failures as the budget has
   * room for (the unverified calls in flight may take some), at least one.
   */
  #wireRoom(): number {
    return Math.max(1, this.#maxFailures - this.#recentFailures(this.#clock.now()).length - this.#unverifiedInFlight.size);
  }

  #reject(id: string): void {
    this.#remember(this.#rejected, id);
    this.#verified.delete(id);
  }

  /** Adds as the newest entry, dropping the oldest beyond the cap. */
  #remember(set: Set<string>, id: string): void {
    set.delete(id);
    set.add(id);
    for (const oldest of set) {
      if (set.size <= this.#maxRemembered) break;
      set.delete(oldest);
    }
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
      let admitted: { admission: Admission; writeAhead: boolean } | undefined;
      try {
        admitted = this.#tryAdmit(waiter.call, now);
      } catch (error) {
        this.#waiters.delete(waiter);
        waiter.reject(error as HelpdeskError);
        continue;
      }
      if (admitted) {
        this.#waiters.delete(waiter);
        void this.#afterWriteAhead(admitted).then(waiter.resolve);
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
    const handle = this.#clock.setTimeout(
      machinery('the lock-out guard', () => {
        this.#timer = undefined;
        this.#drain();
      }),
      wakeAt - now,
    );
    this.#timer = { handle, at: wakeAt };
  }

  /** Failures inside the rolling window, oldest first (older ones are dropped for good). */
  #recentFailures(now: number): readonly Failure[] {
    while (this.#failures.length > 0 && this.#failures[0]!.at <= now - this.#failureWindowMs) this.#failures.shift();
    return this.#failures;
  }

  #fingerprint(kind: 'credential' | 'presenter', value: string): string {
    // Every call needs one or two: an HMAC each was a visible share of a burst's CPU (issue 13).
    const input = `${kind}:${value}`;
    let found = this.#fingerprints.get(input);
    if (found === undefined) {
      found = createHmac('sha256', this.#fingerprintKey).update(input).digest('base64url').slice(0, 22);
      this.#fingerprints.set(input, found);
    }
    return found;
  }

  async #restore(memory: GuardMemory): Promise<void> {
    try {
      const stored = await memory.load();
      if (stored !== undefined) {
        const parsed = guardSnapshotSchema.safeParse(stored);
        if (parsed.success) this.#apply(parsed.data);
        else this.#startCautious(new Error(`The lock-out guard's saved state is not valid: ${parsed.error.issues[0]?.message ?? 'unknown'}`));
      }
    } catch (error) {
      this.#startCautious(error);
    } finally {
      this.#restoring = undefined;
    }
  }

  /** Takes over a saved state. A clock that went back cannot make a failure or a block last longer than its own length. */
  #apply(snapshot: GuardSnapshot): void {
    const now = this.#clock.now();
    this.#failures = snapshot.failures
      .map(({ at, credential, presenter }) => ({ at: Math.min(at, now), credential, presenter }))
      .sort((a, b) => a.at - b.at);
    for (const id of snapshot.rejected) this.#remember(this.#rejected, id);
    for (const id of snapshot.verified) this.#remember(this.#verified, id);
    if (snapshot.blockedUntil !== null && snapshot.blockedUntil > now) {
      this.#block = { until: Math.min(snapshot.blockedUntil, now + this.#blockMs), probeInFlight: false };
    }
  }

  /**
   * The saved state could not be read: nothing says how many failures the help desk has counted, so
   * assume the budget is spent (unverified sign-ins pause for one window) and save a valid state.
   */
  #startCautious(error: unknown): void {
    this.#onMemoryError(error);
    const now = this.#clock.now();
    this.#failures = Array.from({ length: this.#maxFailures }, () => ({ at: now, credential: undefined, presenter: undefined }));
    void this.#persist();
  }

  /** Saves the current state; resolves when a save that includes it is done (failed saves are reported). */
  #persist(): Promise<void> {
    const memory = this.#memory;
    if (!memory) return Promise.resolve();
    const saves = this.#saves;
    saves.dirty = true;
    const done = new Promise<void>((resolve) => saves.waiting.push(resolve));
    if (!saves.running) {
      saves.running = true;
      void (async () => {
        // One write at a time; changes made during a write are saved by the next one, together.
        while (saves.dirty) {
          saves.dirty = false;
          const waiting = saves.waiting.splice(0);
          try {
            await memory.save(this.snapshot());
          } catch (error) {
            this.#onMemoryError(error);
          }
          for (const resolve of waiting) resolve();
        }
        saves.running = false;
        for (const resolve of saves.idle.splice(0)) resolve();
      })();
    }
    return done;
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

function refusedEarlierError(): HelpdeskError {
  return new HelpdeskError('unauthorized', 'The help desk refused this credential earlier; it is not sent again.');
}

function cancelledError(signal: AbortSignal): HelpdeskError {
  return new HelpdeskError('cancelled', 'The help-desk call was cancelled while waiting to sign in.', {
    cause: signal.reason,
  });
}

function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(cancelledError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    timer.unref?.();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
