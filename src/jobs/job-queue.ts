/**
 * Durable jobs (the outbox): work the bot accepted is written here before the user is told, and a
 * worker (`JobRunner`) runs it, retries it with back-off while it cannot be done yet, and moves it to
 * a dead-letter list when it never can.
 *
 * The contract is shaped after PostgreSQL queues (pg-boss, graphile-worker) so a shared implementation
 * can replace the embedded one (`src/store/job-store.ts`) without touching callers:
 * - `key` is unique: enqueuing an existing key returns the existing job (a repeat submission never
 *   makes a second job). A key stays taken as long as the job is kept (finished jobs ≥ 24 h).
 * - `claimDue` atomically moves due pending jobs to `running`; a job is claimed by at most one worker
 *   at a time, so its handler runs at most once at a time.
 * - A claimed job that never reports back (the process died) is handed back by `recoverAbandoned` and
 *   runs again: **handlers must be idempotent** (reserve an idempotency key, or look for what the
 *   previous attempt made before making it again).
 * - A claim is a lease: the worker renews it (`renewLeases`) while the handler runs. A shared store
 *   lets another instance take over a job whose lease expired (its worker was killed); the changes
 *   that finish an attempt name the worker (`workerId`) and count only while it still holds the job,
 *   so a worker that lost its lease cannot mark the job done behind its new holder's back.
 * - Every claim counts as an attempt, so a job that crashes the process each time still ends in the
 *   dead-letter list instead of looping forever.
 */
import type { JsonValue } from '../store/json-value.js';

export type JobState = 'pending' | 'running' | 'done' | 'dead' | 'cancelled';

export interface JobSpec {
  /** Selects the handler, e.g. 'create-talep'. */
  kind: string;
  /** Unique: the job's idempotency key (e.g. the submission's key). */
  key: string;
  payload: JsonValue;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Who the job acts for, `team:user`: listed by `listByActor`, may cancel it. */
  actor?: string;
  /** Claims before the job is dead-lettered (default: the queue's, 12). */
  maxAttempts?: number;
}

export interface AttemptRecord {
  at: Date;
  /** Undefined when the attempt succeeded. */
  error?: string;
}

export interface Job {
  id: string;
  kind: string;
  key: string;
  payload: JsonValue;
  actor: string | undefined;
  state: JobState;
  /** When it is due (pending), or was last due. */
  runAt: Date;
  /** Claims so far. */
  attempts: number;
  maxAttempts: number;
  lastError: string | undefined;
  /** The latest attempts, oldest first (a few are kept). */
  history: AttemptRecord[];
  /** What the handler answered when it finished. */
  result: JsonValue | undefined;
  /**
   * What the handler recorded while it ran (`saveProgress`): the steps it completed, so that a run
   * after a crash or a retry continues instead of doing them again.
   */
  progress: JsonValue | undefined;
  createdAt: Date;
  updatedAt: Date;
  /** Set while running. */
  claimedBy: string | undefined;
  claimedAt: Date | undefined;
}

export type EnqueueResult = { created: true; job: Job } | { created: false; job: Job };

export type CancelResult =
  | { state: 'cancelled'; job: Job }
  /** Already claimed by a worker: it cannot be withdrawn any more. */
  | { state: 'running'; job: Job }
  /** Done, dead or cancelled before. */
  | { state: 'finished'; job: Job }
  | { state: 'not-found' };

export interface ListOptions {
  /** Default: pending and running. */
  states?: readonly JobState[];
  limit?: number;
}

export interface JobQueue {
  enqueue(spec: JobSpec): Promise<EnqueueResult>;
  get(id: string): Promise<Job | undefined>;
  getByKey(key: string): Promise<Job | undefined>;
  /** Atomically claims up to `limit` pending jobs due at `now` (oldest due first) for `workerId`. */
  claimDue(options: { now: Date; limit: number; workerId: string; kinds?: readonly string[] }): Promise<Job[]>;
  /** The earliest `runAt` of a pending job, to know when to look again. */
  nextDueAt(kinds?: readonly string[]): Promise<Date | undefined>;
  /**
   * Records the handler's progress (replacing the previous record); kept through retries and crashes.
   * With `workerId`: only while that worker holds the job. Answers whether it was recorded.
   */
  saveProgress(id: string, progress: JsonValue, now: Date, workerId?: string): Promise<boolean>;
  /** The handler finished: done, with its result. With `workerId`: only while that worker holds the job. */
  complete(id: string, result: JsonValue | undefined, now: Date, workerId?: string): Promise<boolean>;
  /** The attempt failed but may succeed later: back to pending, due at `runAt`. */
  retry(id: string, options: { error: string; runAt: Date; now: Date; workerId?: string }): Promise<boolean>;
  /** Never going to succeed (or out of attempts): to the dead-letter list. */
  bury(id: string, options: { error: string; now: Date; workerId?: string }): Promise<boolean>;
  /** A graceful stop gives a running job back without counting the attempt. */
  handBack(id: string, now: Date, workerId?: string): Promise<boolean>;
  /**
   * Extends the leases of `ids` that `workerId` still holds; answers those ids (a missing one was lost:
   * its lease expired and another worker may have it).
   */
  renewLeases(workerId: string, ids: readonly string[], now: Date): Promise<string[]>;
  /**
   * Running jobs whose worker is gone go back to pending (attempts kept). The embedded store is one
   * process, so at start every running job is abandoned; a shared store takes those whose lease expired.
   */
  recoverAbandoned(now: Date): Promise<Job[]>;
  /** Cancels a pending job; with `actor`, only that actor's job. */
  cancel(id: string, options: { actor?: string; now: Date }): Promise<CancelResult>;
  listByActor(actor: string, options?: ListOptions): Promise<Job[]>;
  /** The dead-letter list, newest first. */
  listDead(options?: { limit?: number }): Promise<Job[]>;
  /** Removes finished jobs (done, cancelled) older than `doneBefore` and dead ones older than `deadBefore`. */
  prune(options: { doneBefore: Date; deadBefore: Date }): Promise<number>;
}

export const DEFAULT_MAX_ATTEMPTS = 12;
/** How long a claim holds without renewal (a shared store's takeover time after a worker dies). */
export const DEFAULT_LEASE_MS = 30_000;
