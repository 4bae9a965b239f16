/**
 * The shared help-desk budget on the real PostgreSQL: two throttles on two pools (two instances) share
 * one ledger, so together they never send more than the limit in any sliding window; a 429 paused by one
 * holds the other; a cancelled reservation gives its place back. Short windows keep it fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Throttle } from '../../src/api/throttle.js';
import { PgBudgetLedger } from '../../src/cluster/budget-ledger.js';
import { ensureClusterSchema } from '../../src/cluster/schema.js';
import { freshSchema, pgAvailable, type TestSchema } from '../support/pg-schema.js';

const WINDOW_MS = 600;

/** The most sends inside any window of `windowMs` (each send opens one). */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe.skipIf(!pgAvailable)('shared budget ledger (PostgreSQL)', () => {
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await freshSchema('budget');
    await ensureClusterSchema(schema.pool({ max: 1 }));
  });
  afterAll(async () => schema?.drop());

  const instances = (scope: string, count: number, limits = { general: 6, search: 3 }) =>
    Array.from({ length: count }, (_, i) => {
      const ledger = new PgBudgetLedger({ pool: schema.pool(), scope, instance: `i${i}` });
      // No local spread: the ledger's window is what is tested here.
      return { ledger, throttle: new Throttle({ limits, windowMs: WINDOW_MS, safetyMarginMs: 0, spread: false, shared: ledger }) };
    });

  it('two instances together stay within the limit in every sliding window', async () => {
    const [a, b] = instances('window', 2);
    const generals: number[] = [];
    const searches: number[] = [];
    const call = async (throttle: Throttle, user: string, budget: 'general' | 'search') => {
      await throttle.acquire({ budget, userKey: user });
      (budget === 'search' ? searches : generals).push(Date.now());
    };
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => call(a!.throttle, `u${i % 3}`, i % 4 === 0 ? 'search' : 'general')),
      ...Array.from({ length: 15 }, (_, i) => call(b!.throttle, `v${i % 3}`, i % 4 === 0 ? 'search' : 'general')),
    ]);
    expect(generals.length + searches.length).toBe(30);
    // Each instance alone would send 6 general (3 search) per window: together they must too. Times are
    // taken here, when each grant is heard, a few ms after the ledger's: 100 ms of slack for that.
    expect(maxInWindow(generals, WINDOW_MS - 100)).toBeLessThanOrEqual(6);
    expect(maxInWindow(searches, WINDOW_MS - 100)).toBeLessThanOrEqual(3);
    // 22 general sends at 6 per window take at least 3 windows: the budget was shared, not doubled.
    expect(generals).toHaveLength(22);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * WINDOW_MS - 50);
  });

  it('a 429 seen by one instance pauses the other', async () => {
    const [a, b] = instances('pause', 2);
    const paused = Date.now();
    a!.throttle.pause('general', 1_000);
    const pool = schema.pool({ max: 1 });
    // The pause row is written asynchronously (the 429's caller does not wait for it).
    await expect.poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM helpdesk_pauses WHERE scope = 'pause'`)).rows[0].n).toBe(1);
    await b!.throttle.acquire({ budget: 'general', userKey: 'u' });
    expect(Date.now() - paused).toBeGreaterThanOrEqual(950);
  });

  it('a cancelled reservation gives its place back; a sent one counts from when it went', async () => {
    const [a] = instances('tickets', 1, { general: 1, search: 1 });
    const ticket = await a!.throttle.reserve({ budget: 'general', userKey: 'u' });
    expect(await a!.ledger.sentInWindow('general', WINDOW_MS)).toBe(1);
    ticket.cancel();
    await expect.poll(() => a!.ledger.sentInWindow('general', WINDOW_MS)).toBe(0);
    const started = Date.now();
    const second = await a!.throttle.reserve({ budget: 'general', userKey: 'u' });
    expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);
    second.sent();
  });

  it('interactive calls on one instance go before background calls waiting on another', async () => {
    const [a, b] = instances('priorities', 2, { general: 2, search: 2 });
    const order: string[] = [];
    // Instance A fills the window and queues a background flood; B's people then ask interactively.
    const flood = Array.from({ length: 8 }, (_, i) =>
      a!.throttle.acquire({ budget: 'general', userKey: `bg${i % 2}`, priority: 'background' }).then(() => order.push('background')),
    );
    await expect.poll(() => order.length).toBe(2);
    const interactive = Array.from({ length: 3 }, (_, i) =>
      b!.throttle.acquire({ budget: 'general', userKey: `person${i}` }).then(() => order.push('interactive')),
    );
    await Promise.all([...flood, ...interactive]);
    // The first window went to the flood (nothing else was asking); from then on B's calls go first.
    expect(order.slice(0, 2)).toEqual(['background', 'background']);
    expect(order.slice(2, 5)).toEqual(['interactive', 'interactive', 'interactive']);
  });

  it('people take turns across instances: one person\'s flood on one instance does not hold back the others', async () => {
    const [a, b, c] = instances('turns', 3, { general: 2, search: 2 });
    const order: string[] = [];
    const flood = Array.from({ length: 8 }, () => a!.throttle.acquire({ budget: 'general', userKey: 'flooder' }).then(() => order.push('flooder')));
    await expect.poll(() => order.length).toBe(2);
    const others = [
      ...[0, 1].map(() => b!.throttle.acquire({ budget: 'general', userKey: 'bea' }).then(() => order.push('bea'))),
      ...[0, 1].map(() => c!.throttle.acquire({ budget: 'general', userKey: 'cem' }).then(() => order.push('cem'))),
    ];
    await Promise.all([...flood, ...others]);
    // Without turns across instances the flooder's queue would come first: here each of the others is
    // served before the flooder's 4th call.
    const fourthFlood = order.map((who, i) => (who === 'flooder' ? i : -1)).filter((i) => i >= 0)[3]!;
    expect(order.indexOf('bea')).toBeLessThan(fourthFlood);
    expect(order.indexOf('cem')).toBeLessThan(fourthFlood);
    expect(order.lastIndexOf('bea')).toBeLessThan(order.length - 2);
  });

  it('scopes (egress groups) do not share', async () => {
    const [a] = instances('zone-a', 1, { general: 2, search: 1 });
    const [b] = instances('zone-b', 1, { general: 2, search: 1 });
    const started = Date.now();
    await Promise.all([0, 1].flatMap(() => [a!.throttle.acquire({ budget: 'general', userKey: 'u' }), b!.throttle.acquire({ budget: 'general', userKey: 'u' })]));
    expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);
  });
});
