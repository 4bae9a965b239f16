/**
 * Singleton work on the real PostgreSQL, two pools standing for two instances: exactly one runs the
 * component; when the leader's connection dies (what SIGKILL does to it) the other takes over within
 * its retry interval; a graceful stop hands over at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSingleton, type Singleton } from '../../src/cluster/singleton.js';
import { freshSchema, pgAvailable, type TestSchema } from '../support/pg-schema.js';

class StandIn {
  running = false;
  starts = 0;
  start() {
    this.running = true;
    this.starts++;
  }
  stop() {
    this.running = false;
  }
}

describe.skipIf(!pgAvailable)('runAsSingleton (PostgreSQL)', () => {
  let schema: TestSchema;
  const started: Singleton[] = [];
  beforeAll(async () => {
    schema = await freshSchema('singleton');
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await schema?.drop();
  });

  const instance = (name: string) => {
    const component = new StandIn();
    const pool = schema.pool({ max: 2 });
    const singleton = runAsSingleton(pool, name, component, { retryMs: 100, heartbeatMs: 100 });
    started.push(singleton);
    return { component, singleton, pool };
  };

  it('one of two runs it; the other takes over within the retry interval when the leader\'s connection dies', async () => {
    const a = instance('poller-a');
    await expect.poll(() => a.singleton.leading).toBe(true);
    const b = instance('poller-a');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([a.component.running, b.component.running]).toEqual([true, false]);

    // The leader's process "dies": its pool takes no new connection (so it cannot take the lock back,
    // as a live instance rightly might), and its session ends as when the process is killed.
    void a.pool.end().catch(() => undefined);
    const admin = schema.pool({ max: 1 });
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = (hashtext('singleton poller-a')::bigint & 4294967295)::oid`,
    );
    expect(ended.rowCount).toBe(1);
    const lostAt = Date.now();
    await expect.poll(() => b.component.running, { timeout: 5_000 }).toBe(true);
    expect(Date.now() - lostAt).toBeLessThan(2_000);
    await expect.poll(() => a.component.running).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([a.component.running, b.component.running]).toEqual([false, true]);
  });

  it('a graceful stop hands over; different names run side by side', async () => {
    const a = instance('sweeper');
    await expect.poll(() => a.singleton.leading).toBe(true);
    const b = instance('sweeper');
    const other = instance('other-work');
    await expect.poll(() => other.component.running).toBe(true);
    expect(b.component.running).toBe(false);
    await a.singleton.stop();
    expect(a.component.running).toBe(false);
    await expect.poll(() => b.component.running, { timeout: 2_000 }).toBe(true);
  });
});
