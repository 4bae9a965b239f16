/**
 * The embedded JobQueue: one table of the lowdb document (`DATA_DIR/talep-bot.json`). Every state
 * change is decided and applied in one synchronous section of `db.update`, then written to disk before
 * the promise resolves, so "enqueued" means "on disk" and a claim cannot race another claim.
 * Single process only, so leases never expire here (at start every running job is abandoned); the
 * shared implementation is `src/store/postgres/jobs.ts`.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  type CancelResult,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueResult,
  type Job,
  type JobQueue,
  type JobSpec,
  type JobState,
  type ListOptions,
} from '../jobs/job-queue.js';
import type { Database } from './database.js';
import { type JsonValue, jsonValue } from './json-value.js';

/** Attempts kept per job for diagnostics. */
const HISTORY_LENGTH = 5;

const jobRow = z.object({
  kind: z.string(),
  key: z.string(),
  payload: jsonValue,
  actor: z.string().optional(),
  state: z.enum(['pending', 'running', 'done', 'dead', 'cancelled']),
  runAt: z.iso.datetime(),
  attempts: z.int().min(0),
  maxAttempts: z.int().min(1),
  lastError: z.string().optional(),
  history: z.array(z.object({ at: z.iso.datetime(), error: z.string().optional() })),
  result: jsonValue.optional(),
  progress: jsonValue.optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  claimedBy: z.string().optional(),
  claimedAt: z.iso.datetime().optional(),
});
type JobRow = z.infer<typeof jobRow>;

/** `id` → job. */
export const jobsTable = z.record(z.string(), jobRow);

export interface LowdbJobQueueOptions {
  defaultMaxAttempts?: number;
  now?: () => Date;
}

export class LowdbJobQueue implements JobQueue {
  readonly #defaultMaxAttempts: number;
  readonly #now: () => Date;

  constructor(
    private readonly db: Database,
    options: LowdbJobQueueOptions = {},
  ) {
    this.#defaultMaxAttempts = options.defaultMaxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.#now = options.now ?? (() => new Date());
  }

  async enqueue(spec: JobSpec): Promise<EnqueueResult> {
    const payload = jsonValue.parse(spec.payload);
    const now = this.#now().toISOString();
    let result: EnqueueResult | undefined;
    await this.db.update((data) => {
      const existing = findByKey(data.jobs, spec.key);
      if (existing) {
        result = { created: false, job: toJob(...existing) };
        return;
      }
      const id = randomUUID();
      const row: JobRow = {
        kind: spec.kind,
        key: spec.key,
        payload,
        actor: spec.actor,
        state: 'pending',
        runAt: (spec.runAt ?? this.#now()).toISOString(),
        attempts: 0,
        maxAttempts: spec.maxAttempts ?? this.#defaultMaxAttempts,
        history: [],
        createdAt: now,
        updatedAt: now,
      };
      data.jobs[id] = row;
      result = { created: true, job: toJob(id, row) };
    });
    if (!result) throw new Error('enqueue did not run');
    return result;
  }

  async get(id: string): Promise<Job | undefined> {
    const row = this.db.data.jobs[id];
    return row ? toJob(id, row) : undefined;
  }

  async getByKey(key: string): Promise<Job | undefined> {
    const found = findByKey(this.db.data.jobs, key);
    return found ? toJob(...found) : undefined;
  }

  async claimDue(options: { now: Date; limit: number; workerId: string; kinds?: readonly string[] }): Promise<Job[]> {
    const claimed: Job[] = [];
    if (options.limit <= 0) return claimed;
    const due = this.#pendingDue(options.now, options.kinds);
    if (due.length === 0) return claimed;
    await this.db.update((data) => {
      // Decided again inside the synchronous section: only what is still pending is claimed.
      for (const [id] of due) {
        if (claimed.length >= options.limit) break;
        const row = data.jobs[id];
        if (!row || row.state !== 'pending' || Date.parse(row.runAt) > options.now.getTime()) continue;
        row.state = 'running';
        row.attempts += 1;
        row.claimedBy = options.workerId;
        row.claimedAt = options.now.toISOString();
        row.updatedAt = options.now.toISOString();
        claimed.push(toJob(id, row));
      }
    });
    return claimed;
  }

  async nextDueAt(kinds?: readonly string[]): Promise<Date | undefined> {
    let earliest: number | undefined;
    for (const row of Object.values(this.db.data.jobs)) {
      if (row.state !== 'pending' || (kinds && !kinds.includes(row.kind))) continue;
      const at = Date.parse(row.runAt);
      if (earliest === undefined || at < earliest) earliest = at;
    }
    return earliest === undefined ? undefined : new Date(earliest);
  }

  async saveProgress(id: string, progress: JsonValue, now: Date, workerId?: string): Promise<boolean> {
    const parsed = jsonValue.parse(progress);
    return this.#change(id, now, workerId, (row) => {
      row.progress = parsed;
    });
  }

  async complete(id: string, result: JsonValue | undefined, now: Date, workerId?: string): Promise<boolean> {
    const parsed = result === undefined ? undefined : jsonValue.parse(result);
    return this.#change(id, now, workerId, (row) => {
      row.state = 'done';
      row.result = parsed;
      row.history = appendAttempt(row.history, { at: now.toISOString() });
    });
  }

  async retry(id: string, options: { error: string; runAt: Date; now: Date; workerId?: string }): Promise<boolean> {
    return this.#change(id, options.now, options.workerId, (row) => {
      row.state = 'pending';
      row.runAt = options.runAt.toISOString();
      row.lastError = options.error;
      row.history = appendAttempt(row.history, { at: options.now.toISOString(), error: options.error });
    });
  }

  async bury(id: string, options: { error: string; now: Date; workerId?: string }): Promise<boolean> {
    return this.#change(id, options.now, options.workerId, (row) => {
      row.state = 'dead';
      row.lastError = options.error;
      row.history = appendAttempt(row.history, { at: options.now.toISOString(), error: options.error });
    });
  }

  async handBack(id: string, now: Date, workerId?: string): Promise<boolean> {
    if (this.db.data.jobs[id]?.state !== 'running') return false;
    return this.#change(id, now, workerId, (row) => {
      if (row.state !== 'running') return;
      row.state = 'pending';
      row.attempts = Math.max(0, row.attempts - 1);
    });
  }

  async renewLeases(workerId: string, ids: readonly string[]): Promise<string[]> {
    // One process: a claim lasts until this process ends it; nothing else can take it over.
    return ids.filter((id) => {
      const row = this.db.data.jobs[id];
      return row?.state === 'running' && row.claimedBy === workerId;
    });
  }

  async recoverAbandoned(now: Date): Promise<Job[]> {
    const recovered: Job[] = [];
    if (!Object.values(this.db.data.jobs).some((row) => row.state === 'running')) return recovered;
    await this.db.update((data) => {
      for (const [id, row] of Object.entries(data.jobs)) {
        if (row.state !== 'running') continue;
        row.state = 'pending';
        row.lastError = 'interrupted: the bot stopped while this job ran';
        row.history = appendAttempt(row.history, { at: now.toISOString(), error: row.lastError });
        row.claimedBy = undefined;
        row.claimedAt = undefined;
        row.updatedAt = now.toISOString();
        recovered.push(toJob(id, row));
      }
    });
    return recovered;
  }

  async cancel(id: string, options: { actor?: string; now: Date }): Promise<CancelResult> {
    let result: CancelResult = { state: 'not-found' };
    await this.db.update((data) => {
      const row = data.jobs[id];
      if (!row || (options.actor !== undefined && row.actor !== options.actor)) return;
      if (row.state === 'running') {
        result = { state: 'running', job: toJob(id, row) };
        return;
      }
      if (row.state !== 'pending') {
        result = { state: 'finished', job: toJob(id, row) };
        return;
      }
      row.state = 'cancelled';
      row.updatedAt = options.now.toISOString();
      result = { state: 'cancelled', job: toJob(id, row) };
    });
    return result;
  }

  async listByActor(actor: string, options: ListOptions = {}): Promise<Job[]> {
    const states: readonly JobState[] = options.states ?? ['pending', 'running'];
    return Object.entries(this.db.data.jobs)
      .filter(([, row]) => row.actor === actor && states.includes(row.state))
      .map(([id, row]) => toJob(id, row))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  }

  async listDead(options: { limit?: number } = {}): Promise<Job[]> {
    return Object.entries(this.db.data.jobs)
      .filter(([, row]) => row.state === 'dead')
      .map(([id, row]) => toJob(id, row))
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  }

  async prune(options: { doneBefore: Date; deadBefore: Date }): Promise<number> {
    const expired = (row: JobRow) => {
      const updated = Date.parse(row.updatedAt);
      if (row.state === 'done' || row.state === 'cancelled') return updated < options.doneBefore.getTime();
      return row.state === 'dead' && updated < options.deadBefore.getTime();
    };
    if (!Object.values(this.db.data.jobs).some(expired)) return 0;
    let removed = 0;
    await this.db.update((data) => {
      for (const [id, row] of Object.entries(data.jobs)) {
        if (expired(row)) {
          delete data.jobs[id];
          removed += 1;
        }
      }
    });
    return removed;
  }

  #pendingDue(now: Date, kinds: readonly string[] | undefined): [string, JobRow][] {
    return Object.entries(this.db.data.jobs)
      .filter(([, row]) => row.state === 'pending' && Date.parse(row.runAt) <= now.getTime() && (!kinds || kinds.includes(row.kind)))
      .sort(([, a], [, b]) => Date.parse(a.runAt) - Date.parse(b.runAt) || Date.parse(a.createdAt) - Date.parse(b.createdAt));
  }

  /** Applies `mutate` to the job (with `workerId`: only while that worker holds it); answers whether it did. */
  async #change(id: string, now: Date, workerId: string | undefined, mutate: (row: JobRow) => void): Promise<boolean> {
    const holds = (row: JobRow | undefined): row is JobRow => row !== undefined && (workerId === undefined || (row.state === 'running' && row.claimedBy === workerId));
    if (!holds(this.db.data.jobs[id])) return false;
    let changed = false;
    await this.db.update((data) => {
      const row = data.jobs[id];
      if (!holds(row)) return;
      changed = true;
      mutate(row);
      if (row.state !== 'running') {
        row.claimedBy = undefined;
        row.claimedAt = undefined;
      }
      row.updatedAt = now.toISOString();
    });
    return changed;
  }
}

function findByKey(jobs: Record<string, JobRow>, key: string): [string, JobRow] | undefined {
  for (const entry of Object.entries(jobs)) if (entry[1].key === key) return entry;
  return undefined;
}

function appendAttempt(history: JobRow['history'], attempt: JobRow['history'][number]): JobRow['history'] {
  return [...history, attempt].slice(-HISTORY_LENGTH);
}

function toJob(id: string, row: JobRow): Job {
  return {
    id,
    kind: row.kind,
    key: row.key,
    payload: structuredClone(row.payload),
    actor: row.actor,
    state: row.state,
    runAt: new Date(row.runAt),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    history: row.history.map((attempt) => ({ at: new Date(attempt.at), error: attempt.error })),
    result: row.result === undefined ? undefined : structuredClone(row.result),
    progress: row.progress === undefined ? undefined : structuredClone(row.progress),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    claimedBy: row.claimedBy,
    claimedAt: row.claimedAt ? new Date(row.claimedAt) : undefined,
  };
}
