/**
 * The lock-out guard remembers across restarts: failures in the window, refused and accepted
 * credentials, calls that were in flight when the process died, and a suspected block. A "restart" is
 * a new AuthGuard (and client) on the same memory and the same clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { AuthGuard, type AuthGuardOptions } from '../../src/api/auth-guard.js';
import type { GuardMemory, GuardSnapshot } from '../../src/api/guard-memory.js';
import { openDatabase } from '../../src/store/database.js';
import { GuardMemoryStore, guardFingerprintKey } from '../../src/store/guard-memory-store.js';
import { ManualClock, type MockHelpdesk, mockHelpdesk, prioritiesJson, settle } from './client-fixtures.js';

const MINUTE = 60_000;
const KEY = Buffer.alloc(32, 7);

/** A memory held in a variable, as a store would hold it (a copy, never the guard's own object). */
class VariableMemory implements GuardMemory {
  stored: unknown;
  saves = 0;
  /** While set, saves wait for the test to call it. */
  gate: Promise<void> | undefined;

  async load(): Promise<unknown> {
    return this.stored === undefined ? undefined : structuredClone(this.stored);
  }

  async save(snapshot: GuardSnapshot): Promise<void> {
    await this.gate;
    this.stored = structuredClone(snapshot);
    this.saves++;
  }
}

const opened: MockHelpdesk[] = [];
afterEach(async () => {
  for (const h of opened.splice(0)) await h.close();
});

/**
 * A help desk that accepts only the token `good` (401 for every other, 403 "blocked" while `blocked`),
 * and a client whose guard remembers in `memory`.
 */
function botWithMemory(memory: GuardMemory, clock: ManualClock, guardOptions: AuthGuardOptions = {}) {
  const state = { blocked: false };
  const guard = new AuthGuard({ memory, fingerprintKey: KEY, clock, ...guardOptions });
  const h = mockHelpdesk({ guard, cache: false });
  h.pool
    .intercept({ path: () => true, method: () => true })
    .reply(({ headers }) => {
      const authorization = (headers as Record<string, string> | undefined)?.authorization;
      if (state.blocked) return { statusCode: 403, data: 'Your IP address is blocked after too many failed logins' };
      if (authorization !== 'Bearer good') return { statusCode: 401, data: 'Invalid token' };
      return { statusCode: 200, data: JSON.stringify(prioritiesJson), responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .persist();
  opened.push(h);
  const as = (token: string, who = token, pasted = false) =>
    h.client
      .withCredential(bearer(token), { fairnessKey: who, newCredential: pasted })
      .priorities()
      .then(
        () => 'ok',
        (error: { kind: string }) => error.kind,
      );
  return { guard, state, as, h, wire: () => h.requests().map((request) => request.headers.authorization) };
}

describe('AuthGuard memory: a restart never adds a failure', () => {
  it('restarted after 2 failures, it lets no 3rd failure reach the help desk within the window', async () => {
    const memory = new VariableMemory();
    const clock = new ManualClock();
    const first = botWithMemory(memory, clock);
    expect(await first.as('good')).toBe('ok');
    expect(await first.as('stored-bad')).toBe('unauthorized');
    expect(await first.as('pasted-bad', 'T1:U2', true)).toBe('unauthorized');
    await first.guard.flush();

    await clock.advance(3 * MINUTE);
    const second = botWithMemory(memory, clock);
    expect(await second.as('another-pasted', 'T1:U3', true)).toBe('auth-paused');
    expect(await second.as('another-stored')).toBe('auth-paused');
    expect(await second.as('stored-bad')).toBe('unauthorized'); // refused before the restart: never sent again
    expect(await second.as('good')).toBe('ok'); // accepted before the restart: still goes
    expect([...first.wire(), ...second.wire()].filter((auth) => auth !== 'Bearer good')).toEqual([
      'Bearer stored-bad',
      'Bearer pasted-bad',
    ]);

    await clock.advance(7 * MINUTE); // the first failure leaves the 10-minute window
    const third = botWithMemory(memory, clock);
    expect(await third.as('later-pasted', 'T1:U4', true)).toBe('unauthorized');
    expect(third.wire()).toEqual(['Bearer later-pasted']);
  });

  it('a call in flight when the process died counts as a failure after the restart', async () => {
    const memory = new VariableMemory();
    const clock = new ManualClock();
    const first = botWithMemory(memory, clock);
    expect(await first.as('bad-1')).toBe('unauthorized');
    // The next unverified call is admitted (saved as in flight) and the process dies before its answer.
    await first.guard.admit('opaque-id-of-a-pasted-token', { presenter: 'T1:U9', newCredential: true });
    await first.guard.flush();

    const second = botWithMemory(memory, clock);
    await second.guard.ready();
    expect(second.guard.state().recentFailures).toBe(2);
    expect(await second.as('pasted', 'T1:U5', true)).toBe('auth-paused');
    expect(second.wire()).toEqual([]);
  });

  it('an unverified call waits for its write-ahead save, and nothing longer; a verified call does not wait', async () => {
    const memory = new VariableMemory();
    const clock = new ManualClock();
    const guard = new AuthGuard({ memory, fingerprintKey: KEY, clock });
    (await guard.admit('verified')).report('ok');
    await guard.flush();

    let open!: () => void;
    memory.gate = new Promise((resolve) => (open = resolve));
    let admitted = false;
    void guard.admit('unverified').then(() => (admitted = true));
    const verified = await guard.admit('verified'); // not held by the pending write
    await settle();
    expect(admitted).toBe(false);

    open();
    await settle();
    expect(admitted).toBe(true);
    verified.report('ok');
    expect((memory.stored as GuardSnapshot).failures).toEqual([expect.objectContaining({ pending: true })]);
  });

  it('saves every change in order, one write at a time, the last state last', async () => {
    const memory = new VariableMemory();
    const clock = new ManualClock();
    const guard = new AuthGuard({ memory, fingerprintKey: KEY, clock, maxFailures: 3, newcomerReserve: 0 });
    let open!: () => void;
    memory.gate = new Promise((resolve) => (open = resolve));
    const a = guard.admit('a');
    const b = guard.admit('b');
    await settle();
    open();
    (await a).report('auth-failed');
    (await b).report('ok');
    await guard.flush();

    expect(memory.stored).toEqual(guard.snapshot());
    expect(memory.stored).toMatchObject({ failures: [{ at: clock.now() }], rejected: [expect.any(String)], verified: [expect.any(String)] });
    expect(memory.saves).toBeLessThanOrEqual(4); // coalesced: a and b's write-ahead shared one write
  });
});

describe('AuthGuard memory: a suspected block', () => {
  it('keeps its pause across a restart: nobody is sent before it ends, then one probe decides', async () => {
    const memory = new VariableMemory();
    const clock = new ManualClock();
    const first = botWithMemory(memory, clock);
    expect(await first.as('good')).toBe('ok');
    first.state.blocked = true;
    const blocked = first.as('good'); // the 403 block answer; the call would wait out the pause
    await settle(20);
    expect(first.guard.state().blockedUntil).toBe(clock.now() + 5 * MINUTE);
    await first.guard.flush();

    await clock.advance(MINUTE);
    const second = botWithMemory(memory, clock);
    await second.guard.ready();
    expect(second.guard.blockRemainingMs()).toBe(4 * MINUTE);
    const waits: number[] = [];
    const call = second.h.client.priorities({}, { credential: bearer('good'), onQueued: (ms) => waits.push(ms) });
    await settle(20);
    expect(second.wire()).toEqual([]);
    expect(waits).toEqual([4 * MINUTE]);

    await clock.advance(4 * MINUTE);
    await expect(call).resolves.toHaveLength(4);
    expect(second.wire()).toEqual(['Bearer good']);
    void blocked;
  });
});

describe('AuthGuard memory: what is kept, and a bad memory', () => {
  it('keeps fingerprints only: no credential id or presenter appears in the saved state', async () => {
    const memory = new VariableMemory();
    const guard = new AuthGuard({ memory, fingerprintKey: KEY, clock: new ManualClock() });
    (await guard.admit('credential-id-1', { presenter: 'T1:UALICE' })).report('auth-failed');
    (await guard.admit('credential-id-2', { presenter: 'T1:UBOB', newCredential: true })).report('ok');
    await guard.flush();

    const saved = JSON.stringify(memory.stored);
    expect(saved).not.toMatch(/credential-id|UALICE|UBOB|T1/);
    // A guard with another key cannot recognise them.
    const other = new AuthGuard({ memory, fingerprintKey: Buffer.alloc(32, 9), clock: new ManualClock() });
    await other.ready();
    expect(other.isRejected('credential-id-1')).toBe(false);
  });

  it('an unreadable saved state starts cautious (sign-ins of unverified credentials paused for a window) and is replaced', async () => {
    const memory = new VariableMemory();
    memory.stored = { version: 1, failures: 'lots' };
    const reported: unknown[] = [];
    const clock = new ManualClock();
    const guard = new AuthGuard({ memory, fingerprintKey: KEY, clock, onMemoryError: (error) => reported.push(error) });

    await expect(guard.admit('new', { newCredential: true })).rejects.toMatchObject({ kind: 'auth-paused', retryAfterMs: 10 * MINUTE });
    expect(reported).toHaveLength(1);
    await guard.flush();
    expect(memory.stored).toMatchObject({ version: 1, failures: [{ at: clock.now() }, { at: clock.now() }] });
  });

  it('a failing load is reported and also starts cautious; a failing save is reported and the call goes on', async () => {
    const reported: unknown[] = [];
    const broken: GuardMemory = {
      load: () => Promise.reject(new Error('disk gone')),
      save: () => Promise.reject(new Error('still gone')),
    };
    const guard = new AuthGuard({ memory: broken, fingerprintKey: KEY, clock: new ManualClock(), onMemoryError: (error) => reported.push(error) });
    await expect(guard.admit('new')).rejects.toMatchObject({ kind: 'auth-paused' });
    await guard.flush();
    expect(reported.map((error) => (error as Error).message)).toEqual(['disk gone', 'still gone']);
  });

  it('needs a stable fingerprint key when it has a memory', () => {
    expect(() => new AuthGuard({ memory: new VariableMemory() })).toThrow(/fingerprintKey/);
  });
});

describe('GuardMemoryStore (the embedded lowdb file)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('survives a reopened data file, and a file written before this key existed loads with no memory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'guard-memory-'));
    const file = join(dir, 'talep-bot.json');
    const clock = new ManualClock();
    const key = guardFingerprintKey(Buffer.alloc(32, 1));

    const oldDb = await openDatabase(file);
    expect(oldDb.data.authGuard).toBeUndefined();
    expect(await new GuardMemoryStore(oldDb).load()).toBeUndefined();

    const guard = new AuthGuard({ memory: new GuardMemoryStore(oldDb), fingerprintKey: key, clock });
    (await guard.admit('bad-1')).report('auth-failed');
    (await guard.admit('bad-2', { newCredential: true })).report('auth-failed');
    await guard.flush();

    const reopened = new AuthGuard({ memory: new GuardMemoryStore(await openDatabase(file)), fingerprintKey: key, clock });
    await expect(reopened.admit('bad-3', { newCredential: true })).rejects.toMatchObject({ kind: 'auth-paused' });
    expect(reopened.isRejected('bad-1')).toBe(true);
    expect(reopened.state().recentFailures).toBe(2);
  });

  it('derives the fingerprint key from the token key: stable, and not the token key itself', () => {
    const tokenKey = Buffer.alloc(32, 3);
    expect(guardFingerprintKey(tokenKey)).toEqual(guardFingerprintKey(Buffer.alloc(32, 3)));
    expect(guardFingerprintKey(tokenKey)).not.toEqual(tokenKey);
    expect(guardFingerprintKey(tokenKey)).toHaveLength(32);
  });
});
