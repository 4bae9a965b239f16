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
      return { ledger, throttle: new Throttle({ limits, windowMs: WINDOW_MS, safetyMarginMs: 0, shared: ledger }) };
    });

  it('two instances together stay within the limit in every sliding window', async () => {
    const [a, b] = instances('window', 2);
    const sent: number[] = [];
    const searches: number[] = [];
    const call = async (throttle: Throttle, user: string, budget: 'general' | 'search') => {
      await throttle.acquire({ budget, userKey: user });
      sent.push(Date.now());
      if (budget === 'search') searches.push(Date.now());
    };
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => call(a!.throttle, `u${i % 3}`, i % 4 === 0 ? 'search' : 'general')),
      ...Array.from({ length: 15 }, (_, i) => call(b!.throttle, `v${i % 3}`, i % 4 === 0 ? 'search' : 'general')),
    ]);
    expect(sent).toHaveLength(30);
    // Each instance alone would send 6 per window: together they must too. Times are taken here, when
    // each grant is heard, a few ms after the ledger's: 100 ms of slack for that (not two budgets' worth).
    expect(maxInWindow(sent, WINDOW_MS - 100)).toBeLessThanOrEqual(6);
    expect(maxInWindow(searches, WINDOW_MS - 100)).toBeLessThanOrEqual(3);
    // 30 sends at 6 per window take at least 4 windows: the budget was shared, not doubled.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * WINDOW_MS - 50);
  });

  it('a 429 seen by one instance pauses the other', async () => {
    const [a, b] = instances('pause', 2);
    a!.throttle.pause('general', 400);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the pause row is written asynchronously
    const started = Date.now();
    await b!.throttle.acquire({ budget: 'general', userKey: 'u' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
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

  it('scopes (egress groups) do not share', async () => {
    const [a] = instances('zone-a', 1, { general: 2, search: 1 });
    const [b] = instances('zone-b', 1, { general: 2, search: 1 });
    const started = Date.now();
    await Promise.all([0, 1].flatMap(() => [a!.throttle.acquire({ budget: 'general', userKey: 'u' }), b!.throttle.acquire({ budget: 'general', userKey: 'u' })]));
    expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);
  });
});
