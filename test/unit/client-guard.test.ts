/**
 * The client with the real AuthGuard: bad credentials of many users must never add up to the help
 * desk's IP block (3 wrong credentials → 5 minutes for everybody), and users whose credential works
 * must not notice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { AuthGuard } from '../../src/api/auth-guard.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { ManualClock, type MockHelpdesk, mockHelpdesk, prioritiesJson, settle } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;

afterEach(async () => {
  await hd?.close();
  hd = undefined;
});

const GOOD = 'Bearer t';
const BLOCKED = 'Your IP address is blocked for 5 minutes after too many failed logins';

/**
 * A help desk that knows one token (`t`) and answers 401 to every other; while `blocked` is set it
 * answers 403 with a block reason to everybody, as the real one does.
 */
function helpdeskWithOneGoodToken(options: Parameters<typeof mockHelpdesk>[0] = {}) {
  const state = { blocked: false };
  const h = mockHelpdesk(options);
  h.pool
    .intercept({ path: () => true, method: () => true })
    .reply(({ headers }) => {
      const authorization = (headers as Record<string, string> | undefined)?.authorization;
      if (state.blocked) return { statusCode: 403, data: BLOCKED };
      if (authorization !== GOOD) return { statusCode: 401, data: 'Invalid token' };
      return { statusCode: 200, data: JSON.stringify(prioritiesJson), responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .persist();
  hd = h;
  return { ...h, state, wire: () => h.requests().map((request) => request.headers.authorization) };
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(HelpdeskError);
    return (error as HelpdeskError).kind;
  }
}

describe('client + AuthGuard', () => {
  it('10 users with bad tokens at once: at most 2 requests reach the help desk', async () => {
    const h = helpdeskWithOneGoodToken();
    const users = Array.from({ length: 10 }, (_, n) => h.client.withCredential(bearer(`bad-${n}`)));

    const kinds = await Promise.all(users.map((user) => outcome(user.getTalep({ id: 1 }))));

    const sent = h.wire();
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.every((authorization) => authorization !== GOOD)).toBe(true);
    // The ones that were sent were refused by the help desk; the rest were held back by the guard.
    expect(kinds.filter((kind) => kind === 'unauthorized')).toHaveLength(sent.length);
    expect(kinds.filter((kind) => kind === 'auth-paused')).toHaveLength(10 - sent.length);
  });

  it('a linked token revoked in the help desk: 5 background calls at once put at most 2 on the wire, and no third failure follows', async () => {
    const h = helpdeskWithOneGoodToken();
    // Accepted when it was linked (knownGood), refused now: its person changed their password. Read by
    // background work (a feed, thread sync), which sends many calls of one token at once.
    const revoked = h.client.withCredential(bearer('was-good'), { knownGood: true, priority: 'background' });

    const kinds = await Promise.all([1, 2, 3, 4, 5].map((id) => outcome(revoked.getTalep({ id }))));

    expect(kinds).toEqual(['unauthorized', 'unauthorized', 'unauthorized', 'unauthorized', 'unauthorized']);
    expect(h.wire()).toEqual(['Bearer was-good', 'Bearer was-good']);
    // Other linked tokens still work: nothing looked like the IP block.
    expect(await outcome(h.client.withCredential(bearer('t'), { knownGood: true }).priorities())).toBe('ok');
  });

  it('auth-paused says when sign-ins may resume', async () => {
    const h = helpdeskWithOneGoodToken();
    await outcome(h.client.withCredential(bearer('bad-1')).priorities());

    // Not a newly pasted credential: it may not use the slot kept for newcomers.
    const error = await h.client
      .withCredential(bearer('bad-2'))
      .priorities()
      .catch((reason: unknown) => reason);

    expect(error).toMatchObject({ kind: 'auth-paused' });
    expect((error as HelpdeskError).retryAfterMs).toBeGreaterThan(0);
    expect(h.wire()).toEqual(['Bearer bad-1']);
  });

  it('a refused token is never sent again', async () => {
    const h = helpdeskWithOneGoodToken();
    const user = h.client.withCredential(bearer('bad-1'));

    expect(await outcome(user.priorities())).toBe('unauthorized');
    expect(await outcome(user.priorities())).toBe('unauthorized');
    expect(await outcome(user.getTalep({ id: 1 }))).toBe('unauthorized');

    expect(h.wire()).toEqual(['Bearer bad-1']);
  });

  it('a verified credential keeps working while the bad ones are refused', async () => {
    const h = helpdeskWithOneGoodToken({ cache: false });
    await h.client.priorities(); // the help desk accepts `t`: verified

    const bad = Array.from({ length: 10 }, (_, n) => outcome(h.client.withCredential(bearer(`bad-${n}`)).priorities()));
    const good = Array.from({ length: 5 }, () => outcome(h.client.priorities({}, { fresh: true })));
    const [badKinds, goodKinds] = await Promise.all([Promise.all(bad), Promise.all(good)]);

    expect(goodKinds).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(badKinds.every((kind) => kind === 'unauthorized' || kind === 'auth-paused')).toBe(true);
    expect(h.wire().filter((authorization) => authorization !== GOOD).length).toBeLessThanOrEqual(2);
    // And after the storm.
    expect(await outcome(h.client.priorities())).toBe('ok');
  });

  it('a shared AuthGuard protects separate clients of the same help desk', async () => {
    const guard = new AuthGuard();
    const h = helpdeskWithOneGoodToken({ guard });
    const other = mockHelpdesk({ guard, credential: bearer('bad-other') });
    try {
      other.reply({ status: 401 });
      other.reply({ status: 401 });
      await outcome(h.client.withCredential(bearer('bad-1')).priorities());
      await outcome(h.client.withCredential(bearer('bad-2')).priorities());

      expect(await outcome(other.client.priorities())).toBe('auth-paused');
      expect(other.requests()).toHaveLength(0);
      expect(other.agent.pendingInterceptors()).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('a 403 that reports an IP block pauses every call, retries it after the pause, and one probe resumes them', async () => {
    const clock = new ManualClock();
    const h = helpdeskWithOneGoodToken({ guard: { clock }, cache: false });
    await h.client.priorities();
    h.state.blocked = true;

    const waits: number[] = [];
    const blockedCall = outcome(h.client.priorities({}, { onQueued: (ms) => waits.push(ms) }));
    await settle(20);
    expect(h.wire()).toHaveLength(2); // the blocked answer; the call now waits out the pause
    h.state.blocked = false;

    // Another operation (an identical read would simply join the first call's flight).
    const laterCall = outcome(h.client.closeTalep({ id: 1 }, { onQueued: (ms) => waits.push(ms) }));
    await settle(20);
    expect(h.wire()).toHaveLength(2); // held back: nothing new on the wire
    // The blocked call was sent (0) before its answer started the pause; both then wait it out.
    expect(waits).toEqual([0, 5 * 60_000, 5 * 60_000]);

    await clock.advance(5 * 60_000);
    expect(await blockedCall).toBe('ok');
    expect(await laterCall).toBe('ok');
    expect(h.wire()).toHaveLength(4);
  });

  it('a plain 403 (missing permission) is about the user, not the IP: nothing pauses', async () => {
    const h = mockHelpdesk();
    hd = h;
    h.reply({ status: 403, body: 'Admin permission required' });
    h.replyJson(prioritiesJson);

    expect(await outcome(h.client.deleteUser({ userId: 3 }))).toBe('forbidden');
    expect(await outcome(h.client.priorities())).toBe('ok');
  });
});
