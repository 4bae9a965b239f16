/**
 * The job queue contract on both implementations (embedded and PostgreSQL), the runner on both, and
 * what only a shared queue does: a claim is a lease, a killed worker's job is taken over once its
 * lease expires, and the worker that lost it cannot record over its new holder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobQueue } from '../../src/jobs/job-queue.js';
import { type JobHandler, JobRunner, type JobRunnerOptions } from '../../src/jobs/runner.js';
import { createLogger } from '../../src/logger.js';
import { ManualClock, settle } from '../support/manual-clock.js';
import { dropTestSchemas } from '../support/postgres.js';
import { jobQueueOn, type StoreHandle, storeBackends } from '../support/store-backends.js';

const START = Date.parse('2026-03-01T10:00:00Z');
const logs: string[] = [];
const logger = createLogger('debug', (line) => logs.push(line));
const runners: JobRunner[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop({ deadlineMs: 0 });
  logs.length = 0;
  await dropTestSchemas();
});

function runner(queue: JobQueue, clock: ManualClock, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const made = new JobRunner({ queue, logger, clock, random: () => 0.5, pollIntervalMs: 60_000, ...options });
  runners.push(made);
  return made;
}

/** A handler whose calls the test resolves one by one. */
function controlled() {
  const calls: { attempt: number; signal: AbortSignal; finish: (value?: Awaited<ReturnType<JobHandler>>) => void }[] = [];
  const handler: JobHandler = ({ attempt, signal }) =>
    new Promise((resolve) => {
      calls.push({ attempt, signal, finish: resolve });
    });
  return { calls, handler };
}

describe.each(storeBackends)('job queue contract: $name', (backend) => {
  const suite = describe.skipIf(backend.unavailable !== undefined);
  const at = (ms: number) => new Date(START + ms);

  suite('the queue', () => {
    let handle: StoreHandle;
    const queue = async (options: { leaseMs?: number } = {}) => {
      handle ??= await backend.open();
      // Leases far longer than the test's instants: this suite is about the queue, not takeovers.
      return jobQueueOn(handle, { now: () => at(0), leaseMs: 3_600_000, ...options });
    };
    afterEach(() => {
      handle = undefined as unknown as StoreHandle;
    });

    it('enqueuing one key twice (also many at the same instant) makes one job', async () => {
      const jobs = await queue();
      const first = await jobs.enqueue({ kind: 'create-talep', key: 'view:T1:U1:V1:h', payload: { subject: 'a', tags: ['x'] }, actor: 'T1:U1' });
      const again = await jobs.enqueue({ kind: 'create-talep', key: 'view:T1:U1:V1:h', payload: { subject: 'b' }, actor: 'T1:U1' });
      expect(first).toMatchObject({ created: true, job: { state: 'pending', attempts: 0, payload: { subject: 'a', tags: ['x'] }, actor: 'T1:U1', history: [] } });
      expect(again).toEqual({ created: false, job: first.job });
      const together = await Promise.all(Array.from({ length: 20 }, () => jobs.enqueue({ kind: 'k', key: 'same', payload: null })));
      expect(together.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(together.map((result) => result.job.id)).size).toBe(1);
      expect(await jobs.getByKey('same')).toMatchObject({ payload: null, result: undefined, progress: undefined });
    });

    it('workers claiming at once never get the same job; only due jobs of the asked kinds, oldest due first', async () => {
      const jobs = await queue();
      const other = await queue();
      for (let n = 0; n < 10; n++) await jobs.enqueue({ kind: 'k', key: `j${n}`, payload: n, runAt: at(-n * 1_000) });
      await jobs.enqueue({ kind: 'other', key: 'o', payload: null });
      await jobs.enqueue({ kind: 'k', key: 'later', payload: null, runAt: at(60_000) });
      const [a, b] = await Promise.all([
        jobs.claimDue({ now: at(0), limit: 10, workerId: 'a', kinds: ['k'] }),
        other.claimDue({ now: at(0), limit: 10, workerId: 'b', kinds: ['k'] }),
      ]);
      const ids = [...a, ...b].map((job) => job.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect([...a, ...b].every((job) => job.state === 'running' && job.attempts === 1 && job.kind === 'k')).toBe(true);
      const firstOfA = a[0];
      if (firstOfA) expect(firstOfA.claimedBy).toBe('a');
      expect(await jobs.nextDueAt(['k'])).toEqual(expect.any(Date));
      expect((await jobs.claimDue({ now: at(0), limit: 5, workerId: 'c' })).map((job) => job.key)).toEqual(['o']);
      expect(await jobs.claimDue({ now: at(0), limit: 0, workerId: 'c' })).toEqual([]);
      const ordered = await queue();
      const fresh = await ordered.claimDue({ now: at(60_000), limit: 5, workerId: 'd', kinds: ['k'] });
      expect(fresh.map((job) => job.key)).toEqual(['later']);
    });

    it('records done, retry and dead with attempts, history and the last error; lists the dead newest first; prunes finished jobs', async () => {
      const jobs = await queue();
      const one = (await jobs.enqueue({ kind: 'k', key: 'one', payload: 1 })).job;
      const two = (await jobs.enqueue({ kind: 'k', key: 'two', payload: 2 })).job;
      const three = (await jobs.enqueue({ kind: 'k', key: 'three', payload: 3 })).job;
      await jobs.claimDue({ now: at(0), limit: 3, workerId: 'w' });
      expect(await jobs.saveProgress(one.id, { step: 'a' }, at(1), 'w')).toBe(true);
      expect(await jobs.retry(one.id, { error: 'unavailable', runAt: at(5_000), now: at(2), workerId: 'w' })).toBe(true);
      expect(await jobs.get(one.id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'unavailable', progress: { step: 'a' }, claimedBy: undefined });
      expect(await jobs.nextDueAt()).toEqual(at(5_000));
      const [again] = await jobs.claimDue({ now: at(5_000), limit: 1, workerId: 'w' });
      expect(again).toMatchObject({ id: one.id, attempts: 2, progress: { step: 'a' } });
      expect(await jobs.complete(one.id, { talepId: 12 }, at(5_001), 'w')).toBe(true);
      expect(await jobs.bury(two.id, { error: 'refused', now: at(3), workerId: 'w' })).toBe(true);
      expect(await jobs.bury(three.id, { error: 'refused too', now: at(4), workerId: 'w' })).toBe(true);

      const done = await jobs.get(one.id);
      expect(done).toMatchObject({ state: 'done', attempts: 2, result: { talepId: 12 }, lastError: 'unavailable' });
      expect(done?.history).toEqual([{ at: at(2), error: 'unavailable' }, { at: at(5_001), error: undefined }]);
      expect((await jobs.listDead()).map((job) => job.key)).toEqual(['three', 'two']);
      expect((await jobs.listDead({ limit: 1 })).map((job) => job.key)).toEqual(['three']);
      expect(await jobs.prune({ doneBefore: at(5_000), deadBefore: at(0) })).toBe(0);
      expect(await jobs.prune({ doneBefore: at(10_000), deadBefore: at(0) })).toBe(1);
      expect(await jobs.get(one.id)).toBeUndefined();
      expect(await jobs.prune({ doneBefore: at(10_000), deadBefore: at(10_000) })).toBe(2);
    });

    it('keeps only the latest attempts in the history', async () => {
      const jobs = await queue();
      const { job } = await jobs.enqueue({ kind: 'k', key: 'h', payload: null, maxAttempts: 50 });
      for (let n = 1; n <= 8; n++) {
        await jobs.claimDue({ now: at(n * 10), limit: 1, workerId: 'w' });
        await jobs.retry(job.id, { error: `e${n}`, runAt: at(n * 10 + 1), now: at(n * 10), workerId: 'w' });
      }
      expect((await jobs.get(job.id))?.history.map((entry) => entry.error)).toEqual(['e4', 'e5', 'e6', 'e7', 'e8']);
    });

    it('a worker that does not hold the job records nothing; a hand-back does not count the attempt', async () => {
      const jobs = await queue();
      const { job } = await jobs.enqueue({ kind: 'k', key: 'held', payload: null });
      await jobs.claimDue({ now: at(0), limit: 1, workerId: 'a' });
      expect(await jobs.complete(job.id, 'mine', at(1), 'b')).toBe(false);
      expect(await jobs.saveProgress(job.id, 'mine', at(1), 'b')).toBe(false);
      expect(await jobs.retry(job.id, { error: 'x', runAt: at(1), now: at(1), workerId: 'b' })).toBe(false);
      expect(await jobs.bury(job.id, { error: 'x', now: at(1), workerId: 'b' })).toBe(false);
      expect(await jobs.handBack(job.id, at(1), 'b')).toBe(false);
      expect(await jobs.renewLeases('b', [job.id], at(1))).toEqual([]);
      expect(await jobs.renewLeases('a', [job.id], at(1))).toEqual([job.id]);
      expect(await jobs.get(job.id)).toMatchObject({ state: 'running', claimedBy: 'a', attempts: 1, progress: undefined });
      expect(await jobs.handBack(job.id, at(2), 'a')).toBe(true);
      expect(await jobs.get(job.id)).toMatchObject({ state: 'pending', attempts: 0, claimedBy: undefined });
      expect(await jobs.complete(job.id, 'late', at(3), 'a')).toBe(false);
    });

    it('lists by actor and cancels only pending jobs, only for their actor', async () => {
      const jobs = await queue();
      const mine = (await jobs.enqueue({ kind: 'k', key: 'a', payload: 1, actor: 'T1:U1' })).job;
      const running = (await jobs.enqueue({ kind: 'k', key: 'b', payload: 2, actor: 'T1:U1', runAt: at(1) })).job;
      await jobs.enqueue({ kind: 'k', key: 'c', payload: 3, actor: 'T1:U2', runAt: at(2) });
      expect(await jobs.cancel(mine.id, { now: at(0) })).toMatchObject({ state: 'cancelled', job: { state: 'cancelled' } });
      await jobs.claimDue({ now: at(1), limit: 1, workerId: 'w' });

      expect((await jobs.listByActor('T1:U1')).map((job) => [job.key, job.state])).toEqual([['b', 'running']]);
      expect((await jobs.listByActor('T1:U1', { states: ['cancelled', 'running'] })).map((job) => job.key)).toEqual(['a', 'b']);
      expect((await jobs.listByActor('T1:U1', { states: ['cancelled', 'running'], limit: 1 })).map((job) => job.key)).toEqual(['a']);
      expect(await jobs.cancel(running.id, { actor: 'T1:U1', now: at(3) })).toMatchObject({ state: 'running' });
      const other = await jobs.getByKey('c');
      expect(await jobs.cancel(other?.id ?? '', { actor: 'T1:U1', now: at(3) })).toEqual({ state: 'not-found' });
      expect(await jobs.cancel(other?.id ?? '', { actor: 'T1:U2', now: at(3) })).toMatchObject({ state: 'cancelled' });
      expect(await jobs.cancel(mine.id, { now: at(3) })).toMatchObject({ state: 'finished' });
      expect(await jobs.cancel('00000000-0000-4000-8000-000000000000', { now: at(3) })).toEqual({ state: 'not-found' });
      // Ids from outside (a button's value) that name no job, whatever their shape.
      for (const stranger of ['2', 'x|<!here>:-1', '']) {
        expect(await jobs.get(stranger)).toBeUndefined();
        expect(await jobs.cancel(stranger, { actor: 'T1:U1', now: at(3) })).toEqual({ state: 'not-found' });
        expect(await jobs.complete(stranger, null, at(3), 'w')).toBe(false);
        expect(await jobs.renewLeases('w', [stranger], at(3))).toEqual([]);
      }
    });
  });

  suite('the runner on it', () => {
    it('runs a due job once and records its result; retries with back-off; dead-letters when out of attempts', async () => {
      const clock = new ManualClock(START);
      const queue = jobQueueOn(await backend.open(), { now: () => new Date(clock.now()) });
      const worker = runner(queue, clock, { backoff: { baseMs: 1_000, factor: 2, jitter: 0 } });
      const seen: unknown[] = [];
      worker.register('echo', async ({ job }) => {
        seen.push(job.payload);
        return { outcome: 'done', result: { echoed: job.payload } };
      });
      worker.register('down', async () => ({ outcome: 'retry', error: 'unavailable' }));
      await worker.start();
      const echo = (await worker.enqueue({ kind: 'echo', key: 'e1', payload: 'hello' })).job;
      const down = (await worker.enqueue({ kind: 'down', key: 'd', payload: null, maxAttempts: 3 })).job;
      await worker.idle();
      expect(seen).toEqual(['hello']);
      expect(await queue.get(echo.id)).toMatchObject({ state: 'done', attempts: 1, result: { echoed: 'hello' } });
      expect(await queue.get(down.id)).toMatchObject({ state: 'pending', attempts: 1, runAt: new Date(START + 1_000) });
      await clock.advance(1_000);
      await worker.idle();
      await clock.advance(2_000);
      await worker.idle();
      expect(await queue.get(down.id)).toMatchObject({ state: 'dead', attempts: 3, lastError: 'out of attempts (3); last error: unavailable' });
      expect(logs.join('\n')).not.toContain('hello');
    });

    it('renews the leases of long jobs, so nobody else takes them while they run', async () => {
      const clock = new ManualClock(START);
      const handle = await backend.open();
      const queue = jobQueueOn(handle, { now: () => new Date(clock.now()), leaseMs: 30_000 });
      const worker = runner(queue, clock, { renewEveryMs: 10_000 });
      const { calls, handler } = controlled();
      worker.register('long', handler);
      await worker.start();
      const { job } = await worker.enqueue({ kind: 'long', key: 'l', payload: null });
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      for (let n = 0; n < 12; n++) {
        await clock.advance(5_000);
        // The manual clock jumps at once; give the renewal's round trip real time to land (generous: CI is loaded).
        await pause(150);
      }
      const thief = jobQueueOn(handle, { leaseMs: 30_000 });
      expect(await thief.claimDue({ now: new Date(clock.now()), limit: 5, workerId: 'thief' })).toEqual([]);
      calls[0]?.finish({ outcome: 'done' });
      await worker.idle();
      expect(await queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
    });
  });
});

describe.skipIf(storeBackends[1]?.unavailable !== undefined)('PostgreSQL job leases across instances', () => {
  const backend = storeBackends[1];
  if (!backend) throw new Error('the PostgreSQL backend is missing');

  it('a job whose worker was killed is taken over when its lease expires; the old worker cannot record over the new one', async () => {
    const handle = await backend.open();
    const killed = jobQueueOn(handle, { leaseMs: 30_000 });
    const survivor = jobQueueOn(handle, { leaseMs: 30_000 });
    const { job } = await killed.enqueue({ kind: 'create-talep', key: 'k1', payload: { subject: 'Printer' }, runAt: new Date(START) });
    await killed.claimDue({ now: new Date(START), limit: 1, workerId: 'killed' });
    expect(await survivor.claimDue({ now: new Date(START + 29_999), limit: 1, workerId: 'survivor' })).toEqual([]);
    expect(await survivor.recoverAbandoned(new Date(START + 29_999))).toEqual([]);

    const [taken] = await survivor.claimDue({ now: new Date(START + 30_000), limit: 1, workerId: 'survivor' });
    expect(taken).toMatchObject({ id: job.id, attempts: 2, claimedBy: 'survivor', lastError: 'interrupted: the bot stopped while this job ran' });
    // The first worker wakes up (it was only stalled): its lease is gone and nothing it records counts.
    expect(await killed.renewLeases('killed', [job.id], new Date(START + 30_001))).toEqual([]);
    expect(await killed.complete(job.id, 'twice', new Date(START + 30_001), 'killed')).toBe(false);
    expect(await survivor.complete(job.id, 'once', new Date(START + 30_002), 'survivor')).toBe(true);
    expect(await survivor.get(job.id)).toMatchObject({ state: 'done', result: 'once', attempts: 2 });
  });

  it('recoverAbandoned at start hands back only expired leases (another instance may be running the rest)', async () => {
    const handle = await backend.open();
    const queue = jobQueueOn(handle, { leaseMs: 30_000 });
    await queue.enqueue({ kind: 'k', key: 'old', payload: null, runAt: new Date(START) });
    await queue.claimDue({ now: new Date(START), limit: 1, workerId: 'gone' });
    await queue.enqueue({ kind: 'k', key: 'live', payload: null, runAt: new Date(START + 20_000) });
    await queue.claimDue({ now: new Date(START + 20_000), limit: 1, workerId: 'alive' });
    const recovered = await queue.recoverAbandoned(new Date(START + 40_000));
    expect(recovered.map((job) => [job.key, job.state, job.attempts])).toEqual([['old', 'pending', 1]]);
    expect((await queue.getByKey('live'))?.state).toBe('running');
  });

  it('two runners on one database: the killed one’s job moves to the other and is done once', async () => {
    const handle = await backend.open();
    // Separate clocks: the "killed" runner's time stops (no renewals), the survivor's goes on.
    const killedClock = new ManualClock(START);
    const clock = new ManualClock(START);
    const killedQueue = jobQueueOn(handle, { now: () => new Date(killedClock.now()), leaseMs: 30_000 });
    const queue = jobQueueOn(handle, { now: () => new Date(clock.now()), leaseMs: 30_000 });
    const killed = runner(killedQueue, killedClock, { workerId: 'killed' });
    const survivor = runner(queue, clock, { workerId: 'survivor', pollIntervalMs: 5_000 });
    const hung = controlled();
    killed.register('send', hung.handler);
    const done: string[] = [];
    survivor.register('send', async ({ job }) => {
      done.push(job.key);
      return { outcome: 'done', result: 'sent' };
    });
    await killed.start();
    const { job } = await killed.enqueue({ kind: 'send', key: 'notify-1', payload: null });
    await vi.waitFor(() => expect(hung.calls).toHaveLength(1));
    await survivor.start();
    await survivor.idle();
    expect(done).toEqual([]);
    for (let n = 0; n < 7; n++) {
      await clock.advance(5_000);
      await pause(30);
    }
    await survivor.idle();
    expect(done).toEqual(['notify-1']);
    // The stalled worker finishes late: its outcome is not recorded.
    hung.calls[0]?.finish({ outcome: 'done', result: 'late' });
    await settle();
    await killed.idle();
    expect(await queue.get(job.id)).toMatchObject({ state: 'done', result: 'sent', attempts: 2 });
    expect(logs.join('\n')).toMatch(/lease was lost before the outcome was recorded/);
  });
});
