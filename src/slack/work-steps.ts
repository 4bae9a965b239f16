/**
 * The steps of a durable job, recorded in the job as they are done, so that every step is idempotent:
 * a job runs again after a crash, a stop or a failed attempt, and must neither lose nor repeat what an
 * earlier run did.
 *
 * A step that writes something the help desk cannot be asked twice for (`effect: 'once'`: a talep, a
 * comment, a file) goes through `once`: before the call the step is marked "maybe sent"; its result is
 * recorded after it. A later run finds either the result (nothing to do), or the mark — then the call
 * may have reached the help desk (a crash mid-call, an `unknown-outcome`), so `find` looks for what it
 * would have made first, and only if nothing is found is the call made again.
 */
import * as z from 'zod';
import { HelpdeskError } from '../api/errors.js';
import type { Job, JobQueue } from '../jobs/job-queue.js';
import type { JsonValue } from '../store/json-value.js';
import { jsonValue } from '../store/json-value.js';

const progressSchema = z.object({
  /** Step name → what it made. */
  done: z.record(z.string(), jsonValue).default({}),
  /** Steps whose call may have reached the help desk without an answer. */
  sending: z.array(z.string()).default([]),
  /** Notices the person already got (each is said once per job). */
  told: z.array(z.string()).default([]),
});
type Progress = z.infer<typeof progressSchema>;

/** A call that certainly did not change anything at the help desk (it answered an error, or never got it). */
export function certainlyNotDone(error: unknown): boolean {
  if (!(error instanceof HelpdeskError)) return true;
  if (error.kind === 'unknown-outcome') return false;
  return error.requestSent !== true || error.status !== undefined;
}

/** Whether a job's recorded progress has any step done (a cancel then keeps what was done). */
export function anyStepDone(progress: JsonValue | undefined): boolean {
  const parsed = progressSchema.safeParse(progress ?? {});
  return parsed.success && Object.keys(parsed.data.done).length > 0;
}

export class WorkSteps {
  #progress: Progress;

  constructor(
    private readonly queue: Pick<JobQueue, 'saveProgress'>,
    private readonly job: Pick<Job, 'id' | 'progress'> & Partial<Pick<Job, 'claimedBy'>>,
    private readonly now: () => Date,
  ) {
    const parsed = progressSchema.safeParse(job.progress ?? {});
    this.#progress = parsed.success ? parsed.data : { done: {}, sending: [], told: [] };
  }

  /** What step `name` made, when an earlier run recorded it (read with `schema`). */
  result<S extends z.ZodType>(name: string, schema: S): z.output<S> | undefined {
    const value = this.#progress.done[name];
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  /** Records that step `name` is done (and what it made). */
  async record(name: string, value: JsonValue = true): Promise<void> {
    this.#progress.done[name] = value;
    this.#progress.sending = this.#progress.sending.filter((step) => step !== name);
    await this.#save();
  }

  /** Whether some step may have been sent without an answer (its effect is still to be checked). */
  get checking(): boolean {
    return this.#progress.sending.length > 0;
  }

  /** Whether an earlier run left step `name` possibly sent (no answer recorded). */
  maybeSent(name: string): boolean {
    return this.#progress.sending.includes(name);
  }

  /**
   * Step `name`, at most once: an earlier run's result if there is one; else, if an earlier call may
   * have reached the help desk, what `find` finds; else `act` (marked "maybe sent" while it runs). An
   * `unknown-outcome` keeps the mark and is thrown: the job is retried later and then looks first.
   */
  async once<S extends z.ZodType<JsonValue>>(
    name: string,
    schema: S,
    act: () => Promise<z.output<S>>,
    find: () => Promise<z.output<S> | undefined>,
  ): Promise<z.output<S>> {
    const recorded = this.result(name, schema);
    if (recorded !== undefined) return recorded;
    if (this.maybeSent(name)) {
      const found = await find();
      if (found !== undefined) {
        await this.record(name, found);
        return found;
      }
    } else {
      this.#progress.sending.push(name);
      await this.#save();
    }
    let made: z.output<S>;
    try {
      made = await act();
    } catch (error) {
      if (certainlyNotDone(error)) {
        this.#progress.sending = this.#progress.sending.filter((step) => step !== name);
        await this.#save();
      }
      throw error;
    }
    await this.record(name, made);
    return made;
  }

  /**
   * Step `name` at most once, for what cannot be looked for (a public Slack post): done when an earlier
   * run recorded it; skipped (undefined) when an earlier run may have done it without recording so.
   */
  async atMostOnce<S extends z.ZodType<JsonValue>>(name: string, schema: S, act: () => Promise<z.output<S>>): Promise<z.output<S> | undefined> {
    const recorded = this.result(name, schema);
    if (recorded !== undefined || this.maybeSent(name)) return recorded;
    this.#progress.sending.push(name);
    await this.#save();
    const made = await act();
    await this.record(name, made);
    return made;
  }

  /** Whether the person was already told `notice` in this job. */
  told(notice: string): boolean {
    return this.#progress.told.includes(notice);
  }

  async markTold(notice: string): Promise<void> {
    if (this.told(notice)) return;
    this.#progress.told.push(notice);
    await this.#save();
  }

  async #save(): Promise<void> {
    // Recorded only while this run still holds the job: after a takeover, stop rather than act twice.
    if (!(await this.queue.saveProgress(this.job.id, this.#progress, this.now(), this.job.claimedBy))) {
      throw new Error('the job was taken over by another worker (its lease expired); this run stops');
    }
  }
}
