/**
 * The Slack benchmark's slow help desk (bench/slack/delaying-proxy.ts) in front of the real sandbox,
 * with the real client: answers arrive after the delay, bodies and statuses pass through unchanged
 * (gzip too), and every call is recorded with its operation, budget and status.
 */
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { isHelpdeskError } from '../../src/api/errors.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { countOperations, DelayingProxy, operationOf } from '../../bench/slack/delaying-proxy.js';

let sandbox: Sandbox | undefined;
let proxy: DelayingProxy | undefined;
let client: HelpdeskClient | undefined;

afterEach(async () => {
  await client?.close();
  await proxy?.close();
  await sandbox?.close();
});

async function start(delayMs: number, rateLimits?: { general: number; search: number }) {
  sandbox = await startSandbox({ port: 0, rateLimits, settings: { DisableRateLimit: rateLimits === undefined } });
  proxy = await new DelayingProxy({ upstream: sandbox.baseUrl, delayMs }).start();
  // The client's own throttle and retry are off: the test looks at what the proxy passes through.
  client = new HelpdeskClient({ baseUrl: proxy.apiUrl, throttle: { enabled: false }, cache: false });
  return client.withCredential(bearer(sandbox.tokenFor('agent')));
}

describe('the delaying proxy', () => {
  test('operations are named from the endpoint table, path parameters and case included', () => {
    expect(operationOf('GET', '/talep')).toEqual({ operation: 'getTalep', budget: 'general' });
    expect(operationOf('POST', '/talep')).toEqual({ operation: 'createTalep', budget: 'general' });
    expect(operationOf('GET', '/search/')).toEqual({ operation: 'search', budget: 'search' });
    expect(operationOf('GET', '/Rule/7')).toMatchObject({ operation: 'getRule' });
    expect(operationOf('GET', '/nothing-here')).toBeUndefined();
  });

  test('answers each call after the delay, passing the sandbox’s answer through', async () => {
    const agent = await start(300);
    const started = Date.now();
    const [talep, comments] = await Promise.all([agent.getTalep({ id: 2 }), agent.comments({ id: 2 })]);
    const elapsed = Date.now() - started;
    expect(talep.TalepID).toBe(2);
    expect(comments.length).toBeGreaterThan(0);
    // Concurrent calls wait side by side, not one after the other.
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(countOperations(proxy?.calls ?? [])).toEqual({ getTalep: 1, comments: 1 });
    expect(proxy?.calls.every((call) => call.status === 200 && (call.answeredAt ?? 0) - call.arrivedAt >= 290)).toBe(true);
    expect(await proxy?.waitIdle(50, 1_000)).toBe(true);

    const zipped = await request(`${proxy?.apiUrl}/talep?id=2`, {
      headers: { authorization: `Bearer ${sandbox?.tokenFor('agent')}`, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.body.arrayBuffer())).toString('utf8'))).toMatchObject({ TalepID: 2 });
  });

  test('statuses come through too: a 404, and the sandbox’s 429 with its Retry-After once its limit is reached', async () => {
    const agent = await start(0, { general: 2, search: 60 });
    await agent.getTalep({ id: 1 });
    await expect(agent.getTalep({ id: 999 })).rejects.toSatisfy((error) => isHelpdeskError(error, 'not-found'));
    // Straight through the proxy: the client would wait out the Retry-After and try again.
    const limited = await request(`${proxy?.apiUrl}/talep?id=1`, { headers: { authorization: `Bearer ${sandbox?.tokenFor('agent')}` } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await limited.body.text()).toMatch(/Rate limit exceeded/);
    expect(proxy?.calls.map((call) => call.status)).toEqual([200, 404, 429]);
    expect(proxy?.callsSince(2).map((call) => call.operation)).toEqual(['getTalep']);
  });
});
