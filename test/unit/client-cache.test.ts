/**
 * The two layers in front of the network: single-flight for identical concurrent reads, and the
 * reference-data cache (shared or per user) with invalidation by writes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { ACTION_ANSWER_LINGER_MS } from '../../src/api/cache.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { categoriesJson, ManualClock, type MockHelpdesk, mockHelpdesk, prioritiesJson, settle, talepJson } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;
const open = (...args: Parameters<typeof mockHelpdesk>): MockHelpdesk => (hd = mockHelpdesk(...args));

afterEach(async () => {
  hd?.agent.assertNoPendingInterceptors();
  await hd?.close();
  hd = undefined;
});

const authorizations = (h: MockHelpdesk): Array<string | undefined> => h.requests().map((request) => request.headers.authorization);

describe('single-flight', () => {
  it('two identical concurrent reads share one request and one result', async () => {
    const h = open();
    h.replyJson(talepJson);

    const [first, second] = await Promise.all([h.client.getTalep({ id: 1 }), h.client.getTalep({ id: 1 })]);

    expect(h.requests()).toHaveLength(1);
    expect(first.TalepID).toBe(12);
    expect(second).toBe(first);
  });

  it('the same read for two credentials is two requests (each sees what its user may see)', async () => {
    const h = open();
    h.replyJson(talepJson);
    h.replyJson(talepJson);

    await Promise.all([
      h.client.withCredential(bearer('ayse')).getTalep({ id: 1 }),
      h.client.withCredential(bearer('mehmet')).getTalep({ id: 1 }),
    ]);

    expect(authorizations(h).sort()).toEqual(['Bearer ayse', 'Bearer mehmet']);
  });

  it('different parameters are different flights', async () => {
    const h = open();
    h.replyJson(talepJson);
    h.replyJson({ ...talepJson, TalepID: 2 });

    await Promise.all([h.client.getTalep({ id: 1 }), h.client.getTalep({ id: 2 })]);

    expect(h.requests().map((request) => request.query.id).sort()).toEqual(['1', '2']);
  });

  it('a finished read is not remembered (talep data is not reference data)', async () => {
    const h = open();
    h.replyJson(talepJson);
    h.replyJson({ ...talepJson, Status: 'Closed' });

    await h.client.getTalep({ id: 1 });
    const again = await h.client.getTalep({ id: 1 });

    expect(again.Status).toBe('Closed');
    expect(h.requests()).toHaveLength(2);
  });

  it("a person's read never joins a queued background read of the same thing; a background read joins a person's", async () => {
    const clock = new ManualClock();
    const h = open({ throttle: { clock, limits: { general: 1, search: 1 }, spread: false } });
    for (let n = 0; n < 3; n++) h.replyJson(talepJson);
    await h.client.getTalep({ id: 2 }); // fills the window: everything below queues
    const order: string[] = [];
    const poller = h.client.getTalep({ id: 1 }, { priority: 'background' }).then(() => void order.push('background'));
    const person = h.client.getTalep({ id: 1 }).then(() => void order.push('person'));
    const joined = h.client.getTalep({ id: 1 }, { priority: 'background' }).then(() => void order.push('joined'));
    await settle();
    // One window later one call may go: the person's (its own flight, interactive), with the joined background caller.
    await clock.advance(61_000);
    await Promise.all([person, joined]);
    expect(order).toEqual(['person', 'joined']);
    await clock.advance(61_000);
    await poller;
    expect(order).toEqual(['person', 'joined', 'background']);
    expect(h.requests().filter((request) => request.query.id === '1')).toHaveLength(2);
  });

  it('concurrent callers of a failing read share the one failure', async () => {
    const h = open();
    h.reply({ status: 404, body: 'Talep not found' });

    const results = await Promise.allSettled([h.client.getTalep({ id: 1 }), h.client.getTalep({ id: 1 })]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    for (const result of results) {
      expect(result.status === 'rejected' && result.reason instanceof HelpdeskError && result.reason.kind).toBe('not-found');
    }
    expect(h.requests()).toHaveLength(1);
  });

  it('one caller cancelling does not cancel the others sharing its flight', async () => {
    const h = open();
    h.pool.intercept({ path: () => true }).reply(200, JSON.stringify(talepJson)).delay(50);
    const impatient = new AbortController();

    const first = h.client.getTalep({ id: 1 }, { signal: impatient.signal });
    const second = h.client.getTalep({ id: 1 });
    await settle();
    impatient.abort();

    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toMatchObject({ TalepID: 12 });
    expect(h.requests()).toHaveLength(1);
  });

  it('a caller joining a flight can still cancel its own wait', async () => {
    const h = open();
    h.pool.intercept({ path: () => true }).reply(200, JSON.stringify(talepJson)).delay(50);
    const joiner = new AbortController();

    const first = h.client.getTalep({ id: 1 });
    const second = h.client.getTalep({ id: 1 }, { signal: joiner.signal });
    await settle();
    joiner.abort();

    await expect(second).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(first).resolves.toMatchObject({ TalepID: 12 });
  });

  it("the first caller's queue cancel takes only that caller out: the read others joined still goes", async () => {
    const h = open({ connections: 1 });
    // One call holds the only connection, so the shared read waits for it.
    h.pool.intercept({ path: () => true }).reply(200, JSON.stringify({ ...talepJson, TalepID: 5 })).delay(50);
    h.replyJson(talepJson);
    const holder = h.client.getTalep({ id: 5 });
    await settle();
    const [starter, joiner] = [new AbortController(), new AbortController()];

    const first = h.client.getTalep({ id: 1 }, { queueSignal: starter.signal });
    const second = h.client.getTalep({ id: 1 }, { queueSignal: joiner.signal });
    await settle();
    starter.abort();

    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toMatchObject({ TalepID: 12 });
    await expect(holder).resolves.toMatchObject({ TalepID: 5 });
    expect(h.requests()).toHaveLength(2);
  });

  it('when every caller of a flight cancels, the request itself is cancelled', async () => {
    const h = open();
    h.pool.intercept({ path: () => true }).reply(200, JSON.stringify(talepJson)).delay(5_000);
    const controllers = [new AbortController(), new AbortController()];

    const calls = controllers.map((controller) => h.client.getTalep({ id: 1 }, { signal: controller.signal }));
    await settle();
    for (const controller of controllers) controller.abort();

    for (const call of calls) await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    // The flight is gone: the next caller starts a new request instead of joining an aborted one.
    h.replyJson(talepJson);
    await expect(h.client.getTalep({ id: 1 })).resolves.toMatchObject({ TalepID: 12 });
    expect(h.requests()).toHaveLength(2);
  });

  it('a read made for an action answers that action’s repeat that comes just after it finished, and no one else', async () => {
    const h = open();
    h.replyJson(talepJson);
    h.replyJson({ ...talepJson, Status: 'Closed' });
    h.replyJson({ ...talepJson, Status: 'Closed' });
    const action = h.client.withCredential(bearer('ayse'), { order: 7 });

    const first = await action.getTalep({ id: 1 });
    // The repeat of the command joined action 7 (./slack/acked-place.ts); its work came a moment late.
    const repeat = await action.getTalep({ id: 1 });
    // Another action of the same person, and the same action's read of something else, ask.
    const later = await h.client.withCredential(bearer('ayse'), { order: 8 }).getTalep({ id: 1 });
    const unordered = await h.client.withCredential(bearer('ayse')).getTalep({ id: 1 });

    expect(repeat).toBe(first);
    expect(later.Status).toBe('Closed');
    expect(unordered.Status).toBe('Closed');
    expect(h.requests()).toHaveLength(3);
  });

  it('an action’s answer lingers 10 s at most, and not past a write the action makes', async () => {
    const h = open();
    h.replyJson({ ...talepJson, Status: 'New' });
    h.replyJson({ ...talepJson, Status: 'Open' });
    h.reply();
    h.replyJson({ ...talepJson, Status: 'Closed' });
    const action = h.client.withCredential(bearer('ayse'), { order: 7 });
    const now = vi.spyOn(performance, 'now');
    try {
      now.mockReturnValue(1_000);
      await action.getTalep({ id: 1 });
      now.mockReturnValue(1_000 + ACTION_ANSWER_LINGER_MS + 1);
      expect((await action.getTalep({ id: 1 })).Status).toBe('Open');
      await action.addComment({ id: 1, body: 'closing' });
      expect((await action.getTalep({ id: 1 })).Status).toBe('Closed');
    } finally {
      now.mockRestore();
    }
    expect(h.requests()).toHaveLength(4);
  });

  it('a background read lingers for no one', async () => {
    const h = open();
    h.replyJson(talepJson);
    h.replyJson({ ...talepJson, Status: 'Closed' });
    const poller = h.client.withCredential(bearer('ayse'), { order: 7, priority: 'background' });
    await poller.getTalep({ id: 1 });
    expect((await poller.getTalep({ id: 1 })).Status).toBe('Closed');
  });

  it('writes are never merged', async () => {
    const h = open();
    h.reply();
    h.reply();
    await Promise.all([h.client.addComment({ id: 1, body: 'same' }), h.client.addComment({ id: 1, body: 'same' })]);
    expect(h.requests()).toHaveLength(2);
  });
});

describe('reference cache', () => {
  it('priorities() twice is one request; fresh: true asks again and refreshes the entry', async () => {
    const h = open();
    h.replyJson(prioritiesJson);
    h.replyJson([...prioritiesJson, { PriorityID: 3, Name: 'Blocker' }]);

    const first = await h.client.priorities();
    const cached = await h.client.priorities();
    expect(h.requests()).toHaveLength(1);
    expect(cached).toEqual(first);

    const fresh = await h.client.priorities({}, { fresh: true });
    expect(h.requests()).toHaveLength(2);
    expect(fresh.map((priority) => priority.Name)).toContain('Blocker');
    // The fresh answer replaced the cached one.
    expect(await h.client.priorities()).toEqual(fresh);
    expect(h.requests()).toHaveLength(2);
  });

  it('shared entries are served only to credentials the help desk has accepted', async () => {
    const h = open();
    h.replyJson(prioritiesJson);
    h.replyJson(prioritiesJson);
    const stranger = h.client.withCredential(bearer('never-seen'));

    await h.client.priorities();
    await stranger.priorities(); // not verified yet: must prove itself to the help desk first
    expect(authorizations(h)).toEqual(['Bearer t', 'Bearer never-seen']);

    await stranger.priorities(); // now accepted once: the shared entry is served
    expect(h.requests()).toHaveLength(2);
  });

  it('per-user data (categories) is cached separately for each user', async () => {
    const h = open();
    const ayse = h.client.withCredential(bearer('ayse'));
    const mehmet = h.client.withCredential(bearer('mehmet'));
    h.replyJson(categoriesJson);
    h.replyJson([categoriesJson[0]]);

    const ayseFirst = await ayse.categories();
    const mehmetFirst = await mehmet.categories();
    const ayseAgain = await ayse.categories();
    const mehmetAgain = await mehmet.categories();

    expect(authorizations(h)).toEqual(['Bearer ayse', 'Bearer mehmet']);
    expect(ayseAgain).toEqual(ayseFirst);
    expect(mehmetAgain).toEqual(mehmetFirst);
    expect(ayseFirst).toHaveLength(2);
    expect(mehmetFirst).toHaveLength(1);
  });

  it('addCategory invalidates the cached categories', async () => {
    const h = open();
    h.replyJson(categoriesJson);
    h.replyJson({ id: 3 });
    h.replyJson([...categoriesJson, { CategoryID: 3, Name: 'Telefon' }]);

    await h.client.categories();
    await h.client.addCategory({ name: 'Telefon' });
    const after = await h.client.categories();

    expect(h.requests().map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /helpdesk/api/categories',
      'POST /helpdesk/api/AddCategory',
      'GET /helpdesk/api/categories',
    ]);
    expect(after.map((category) => category.Name)).toContain('Telefon');
  });

  it('a failed write invalidates nothing', async () => {
    const h = open();
    h.replyJson(categoriesJson);
    h.reply({ status: 403, body: 'Admin only' });

    await h.client.categories();
    await expect(h.client.addCategory({ name: 'Telefon' })).rejects.toMatchObject({ kind: 'forbidden' });
    await h.client.categories();

    expect(h.requests()).toHaveLength(2);
  });

  it('a failure is not cached', async () => {
    const h = open();
    h.reply({ status: 500 });
    h.replyJson(prioritiesJson);

    await expect(h.client.priorities()).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(h.client.priorities()).resolves.toEqual(prioritiesJson);
    expect(h.requests()).toHaveLength(2);
  });

  it('different parameters are different entries', async () => {
    const h = open();
    h.replyJson([{ FieldID: 1, FieldName: 'Color', Type: 3, UsageType: 1, Mandatory: false }]);
    h.replyJson([{ FieldID: 2, FieldName: 'Warranty', Type: 2, UsageType: 2, Mandatory: false }]);

    const talepFields = await h.client.customFields({ type: 1 });
    const assetFields = await h.client.customFields({ type: 2 });

    expect(talepFields[0]?.FieldName).toBe('Color');
    expect(assetFields[0]?.FieldName).toBe('Warranty');
    expect(await h.client.customFields({ type: 1 })).toEqual(talepFields);
    expect(h.requests()).toHaveLength(2);
  });

  it('clearCache() and cache: false both mean asking the help desk', async () => {
    const h = open();
    h.replyJson(prioritiesJson);
    h.replyJson(prioritiesJson);
    await h.client.priorities();
    h.client.clearCache();
    await h.client.priorities();
    expect(h.requests()).toHaveLength(2);

    const uncached = mockHelpdesk({ cache: false });
    try {
      uncached.replyJson(prioritiesJson);
      uncached.replyJson(prioritiesJson);
      await uncached.client.priorities();
      await uncached.client.priorities();
      expect(uncached.requests()).toHaveLength(2);
    } finally {
      await uncached.close();
    }
  });
});

describe('reference data shared across people (issue 13)', () => {
  it('merges simultaneous priorities() of different verified people into one request', async () => {
    const h = open();
    const ayse = h.client.withCredential(bearer('ayse'), { knownGood: true });
    const mehmet = h.client.withCredential(bearer('mehmet'), { knownGood: true });
    h.replyJson(prioritiesJson);

    const [a, m] = await Promise.all([ayse.priorities(), mehmet.priorities()]);
    expect(h.requests()).toHaveLength(1);
    expect(m).toEqual(a);
  });

  it('shares per-role data (categories) within one visibility class, never across classes', async () => {
    const h = open();
    const agentA = h.client.withCredential(bearer('agent-a'), { knownGood: true, visibility: 'agent' });
    const agentB = h.client.withCredential(bearer('agent-b'), { knownGood: true, visibility: 'agent' });
    const user = h.client.withCredential(bearer('user-c'), { knownGood: true, visibility: 'user' });
    h.replyJson(categoriesJson);
    h.replyJson([categoriesJson[0]]);

    const [first, second] = await Promise.all([agentA.categories(), agentB.categories()]);
    const regular = await user.categories();
    expect(authorizations(h)).toEqual(['Bearer agent-a', 'Bearer user-c']);
    expect(second).toEqual(first);
    expect(first).toHaveLength(2);
    expect(regular).toHaveLength(1);
  });

  it('serves a stale entry at once and refreshes it in the background for the next caller', async () => {
    let now = 0;
    const h = open({ cache: { refreshAfterMs: 60_000, ttlMs: 600_000, now: () => now } });
    h.replyJson(prioritiesJson);
    h.replyJson([...prioritiesJson, { PriorityID: 3, Name: 'Blocker' }]);
    await h.client.priorities();

    now = 61_000;
    const served = await h.client.priorities(); // stale: served as it was, a refresh starts
    expect(served.map((priority) => priority.Name)).not.toContain('Blocker');
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.requests()).toHaveLength(2);
    const refreshed = await h.client.priorities();
    expect(refreshed.map((priority) => priority.Name)).toContain('Blocker');
    expect(h.requests()).toHaveLength(2);
  });
});

describe('SingleFlight: a repeat that joins a waiting read is told its wait (issue 13)', () => {
  it('tells the joiner the estimate at once, less the time gone by, and later estimates too', async () => {
    const { SingleFlight } = await import('../../src/api/cache.js');
    const flights = new SingleFlight();
    const first: number[] = [];
    const joiner: number[] = [];
    let finish!: (value: string) => void;
    let report!: (ms: number) => void;
    const a = flights.run('k', (_signal, onQueued) => {
      report = onQueued;
      onQueued(30_000); // synchronously, as a blocked lock-out guard does
      return new Promise<string>((resolve) => (finish = resolve));
    }, undefined, (ms) => first.push(ms));
    const b = flights.run('k', async () => 'never', undefined, (ms) => joiner.push(ms));
    expect(first).toEqual([30_000]);
    expect(joiner).toHaveLength(1);
    expect(joiner[0]).toBeGreaterThan(29_000);
    report(10_000);
    expect(joiner.at(-1)).toBe(10_000);
    finish('answer');
    expect(await Promise.all([a, b])).toEqual(['answer', 'answer']);
  });
});

describe('SingleFlight: a caller with several signals (its own and its queue cancel)', () => {
  it('leaves on either of them, stops the work only when every caller has left, and lets go of its listeners', async () => {
    const { EventEmitter } = await import('node:events');
    const getEventListeners = (signal: AbortSignal) => EventEmitter.getEventListeners(signal, 'abort');
    const { SingleFlight } = await import('../../src/api/cache.js');
    const flights = new SingleFlight();
    let workSignal!: AbortSignal;
    let finish!: (value: string) => void;
    const own = new AbortController();
    const queue = new AbortController();
    const other = new AbortController();
    const a = flights.run('k', (signal) => {
      workSignal = signal;
      return new Promise<string>((resolve) => (finish = resolve));
    }, [own.signal, queue.signal]);
    const b = flights.run('k', async () => 'never', [undefined, other.signal]);
    queue.abort();
    await expect(a).rejects.toMatchObject({ kind: 'cancelled' });
    expect(workSignal.aborted).toBe(false); // b still waits for the answer
    expect(getEventListeners(own.signal)).toHaveLength(0);
    finish('answer');
    expect(await b).toBe('answer');
    expect(getEventListeners(other.signal)).toHaveLength(0);

    const c = flights.run('k2', (signal) => {
      workSignal = signal;
      return new Promise<string>(() => undefined);
    }, [own.signal, other.signal]);
    const mine = new AbortController();
    const d = flights.run('k2', async () => 'never', [mine.signal]);
    mine.abort();
    await expect(d).rejects.toMatchObject({ kind: 'cancelled' });
    expect(workSignal.aborted).toBe(false);
    own.abort();
    await expect(c).rejects.toMatchObject({ kind: 'cancelled' });
    expect(workSignal.aborted).toBe(true); // nobody wants the answer any more
    await expect(flights.run('k3', async () => 'x', [queue.signal])).rejects.toMatchObject({ kind: 'cancelled' }); // already cancelled
  });
});
