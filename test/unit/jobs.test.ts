/**
 * Durable jobs: one job per key, claims that cannot race, back-off with a manual clock, the dead-letter
 * list, a restart that resumes a job a crash interrupted, cancel, and a graceful stop.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from '../../src/jobs/backoff.js';
import type { JobQueue } from '../../src/jobs/job-queue.js';
import { type JobHandler, JobRunner, type JobRunnerOptions } from '../../src/jobs/runner.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { openStores } from '../../src/store/index.js';
import { LowdbJobQueue } from '../../src/store/job-store.js';
import { ManualClock, settle } from '../support/manual-clock.js';

const START = Date.parse('2026-03-01T10:00:00Z');
const logs: string[] = [];
const logger = createLogger('debug', (line) => logs.push(line));

const runners: JobRunner[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop({ deadlineMs: 0 });
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  logs.length = 0;
});

async function memoryQueue(clock: ManualClock): Promise<JobQueue> {
  return new LowdbJobQueue(await openDatabase(undefined), { now: () => new Date(clock.now()) });
}

function runner(queue: JobQueue, clock: ManualClock, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const made = new JobRunner({ queue, logger, clock, random: () => 0.5, pollIntervalMs: 60_000, ...options });
  runners.push(made);
  return made;
}

/** A handler whose calls the test resolves one by one. */
function controlled() {
  const calls: { attempt: number; signal: AbortSignal; finish: (value?: Awaited<ReturnType<JobHandler>>) => void; fail: (error: Error) => void }[] = [];
  const handler: JobHandler = ({ attempt, signal }) =>
    new Promise((resolve, reject) => {
      calls.push({ attempt, signal, finish: resolve, fail: reject });
    });
  return { calls, handler };
}

describe('LowdbJobQueue', () => {
  it('enqueuing one key twice (also at the same instant) makes one job', async () => {
    const queue = await memoryQueue(new ManualClock(START));
    const first = await queue.enqueue({ kind: 'create-talep', key: 'view:T1:U1:V1:h', payload: { subject: 'a' }, actor: 'T1:U1' });
    const again = await queue.enqueue({ kind: 'create-talep', key: 'view:T1:U1:V1:h', payload: { subject: 'b' }, actor: 'T1:U1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, job: first.job });
    const together = await Promise.all(Array.from({ length: 20 }, () => queue.enqueue({ kind: 'k', key: 'same', payload: null })));
    expect(together.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(together.map((result) => result.job.id)).size).toBe(1);
  });

  it('two workers claiming at once never get the same job', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    for (let n = 0; n < 10; n++) await queue.enqueue({ kind: 'k', key: `j${n}`, payload: n });
    const now = new Date(clock.now());
    const [a, b] = await Promise.all([queue.claimDue({ now, limit: 10, workerId: 'a' }), queue.claimDue({ now, limit: 10, workerId: 'b' })]);
    const ids = [...(a ?? []), ...(b ?? [])].map((job) => job.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('lists by actor and cancels only pending jobs, only for their actor', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const mine = (await queue.enqueue({ kind: 'k', key: 'a', payload: 1, actor: 'T1:U1' })).job;
    const running = (await queue.enqueue({ kind: 'k', key: 'b', payload: 2, actor: 'T1:U1' })).job;
    await queue.enqueue({ kind: 'k', key: 'c', payload: 3, actor: 'T1:U2' });
    await queue.claimDue({ now: new Date(clock.now()), limit: 1, workerId: 'w', kinds: ['k'] }).then(async (claimed) => {
      // The oldest due job is claimed first; make sure it is `mine`, then claim `running` explicitly.
      expect(claimed[0]?.id).toBe(mine.id);
      await queue.handBack(mine.id, new Date(clock.now()));
    });
    await queue.cancel(mine.id, { now: new Date(clock.now()) }); // keep `mine` out of the next claim
    await queue.claimDue({ now: new Date(clock.now()), limit: 1, workerId: 'w' });

    expect((await queue.listByActor('T1:U1')).map((job) => [job.key, job.state])).toEqual([['b', 'running']]);
    expect((await queue.listByActor('T1:U1', { states: ['cancelled'] })).map((job) => job.key)).toEqual(['a']);
    expect(await queue.cancel(running.id, { actor: 'T1:U1', now: new Date(clock.now()) })).toMatchObject({ state: 'running' });
    const other = await queue.getByKey('c');
    expect(await queue.cancel(other?.id ?? '', { actor: 'T1:U1', now: new Date(clock.now()) })).toEqual({ state: 'not-found' });
    expect(await queue.cancel(other?.id ?? '', { actor: 'T1:U2', now: new Date(clock.now()) })).toMatchObject({ state: 'cancelled' });
    expect(await queue.cancel(mine.id, { now: new Date(clock.now()) })).toMatchObject({ state: 'finished' });
  });
});

describe('JobRunner', () => {
  it('runs a due job once and records its result', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock);
    const seen: unknown[] = [];
    worker.register('echo', async ({ job }) => {
      seen.push(job.payload);
      return { outcome: 'done', result: { echoed: job.payload } };
    });
    await worker.start();
    const { job } = await worker.enqueue({ kind: 'echo', key: 'e1', payload: 'hello' });
    await worker.idle();
    expect(seen).toEqual(['hello']);
    expect(await queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1, result: { echoed: 'hello' } });
    expect(logs.join('\n')).not.toContain('hello');
  });

  it('retries with exponential back-off and jitter on the manual clock, recording attempts and the last error', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock, { backoff: { baseMs: 1_000, factor: 2, maxMs: 60_000, jitter: 0.5 } });
    const attempts: number[] = [];
    worker.register('flaky', async ({ attempt }) => {
      attempts.push(attempt);
      return attempt < 3 ? { outcome: 'retry', error: `help desk unreachable (${attempt})` } : { outcome: 'done' };
    });
    await worker.start();
    const { job } = await worker.enqueue({ kind: 'flaky', key: 'f', payload: null });
    await worker.idle();
    expect(attempts).toEqual([1]);
    // random 0.5 with jitter 0.5: 1 s → 750 ms after the first failure, 2 s → 1.5 s after the second.
    expect(backoffDelay(1, { baseMs: 1_000, jitter: 0.5 }, () => 0.5)).toBe(750);
    expect((await queue.get(job.id))?.runAt.getTime()).toBe(START + 750);
    expect(await queue.get(job.id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'help desk unreachable (1)' });

    await clock.advance(749);
    await worker.idle();
    expect(attempts).toEqual([1]);
    await clock.advance(1);
    await worker.idle();
    expect(attempts).toEqual([1, 2]);
    await clock.advance(1_499);
    await worker.idle();
    expect(attempts).toEqual([1, 2]);
    await clock.advance(1);
    await worker.idle();
    expect(attempts).toEqual([1, 2, 3]);
    const done = await queue.get(job.id);
    expect(done).toMatchObject({ state: 'done', attempts: 3, lastError: 'help desk unreachable (2)' });
    expect(done?.history.map((entry) => entry.error)).toEqual(['help desk unreachable (1)', 'help desk unreachable (2)', undefined]);
  });

  it("honours the handler's retry-after, and treats a thrown error as retryable", async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock, { backoff: { baseMs: 1_000, jitter: 0 } });
    let calls = 0;
    worker.register('limited', async () => {
      calls += 1;
      if (calls === 1) return { outcome: 'retry', error: 'rate-limited', afterMs: 30_000 };
      if (calls === 2) throw new Error('socket hang up');
      return undefined;
    });
    await worker.start();
    const { job } = await worker.enqueue({ kind: 'limited', key: 'l', payload: null });
    await worker.idle();
    expect((await queue.get(job.id))?.runAt.getTime()).toBe(START + 30_000);
    await clock.advance(30_000);
    await worker.idle();
    expect(await queue.get(job.id)).toMatchObject({ state: 'pending', lastError: 'Error: socket hang up', attempts: 2 });
    await clock.advance(2_000);
    await worker.idle();
    expect(await queue.get(job.id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('moves a job to the dead-letter list when it gives up or runs out of attempts', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock, { backoff: { baseMs: 10, jitter: 0 } });
    worker.register('refused', async () => ({ outcome: 'give-up', error: 'the help desk refused: category 99 does not exist' }));
    worker.register('down', async () => ({ outcome: 'retry', error: 'unavailable' }));
    await worker.start();
    const refused = (await worker.enqueue({ kind: 'refused', key: 'r', payload: null })).job;
    const down = (await worker.enqueue({ kind: 'down', key: 'd', payload: null, maxAttempts: 3 })).job;
    await worker.idle();
    await clock.advance(10);
    await worker.idle();
    await clock.advance(20);
    await worker.idle();
    expect(await queue.get(refused.id)).toMatchObject({ state: 'dead', attempts: 1, lastError: 'the help desk refused: category 99 does not exist' });
    expect(await queue.get(down.id)).toMatchObject({ state: 'dead', attempts: 3, lastError: 'out of attempts (3); last error: unavailable' });
    expect((await queue.listDead()).map((job) => job.key).sort()).toEqual(['d', 'r']);
    await clock.advance(60_000);
    await worker.idle();
    expect((await queue.get(down.id))?.attempts).toBe(3);
  });

  it('a cancelled job never runs', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock);
    const ran: string[] = [];
    worker.register('later', async ({ job }) => {
      ran.push(job.key);
    });
    await worker.start();
    const { job } = await worker.enqueue({ kind: 'later', key: 'x', payload: null, runAt: new Date(START + 5_000), actor: 'T1:U1' });
    expect(await queue.cancel(job.id, { actor: 'T1:U1', now: new Date(clock.now()) })).toMatchObject({ state: 'cancelled' });
    await clock.advance(10_000);
    await worker.idle();
    expect(ran).toEqual([]);
  });

  it('runs a job at most once at a time, even with spare capacity and repeated wake-ups', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock, { concurrency: 8 });
    const { calls, handler } = controlled();
    worker.register('slow', handler);
    await worker.start();
    await worker.enqueue({ kind: 'slow', key: 's', payload: null });
    for (let n = 0; n < 5; n++) {
      worker.wake();
      await settle();
    }
    expect(calls).toHaveLength(1);
    calls[0]?.finish();
    await worker.idle();
  });

  it('a restart resumes a job a crash interrupted between claimed and done (a new store on the same file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-jobs-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const clock = new ManualClock(START);
    const queueOn = (stores: Awaited<ReturnType<typeof openStores>>) => new LowdbJobQueue(stores.db!, { now: () => new Date(clock.now()) });
    const before = queueOn(await openStores(dir, key));
    const crashed = runner(before, clock);
    const { calls, handler } = controlled();
    crashed.register('create-talep', handler);
    await crashed.start();
    const { job } = await crashed.enqueue({ kind: 'create-talep', key: 'view:T1:U1:V1:h', payload: { subject: 'Printer' }, actor: 'T1:U1' });
    // The handler is called only after the claim is on disk.
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect((await before.get(job.id))?.state).toBe('running');
    // "kill -9": the first process never records anything again; a new one opens the same file.

    const after = queueOn(await openStores(dir, key));
    const resumed = runner(after, clock);
    const payloads: unknown[] = [];
    resumed.register('create-talep', async ({ job: again, attempt }) => {
      payloads.push([again.payload, attempt]);
      return { outcome: 'done', result: { talepId: 11 } };
    });
    expect(await resumed.start()).toEqual({ recovered: 1 });
    await resumed.idle();
    expect(payloads).toEqual([[{ subject: 'Printer' }, 2]]);
    expect(await after.get(job.id)).toMatchObject({ state: 'done', attempts: 2, result: { talepId: 11 } });
    calls[0]?.finish();
  });

  it('keeps what a handler recorded (saveProgress) through a retry and a crash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-jobs-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const clock = new ManualClock(START);
    const queueOn = (stores: Awaited<ReturnType<typeof openStores>>) => new LowdbJobQueue(stores.db!, { now: () => new Date(clock.now()) });
    const before = queueOn(await openStores(dir, key));
    const crashed = runner(before, clock, { backoff: { baseMs: 1_000, jitter: 0 } });
    const seen: unknown[] = [];
    let release: () => void = () => undefined;
    crashed.register('steps', async ({ job, attempt }) => {
      seen.push(job.progress);
      await before.saveProgress(job.id, { step: attempt }, new Date(clock.now()));
      if (attempt === 1) return { outcome: 'retry', error: 'not yet' };
      // Attempt 2 never finishes in this process: it "dies" here.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { outcome: 'done' };
    });
    await crashed.start();
    const { job } = await crashed.enqueue({ kind: 'steps', key: 'p1', payload: null });
    await crashed.idle();
    await clock.advance(1_000);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    // Attempt 2 recorded its step, then the process died.
    await vi.waitFor(async () => expect((await before.get(job.id))?.progress).toEqual({ step: 2 }));
    const after = queueOn(await openStores(dir, key));
    const resumed = runner(after, clock);
    resumed.register('steps', async ({ job: again }) => {
      seen.push(again.progress);
      return { outcome: 'done' };
    });
    await resumed.start();
    await resumed.idle();
    expect(seen).toEqual([undefined, { step: 1 }, { step: 2 }]);
    release();
  });

  it('enqueue without wake waits for wake(); a job without runAt is due at the runner clock, not the wall clock', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock);
    const ran: string[] = [];
    worker.register('k', async ({ job }) => void ran.push(job.key));
    await worker.start();
    const { job } = await worker.enqueue({ kind: 'k', key: 'quiet', payload: null }, { wake: false });
    expect(job.runAt.getTime()).toBe(START);
    await settle();
    expect(ran).toEqual([]);
    worker.wake();
    await worker.idle();
    expect(ran).toEqual(['quiet']);
    expect(worker.now().getTime()).toBe(START);
  });

  it('stop lets running handlers finish within the deadline and hands back the rest', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock, { concurrency: 2 });
    const { calls, handler } = controlled();
    worker.register('work', handler);
    await worker.start();
    const quick = (await worker.enqueue({ kind: 'work', key: 'quick', payload: null })).job;
    const stuck = (await worker.enqueue({ kind: 'work', key: 'stuck', payload: null })).job;
    await settle();
    expect(calls).toHaveLength(2);

    const stopping = worker.stop({ deadlineMs: 1_000 });
    calls[0]?.finish({ outcome: 'done' });
    await settle();
    await clock.advance(1_000);
    expect(await stopping).toEqual({ finished: 1, handedBack: 1 });
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(await queue.get(quick.id)).toMatchObject({ state: 'done' });
    // Handed back without counting the attempt; whatever the handler does later is not recorded.
    expect(await queue.get(stuck.id)).toMatchObject({ state: 'pending', attempts: 0 });
    calls[1]?.finish({ outcome: 'done' });
    await settle();
    expect((await queue.get(stuck.id))?.state).toBe('pending');
  });

  it('claims only kinds it has handlers for', async () => {
    const clock = new ManualClock(START);
    const queue = await memoryQueue(clock);
    const worker = runner(queue, clock);
    worker.register('known', async () => undefined);
    await worker.start();
    const unknown = (await worker.enqueue({ kind: 'unknown', key: 'u', payload: null })).job;
    await worker.idle();
    expect((await queue.get(unknown.id))?.state).toBe('pending');
  });
});
