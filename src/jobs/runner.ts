/**
 * The worker for durable jobs: claims due jobs of the kinds it has handlers for, runs each handler,
 * and records the outcome — done, retry later (exponential back-off with jitter, or the handler's own
 * "retry after"), or give up (dead-letter list). Exhausted attempts also end in the dead-letter list.
 *
 * Timers come from an injected Clock, so tests drive hours of back-off with a manual clock. `stop()`
 * stops claiming, lets running handlers finish within a deadline, and hands the rest back to the queue
 * (aborting their signal) so they run again on the next start. Since a job can therefore run again
 * after it did its work (a crash, or a handler that ignores the abort), **handlers must be idempotent**.
 *
 * While handlers run, the runner renews their claims' leases; a job whose lease was lost (this process
 * stalled past it, and another instance of a shared store took the job over) is aborted here and its
 * outcome not recorded: the new holder's attempt is the one that counts.
 *
 * Payloads carry user text: the runner logs kinds, ids, attempts and errors, never payloads.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@slack/bolt';
import { type Clock, systemClock } from '../api/clock.js';
import { machinery } from '../machinery.js';
import type { JsonValue } from '../store/json-value.js';
import { type BackoffOptions, backoffDelay } from './backoff.js';
import { DEFAULT_LEASE_MS, type EnqueueResult, type Job, type JobQueue, type JobSpec } from './job-queue.js';

export type JobOutcome =
  | { outcome: 'done'; result?: JsonValue }
  /** Not now (the help desk is unreachable, rate-limited…): again after `afterMs`, or after the back-off. */
  | { outcome: 'retry'; error: string; afterMs?: number }
  /** Never (refused, invalid…): straight to the dead-letter list. */
  | { outcome: 'give-up'; error: string };

export interface JobContext {
  job: Job;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when a stop hands the job back: stop soon, the job will run again. */
  signal: AbortSignal;
}

/** Returning nothing means done. A thrown error is a retryable failure (the attempt budget still applies). */
export type JobHandler = (context: JobContext) => Promise<JobOutcome | undefined | void>;

export interface JobRunnerOptions {
  queue: JobQueue;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  clock?: Clock;
  /** Names this worker's claims (default: random). */
  workerId?: string;
  /** Jobs run at the same time (default 4). */
  concurrency?: number;
  /** Looks for due jobs at least this often (default 5 s); new jobs enqueued here start at once. */
  pollIntervalMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** How long finished jobs are kept (default: done/cancelled 24 h, dead 7 days). */
  retention?: { doneMs?: number; deadMs?: number };
  /** How often running jobs' leases are renewed (default: a third of the default lease, 10 s). */
  renewEveryMs?: number;
}

export interface StopResult {
  /** Handlers that finished within the deadline. */
  finished: number;
  /** Jobs handed back to the queue, to run again on the next start. */
  handedBack: number;
}

interface Running {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
  handedBack: boolean;
}

const PRUNE_EVERY_MS = 60 * 60_000;

export class JobRunner {
  readonly workerId: string;
  readonly #queue: JobQueue;
  readonly #logger: JobRunnerOptions['logger'];
  readonly #clock: Clock;
  readonly #concurrency: number;
  readonly #pollIntervalMs: number;
  readonly #backoff: BackoffOptions;
  readonly #random: () => number;
  readonly #doneRetentionMs: number;
  readonly #deadRetentionMs: number;
  readonly #renewEveryMs: number;
  #renewTimer: unknown;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #running = new Map<string, Running>();
  #state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';
  #timer: unknown;
  #ticking = false;
  #tickAgain = false;
  #lastPrune = Number.NEGATIVE_INFINITY;
  #idleWaiters: (() => void)[] = [];

  constructor(options: JobRunnerOptions) {
    this.#queue = options.queue;
    this.#logger = options.logger;
    this.#clock = options.clock ?? systemClock;
    this.workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
    this.#concurrency = Math.max(1, options.concurrency ?? 4);
    this.#pollIntervalMs = Math.max(10, options.pollIntervalMs ?? 5_000);
    this.#backoff = options.backoff ?? {};
    this.#random = options.random ?? Math.random;
    this.#doneRetentionMs = options.retention?.doneMs ?? 24 * 60 * 60_000;
    this.#deadRetentionMs = options.retention?.deadMs ?? 7 * 24 * 60 * 60_000;
    this.#renewEveryMs = Math.max(10, options.renewEveryMs ?? Math.floor(DEFAULT_LEASE_MS / 3));
  }

  get queue(): JobQueue {
    return this.#queue;
  }

  /** One handler per kind; register before `start()` so that jobs resumed at start find theirs. */
  register(kind: string, handler: JobHandler): void {
    if (this.#handlers.has(kind)) throw new Error(`A handler for job kind '${kind}' is already registered.`);
    this.#handlers.set(kind, handler);
    this.wake();
  }

  /**
   * Enqueues (durably) and wakes the worker, so a due job starts without waiting for the next poll.
   * `wake: false` leaves the start to a later `wake()` (e.g. after the person was told it is accepted).
   * Without `runAt` the job is due at the runner's own now, so a test clock and the queue agree.
   */
  async enqueue(spec: JobSpec, options: { wake?: boolean } = {}): Promise<EnqueueResult> {
    const result = await this.#queue.enqueue({ ...spec, runAt: spec.runAt ?? this.#now() });
    if (options.wake !== false) this.wake();
    return result;
  }

  /** The runner's clock: when "now" is for due jobs (a manual clock in tests). */
  now(): Date {
    return this.#now();
  }

  /** Hands back jobs a previous process left running, then starts claiming. */
  async start(): Promise<{ recovered: number }> {
    if (this.#state !== 'idle') throw new Error('The job runner was already started.');
    const recovered = await this.#queue.recoverAbandoned(this.#now());
    for (const job of recovered) this.#logger.warn(`job ${job.kind} ${job.id} was interrupted by a stop or crash; it will run again`);
    this.#state = 'started';
    this.wake();
    return { recovered: recovered.length };
  }

  /** Looks for due jobs now. */
  wake(): void {
    if (this.#state !== 'started') return;
    if (this.#ticking) {
      this.#tickAgain = true;
      return;
    }
    void this.#tick();
  }

  /** Started and not stopping: jobs are being claimed (the readiness check). */
  get running(): boolean {
    return this.#state === 'started';
  }

  /** Jobs being handled right now. */
  get active(): number {
    return this.#running.size;
  }

  /** Resolves when no handler runs and no due job waits (tests). */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || this.#ticking) {
      await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
    }
  }

  /**
   * Stops claiming; waits up to `deadlineMs` for running handlers, then aborts the rest and hands their
   * jobs back (they run again on the next start).
   */
  async stop(options: { deadlineMs?: number } = {}): Promise<StopResult> {
    if (this.#state === 'stopped' || this.#state === 'stopping') return { finished: 0, handedBack: 0 };
    this.#state = 'stopping';
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#stopRenewing();
    const inFlight = [...this.#running.values()];
    let deadline: unknown;
    const timedOut = new Promise<void>((resolve) => {
      deadline = this.#clock.setTimeout(resolve, options.deadlineMs ?? 10_000);
    });
    await Promise.race([Promise.allSettled(inFlight.map((entry) => entry.done)), timedOut]);
    this.#clock.clearTimeout(deadline);
    let handedBack = 0;
    for (const entry of inFlight) {
      if (!this.#running.has(entry.job.id)) continue;
      entry.handedBack = true;
      entry.controller.abort(new Error('the bot is stopping'));
      this.#running.delete(entry.job.id);
      await this.#queue.handBack(entry.job.id, this.#now(), this.workerId).catch((error: unknown) => this.#logger.error(`handing back job ${entry.job.id} failed`, error));
      this.#logger.warn(`job ${entry.job.kind} ${entry.job.id} did not finish before the stop deadline; handed back`);
      handedBack += 1;
    }
    this.#state = 'stopped';
    this.#notifyIdle();
    return { finished: inFlight.length - handedBack, handedBack };
  }

  #now(): Date {
    return new Date(this.#clock.now());
  }

  async #tick(): Promise<void> {
    this.#ticking = true;
    try {
      // A wake-up during any await of this tick (a job enqueued, a job finished) means: look again.
      do {
        this.#tickAgain = false;
        await this.#claimAndRun();
        await this.#pruneIfDue();
        await this.#scheduleNext();
      } while (this.#tickAgain && this.#state === 'started');
    } catch (error) {
      this.#logger.error('the job runner could not read the queue; trying again later', error);
      this.#schedule(this.#pollIntervalMs);
    } finally {
      this.#ticking = false;
      this.#notifyIdle();
    }
  }

  async #claimAndRun(): Promise<void> {
    const free = this.#concurrency - this.#running.size;
    if (free <= 0 || this.#handlers.size === 0 || this.#state !== 'started') return;
    const claimed = await this.#queue.claimDue({ now: this.#now(), limit: free, workerId: this.workerId, kinds: [...this.#handlers.keys()] });
    for (const job of claimed) {
      // This worker's own job, its lease expired while it ran (the process stalled) and claimed again:
      // the handler still runs, and holds the job again. A second one would do the work twice.
      if (this.#running.has(job.id)) continue;
      this.#launch(job);
    }
  }

  async #scheduleNext(): Promise<void> {
    if (this.#state !== 'started') return;
    const nextDue = this.#handlers.size > 0 ? await this.#queue.nextDueAt([...this.#handlers.keys()]) : undefined;
    const untilDue = nextDue ? Math.max(0, nextDue.getTime() - this.#clock.now()) : this.#pollIntervalMs;
    // With every slot busy, the next look happens when a job finishes.
    if (this.#running.size >= this.#concurrency) this.#schedule(this.#pollIntervalMs);
    else this.#schedule(Math.min(untilDue, this.#pollIntervalMs));
  }

  #schedule(ms: number): void {
    if (this.#state !== 'started') return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(
      machinery('the job runner', () => {
        this.#timer = undefined;
        this.wake();
      }),
      ms,
    );
  }

  async #pruneIfDue(): Promise<void> {
    const now = this.#clock.now();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    const removed = await this.#queue.prune({ doneBefore: new Date(now - this.#doneRetentionMs), deadBefore: new Date(now - this.#deadRetentionMs) });
    if (removed > 0) this.#logger.debug(`pruned ${removed} finished job(s)`);
  }

  #launch(job: Job): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, handedBack: false, done: Promise.resolve() };
    entry.done = this.#execute(entry).finally(() => {
      if (this.#running.get(job.id) === entry) this.#running.delete(job.id);
      // Wake first: the tick it starts counts as busy, so idle() does not resolve in between.
      this.wake();
      this.#notifyIdle();
    });
    this.#running.set(job.id, entry);
    this.#renewSoon();
  }

  /** Keeps the leases of running jobs renewed while there are any. */
  #renewSoon(): void {
    if (this.#renewTimer !== undefined || this.#running.size === 0 || this.#state !== 'started') return;
    this.#renewTimer = this.#clock.setTimeout(
      machinery('the job runner', () => {
        this.#renewTimer = undefined;
        void this.#renew().finally(() => this.#renewSoon());
      }),
      this.#renewEveryMs,
    );
  }

  #stopRenewing(): void {
    if (this.#renewTimer !== undefined) this.#clock.clearTimeout(this.#renewTimer);
    this.#renewTimer = undefined;
  }

  async #renew(): Promise<void> {
    const entries = [...this.#running.values()];
    if (entries.length === 0) return;
    let held: Set<string>;
    try {
      held = new Set(await this.#queue.renewLeases(this.workerId, entries.map((entry) => entry.job.id), this.#now()));
    } catch (error) {
      // The store is unreachable: the leases may run out; whoever holds a job then is told when this worker reports.
      this.#logger.warn('renewing job leases failed; trying again', error);
      return;
    }
    for (const entry of entries) {
      if (held.has(entry.job.id) || this.#running.get(entry.job.id) !== entry) continue;
      // Another worker has it now: stop, and record nothing (as after a hand-back).
      entry.handedBack = true;
      entry.controller.abort(new Error('the job was taken over by another worker (its lease expired)'));
      this.#running.delete(entry.job.id);
      this.#logger.warn(`job ${entry.job.kind} ${entry.job.id} lost its lease (this worker stalled past it); another worker runs it now`);
    }
    if (this.#running.size < this.#concurrency) this.wake();
    this.#notifyIdle();
  }

  async #execute(entry: Running): Promise<void> {
    const { job } = entry;
    const handler = this.#handlers.get(job.kind);
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      const answer = await handler({ job, attempt: job.attempts, signal: entry.controller.signal });
      outcome = answer ?? { outcome: 'done' };
    } catch (error) {
      outcome = { outcome: 'retry', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    // A job handed back at a stop is the queue's again: whatever the handler did last is not recorded.
    if (entry.handedBack) return;
    try {
      await this.#record(job, outcome);
    } catch (error) {
      this.#logger.error(`recording the outcome of job ${job.kind} ${job.id} failed; it will run again after a restart`, error);
    }
  }

  async #record(job: Job, outcome: JobOutcome): Promise<void> {
    const now = this.#now();
    const workerId = this.workerId;
    const lost = () => this.#logger.warn(`job ${job.kind} ${job.id}: its lease was lost before the outcome was recorded; the worker that took it over decides`);
    if (outcome.outcome === 'done') {
      if (!(await this.#queue.complete(job.id, outcome.result, now, workerId))) return lost();
      this.#logger.info(`job ${job.kind} ${job.id} done (attempt ${job.attempts})`);
      return;
    }
    if (outcome.outcome === 'give-up') {
      if (!(await this.#queue.bury(job.id, { error: outcome.error, now, workerId }))) return lost();
      this.#logger.warn(`job ${job.kind} ${job.id} gave up (attempt ${job.attempts}): ${outcome.error}; moved to the dead-letter list`);
      return;
    }
    if (job.attempts >= job.maxAttempts) {
      const error = `out of attempts (${job.attempts}); last error: ${outcome.error}`;
      if (!(await this.#queue.bury(job.id, { error, now, workerId }))) return lost();
      this.#logger.warn(`job ${job.kind} ${job.id} ${error}; moved to the dead-letter list`);
      return;
    }
    const delay = outcome.afterMs ?? backoffDelay(job.attempts, this.#backoff, this.#random);
    if (!(await this.#queue.retry(job.id, { error: outcome.error, runAt: new Date(now.getTime() + delay), now, workerId }))) return lost();
    this.#logger.info(`job ${job.kind} ${job.id} attempt ${job.attempts} failed (${outcome.error}); retrying in ${Math.round(delay / 1000)} s`);
  }

  #notifyIdle(): void {
    if (this.#running.size > 0 || this.#ticking) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
