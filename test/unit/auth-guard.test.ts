import { describe, expect, it } from 'vitest';
import { ManualClock, settle } from '../support/manual-clock.js';
import type { Admission, AuthGuardOptions, AuthOutcome } from '../../src/api/auth-guard.js';
import { AuthGuard } from '../../src/api/auth-guard.js';
import { HelpdeskError } from '../../src/api/errors.js';


const MINUTE = 60_000;

/**
 * A guard on a manual clock and a pretend help desk: `good` credentials answer 'ok', anything else
 * 'auth-failed'. `sent` logs every credential that reached the "server".
 */
function setup(options: AuthGuardOptions = {}) {
  const clock = new ManualClock();
  const guard = new AuthGuard({ clock, ...options });
  const good = new Set<string>();
  const sent: string[] = [];
  const respond = (credential: string): AuthOutcome => (good.has(credential) ? 'ok' : 'auth-failed');

  /** One client call: admit, send (answered a turn of the event loop later, so calls overlap), report. */
  async function request(credential: string, signal?: AbortSignal): Promise<AuthOutcome> {
    const admission = await guard.admit(credential, { signal });
    sent.push(credential);
    await settle();
    const outcome = respond(credential);
    admission.report(outcome);
    return outcome;
  }

  /** Admission only: the test decides when and how the call ends. */
  async function admitNow(credential: string): Promise<Admission> {
    return guard.admit(credential);
  }

  return { clock, guard, good, sent, request, admitNow };
}

/** What a settled request came to: its outcome, or the error kind it was refused with. */
function results(settled: PromiseSettledResult<AuthOutcome>[]): string[] {
  return settled.map((r) =>
    r.status === 'fulfilled' ? r.value : r.reason instanceof HelpdeskError ? r.reason.kind : 'unexpected',
  );
}

/** Resolved (or rejected) yet? Without waiting for it. */
function tracked<T>(promise: Promise<T>): { done: boolean; promise: Promise<T> } {
  const state = { done: false, promise };
  promise.then(
    () => void (state.done = true),
    () => void (state.done = true),
  );
  return state;
}

const count = (values: readonly string[], value: string): number => values.filter((v) => v === value).length;

describe('AuthGuard: the sign-in failure budget', () => {
  it('lets 1 of 10 concurrent, repeated bad tokens reach the server (the other slot is kept for newcomers) while verified users keep working', async () => {
    const { guard, good, sent, request } = setup();
    good.add('verified');
    await request('verified');
    const bad = Array.from({ length: 10 }, (_, i) => `bad-${i}`);

    const round1 = results(await Promise.allSettled([...bad.map((c) => request(c)), request('verified')]));
    expect(count(round1, 'auth-failed')).toBe(1);
    expect(count(round1, 'auth-paused')).toBe(9);
    expect(round1[10]).toBe('ok');

    for (let round = 0; round < 3; round++) {
      const again = results(await Promise.allSettled([...bad.map((c) => request(c)), request('verified')]));
      expect(count(again, 'unauthorized')).toBe(1); // the one that was refused is never sent again
      expect(count(again, 'auth-paused')).toBe(9);
      expect(again[10]).toBe('ok');
    }
    expect(sent.filter((c) => c.startsWith('bad-'))).toHaveLength(1);
    expect(count(sent, 'verified')).toBe(5);
    expect(guard.state()).toMatchObject({ recentFailures: 1, rejected: 1, verified: 1, unverifiedInFlight: 0, waiting: 0 });
  });

  it('says when sign-ins resume, and lets a new credential try once the failures leave the window', async () => {
    const { clock, guard, good, sent, request } = setup({ newcomerReserve: 0 });
    await request('bad-1');
    await clock.advance(3 * MINUTE);
    await request('bad-2');
    await clock.advance(1 * MINUTE);

    const paused = await guard.admit('new').catch((e: unknown) => e);
    expect(paused).toMatchObject({ kind: 'auth-paused', retryAfterMs: 6 * MINUTE });
    expect((paused as Error).message).toContain('6 min');

    await clock.advance(6 * MINUTE); // the first failure leaves the 10-minute window
    good.add('new');
    expect(await request('new')).toBe('ok');
    expect(sent).toEqual(['bad-1', 'bad-2', 'new']);
    await expect(guard.admit('bad-1')).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('makes a third unverified credential wait while two are in flight, then decides on their outcome', async () => {
    const { guard, admitNow } = setup({ newcomerReserve: 0 });
    const first = await admitNow('u1');
    const second = await admitNow('u2');
    const third = tracked(guard.admit('u3'));
    await settle();
    expect(third.done).toBe(false);
    expect(guard.state()).toMatchObject({ unverifiedInFlight: 2, waiting: 1 });

    first.report('ok'); // one slot is free again: u3 goes
    await settle();
    expect(third.done).toBe(true);
    expect(guard.isVerified('u1')).toBe(true);

    const fourth = tracked(guard.admit('u4'));
    second.report('auth-failed');
    (await third.promise).report('auth-failed'); // now 2 real failures: u4 must not go
    await expect(fourth.promise).rejects.toMatchObject({ kind: 'auth-paused' });
  });

  it("releases the slot on 'other' without judging the credential", async () => {
    const { guard, admitNow } = setup({ maxFailures: 1 });
    const admission = await admitNow('u1');
    const waiting = tracked(guard.admit('u2'));
    admission.report('other');
    await settle();
    expect(waiting.done).toBe(true);
    expect(guard.isVerified('u1') || guard.isRejected('u1')).toBe(false);
    expect(guard.state().recentFailures).toBe(0);
  });

  it('uses one slot for concurrent calls with the same unverified credential', async () => {
    const { guard, good, sent, request } = setup({ maxFailures: 1 });
    good.add('fresh');
    const calls = Array.from({ length: 5 }, () => request('fresh'));
    await settle();
    expect(sent).toEqual(['fresh']);
    expect(guard.state()).toMatchObject({ unverifiedInFlight: 1, waiting: 4 });
    // Another credential is held back too: the one slot is taken by the call in flight.
    const other = tracked(request('other'));
    await settle();
    expect(other.done).toBe(false);

    expect(results(await Promise.allSettled(calls))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await other.promise).toBe('auth-failed');
  });

  it('sends a bad credential once even when called concurrently', async () => {
    const { sent, request } = setup();
    const outcomes = results(await Promise.allSettled(Array.from({ length: 5 }, () => request('typo'))));
    expect(outcomes).toEqual(['auth-failed', 'unauthorized', 'unauthorized', 'unauthorized', 'unauthorized']);
    expect(sent).toEqual(['typo']);
  });

  it('never sends a refused credential again, until it is forgotten', async () => {
    const { clock, guard, sent, request } = setup();
    await request('old-token');
    expect(guard.isRejected('old-token')).toBe(true);
    await clock.advance(60 * MINUTE);
    await expect(request('old-token')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(sent).toEqual(['old-token']);

    guard.forget('old-token');
    expect(guard.isRejected('old-token')).toBe(false);
    await request('old-token');
    expect(sent).toEqual(['old-token', 'old-token']);
  });

  it('rejects a verified credential that fails with no other recent failure (its password changed)', async () => {
    const { guard, good, request } = setup();
    good.add('alice');
    await request('alice');
    good.delete('alice');
    expect(await request('alice')).toBe('auth-failed');
    expect(guard.isRejected('alice')).toBe(true);
    expect(guard.isVerified('alice')).toBe(false);
    expect(guard.state()).toMatchObject({ recentFailures: 1, blockedUntil: undefined });
  });

  it('keeps at most two calls of a verified credential on the wire, so its revocation cannot add a third failure', async () => {
    const { guard, good, request, admitNow } = setup();
    good.add('alice');
    await request('alice');
    good.delete('alice'); // her password changed in the help desk
    const admissions = await Promise.all([admitNow('alice'), admitNow('alice'), admitNow('alice')]);
    await admissions[0]!.toWire();
    await admissions[1]!.toWire();
    const third = tracked(admissions[2]!.toWire());
    await settle();
    expect(third.done).toBe(false); // a third failure on the wire would be the IP block

    admissions[0]!.report('auth-failed');
    await expect(third.promise).rejects.toMatchObject({ kind: 'unauthorized' }); // learnt before it was sent
    admissions[1]!.report('auth-failed');
    admissions[2]!.report('other');
    expect(guard.state()).toMatchObject({ recentFailures: 2, blockedUntil: undefined });
  });

  it('lets a waiting call of a working verified credential go as soon as one on the wire is answered', async () => {
    const { guard, good, request, admitNow } = setup();
    good.add('bob');
    await request('bob');
    const admissions = await Promise.all([admitNow('bob'), admitNow('bob'), admitNow('bob')]);
    await Promise.all([admissions[0]!.toWire(), admissions[1]!.toWire()]);
    const third = tracked(admissions[2]!.toWire());
    await settle();
    expect(third.done).toBe(false);
    admissions[1]!.report('ok');
    await third.promise;
    for (const admission of admissions) admission.report('ok');
    // Unverified credentials (one call each anyway) and other people are not held by bob's calls.
    const other = await admitNow('carol');
    await expect(other.toWire()).resolves.toBeUndefined();
    expect(guard.isVerified('bob')).toBe(true);
  });

  it('counts a person’s own calls on the wire without holding them, and holds background work behind them', async () => {
    const { good, request, admitNow } = setup();
    good.add('fay');
    await request('fay');
    const [mine1, mine2, mine3, background] = await Promise.all([admitNow('fay'), admitNow('fay'), admitNow('fay'), admitNow('fay')]);
    // A person waits for these: they go at once, three of them too.
    await Promise.all([mine1!.toWire(undefined, false), mine2!.toWire(undefined, false), mine3!.toWire(undefined, false)]);
    const held = tracked(background!.toWire());
    await settle();
    expect(held.done).toBe(false);
    mine1!.report('ok');
    await settle();
    expect(held.done).toBe(false); // two still out: no room yet
    mine2!.report('ok');
    await held.promise;
    mine3!.report('ok');
    background!.report('ok');
  });

  it('has room for one call of a verified credential on the wire while a failure is in the window', async () => {
    const { good, request, admitNow } = setup();
    good.add('dave');
    await request('dave');
    expect(await request('stranger')).toBe('auth-failed');
    const [first, second] = await Promise.all([admitNow('dave'), admitNow('dave')]);
    await first!.toWire();
    const waiting = tracked(second!.toWire());
    await settle();
    expect(waiting.done).toBe(false);
    first!.report('ok');
    await waiting.promise;
    second!.report('ok');
  });

  it('gives the room back when a waiting call is cancelled', async () => {
    const { good, request, admitNow } = setup();
    good.add('erin');
    await request('erin');
    const admissions = await Promise.all([admitNow('erin'), admitNow('erin'), admitNow('erin'), admitNow('erin')]);
    await Promise.all([admissions[0]!.toWire(), admissions[1]!.toWire()]);
    const abort = new AbortController();
    const cancelled = admissions[2]!.toWire(abort.signal);
    const fourth = tracked(admissions[3]!.toWire());
    abort.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled' });
    admissions[2]!.report('other');
    admissions[0]!.report('ok');
    await fourth.promise; // next in line, past the cancelled one
    admissions[1]!.report('ok');
    admissions[3]!.report('ok');
  });

  it('ignores a second report of the same call', async () => {
    const { guard, admitNow } = setup();
    const admission = await admitNow('u1');
    admission.report('auth-failed');
    admission.report('auth-failed');
    admission.report('ok');
    expect(guard.state().recentFailures).toBe(1);
    expect(guard.isVerified('u1')).toBe(false);
  });
});

describe('AuthGuard: suspected IP block', () => {
  /** Two verified users, then one bad token and one failure of verified 'v1': looks like the block. */
  async function blockedSetup() {
    const harness = setup();
    const { guard, good, request, admitNow } = harness;
    good.add('v1');
    good.add('v2');
    await request('v1');
    await request('v2');
    await request('bad');
    const v1 = await admitNow('v1');
    expect(v1.report('auth-failed')).toBe('suspected-block');
    expect(guard.isRejected('v1')).toBe(false);
    expect(guard.state().blockedUntil).toBe(5 * MINUTE);
    return harness;
  }

  it('pauses every call for blockMs, lets one probe go, then resumes everyone on its success', async () => {
    const { clock, guard, sent } = await blockedSetup();
    const queued: number[] = [];
    const first = tracked(guard.admit('v1', { onQueued: (ms) => queued.push(ms) }));
    await clock.advance(MINUTE);
    const second = tracked(guard.admit('v2', { onQueued: (ms) => queued.push(ms) }));
    expect(queued).toEqual([5 * MINUTE, 4 * MINUTE]);
    // Unverified credentials cannot go anyway: the two failures spent the budget.
    await expect(guard.admit('newcomer')).rejects.toMatchObject({ kind: 'auth-paused' });

    await clock.advance(4 * MINUTE - 1);
    expect([first.done, second.done]).toEqual([false, false]);
    await clock.advance(1);
    expect([first.done, second.done]).toEqual([true, false]); // exactly one probe
    expect(guard.state()).toMatchObject({ probeInFlight: true, waiting: 1 });

    (await first.promise).report('ok');
    await settle();
    expect(second.done).toBe(true);
    expect(guard.state()).toMatchObject({ blockedUntil: undefined, probeInFlight: false, waiting: 0 });
    expect(clock.pendingTimers).toBe(0);
    expect(sent).toEqual(['v1', 'v2', 'bad']); // nothing was sent during the pause
  });

  it('rejects a probe that fails after the pause, and pauses again for the next probe', async () => {
    const { clock, guard } = await blockedSetup();
    const probe = tracked(guard.admit('v2'));
    const other = tracked(guard.admit('v1'));
    await clock.advance(5 * MINUTE);
    expect([probe.done, other.done]).toEqual([true, false]);

    // A block would have lifted after 5 quiet minutes, so this credential itself is bad.
    expect((await probe.promise).report('auth-failed')).toBe('rejected');
    expect(guard.isRejected('v2')).toBe(true);
    expect(guard.state().blockedUntil).toBe(10 * MINUTE);
    await clock.advance(5 * MINUTE - 1);
    expect(other.done).toBe(false);
    await clock.advance(1);
    expect(other.done).toBe(true); // the next probe

    (await other.promise).report('blocked');
    expect(guard.state().blockedUntil).toBe(15 * MINUTE);
  });

  it("pauses everyone when any call reports 'blocked', without judging or counting the credential", async () => {
    const { clock, guard, admitNow } = setup();
    const admission = await admitNow('u1');
    admission.report('blocked');
    expect(guard.state()).toMatchObject({ blockedUntil: 5 * MINUTE, recentFailures: 0, unverifiedInFlight: 0 });
    expect(guard.isRejected('u1')).toBe(false);

    const waiting = tracked(guard.admit('u1'));
    await clock.advance(5 * MINUTE);
    expect(waiting.done).toBe(true); // the only caller is the probe, unverified or not
  });

  it('prefers a verified credential as the probe', async () => {
    const { clock, guard, good, request, admitNow } = setup();
    good.add('v');
    await request('v');
    (await admitNow('v')).report('blocked');

    const unverified = tracked(guard.admit('u'));
    const verified = tracked(guard.admit('v'));
    await clock.advance(5 * MINUTE);
    expect([unverified.done, verified.done]).toEqual([false, true]);

    (await verified.promise).report('ok');
    await settle();
    expect(unverified.done).toBe(true);
  });

  it('lets the next caller probe when the pause ended with nobody waiting, and keeps no timer meanwhile', async () => {
    const { clock, guard, admitNow } = setup();
    (await admitNow('u1')).report('blocked');
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(5 * MINUTE);

    const probe = await admitNow('u2');
    expect(guard.state().probeInFlight).toBe(true);
    const next = tracked(guard.admit('u3'));
    await settle();
    expect(next.done).toBe(false);
    probe.report('ok');
    await settle();
    expect(next.done).toBe(true);
  });
});

describe('AuthGuard: cancellation', () => {
  it('rejects with cancelled when aborted while waiting out a block, and drops its timer', async () => {
    const { clock, guard, admitNow } = setup();
    (await admitNow('u1')).report('blocked');
    const controller = new AbortController();
    const waiting = guard.admit('u1', { signal: controller.signal });
    await settle();
    expect(clock.pendingTimers).toBe(1);

    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
    expect(guard.state().waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects with cancelled when aborted while waiting for a call in flight, or when already aborted', async () => {
    const { guard, admitNow } = setup();
    const inFlight = await admitNow('u1');
    const controller = new AbortController();
    const waiting = guard.admit('u1', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
    inFlight.report('ok');
    expect(guard.state().waiting).toBe(0);

    await expect(guard.admit('u1', { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('AuthGuard: the newcomer allowance', () => {
  /** `who` presents `credential`; `pasted` marks a token just pasted (not read from storage). */
  function people(options: AuthGuardOptions = {}) {
    const harness = setup(options);
    const { guard, good, sent } = harness;
    async function as(who: string, credential: string, pasted: boolean): Promise<AuthOutcome> {
      const admission = await guard.admit(credential, { presenter: who, newCredential: pasted });
      sent.push(credential);
      await settle();
      const outcome: AuthOutcome = good.has(credential) ? 'ok' : 'auth-failed';
      admission.report(outcome);
      return outcome;
    }
    return { ...harness, as };
  }

  it('a storm of stored credentials gone bad and repeats leaves a valid newcomer its first try', async () => {
    const { guard, good, sent, as } = people();
    const storm = Array.from({ length: 10 }, (_, i) => as(`user-${i}`, `stored-${i}`, false));
    const stormAgain = Array.from({ length: 10 }, (_, i) => as(`user-${i}`, `stored-${i}`, false));
    const kinds = results(await Promise.allSettled([...storm, ...stormAgain]));
    expect(count(kinds, 'auth-failed')).toBe(1); // one slot only: the other is kept for newcomers
    expect(sent).toHaveLength(1);

    good.add('alice-token');
    expect(await as('alice', 'alice-token', true)).toBe('ok');
    expect(guard.isVerified('alice-token')).toBe(true);
  });

  it('one person pasting garbage again and again uses one slot, once', async () => {
    const { good, sent, as } = people();
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await as('mallory', `garbage-${i}`, true).catch((e: unknown) => (e as HelpdeskError).kind));
    expect(tries).toEqual(['auth-failed', 'auth-paused', 'auth-paused', 'auth-paused', 'auth-paused']);

    good.add('bora-token');
    expect(await as('bora', 'bora-token', true)).toBe('ok');
    expect(sent).toEqual(['garbage-0', 'bora-token']);
  });

  it('two pastes of one person at once: only the first counts as a newcomer try', async () => {
    const { sent, as } = people();
    const kinds = results(await Promise.allSettled([as('mallory', 'g-1', true), as('mallory', 'g-2', true), as('eve', 'g-3', true)]));
    // mallory's second paste is an ordinary unverified call; with mallory's first in flight only
    // eve's newcomer try may still go, and after those two failures nothing unverified goes.
    expect(count(kinds, 'auth-failed')).toBe(2);
    expect(sent).toEqual(['g-1', 'g-3']);
    expect(kinds[1]).toBe('auth-paused');
  });

  it('never lets a third failure through, whatever the mix of newcomers and storms', async () => {
    const { clock, guard, sent, as } = people();
    for (let round = 0; round < 4; round++) {
      const calls = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? as(`new-${round}-${i}`, `pasted-${round}-${i}`, true) : as(`old-${i}`, `stored-${round}-${i}`, false),
      );
      await Promise.allSettled(calls);
      expect(guard.state().recentFailures).toBeLessThanOrEqual(2);
      await clock.advance(2 * MINUTE); // still inside the 10-minute window
    }
    expect(sent).toHaveLength(2);
  });

  it('without newcomerReserve every unverified call shares the whole budget, as before', async () => {
    const { sent, as } = people({ newcomerReserve: 0 });
    await as('a', 'stored-a', false);
    await as('b', 'stored-b', false);
    await expect(as('c', 'pasted-c', true)).rejects.toMatchObject({ kind: 'auth-paused' });
    expect(sent).toEqual(['stored-a', 'stored-b']);
  });

  it('refuses a reserve that would leave ordinary sign-ins no slot at all', () => {
    expect(() => new AuthGuard({ maxFailures: 2, newcomerReserve: 2 })).toThrow(RangeError);
    expect(new AuthGuard({ maxFailures: 1 }).state().recentFailures).toBe(0); // default reserve 0 with one slot
  });
});

describe('AuthGuard: credentials the caller knows were accepted', () => {
  it('sends a linked account’s token as verified even after a failure in the window, but never one it saw refused', async () => {
    const { guard, good, sent, request } = setup();
    expect(await request('bad')).toBe('auth-failed');
    // An unknown credential now waits for the window; a known-good one goes at once.
    await expect(guard.admit('stranger')).rejects.toMatchObject({ kind: 'auth-paused' });
    good.add('linked');
    const admission = await guard.admit('linked', { knownGood: true });
    sent.push('linked');
    admission.report('ok');
    expect(guard.isVerified('linked')).toBe(true);
    // A hint never overrides what the guard saw: the refused credential stays refused.
    await expect(guard.admit('bad', { knownGood: true })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(sent).toEqual(['bad', 'linked']);
  });
});
