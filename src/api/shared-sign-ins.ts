/**
 * The port through which instances behind one IP share the lock-out guard's sign-in budget: the help
 * desk blocks the IP after 3 wrong credentials, whichever instance sent them. Each instance's
 * `AuthGuard` keeps deciding locally (refused and verified credentials, one call per credential in
 * flight, the probe after a block); every unverified call must also hold one of the shared slots, and
 * what it learns (a failure, a refused credential, a suspected block) is written where all see it.
 * The PostgreSQL implementation is src/cluster/sign-in-ledger.ts.
 *
 * Credentials and presenters are the guard's keyed fingerprints, never secrets or ids.
 */
export interface SignInClaim {
  credential: string;
  presenter: string;
  /** A token just pasted (may use the newcomer reserve). */
  newCredential: boolean;
  maxFailures: number;
  newcomerReserve: number;
  failureWindowMs: number;
}

export type SignInClaimAnswer =
  | { kind: 'claimed'; slot: SignInSlot }
  /** Another instance saw the help desk refuse this credential. */
  | { kind: 'rejected' }
  /** The failure budget is spent: unverified sign-ins pause until then. */
  | { kind: 'paused'; retryAfterMs: number }
  /** Calls in flight elsewhere might still fail, or a block runs: ask again after that long (0: soon). */
  | { kind: 'wait'; retryAfterMs: number };

export interface SignInSlot {
  /** The call's outcome: 'failed' turns the slot into a counted failure, anything else frees it. */
  settle(outcome: 'failed' | 'done'): Promise<void>;
}

export interface SharedSignIns {
  claim(call: SignInClaim): Promise<SignInClaimAnswer>;
  /** The help desk refused this credential: no instance sends it again. */
  reject(credential: string): Promise<void>;
  /** A suspected IP block: every instance holds its calls until then (never shortens a running one). */
  startBlock(ms: number): Promise<void>;
  /** How long the shared block still runs (0 when none). */
  blockRemainingMs(): Promise<number>;
}
