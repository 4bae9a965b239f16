/** The server's rate limits as the real client meets them, and DisableRateLimit. */
import { afterEach, expect, test } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { expectFailure, separateClient, startWorld, type World } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

test('over the general limit the client gets rate-limited with the reason and Retry-After', async () => {
  const clock = Date.parse('2026-02-02T10:00:00Z');
  world = await startWorld({
    sandbox: { now: () => clock, settings: { DisableRateLimit: false }, rateLimits: { general: 2, search: 1 } },
    client: { rateLimitRetries: 0 },
  });
  await world.agent.stats();
  await world.agent.priorities();
  const refused = await expectFailure(world.agent.stats(), 'rate-limited', 'Rate limit exceeded: 2 requests per minute. Retry in 60 s.');
  expect(refused.retryAfterMs).toBe(60_000);
  // Even with its own limits off, the client now holds calls for the server's Retry-After.
  expect(world.client.estimateWait('stats')).toBeGreaterThan(59_000);
});

test('Search and UserByEmail share the search limit', async () => {
  const clock = Date.parse('2026-02-02T10:00:00Z');
  world = await startWorld({
    sandbox: { now: () => clock, settings: { DisableRateLimit: false }, rateLimits: { general: 2, search: 1 } },
    client: { rateLimitRetries: 0 },
  });
  await world.agent.search({ query: 'printer' });
  await expectFailure(world.agent.userByEmail({ email: 'user@example.com' }), 'rate-limited', 'Rate limit exceeded: 1 request per minute. Retry in 60 s.');
  // A search pause does not hold general calls.
  expect(await world.agent.stats()).toMatchObject({ TotalTaleps: 10 });
});

test('DisableRateLimit switches the limits off while the sandbox runs', async () => {
  world = await startWorld({
    sandbox: { settings: { DisableRateLimit: false }, rateLimits: { general: 1 } },
    client: { rateLimitRetries: 0 },
  });
  await world.agent.stats();
  await expectFailure(world.agent.stats(), 'rate-limited');
  await world.sandbox.updateSettings({ DisableRateLimit: true });
  // A client that has not been told to wait (this one was: it honours the 429's Retry-After).
  const fresh = separateClient(world, bearer(world.sandbox.tokenFor('agent')));
  try {
    for (let i = 0; i < 5; i++) expect(await fresh.stats()).toMatchObject({ TotalTaleps: 10 });
  } finally {
    await fresh.close();
  }
});

test('the client waits out a 429 (Retry-After) and retries once', async () => {
  world = await startWorld({
    sandbox: { settings: { DisableRateLimit: false }, rateLimits: { general: 1, windowMs: 1_000 } },
    // The client honours Retry-After through its throttle (limits far above the server's here).
    client: { rateLimitRetries: 1, throttle: { limits: { general: 1_000, search: 1_000 } } },
  });
  await world.agent.stats();
  expect(await world.agent.priorities()).toHaveLength(5);
});

test("the client's throttle with the server's limits keeps a burst under them", async () => {
  world = await startWorld({
    sandbox: { settings: { DisableRateLimit: false }, rateLimits: { general: 3, search: 2, windowMs: 400 } },
    client: { throttle: { limits: { general: 3, search: 2 }, windowMs: 400, safetyMarginMs: 100 }, rateLimitRetries: 0 },
  });
  const agent = world.agent;
  // Distinct calls: identical concurrent reads would be single-flighted into one request.
  const results = await Promise.all([
    ...Array.from({ length: 7 }, (_, index) => agent.getTalep({ id: index + 1 })),
    ...['vpn', 'printer', 'excel'].map((query) => agent.search({ query })),
  ]);
  expect(results.slice(0, 7).map((talep) => ('TalepID' in talep ? talep.TalepID : undefined))).toEqual([1, 2, 3, 4, 5, 6, 7]);
});
