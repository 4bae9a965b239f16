/**
 * Readiness: every check's status in one JSON report, 503 when one fails; the help-desk probe is cached
 * (readiness asked often costs at most one probe per period); the store check writes beside the store.
 */
import { chmod, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CachedCheck } from '../../src/health/cached-check.js';
import { jobsCheck, storeCheck } from '../../src/health/checks.js';
import { healthRoutes, startHealthServer } from '../../src/health/http.js';
import { Readiness } from '../../src/health/readiness.js';
import { SlackStatus } from '../../src/health/slack-status.js';
import { createLogger } from '../../src/logger.js';

describe('readiness', () => {
  it('reports each check; ready only when all pass; a slow or throwing check fails alone', async () => {
    const readiness = new Readiness({ timeoutMs: 50 })
      .add('fine', () => ({ ok: true, detail: 'fine' }))
      .add('slow', () => new Promise(() => undefined))
      .add('broken', () => {
        throw new Error('disk on fire');
      });
    expect(await readiness.report()).toEqual({
      status: 'not ready',
      checks: {
        fine: { status: 'ok', detail: 'fine' },
        slow: { status: 'failing', detail: 'no answer within 50 ms' },
        broken: { status: 'failing', detail: 'disk on fire' },
      },
    });
  });

  it('a cached check runs at most once per period, however often it is asked, and once at a time', async () => {
    let now = 0;
    let runs = 0;
    const check = new CachedCheck(
      async () => {
        runs += 1;
        return { ok: runs === 1, detail: `run ${runs}` };
      },
      { maxAgeMs: 30_000, now: () => now },
    );
    await Promise.all(Array.from({ length: 20 }, () => check.get()));
    expect(runs).toBe(1);
    now = 29_999;
    expect(await check.get()).toEqual({ ok: true, detail: 'run 1' });
    now = 30_000;
    expect(await check.get()).toEqual({ ok: false, detail: 'run 2' });
    expect(runs).toBe(2);
  });

  it('Slack is ready once auth.test passed, and in Socket Mode only while connected', () => {
    const http = new SlackStatus('http');
    expect(http.check().ok).toBe(false);
    http.authChecked({ teamId: 'T1', team: 'Team', botUserId: 'UBOT', botId: 'B1', appId: 'A1' });
    expect(http.check()).toEqual({ ok: true, detail: 'auth.test passed: bot UBOT in Team (T1)' });
    const socket = new SlackStatus('socket');
    socket.authChecked({ teamId: 'T1', team: 'Team', botUserId: 'UBOT', botId: 'B1', appId: 'A1' });
    expect(socket.check().ok).toBe(false);
    socket.socket('connected');
    expect(socket.check().ok).toBe(true);
    socket.socket('reconnecting');
    expect(socket.check()).toMatchObject({ ok: false, detail: expect.stringContaining('Socket Mode reconnecting') });
  });

  it('the store check writes and removes a file in DATA_DIR, and fails when it cannot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-readyz-'));
    expect(await storeCheck(dir).get()).toEqual({ ok: true, detail: `${dir} is writable` });
    expect(await readdir(dir)).toEqual([]);
    if (process.getuid?.() !== 0) {
      // root writes anywhere: this half only means something for other users (CI runs as root here).
      await chmod(dir, 0o500);
      expect((await storeCheck(dir).get()).ok).toBe(false);
    }
    const missing = await storeCheck(join(dir, 'file-not-dir', '\0bad')).get();
    expect(missing.ok).toBe(false);
    expect(await storeCheck(undefined).get()).toEqual({ ok: true, detail: 'in memory' });
  });

  it('the job runner check follows the runner', () => {
    expect(jobsCheck({ running: true, active: 2 })()).toEqual({ ok: true, detail: 'running (2 job(s) in progress)' });
    expect(jobsCheck({ running: false, active: 0 })().ok).toBe(false);
  });

  it('the health listener serves /healthz and /readyz (200 or 503 with JSON) and nothing else', async () => {
    let healthy = true;
    const readiness = new Readiness().add('thing', () => ({ ok: healthy, detail: healthy ? 'up' : 'down' }));
    const server = await startHealthServer({ port: 0, host: '127.0.0.1', routes: healthRoutes(readiness), logger: createLogger('error', () => undefined) });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      expect([(await fetch(`${base}/healthz`)).status]).toEqual([200]);
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, ready.headers.get('content-type'), await ready.json()]).toEqual([
        200,
        'application/json',
        { status: 'ready', checks: { thing: { status: 'ok', detail: 'up' } } },
      ]);
      healthy = false;
      const notReady = await fetch(`${base}/readyz`);
      expect([notReady.status, ((await notReady.json()) as { status: string }).status]).toEqual([503, 'not ready']);
      expect((await fetch(`${base}/slack/events`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${base}/readyz`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
