/**
 * The durable job queue on PostgreSQL: the same JobQueue contract as the embedded store (and the same
 * contract tests), shared by every instance.
 *
 * - `enqueue` inserts or finds by the unique `key`: exactly one job per key across instances.
 * - `claimDue` takes due jobs with `FOR UPDATE SKIP LOCKED`, so instances claiming at once never get
 *   the same job, and gives each a lease (`lease_until`) that its worker renews while it runs.
 * - A running job whose lease expired (its instance was killed or stalled) is due again: the next
 *   claim on any instance takes it over, counting an attempt and noting the interruption.
 * - The changes that end an attempt, given the worker's id, apply only while that worker still holds
 *   the job, so a worker that lost its lease cannot record over the new holder: none is done twice.
 * Instants come from the callers (the runner's clock), as in the embedded store.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  type CancelResult,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueResult,
  type Job,
  type JobQueue,
  type JobSpec,
  type JobState,
  type ListOptions,
} from '../../jobs/job-queue.js';
import { type JsonValue, jsonValue } from '../json-value.js';
import { inTransaction } from './sql.js';

/** Attempts kept per job for diagnostics (as the embedded store). */
const HISTORY_LENGTH = 5;

const INTERRUPTED = 'interrupted: the bot stopped while this job ran';

interface JobRow {
  id: string;
  /** bigserial: a string. */
  seq: string;
  kind: string;
  key: string;
  payload: JsonValue;
  actor: string | null;
  state: JobState;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  history: { at: string; error?: string }[];
  result: JsonValue;
  no_result: boolean;
  progress: JsonValue;
  no_progress: boolean;
  created_at: Date;
  updated_at: Date;
  claimed_by: string | null;
  claimed_at: Date | null;
}

const COLUMNS = `id, seq, kind, key, payload, actor, state, run_at, attempts, max_attempts, last_error, history,
  result, (result IS NULL) AS no_result, progress, (progress IS NULL) AS no_progress, created_at, updated_at, claimed_by, claimed_at`;

/** `history` with one attempt appended, the newest HISTORY_LENGTH kept (`entry`: a jsonb expression). */
const appendHistory = (entry: string): string =>
  `(SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb) FROM (
     SELECT e, n FROM jsonb_array_elements(history || jsonb_build_array(${entry})) WITH ORDINALITY AS t(e, n) ORDER BY n DESC LIMIT ${HISTORY_LENGTH}
   ) AS kept)`;

/** Only while `workerId` (parameter `$n`) holds the job, when one is named. */
const heldBy = (n: number): string => `($${n}::text IS NULL OR (state = 'running' AND claimed_by = $${n}::text))`;

/**
 * Ids are uuids here; an id from outside (a button's value) that is not one names no job, as in the
 * embedded store, instead of failing the query.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isJobId = (id: string): boolean => UUID.test(id);

const json = (value: JsonValue): string => JSON.stringify(jsonValue.parse(value));

export interface PostgresJobQueueOptions {
  defaultMaxAttempts?: number;
  /** How long a claim holds without renewal (default 30 s): the takeover time after a worker dies. */
  leaseMs?: number;
  now?: () => Date;
}

export class PostgresJobQueue implements JobQueue {
  readonly #defaultMaxAttempts: number;
  readonly leaseMs: number;
  readonly #now: () => Date;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresJobQueueOptions = {},
  ) {
    this.#defaultMaxAttempts = options.defaultMaxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#now = options.now ?? (() => new Date());
  }

  async enqueue(spec: JobSpec): Promise<EnqueueResult> {
    const payload = json(spec.payload);
    const now = this.#now();
    // A key deleted (pruned) between the insert and the read is inserted again: at most a few rounds.
    for (let round = 0; round < 3; round += 1) {
      const inserted = await this.pool.query<JobRow>(
        `INSERT INTO jobs (id, kind, key, payload, actor, state, run_at, attempts, max_attempts, history, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, 0, $7, '[]', $8, $8)
         ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
        [randomUUID(), spec.kind, spec.key, payload, spec.actor ?? null, spec.runAt ?? now, spec.maxAttempts ?? this.#defaultMaxAttempts, now],
      );
      const created = inserted.rows[0];
      if (created) return { created: true, job: toJob(created) };
      const existing = await this.getByKey(spec.key);
      if (existing) return { created: false, job: existing };
    }
    throw new Error(`enqueue of job key ${spec.key} kept racing with its removal`);
  }

  async get(id: string): Promise<Job | undefined> {
    if (!isJobId(id)) return undefined;
    const result = await this.pool.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    const row = result.rows[0];
    return row ? toJob(row) : undefined;
  }

  async getByKey(key: string): Promise<Job | undefined> {
    const result = await this.pool.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE key = $1`, [key]);
    const row = result.rows[0];
    return row ? toJob(row) : undefined;
  }

  async claimDue(options: { now: Date; limit: number; workerId: string; kinds?: readonly string[] }): Promise<Job[]> {
    if (options.limit <= 0) return [];
    const result = await this.pool.query<JobRow>(
      `WITH due AS (
         SELECT id AS due_id FROM jobs
         WHERE ((state = 'pending' AND run_at <= $1) OR (state = 'running' AND coalesce(lease_until, '-infinity') <= $1))
           AND ($2::text[] IS NULL OR kind = ANY($2::text[]))
         ORDER BY run_at, created_at, seq
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE jobs SET
         last_error = CASE WHEN jobs.state = 'running' THEN $6 ELSE jobs.last_error END,
         history = CASE WHEN jobs.state = 'running' THEN ${appendHistory(`jsonb_build_object('at', $7::text, 'error', $6::text)`)} ELSE jobs.history END,
         state = 'running', attempts = jobs.attempts + 1, claimed_by = $4, claimed_at = $1, lease_until = $5, updated_at = $1
       FROM due WHERE jobs.id = due.due_id
       RETURNING ${COLUMNS}`,
      [
        options.now,
        options.kinds ? [...options.kinds] : null,
        options.limit,
        options.workerId,
        new Date(options.now.getTime() + this.leaseMs),
        INTERRUPTED,
        options.now.toISOString(),
      ],
    );
    return result.rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.created_at.getTime() - b.created_at.getTime() || Number(a.seq) - Number(b.seq)).map(toJob);
  }

  async nextDueAt(kinds?: readonly string[]): Promise<Date | undefined> {
    // Pending jobs only: expired leases are found by the runner's regular look (every poll interval),
    // never waited for here, since this worker's own running jobs would look due the moment it stalls.
    const result = await this.pool.query<{ at: Date | null }>(
      `SELECT min(run_at) AS at FROM jobs WHERE state = 'pending' AND ($1::text[] IS NULL OR kind = ANY($1::text[]))`,
      [kinds ? [...kinds] : null],
    );
    const at = result.rows[0]?.at;
    return at ?? undefined;
  }

  async saveProgress(id: string, progress: JsonValue, now: Date, workerId?: string): Promise<boolean> {
    return this.#change(`progress = $3`, id, now, workerId, [json(progress)]);
  }

  async complete(id: string, result: JsonValue | undefined, now: Date, workerId?: string): Promise<boolean> {
    return this.#change(
      `state = 'done', result = $3, history = ${appendHistory(`jsonb_build_object('at', $4::text)`)}, ${RELEASED}`,
      id,
      now,
      workerId,
      [result === undefined ? null : json(result), now.toISOString()],
    );
  }

  async retry(id: string, options: { error: string; runAt: Date; now: Date; workerId?: string }): Promise<boolean> {
    return this.#change(
      `state = 'pending', run_at = $3, last_error = $4, history = ${appendHistory(`jsonb_build_object('at', $5::text, 'error', $4::text)`)}, ${RELEASED}`,
      id,
      options.now,
      options.workerId,
      [options.runAt, options.error, options.now.toISOString()],
    );
  }

  async bury(id: string, options: { error: string; now: Date; workerId?: string }): Promise<boolean> {
    return this.#change(
      `state = 'dead', last_error = $3, history = ${appendHistory(`jsonb_build_object('at', $4::text, 'error', $3::text)`)}, ${RELEASED}`,
      id,
      options.now,
      options.workerId,
      [options.error, options.now.toISOString()],
    );
  }

  async handBack(id: string, now: Date, workerId?: string): Promise<boolean> {
    return this.#change(`state = 'pending', attempts = greatest(0, attempts - 1), ${RELEASED}`, id, now, workerId, [], `state = 'running'`);
  }

  async renewLeases(workerId: string, ids: readonly string[], now: Date): Promise<string[]> {
    const valid = ids.filter(isJobId);
    if (valid.length === 0) return [];
    const result = await this.pool.query<{ id: string }>(
      `UPDATE jobs SET lease_until = $3 WHERE id = ANY($1::uuid[]) AND state = 'running' AND claimed_by = $2 RETURNING id`,
      [valid, workerId, new Date(now.getTime() + this.leaseMs)],
    );
    return result.rows.map((row) => row.id);
  }

  async recoverAbandoned(now: Date): Promise<Job[]> {
    // Only expired leases: a running job with a live lease belongs to a worker of another instance.
    const result = await this.pool.query<JobRow>(
      `UPDATE jobs SET state = 'pending', last_error = $2, history = ${appendHistory(`jsonb_build_object('at', $3::text, 'error', $2::text)`)},
         claimed_by = NULL, claimed_at = NULL, lease_until = NULL, updated_at = $1
       WHERE state = 'running' AND coalesce(lease_until, '-infinity') <= $1
       RETURNING ${COLUMNS}`,
      [now, INTERRUPTED, now.toISOString()],
    );
    return result.rows.map(toJob);
  }

  async cancel(id: string, options: { actor?: string; now: Date }): Promise<CancelResult> {
    if (!isJobId(id)) return { state: 'not-found' };
    return inTransaction(this.pool, async (client): Promise<CancelResult> => {
      // The row lock orders the cancel with a claim: either the claim sees it cancelled, or this sees it running.
      const found = await client.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1 FOR UPDATE`, [id]);
      const row = found.rows[0];
      if (!row || (options.actor !== undefined && row.actor !== options.actor)) return { state: 'not-found' };
      if (row.state === 'running') return { state: 'running', job: toJob(row) };
      if (row.state !== 'pending') return { state: 'finished', job: toJob(row) };
      const cancelled = await client.query<JobRow>(`UPDATE jobs SET state = 'cancelled', updated_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, options.now]);
      const done = cancelled.rows[0];
      if (!done) throw new Error(`job ${id} vanished while it was being cancelled`);
      return { state: 'cancelled', job: toJob(done) };
    });
  }

  async listByActor(actor: string, options: ListOptions = {}): Promise<Job[]> {
    const states: readonly JobState[] = options.states ?? ['pending', 'running'];
    const result = await this.pool.query<JobRow>(
      `SELECT ${COLUMNS} FROM jobs WHERE actor = $1 AND state = ANY($2::text[]) ORDER BY created_at, seq LIMIT $3`,
      [actor, [...states], options.limit ?? null],
    );
    return result.rows.map(toJob);
  }

  async listDead(options: { limit?: number } = {}): Promise<Job[]> {
    const result = await this.pool.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE state = 'dead' ORDER BY updated_at DESC, seq DESC LIMIT $1`, [
      options.limit ?? null,
    ]);
    return result.rows.map(toJob);
  }

  async prune(options: { doneBefore: Date; deadBefore: Date }): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM jobs WHERE (state IN ('done', 'cancelled') AND updated_at < $1) OR (state = 'dead' AND updated_at < $2)`,
      [options.doneBefore, options.deadBefore],
    );
    return result.rowCount ?? 0;
  }

  /** One conditional UPDATE: `set` uses $3…; $1 is the id, $2 the worker (or null), the last the instant. */
  async #change(set: string, id: string, now: Date, workerId: string | undefined, values: unknown[], extraCondition = 'true'): Promise<boolean> {
    if (!isJobId(id)) return false;
    const nowParam = values.length + 3;
    const result = await this.pool.query(`UPDATE jobs SET ${set}, updated_at = $${nowParam} WHERE id = $1 AND ${heldBy(2)} AND ${extraCondition}`, [
      id,
      workerId ?? null,
      ...values,
      now,
    ]);
    return result.rowCount === 1;
  }
}

/** What ends a claim. */
const RELEASED = 'claimed_by = NULL, claimed_at = NULL, lease_until = NULL';

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: row.payload,
    actor: row.actor ?? undefined,
    state: row.state,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error ?? undefined,
    history: row.history.map((attempt) => ({ at: new Date(attempt.at), error: attempt.error ?? undefined })),
    result: row.no_result ? undefined : row.result,
    progress: row.no_progress ? undefined : row.progress,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    claimedBy: row.claimed_by ?? undefined,
    claimedAt: row.claimed_at ?? undefined,
  };
}
