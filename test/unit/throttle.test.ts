import { describe, expect, it } from 'vitest';
import { ManualClock, settle } from '../support/manual-clock.js';
import { HelpdeskError } from '../../src/api/errors.js';
import type { RateBudget } from '../../src/api/endpoints.js';
import type { Priority, ThrottleOptions } from '../../src/api/throttle.js';
import { NEWCOMER_QUIET_MS, nextActionOrder as nextActionOrderForTest, Throttle } from '../../src/api/throttle.js';

interface Send {
  at: number;
  user: string;
  budget: RateBudget;
  id: number;
}

/** A throttle on a manual clock, plus a log of every send made through it. */
function setup(options: ThrottleOptions = {}) {
  const clock = new ManualClock();
  const throttle = new Throttle({ clock, spread: false, reestimateEveryMs: 0, ...options });
  const sends: Send[] = [];
  let nextId = 0;
  const call = (
    user: string,
    budget: RateBudget = 'general',
    extra: { priority?: Priority; signal?: AbortSignal } = {},
  ): { id: number; enqueuedAt: number; estimate: number | undefined; done: Promise<void> } => {
    const id = nextId++;
    const handle = {
      id,
      enqueuedAt: clock.now(),
      estimate: undefined as number | undefined,
      done: Promise.resolve(),
    };
    handle.done = throttle
      .acquire({ budget, userKey: user, ...extra, onQueued: (ms) => void (handle.estimate = ms) })
      .then(() => void sends.push({ at: clock.now(), user, budget, id }));
    return handle;
  };
  return { clock, throttle, sends, call };
}

/** The most sends found in any half-open window [x, x + windowMs). */
function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}

const MINUTE_AND_MARGIN = 61_000;

describe('Throttle: rate budgets', () => {
  it('never sends more than 90 in any 61 s window during a burst of 500 from several users', async () => {
    const { clock, throttle, sends, call } = setup();
    const users = ['ana', 'bora', 'cem', 'deniz', 'ece'];
    const handles = Array.from({ length: 500 }, (_, i) => call(users[i % users.length]!));

    expect(sends).toHaveLength(0); // sends are logged in a promise callback
    await settle();
    expect(sends).toHaveLength(90);
    expect(throttle.stats().queued.interactive).toBe(410);

    await clock.advance(10 * MINUTE_AND_MARGIN);
    await Promise.all(handles.map((h) => h.done));
    expect(sends).toHaveLength(500);
    expect(maxInAnyWindow(sends.map((s) => s.at), MINUTE_AND_MARGIN)).toBe(90);
    // The budget is used fully: 6 windows' worth of 90, the last batch one window after the fifth.
    expect(Math.max(...sends.map((s) => s.at))).toBe(5 * MINUTE_AND_MARGIN);
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps search under 60 and general calls under 90 per window, each budget on its own (one reading of the rate table)', async () => {
    const { clock, sends, call } = setup();
    const handles = Array.from({ length: 300 }, (_, i) => call(`user${i % 4}`, i % 2 === 0 ? 'search' : 'general'));

    await clock.advance(20 * MINUTE_AND_MARGIN);
    await Promise.all(handles.map((h) => h.done));
    const searchTimes = sends.filter((s) => s.budget === 'search').map((s) => s.at);
    const generalTimes = sends.filter((s) => s.budget === 'general').map((s) => s.at);
    expect(searchTimes).toHaveLength(150);
    expect(maxInAnyWindow(searchTimes, MINUTE_AND_MARGIN)).toBe(60);
    expect(maxInAnyWindow(generalTimes, MINUTE_AND_MARGIN)).toBe(90);
  });

  it('does not charge search calls to the general budget: 60 searches and 90 general calls go in the same window', async () => {
    const { throttle, sends, call } = setup();
    for (let i = 0; i < 60; i++) call('searcher', 'search');
    for (let i = 0; i < 100; i++) call(`user${i}`, 'general');
    await settle();

    expect(sends.filter((s) => s.budget === 'search')).toHaveLength(60);
    expect(sends.filter((s) => s.budget === 'general')).toHaveLength(90);
    expect(throttle.stats()).toMatchObject({ queued: { interactive: 10 }, sentInWindow: { general: 90, search: 60 } });
  });

  it('lets a search call go while the general window is full', async () => {
    const { sends, call } = setup();
    for (let i = 0; i < 91; i++) call('bulk');
    const search = call('finder', 'search');
    await settle();
    expect(search.estimate).toBeUndefined();
    expect(sends.filter((s) => s.budget === 'general')).toHaveLength(90);
    expect(sends.find((s) => s.id === search.id)?.at).toBe(0);
  });

  it("does not let a full search budget hold back general calls, the user's own included; each budget in order per user", async () => {
    const { clock, sends, call } = setup({ limits: { general: 90, search: 2 } });
    call('sara', 'search');
    call('sara', 'search');
    const heldSearch = call('sara', 'search');
    const saraGeneral = call('sara', 'general');
    const otherUser = call('gul', 'general');
    await settle();

    expect(sends.map((s) => s.id)).toEqual([0, 1, saraGeneral.id, otherUser.id]);
    await clock.advance(MINUTE_AND_MARGIN);
    expect(sends.map((s) => s.id).slice(4)).toEqual([heldSearch.id]);
  });

  it('never waits and never arms a timer when disabled', async () => {
    const { clock, throttle, sends, call } = setup({ enabled: false });
    const handles = Array.from({ length: 1000 }, (_, i) => call(`u${i % 3}`, i % 2 ? 'search' : 'general'));
    await settle();

    expect(sends).toHaveLength(1000);
    expect(handles.every((h) => h.estimate === undefined)).toBe(true);
    expect(throttle.estimateWait('search')).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('still honours a 429 pause when disabled (the server asked for a break)', async () => {
    const { clock, throttle, sends, call } = setup({ enabled: false });
    throttle.pause('search', 10_000);
    const search = call('a', 'search');
    const general = call('a', 'general');
    await settle();

    expect(sends.map((s) => s.id)).toEqual([general.id]);
    expect(search.estimate).toBe(10_000);
    expect(throttle.estimateWait('search')).toBe(10_000);
    await clock.advance(10_000);
    expect(sends.map((s) => s.id)).toEqual([general.id, search.id]);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('Throttle: 429 pauses', () => {
  it('holds general calls after pause("general", ms), then resumes the queue in order; search calls go on', async () => {
    const { clock, throttle, sends, call } = setup();
    throttle.pause('general', 30_000);
    const a1 = call('a');
    const a2 = call('a');
    const b1 = call('b');
    const search = call('c', 'search');
    await settle();

    expect(sends.map((s) => s.id)).toEqual([search.id]);
    expect(a1.estimate).toBe(30_000);
    expect(throttle.stats().pausedUntil).toEqual({ general: 30_000, search: undefined });
    await clock.advance(29_999);
    expect(sends).toHaveLength(1);
    await clock.advance(1);
    expect(sends.map((s) => [s.id, s.at]).slice(1)).toEqual([
      [a1.id, 30_000],
      [b1.id, 30_000],
      [a2.id, 30_000],
    ]);
  });

  it('uses the default pause (120 s unless configured) when the 429 had no Retry-After', async () => {
    const { clock, throttle, sends, call } = setup();
    throttle.pause('general');
    const held = call('a');
    await settle();
    expect(held.estimate).toBe(120_000);
    await clock.advance(119_999);
    expect(sends).toHaveLength(0);
    await clock.advance(1);
    expect(sends).toHaveLength(1);

    const custom = setup({ defaultPauseMs: 5_000 });
    custom.throttle.pause('search');
    expect(custom.throttle.estimateWait('search')).toBe(5_000);
  });

  it('pauses only search calls after pause("search")', async () => {
    const { clock, throttle, sends, call } = setup();
    throttle.pause('search', 10_000);
    const search = call('a', 'search');
    const general = call('b', 'general');
    await settle();

    expect(sends.map((s) => s.id)).toEqual([general.id]);
    expect(search.estimate).toBe(10_000);
    await clock.advance(10_000);
    expect(sends.map((s) => s.id)).toEqual([general.id, search.id]);
  });

  it('lets a later pause extend the current one but never shorten it', async () => {
    const { clock, throttle, sends, call } = setup();
    throttle.pause('general', 60_000);
    throttle.pause('general', 10_000);
    expect(throttle.estimateWait('general')).toBe(60_000);

    call('a');
    await clock.advance(30_000);
    throttle.pause('general', 45_000); // ends at 75 s, later than 60 s
    await clock.advance(30_000);
    expect(sends).toHaveLength(0);
    await clock.advance(15_000);
    expect(sends.map((s) => s.at)).toEqual([75_000]);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('Throttle: scheduling', () => {
  const oneASecond = { limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 };

  it('gives a single call of user B one of the next couple of slots after 200 calls of user A', async () => {
    const { clock, sends, call } = setup();
    for (let i = 0; i < 200; i++) call('a');
    const b = call('b');
    await settle();
    expect(sends).toHaveLength(90);
    expect(b.estimate).toBe(MINUTE_AND_MARGIN);

    await clock.advance(MINUTE_AND_MARGIN);
    const position = sends.findIndex((s) => s.id === b.id) - 90;
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(1);
  });

  it('takes turns between users and keeps each user in FIFO order', async () => {
    const { clock, sends, call } = setup(oneASecond);
    for (const user of ['a', 'b', 'c']) for (let i = 0; i < 3; i++) call(user);
    await clock.advance(20_000);

    expect(sends.map((s) => `${s.user}${s.id % 3}`)).toEqual(['a0', 'a1', 'b0', 'c0', 'a2', 'b1', 'c1', 'b2', 'c2']);
    expect(sends.map((s) => s.at)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000]);
  });

  it('sends interactive calls before background calls queued earlier', async () => {
    const { clock, throttle, sends, call } = setup(oneASecond);
    call('first');
    const bg1 = call('sync', 'general', { priority: 'background' });
    const bg2 = call('sync', 'general', { priority: 'background' });
    const fg1 = call('ali');
    const fg2 = call('veli');
    await settle();
    expect(throttle.stats().queued).toEqual({ interactive: 2, background: 2 });
    // A new background user goes after both interactive calls and one turn of 'sync': the 4th slot.
    expect(throttle.estimateWait('general', 'background')).toBe(4_000);
    expect(throttle.estimateWait('general', 'interactive')).toBe(3_000);

    await clock.advance(10_000);
    expect(sends.map((s) => s.id).slice(1)).toEqual([fg1.id, fg2.id, bg1.id, bg2.id]);
  });
});

describe('Throttle: cancellation', () => {
  const twoASecond = { limits: { general: 2, search: 2 }, windowMs: 1_000, safetyMarginMs: 0 };

  it('removes a cancelled call from the queue without using a slot', async () => {
    const { clock, throttle, sends, call } = setup(twoASecond);
    call('a');
    call('a');
    const controller = new AbortController();
    const cancelled = call('x', 'general', { signal: controller.signal });
    const y = call('y');
    const z = call('z');
    await settle();
    expect(throttle.stats().queued.interactive).toBe(3);

    controller.abort();
    const error = await cancelled.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HelpdeskError);
    expect((error as HelpdeskError).kind).toBe('cancelled');
    expect(throttle.stats().queued.interactive).toBe(2);

    await clock.advance(1_000);
    expect(sends.map((s) => [s.id, s.at]).slice(2)).toEqual([
      [y.id, 1_000],
      [z.id, 1_000],
    ]);
    expect(sends.some((s) => s.id === cancelled.id)).toBe(false);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { throttle, sends, call } = setup();
    const controller = new AbortController();
    controller.abort();
    const handle = call('a', 'general', { signal: controller.signal });
    await expect(handle.done).rejects.toMatchObject({ kind: 'cancelled' });
    expect(sends).toHaveLength(0);
    expect(throttle.stats().sentInWindow.general).toBe(0);
  });

  it('drops its timer when the last queued call is cancelled', async () => {
    const { clock, call } = setup(twoASecond);
    call('a');
    call('a');
    const controller = new AbortController();
    const queued = call('a', 'general', { signal: controller.signal });
    await settle();
    expect(clock.pendingTimers).toBe(1);
    controller.abort();
    await expect(queued.done).rejects.toBeInstanceOf(HelpdeskError);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('Throttle: wait estimates', () => {
  it('estimates one window for call #91 of a burst and two for call #181; immediate calls get no estimate', async () => {
    const { call } = setup();
    const handles = Array.from({ length: 200 }, () => call('a'));
    expect(handles.slice(0, 90).every((h) => h.estimate === undefined)).toBe(true);
    expect(handles[90]!.estimate).toBe(MINUTE_AND_MARGIN);
    expect(handles[180]!.estimate).toBe(2 * MINUTE_AND_MARGIN);
  });

  it('matches the actual wait of every call in a round-robin burst', async () => {
    const { clock, sends, call } = setup();
    const handles = Array.from({ length: 400 }, (_, i) => call(['a', 'b', 'c'][i % 3]!));
    await clock.advance(10 * MINUTE_AND_MARGIN);

    for (const handle of handles.slice(90)) {
      const sentAt = sends.find((s) => s.id === handle.id)!.at;
      expect(handle.estimate).toBe(sentAt - handle.enqueuedAt);
    }
  });

  it("counts only one turn of a flooding user who is behind the caller's user in the rotation", async () => {
    const { clock, sends, call } = setup({ limits: { general: 1, search: 1 }, windowMs: 20_000, safetyMarginMs: 0 });
    call('x'); // fills the window; x is not active lately by the time the others come
    await clock.advance(11_000);
    call('a');
    for (let i = 0; i < 5; i++) call('b');
    const secondOfA = call('a');
    expect(secondOfA.estimate).toBe(49_000); // a at 20 s, b at 40 s, then this one at 60 s
    await clock.advance(60_000);
    expect(sends.find((s) => s.id === secondOfA.id)?.at).toBe(60_000);
  });

  it('counts a turn of a person active lately who has nothing queued now: coming back, they go before the caller’s later turn', async () => {
    const { clock, sends, call } = setup({ limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    call('x'); // goes at once: x's queue is empty, x keeps an idle slot
    const firstOfA = call('a');
    const secondOfA = call('a');
    expect(firstOfA.estimate).toBe(1_000); // a, new to the rotation, joins ahead of x’s idle slot
    expect(secondOfA.estimate).toBe(3_000); // a, x (back again), then this one
    await clock.advance(500);
    const xAgain = call('x');
    await clock.advance(10_000);
    expect(sends.find((s) => s.id === xAgain.id)?.at).toBe(2_000);
    expect(sends.find((s) => s.id === secondOfA.id)?.at).toBe(3_000);
  });

  it('keeps the slot of a person whose queue emptied: back within 10 s, they go before those who took a turn after them', async () => {
    const { clock, sends, call } = setup({ limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    call('x'); // goes at once; x keeps an idle slot
    call('y');
    const secondOfY = call('y');
    expect(secondOfY.estimate).toBe(3_000); // y, x (coming back), then this one
    await clock.advance(1_500); // y's first call went at 1 s, and y moved behind x's slot
    call('x');
    await clock.advance(5_000);
    // Sent to the back when it came (after y's turn), x went after y's second call, a second before the estimate.
    expect(sends.map((send) => [send.user, send.at])).toEqual([
      ['x', 0],
      ['y', 1_000],
      ['x', 2_000],
      ['y', 3_000],
    ]);
  });

  it('does not count idle slots before a person’s first turn while nobody else waits: outside a queue most people do not come back within seconds', async () => {
    const { clock, call } = setup({ limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    call('x'); // goes at once; x keeps an idle slot
    call('y', 'search'); // y is busy elsewhere too
    const firstOfY = call('y');
    expect(firstOfY.estimate).toBe(1_000);
    await clock.advance(1_000); // y went, behind x's idle slot
    const nextOfY = call('y');
    expect(nextOfY.estimate).toBe(1_000); // the window only: x, or someone searching, may never come
  });

  it('counts a turn of each person active lately in another lane: a flood’s people search and show in turn', async () => {
    const { clock, sends, call } = setup({ limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    call('s', 'search'); // s is busy searching
    call('a'); // goes at once
    call('a');
    const thirdOfA = call('a');
    expect(thirdOfA.estimate).toBe(3_000); // a, s (coming to this lane), then this one
    await clock.advance(500);
    const sShows = call('s');
    await clock.advance(5_000);
    expect(sends.find((send) => send.id === sShows.id)?.at).toBe(2_000);
    expect(sends.find((send) => send.id === thirdOfA.id)?.at).toBe(3_000);
  });

  it('counts the people ahead in the rotation once when the caller’s first turn is under way: they have not gone in this round', async () => {
    const { clock, throttle, sends } = setup({ limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    const send = (user: string, order: number, onQueued?: (ms: number) => void) =>
      throttle.acquire({ budget: 'general', userKey: user, order, ...(onQueued ? { onQueued } : {}) }).then(() => void sends.push({ at: clock.now(), user, budget: 'general', id: order }));
    throttle.expect({ budget: 'general', userKey: 'bora', order: 1 }); // ahead of ana in the rotation; its work is not running yet
    throttle.expect({ budget: 'general', userKey: 'ana', order: 2, calls: 2 }); // a card: record and comments
    await send('ana', 2); // the record goes at once; the card's turn is under way
    let told: number | undefined;
    const later = send('ana', 3, (ms) => (told = ms));
    expect(told).toBe(3_000); // the card's comments, bora once, then this one (bora twice before: 4 s)
    await clock.advance(100);
    const comments = send('ana', 2);
    await clock.advance(400);
    const bora = send('bora', 1);
    await clock.advance(5_000);
    await Promise.all([later, comments, bora]);
    expect(sends.map((one) => [one.user, one.id, one.at])).toEqual([
      ['ana', 2, 0],
      ['ana', 2, 1_000],
      ['bora', 1, 2_000],
      ['ana', 3, 3_000],
    ]);
  });

  it("counts other users' queued search calls against a search call's estimate", async () => {
    const { clock, sends, call } = setup({ limits: { general: 90, search: 1 }, windowMs: 1_000, safetyMarginMs: 0 });
    call('x', 'search');
    call('a', 'search');
    call('b', 'search');
    call('b', 'general'); // behind b's search (FIFO per user), but not a search call itself
    const c = call('c', 'search');
    expect(c.estimate).toBe(3_000);
    await clock.advance(10_000);
    expect(sends.find((s) => s.id === c.id)?.at).toBe(3_000);
  });

  it('accounts for the search window and for a pause', async () => {
    const { throttle, call } = setup();
    for (let i = 0; i < 60; i++) call('a', 'search');
    await settle();
    expect(throttle.estimateWait('search')).toBe(MINUTE_AND_MARGIN);
    expect(throttle.estimateWait('general')).toBe(0);

    throttle.pause('general', 90_000);
    expect(throttle.estimateWait('general')).toBe(90_000);
    expect(throttle.estimateWait('search')).toBe(MINUTE_AND_MARGIN);
  });
});

describe('Throttle: reserved sends (a granted call still waiting for a connection)', () => {
  it('counts a reserved send from when it goes on the wire, not from when it was granted', async () => {
    const { clock, throttle, sends, call } = setup({ limits: { general: 2, search: 2 } });
    const early = await throttle.reserve({ budget: 'general', userKey: 'a' });
    const other = await throttle.reserve({ budget: 'general', userKey: 'b' });
    other.sent();
    // The first call waited 30 s for a connection before it went.
    await clock.advance(30_000);
    early.sent();

    await clock.advance(MINUTE_AND_MARGIN - 30_000);
    call('c'); // one place is free again: 'b' left the window; 'a' went at 30 s and is still inside
    call('d');
    await settle();
    expect(sends.map((send) => send.user)).toEqual(['c']);
    await clock.advance(30_000);
    expect(sends.map((send) => [send.user, send.at])).toEqual([['c', 61_000], ['d', 91_000]]);
  });

  it('holds the place of an unsent reservation however long it waits, and wakes the queue when it goes', async () => {
    const { clock, throttle, sends, call } = setup({ limits: { general: 1, search: 1 } });
    const ticket = await throttle.reserve({ budget: 'general', userKey: 'a' });
    const queued = call('b');
    await clock.advance(5 * MINUTE_AND_MARGIN);
    expect(sends).toHaveLength(0); // a held send counts as happening now, in every window
    expect(clock.pendingTimers).toBe(0); // nothing to wake for until the ticket settles

    ticket.sent();
    await clock.advance(MINUTE_AND_MARGIN);
    await queued.done;
    expect(sends).toEqual([expect.objectContaining({ user: 'b', at: 6 * MINUTE_AND_MARGIN })]);
  });

  it('gives the place back when a reserved call never goes, and ignores a second settle', async () => {
    const { throttle, sends, call } = setup({ limits: { general: 1, search: 1 } });
    const ticket = await throttle.reserve({ budget: 'search', userKey: 'a' });
    const queued = call('b', 'search');
    await settle();
    expect(sends).toHaveLength(0);

    ticket.cancel();
    ticket.sent(); // too late: the first settle counts
    await queued.done;
    expect(sends).toEqual([expect.objectContaining({ user: 'b', at: 0 })]);
    expect(throttle.stats().sentInWindow).toEqual({ general: 0, search: 1 });
  });
});

describe('Throttle: spread over the window', () => {
  it('lets a short burst go, then one call per window ÷ limit, never 90 within 5 s', async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock });
    const sent: number[] = [];
    const waits = Array.from({ length: 200 }, () => throttle.acquire({ budget: 'general', userKey: 'a' }).then(() => void sent.push(clock.now())));
    await settle();
    expect(sent).toEqual(Array(10).fill(0)); // the burst: a ninth of 90
    await clock.advance(5 * MINUTE_AND_MARGIN);
    await Promise.all(waits);
    // After the burst: one call per 678 ms (61 s ÷ 90, whole ms), never two at once, at the window's edge neither.
    expect(maxInAnyWindow(sent.slice(10), 5_000)).toBeLessThanOrEqual(8);
    expect(maxInAnyWindow(sent, 5_000)).toBeLessThanOrEqual(10 + 8);
    expect(maxInAnyWindow(sent, MINUTE_AND_MARGIN)).toBeLessThanOrEqual(90);
    // The window meets the run once: call #90 waits for the burst to leave it (61 s). The burst's other
    // nine leave with it, yet the queue goes on at the steady rate: a wait earns no new burst.
    expect(sent[89]).toBe(80 * 678);
    expect(sent[90]).toBe(MINUTE_AND_MARGIN);
    expect(sent.slice(91, 94)).toEqual([MINUTE_AND_MARGIN + 678, MINUTE_AND_MARGIN + 2 * 678, MINUTE_AND_MARGIN + 3 * 678]);
    // No call goes later than it would at the steady rate alone (one per 678 ms from the first).
    sent.forEach((at, n) => expect(at).toBeLessThanOrEqual(n * 678));
    expect(Math.max(...sent)).toBe(MINUTE_AND_MARGIN + 109 * 678);
  });

  it('earns the burst back only while nothing waits', async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock });
    const sendRun = async (calls: number) => {
      const sent: number[] = [];
      const waits = Array.from({ length: calls }, () => throttle.acquire({ budget: 'general', userKey: 'a' }).then(() => void sent.push(clock.now())));
      await settle();
      return { sent, done: Promise.all(waits) };
    };
    const first = await sendRun(12);
    await clock.advance(2 * 678);
    await first.done;
    expect(first.sent).toEqual([...Array(10).fill(0), 678, 2 * 678]);
    // Idle for 10 intervals: the bucket is full again, a second run of 10 goes at once.
    await clock.advance(10 * 678);
    const second = await sendRun(10);
    expect(second.sent).toEqual(Array(10).fill(12 * 678));
    await second.done;
  });

  it("keeps half the burst for interactive calls: a person's card never waits behind the poller's run", async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock });
    const background: number[] = [];
    const poller = Array.from({ length: 12 }, () => throttle.acquire({ budget: 'general', userKey: 'poller', priority: 'background' }).then(() => void background.push(clock.now())));
    await settle();
    expect(background).toEqual(Array(5).fill(0)); // the other 5 of the burst are the reserve
    const interactive: number[] = [];
    const card = Array.from({ length: 5 }, () => throttle.acquire({ budget: 'general', userKey: 'agent' }).then(() => void interactive.push(clock.now())));
    await settle();
    expect(interactive).toEqual(Array(5).fill(0));
    // Then the background run goes on at the steady rate, once the reserve is back (5 intervals).
    await clock.advance(MINUTE_AND_MARGIN);
    await Promise.all([...poller, ...card]);
    expect(background.slice(5)).toEqual([6, 7, 8, 9, 10, 11, 12].map((n) => n * 678));
  });

  it("estimates the spread's wait, and the estimate matches the actual send", async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock, limits: { general: 90, search: 60 }, reestimateEveryMs: 0 });
    const estimates = new Map<number, number>();
    const sentAt = new Map<number, number>();
    const waits = Array.from({ length: 40 }, (_, i) =>
      throttle
        .acquire({ budget: 'search', userKey: `u${i % 4}`, onQueued: (ms) => void estimates.set(i, ms) })
        .then(() => void sentAt.set(i, clock.now())),
    );
    await clock.advance(MINUTE_AND_MARGIN);
    await Promise.all(waits);
    expect(estimates.size).toBe(33); // the burst of 7 (a ninth of 60) went at once
    for (const [i, estimate] of estimates) expect(Math.abs(sentAt.get(i)! - estimate)).toBeLessThan(1);
  });
});

describe('Throttle: order within a user', () => {
  const oneASecond = { limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0, spread: false as const };

  it("sends an earlier action's follow-up call before the same user's later commands, and keeps the round robin across users", async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock, ...oneASecond });
    const sent: string[] = [];
    const go = (label: string, userKey: string, order: number) =>
      throttle.acquire({ budget: 'general', userKey, order }).then(() => void sent.push(label));
    const waits = [go('a1', 'a', 1), go('a2', 'a', 2), go('a3', 'a', 3), go('b1', 'b', 4)];
    await settle(); // a1 went; a2, a3, then b1 wait: a's turn is next
    waits.push(go('a1-follow-up', 'a', 1)); // a1's card needs one more read
    await clock.advance(10_000);
    await Promise.all(waits);
    // a's turn goes to the follow-up (before a2 and a3); b still gets the next turn.
    expect(sent).toEqual(['a1', 'a1-follow-up', 'b1', 'a2', 'a3']);
  });
});

describe('Throttle: one action, one turn', () => {
  it("lets the calls an action queued together go in the same turn of its user", async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock, limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0, spread: false });
    const sent: string[] = [];
    const go = (label: string, userKey: string, order: number) =>
      throttle.acquire({ budget: 'general', userKey, order }).then(() => void sent.push(label));
    const waits = [go('x', 'x', 1), go('a-record', 'a', 2), go('a-comments', 'a', 2), go('b', 'b', 3), go('a-later', 'a', 4)];
    await clock.advance(10_000);
    await Promise.all(waits);
    expect(sent).toEqual(['x', 'a-record', 'a-comments', 'b', 'a-later']);
  });
});

describe('Throttle: estimates corrected as the queue moves', () => {
  it('tells a waiting call a fresh estimate every few seconds, and stops when it went', async () => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock, limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0, spread: false, reestimateEveryMs: 5_000 });
    const told: number[] = [];
    for (let i = 0; i < 10; i++) void throttle.acquire({ budget: 'general', userKey: `u${i}` });
    const mine = throttle.acquire({ budget: 'general', userKey: 'me', onQueued: (ms) => void told.push(ms) });
    await settle();
    expect(told).toEqual([10_000]);
    await clock.advance(5_000);
    expect(told).toEqual([10_000, 5_000]);
    await clock.advance(10_000);
    await mine;
    expect(told).toEqual([10_000, 5_000]); // sent at 10 s: nothing more to tell
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('Throttle: places kept for acked actions (expect)', () => {
  // 2 per window, no spread: the third call of a window waits for the window to pass.
  const limits = { general: 2, search: 2 };

  it('counts a kept place in the estimates of later calls, and tells its own wait', async () => {
    const one = { general: 1, search: 1 };
    const { throttle, call } = setup({ limits: one });
    call('ana'); // fills the window
    const kept = throttle.expect({ budget: 'general', userKey: 'bora', order: 1 });
    expect(kept.estimatedWaitMs).toBe(MINUTE_AND_MARGIN);
    const later = call('cem');
    await settle();
    expect(later.estimate).toBe(2 * MINUTE_AND_MARGIN); // behind bora's place
    const withoutPlace = setup({ limits: one });
    withoutPlace.call('ana');
    const alone = withoutPlace.call('cem');
    await settle();
    expect(alone.estimate).toBe(MINUTE_AND_MARGIN);
  });

  it('a place is never sent itself: the calls behind it go, and the action’s call takes it over when it comes', async () => {
    const { clock, throttle, sends } = setup({ limits: { general: 1, search: 1 } });
    const kept = throttle.expect({ budget: 'general', userKey: 'ana', order: 7 });
    expect(kept.estimatedWaitMs).toBe(0);
    const cem = throttle.acquire({ budget: 'general', userKey: 'cem' }).then(() => sends.push({ at: clock.now(), user: 'cem', budget: 'general', id: 1 }));
    await cem; // ana's place did not hold the lane
    const ana = throttle.acquire({ budget: 'general', userKey: 'ana', order: 7 }).then(() => sends.push({ at: clock.now(), user: 'ana', budget: 'general', id: 2 }));
    expect(throttle.stats().queued.interactive).toBe(1);
    clock.advance(MINUTE_AND_MARGIN);
    await ana;
    expect(sends.map((send) => send.user)).toEqual(['cem', 'ana']);
    kept.release(); // taken over already: nothing left to drop
    expect(throttle.stats().queued.interactive).toBe(0);
  });

  it('release() gives the place back: later estimates no longer count it', async () => {
    const { throttle, call } = setup({ limits });
    call('ana');
    call('ana');
    const kept = throttle.expect({ budget: 'general', userKey: 'bora', order: 1, calls: 2 });
    expect(kept.estimatedWaitMs).toBe(MINUTE_AND_MARGIN);
    kept.release();
    kept.release();
    const later = call('cem');
    await settle();
    expect(later.estimate).toBe(MINUTE_AND_MARGIN);
    expect(throttle.stats().queued.interactive).toBe(1);
  });

  it('a later turn’s estimate settles once no newcomer has joined for a moment; a first turn’s at once', async () => {
    const { clock, throttle } = setup({ limits: { general: 1, search: 1 } });
    const anaFirst = throttle.expect({ budget: 'general', userKey: 'ana', order: 1 });
    const bora = throttle.expect({ budget: 'general', userKey: 'bora', order: 2 }); // a newcomer: first turn
    const anaSecond = throttle.expect({ budget: 'general', userKey: 'ana', order: 3 });
    // Anyone new comes after first turns but before ana's second: only that one may still grow.
    expect(anaFirst.settlesInMs()).toBe(0);
    expect(bora.settlesInMs()).toBe(0);
    expect(anaSecond.settlesInMs()).toBe(NEWCOMER_QUIET_MS);
    await clock.advance(NEWCOMER_QUIET_MS / 2);
    // Someone else new: the quiet time starts again, and the estimate grew by their turn.
    const before = anaSecond.estimateNowMs() ?? 0;
    throttle.expect({ budget: 'general', userKey: 'cem', order: 5 });
    expect(anaSecond.settlesInMs()).toBe(NEWCOMER_QUIET_MS);
    expect(anaSecond.estimateNowMs()).toBeGreaterThan(before);
    await clock.advance(NEWCOMER_QUIET_MS);
    expect(anaSecond.settlesInMs()).toBe(0);
    // Someone already in the rotation is no newcomer: nothing more to wait for.
    throttle.expect({ budget: 'general', userKey: 'bora', order: 6 });
    expect(anaSecond.settlesInMs()).toBe(0);
    // Nor is the person's own arrival news of others: dan's second command right after his first.
    throttle.expect({ budget: 'general', userKey: 'dan', order: 7 });
    expect(throttle.expect({ budget: 'general', userKey: 'dan', order: 8 }).settlesInMs()).toBe(0);
  });

  it('an action expected to make two calls is told the second one’s wait', () => {
    const { throttle } = setup({ limits });
    const one = throttle.expect({ budget: 'general', userKey: 'ana', order: 1, calls: 2 });
    expect(one.estimatedWaitMs).toBe(0);
    const two = throttle.expect({ budget: 'general', userKey: 'bora', order: 2, calls: 2 });
    expect(two.estimatedWaitMs).toBe(MINUTE_AND_MARGIN);
  });

  it('an action’s calls go in one turn even when the first went before the second reached the queue', async () => {
    const { clock, throttle, sends } = setup({ limits });
    const send = (user: string, order: number) =>
      throttle.acquire({ budget: 'general', userKey: user, order }).then(() => void sends.push({ at: clock.now(), user, budget: 'general', id: order }));
    throttle.expect({ budget: 'general', userKey: 'ana', order: 1, calls: 2 }); // a card: record and comments
    throttle.expect({ budget: 'general', userKey: 'bora', order: 2 });
    throttle.expect({ budget: 'general', userKey: 'cem', order: 3 });
    const record = send('ana', 1); // the budget is free: it goes at once
    const bora = send('bora', 2); // would take the window's last send, which the card's next call is moments from
    const cem = send('cem', 3);
    const comments = send('ana', 1); // the card's second call, a moment after its first
    await Promise.all([record, comments]);
    expect(sends.map((one) => [one.user, one.at])).toEqual([['ana', 0], ['ana', 0]]);
    clock.advance(MINUTE_AND_MARGIN);
    await Promise.all([bora, cem]);
    // Ana's turn went on: her second call before bora's and cem's (sent to the back at her first, it came after).
    expect(sends.map((one) => one.user)).toEqual(['ana', 'ana', 'bora', 'cem']);
  });

  it('keeps the rest of a started turn’s sends 25 ms at most: an action that makes fewer calls than it said lets the others go', async () => {
    const { clock, throttle, sends } = setup({ limits });
    const card = throttle.expect({ budget: 'general', userKey: 'ana', order: 1, calls: 2 });
    await throttle.acquire({ budget: 'general', userKey: 'ana', order: 1 }); // the record was known: only the comments
    const bora = throttle.acquire({ budget: 'general', userKey: 'bora', order: 2 }).then(() => void sends.push({ at: clock.now(), user: 'bora', budget: 'general', id: 2 }));
    await clock.advance(24);
    expect(sends).toEqual([]);
    await clock.advance(1);
    await bora;
    expect(sends.map((one) => [one.user, one.at])).toEqual([['bora', 25]]);
    card.release();
    expect(clock.pendingTimers).toBe(0);
  });

  it('a later call held behind a started action arms no timer: the action’s next call or its release moves it', async () => {
    const { clock, throttle, sends } = setup({ limits: { general: 5, search: 5 } });
    const card = throttle.expect({ budget: 'general', userKey: 'ana', order: 1, calls: 2 });
    await throttle.acquire({ budget: 'general', userKey: 'ana', order: 1 }); // the record goes at once
    const later = throttle.acquire({ budget: 'general', userKey: 'ana', order: 2 }).then(() => void sends.push({ at: clock.now(), user: 'ana', budget: 'general', id: 2 }));
    await settle();
    expect(sends).toEqual([]); // the budget is free, but the card's second call comes first
    expect(clock.pendingTimers).toBe(0); // nothing to poll for (a 0 ms timer re-armed itself on every pump)
    card.release(); // the comments were known: no second call
    await later;
    expect(sends.map((one) => one.id)).toEqual([2]);
  });

  it('keeps the send a working place was told for its call, which comes moments later: a call acked after it does not take it', async () => {
    const { clock, throttle, sends } = setup({ limits: { general: 1, search: 1 } });
    const send = (user: string, order: number) =>
      throttle.acquire({ budget: 'general', userKey: user, order }).then(() => void sends.push({ at: clock.now(), user, budget: 'general', id: order }));
    const anaPlace = throttle.expect({ budget: 'general', userKey: 'ana', order: 1 });
    const boraPlace = throttle.expect({ budget: 'general', userKey: 'bora', order: 2 });
    expect([anaPlace.estimatedWaitMs, boraPlace.estimatedWaitMs]).toEqual([0, MINUTE_AND_MARGIN]);
    anaPlace.working(); // both works run after the burst's acks; bora's reaches the throttle first
    boraPlace.working();
    const bora = send('bora', 2);
    await clock.advance(50);
    expect(sends).toEqual([]);
    await send('ana', 1);
    await clock.advance(MINUTE_AND_MARGIN);
    await bora;
    expect(sends.map((one) => [one.user, one.at])).toEqual([
      ['ana', 50],
      ['bora', 50 + MINUTE_AND_MARGIN],
    ]);
  });

  it('waits for a working place’s call 200 ms at most, then lets the calls behind it go', async () => {
    const { clock, throttle, sends } = setup({ limits: { general: 1, search: 1 } });
    throttle.expect({ budget: 'general', userKey: 'ana', order: 1 }).working();
    const bora = throttle.acquire({ budget: 'general', userKey: 'bora' }).then(() => void sends.push({ at: clock.now(), user: 'bora', budget: 'general', id: 2 }));
    await clock.advance(199);
    expect(sends).toEqual([]);
    await clock.advance(1);
    await bora;
    expect(sends.map((one) => [one.user, one.at])).toEqual([['bora', 200]]);
    expect(clock.pendingTimers).toBe(0); // nothing waits for ana's place any more
  });

  it('holds background calls back while an interactive place is kept, and lets them go when it is released', async () => {
    const { clock, throttle } = setup({ limits: { general: 5, search: 5 } });
    const kept = throttle.expect({ budget: 'general', userKey: 'ana', order: 3 });
    let background = false;
    const polled = throttle.acquire({ budget: 'general', userKey: 'poller', priority: 'background' }).then(() => void (background = true));
    await settle();
    clock.advance(10_000);
    await settle();
    expect(background).toBe(false);
    expect(clock.pendingTimers).toBe(0); // held back by the place, not polling for it
    kept.release();
    await polled;
    expect(background).toBe(true);
  });
});

describe('Throttle: work that starts when its kept place nears its turn (whenDue)', () => {
  const oneASecond = { limits: { general: 1, search: 1 }, windowMs: 1_000, safetyMarginMs: 0, spread: false as const, reestimateEveryMs: 5_000 };
  /** One call a second, with a call of each of `users` users queued (u0’s goes at once). */
  const queueOf = (users: number) => {
    const clock = new ManualClock();
    const throttle = new Throttle({ clock, ...oneASecond });
    for (let i = 0; i < users; i++) void throttle.acquire({ budget: 'general', userKey: `u${i}` });
    return { clock, throttle };
  };

  it('starts a place far down the queue when a check timed for it finds it within its lead (later if the queue slowed), telling its estimate meanwhile', async () => {
    const { clock, throttle } = queueOf(20);
    await settle();
    const told: number[] = [];
    const kept = throttle.expect({ budget: 'general', userKey: 'ana', order: nextActionOrderForTest(), onQueued: (ms) => void told.push(ms) });
    expect(kept.estimatedWaitMs).toBe(20_000); // u0 went at once; u1…u19 go at 1 s…19 s
    let startedAt: number | undefined;
    kept.whenDue(2_000, () => void (startedAt = clock.now()));
    await clock.advance(10_000);
    expect(told).toEqual([15_000, 10_000]);
    throttle.pause('general', 10_000); // a 429: nothing goes until 20 s, ana's turn moves to 29 s
    await clock.advance(17_000 - 1);
    expect(startedAt).toBeUndefined(); // the check at 18 s found it 11 s away
    await clock.advance(1);
    expect(startedAt).toBe(27_000); // 2 s before its turn: its call has that long to reach the queue
  });

  it('starts at once a place that is already near, and a place whose turn comes before the check timed for it', async () => {
    const { clock, throttle } = queueOf(3);
    const near = throttle.expect({ budget: 'general', userKey: 'ana', order: nextActionOrderForTest() });
    let nearStarted = false;
    near.whenDue(5_000, () => void (nearStarted = true)); // 3 s away: within its lead
    expect(nearStarted).toBe(true);
    const leaving = new AbortController();
    for (let i = 3; i < 20; i++) void throttle.acquire({ budget: 'general', userKey: `u${i}`, signal: leaving.signal }).catch(() => undefined);
    const far = throttle.expect({ budget: 'general', userKey: 'bora', order: nextActionOrderForTest() });
    let farStartedAt: number | undefined;
    far.whenDue(0, () => void (farStartedAt = clock.now()));
    const cem = throttle.acquire({ budget: 'general', userKey: 'cem' }).then(() => clock.now());
    await settle();
    expect(farStartedAt).toBeUndefined();
    leaving.abort(); // the 17 calls ahead of bora leave the queue
    await clock.advance(3_000);
    // bora’s turn came at 3 s (after u1, u2 and ana’s place), long before its check: started, and cem went.
    expect(farStartedAt).toBe(3_000);
    expect(await cem).toBe(3_000);
  });

  it('never starts a released place, and does not keep the process awake for it', async () => {
    const { clock, throttle } = queueOf(20);
    const kept = throttle.expect({ budget: 'general', userKey: 'ana', order: nextActionOrderForTest() });
    let started = false;
    kept.whenDue(2_000, () => void (started = true));
    kept.release(); // cancelled from its notice, or the process stops
    await clock.advance(60_000);
    expect(started).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });
});

