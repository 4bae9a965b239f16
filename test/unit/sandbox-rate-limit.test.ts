/** Rate limits (90/min general, 60/min Search and UserByEmail; configurable) and DisableRateLimit. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { send } from './sandbox-http.js';

const started: Sandbox[] = [];
const dirs: string[] = [];
async function limited(options: SandboxOptions = {}): Promise<Sandbox> {
  // Rate limits ON (startTestSandbox turns them off).
  const sandbox = await startSandbox({ port: 0, ...options });
  started.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const stats = (sandbox: Sandbox) => send(sandbox, '/Stats', { auth: 'agent:demo' });
const search = (sandbox: Sandbox) => send(sandbox, '/Search', { auth: 'agent:demo', query: { query: 'printer' } });

describe('rate limits', () => {
  test('the spec defaults: 90 general requests a minute, then 429 with a reason and Retry-After', async () => {
    const clock = Date.parse('2026-02-02T10:00:00Z');
    const sandbox = await limited({ now: () => clock });
    for (let i = 0; i < 90; i++) expect((await stats(sandbox)).status).toBe(200);
    const refused = await stats(sandbox);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('Rate limit exceeded: 90 requests per minute. Retry in 60 s.');
    expect(refused.headers['retry-after']).toBe('60');
  });

  test('Search and UserByEmail have their own, smaller budget; the window slides', async () => {
    let clock = Date.parse('2026-02-02T10:00:00Z');
    const sandbox = await limited({ now: () => clock, rateLimits: { general: 3, search: 2 } });
    expect((await search(sandbox)).status).toBe(200);
    clock += 10_000;
    expect((await send(sandbox, '/UserByEmail', { auth: 'agent:demo', query: { email: 'user@example.com' } })).status).toBe(200);
    const refused = await search(sandbox);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('Rate limit exceeded: 2 requests per minute. Retry in 50 s.');
    // The general budget is untouched by search calls.
    for (let i = 0; i < 3; i++) expect((await stats(sandbox)).status).toBe(200);
    expect((await stats(sandbox)).status).toBe(429);

    clock += 50_000; // the first search leaves the window
    expect((await search(sandbox)).status).toBe(200);
    expect((await search(sandbox)).status).toBe(429);
  });

  test('refused requests are not counted', async () => {
    let clock = Date.parse('2026-02-02T10:00:00Z');
    const sandbox = await limited({ now: () => clock, rateLimits: { general: 1 } });
    expect((await stats(sandbox)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await stats(sandbox)).status).toBe(429);
    clock += 60_000;
    expect((await stats(sandbox)).status).toBe(200);
  });
});

describe('DisableRateLimit', () => {
  test('`DisableRateLimit: true` in the settings file switches the limits off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-settings-'));
    dirs.push(dir);
    const settingsFile = join(dir, 'sandbox-settings.json');
    await writeFile(settingsFile, JSON.stringify({ DisableRateLimit: true }));
    const sandbox = await limited({ settingsFile, rateLimits: { general: 2 } });
    for (let i = 0; i < 5; i++) expect((await stats(sandbox)).status).toBe(200);

    await sandbox.updateSettings({ DisableRateLimit: false });
    expect(JSON.parse(await readFile(settingsFile, 'utf8'))).toMatchObject({ DisableRateLimit: false });
    expect((await stats(sandbox)).status).toBe(200);
    expect((await stats(sandbox)).status).toBe(200);
    expect((await stats(sandbox)).status).toBe(429);
  });

  test('a hand edit of the file is read on the next settings update; the debug route changes settings too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-settings-'));
    dirs.push(dir);
    const settingsFile = join(dir, 'sandbox-settings.json');
    const sandbox = await limited({ settingsFile, rateLimits: { general: 1 } });
    const written = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({ DisableRateLimit: false, AllowSecondaryAssignee: false });
    expect(typeof written.SharedSecret).toBe('string');

    await writeFile(settingsFile, JSON.stringify({ ...written, DisableRateLimit: true }));
    await sandbox.updateSettings({});
    expect(sandbox.settings().DisableRateLimit).toBe(true);

    const viaRoute = await send(sandbox, `${sandbox.rootUrl}/__sandbox/settings`, { json: { DisableRateLimit: false } });
    expect(viaRoute.json()).toEqual({ ResponseStyle: 'spec', DisableRateLimit: false, AllowSecondaryAssignee: false });
    expect((await stats(sandbox)).status).toBe(200);
    expect((await stats(sandbox)).status).toBe(429);
    const shown = await send(sandbox, `${sandbox.rootUrl}/__sandbox/settings`);
    expect(shown.text).not.toContain('SharedSecret');
  });
});
