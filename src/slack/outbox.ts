/**
 * The outbox: every write a person is told was accepted is a durable job (src/jobs/), written to the
 * store before the person is told anything, with the delivery's idempotency key as its job key — so a
 * re-sent submission, even after a restart, finds the job it already made instead of making another.
 *
 * An area declares the kinds of work it accepts (`Area.work`, `defineWork`): the payload's schema (the
 * store is a boundary: it is read back with it), one line saying what it is (for `/talep pending`),
 * and `run`, which does the work as the person. The kernel runs it:
 *
 * - as the person (`actorFor`); a link that is gone gives the work up, and the person is told;
 * - retried with back-off while the help desk is unreachable, rate-limited or pauses sign-ins, the
 *   person told ONCE that the work is kept ("queued — will be … when the help desk is back"), never
 *   "try again"; a call that may have reached the help desk (`unknown-outcome`) is told as being
 *   checked, and the next attempt looks for its effect first (./work-steps.ts, ./reconcile.ts);
 * - answered where the person expects it: the modal while it is open, else where they started
 *   (response_url, channel) or a DM — the surfaces fall back by themselves;
 * - a refusal (invalid, forbidden, not found…) or the last attempt ends it, told with the person's
 *   text kept (`failed`).
 *
 * Every step of `run` must be idempotent: a job runs again after a crash. `ctx.steps` records progress.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { HelpdeskError } from '../api/errors.js';
import type { Job, JobState } from '../jobs/job-queue.js';
import type { JobHandler, JobOutcome } from '../jobs/runner.js';
import type { Messages } from '../i18n/messages.js';
import { StoredLinkUnreadableError } from '../store/account-store.js';
import type { JsonValue } from '../store/json-value.js';
import { escapeText, type SlackMessage } from '../views/kit/blocks.js';
import { keptForLaterMessage, lastTryMessage } from '../views/kit/notices.js';
import { resultView } from '../views/kit/states.js';
import { type Actor, actorFor, type Who } from './actor.js';
import { errorMessage, linkProblemMessage } from './failures.js';
import { SlackFileError, slackFileErrorText } from './files.js';
import { messagesOf, personMessages } from './locale.js';
import { type Interaction, surfaceDeps } from './interaction.js';
import { PersonNotFound } from './people.js';
import type { Services } from './services.js';
import { type ModalRender, type ModalSurface, modalSurface, plainModalRender, type Surface, surfaceFromRef, surfaceRefSchema } from './surface.js';
import { anyStepDone, WorkSteps } from './work-steps.js';

// ── where the answers go ────────────────────────────────────────────────────────────────────────

export const replySchema = z.object({
  /** The modal the work was submitted from: answers show there while it is open. */
  view: z.object({ id: z.string().min(1).max(40), title: z.string().max(30) }).optional(),
  /** Without the modal (none, or closed since): response_url → channel → DM. */
  to: surfaceRefSchema.optional(),
});
export type Reply = z.infer<typeof replySchema>;

/** What a job holds: who, where to answer, what it is (for lists), and the area's own data. */
const envelopeSchema = z.object({
  who: z.object({ teamId: z.string(), userId: z.string() }),
  reply: replySchema,
  what: z.string().max(300),
  data: z.unknown(),
});

const actorKey = (who: Who): string => `${who.teamId}:${who.userId}`;

// ── kinds of work ───────────────────────────────────────────────────────────────────────────────

/** What a job run knows: the person, their data, where to answer. `actor` is unknown when they cannot act. */
export interface WorkScene<P> extends Interaction {
  data: P;
  reply: Reply;
  actor: Actor | undefined;
  /** The modal the work came from (it may have been closed since: sending falls back). */
  modal: ModalSurface | undefined;
  job: { id: string; key: string; attempt: number; acceptedAt: Date };
}

export interface WorkCtx<P> extends WorkScene<P> {
  actor: Actor;
  steps: WorkSteps;
}

export interface WorkKind<P = unknown> {
  /** The job kind, e.g. `new-talep`. */
  kind: string;
  payload: z.ZodType<P>;
  /**
   * One line, plain text: what this is (`/talep pending`, App Home), in the words of the person who
   * sent it (made once, when the work is accepted, and kept with the job).
   */
  describe(data: P, m: Messages): string;
  /** What is kept while the help desk is away, e.g. "Your talep is queued — it will be filed when the help desk is back." */
  keptText: string | ((m: Messages) => string);
  /** How the work's modal shows progress and problems (default: a line with the modal's title). */
  render?(scene: WorkScene<P>): ModalRender;
  /** Does the work as `ctx.actor`; every step idempotent. Its answer is kept as the job's result. */
  run(ctx: WorkCtx<P>): Promise<JsonValue | void>;
  /**
   * The work will not be done: tell the person `message` (the kernel's sentence for `error`; no error:
   * their link is gone), keeping what they wrote (default: `message` on the surface).
   */
  failed?(scene: WorkScene<P>, message: SlackMessage, error: unknown): Promise<void>;
}

/** Declares a kind of work; the payload's type comes from its schema. */
export function defineWork<S extends z.ZodType>(kind: WorkKind<z.output<S>> & { payload: S }): WorkKind<z.output<S>> {
  return kind;
}

// ── accepting work ──────────────────────────────────────────────────────────────────────────────

/** Where accepted work stands, when a copy of the same delivery comes again. */
export type Acceptance =
  | { state: 'accepted' }
  | { state: 'in-progress' }
  | { state: 'done'; result: JsonValue | undefined }
  | { state: 'failed' }
  | { state: 'cancelled' };

function acceptanceOf(job: Job): Acceptance {
  switch (job.state) {
    case 'pending':
    case 'running':
      return { state: 'in-progress' };
    case 'done':
      return { state: 'done', result: job.result };
    case 'dead':
      return { state: 'failed' };
    case 'cancelled':
      return { state: 'cancelled' };
  }
}

export interface WorkOrder<P> {
  work: WorkKind<P>;
  data: P;
  reply: Reply;
  /** The job key; default: the delivery's idempotency key. */
  key?: string;
}

/**
 * Writes the work to the outbox (on disk when this resolves), then lets `answer` tell the person
 * (acknowledge the submission), then starts it: the work never answers before the acknowledgement.
 * A copy of a delivery already accepted (a re-send, also after a restart) makes no second job:
 * `answer` gets where the first one stands.
 */
export async function acceptWork<P>(ix: Interaction, order: WorkOrder<P>, answer: (acceptance: Acceptance) => Promise<void>): Promise<Acceptance> {
  const key = order.key ?? ix.deliveryKey;
  if (!key) throw new Error(`accepting ${order.work.kind} work needs a key`);
  const payload = { who: ix.who, reply: order.reply, what: order.work.describe(order.data, messagesOf(ix)).slice(0, 300), data: order.data };
  const { created, job } = await ix.services.jobs.enqueue(
    { kind: order.work.kind, key, payload: JSON.parse(JSON.stringify(payload)) as JsonValue, actor: actorKey(ix.who) },
    { wake: false },
  );
  const acceptance = created ? ({ state: 'accepted' } as const) : acceptanceOf(job);
  if (!created) ix.services.logger.info(`${order.work.kind}: a copy of accepted work ${job.id} (${job.state}); not accepted again`);
  try {
    await answer(acceptance);
  } finally {
    if (created) ix.services.jobs.wake();
  }
  return acceptance;
}

/** Whether the accepted work with job key `key` may still be done (waiting or running). */
export async function workIsAlive(services: Services, key: string): Promise<boolean> {
  const job = await services.jobs.queue.getByKey(key);
  return job?.state === 'pending' || job?.state === 'running';
}

// ── running work ────────────────────────────────────────────────────────────────────────────────

/** Failures that may pass: the work is kept and tried again later. */
function mayPass(error: unknown): boolean {
  if (error instanceof HelpdeskError) {
    return ['unavailable', 'rate-limited', 'auth-paused', 'unknown-outcome', 'cancelled'].includes(error.kind);
  }
  // A refusal of ours (a file Slack will not hand out, a person not found, an unreadable link) is final.
  return !(error instanceof SlackFileError || error instanceof PersonNotFound || error instanceof StoredLinkUnreadableError);
}

const describeError = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** A surface that is set once the modal's render (which may need the actor) is known. */
function lateSurface(get: () => Surface): Surface {
  return { kind: 'dm', send: (message, tone) => get().send(message, tone), replace: (message) => get().replace(message) };
}

/** The job handler that runs `work` (registered by the dispatcher for every area's work). */
export function workHandler<P>(services: Services, client: webApi.WebClient, work: WorkKind<P>): JobHandler {
  return async ({ job, attempt }): Promise<JobOutcome> => {
    const envelope = envelopeSchema.safeParse(job.payload);
    const data = envelope.success ? work.payload.safeParse(envelope.data.data) : undefined;
    if (!envelope.success || !data?.success) {
      services.logger.error(`job ${work.kind} ${job.id}: its payload does not read; given up`);
      return { outcome: 'give-up', error: 'unreadable payload' };
    }
    const { who, reply } = envelope.data;
    const deps = surfaceDeps(services, client, who.userId);
    let surface: Surface = surfaceFromRef(deps, reply.to);
    const standing = await actorFor(services, who, { queuedNotices: lateSurface(() => surface), priority: 'interactive' });
    const actor = typeof standing === 'string' ? undefined : standing;
    // The person's words now (they may have changed their language since they sent it).
    const m = await personMessages({ services, client, who });
    const scene: WorkScene<P> = {
      services,
      client,
      who,
      surface,
      m,
      data: data.data,
      reply,
      actor,
      modal: undefined,
      job: { id: job.id, key: job.key, attempt, acceptedAt: job.createdAt },
    };
    if (reply.view) {
      const fallback = surfaceFromRef(deps, reply.to);
      scene.modal = modalSurface(deps, { id: reply.view.id }, work.render?.(scene) ?? plainModalRender(reply.view.title, m), fallback);
      surface = scene.modal;
      scene.surface = surface;
    }
    const fail = async (message: SlackMessage, error?: unknown) => {
      try {
        await (work.failed ? work.failed(scene, message, error) : surface.send(message, 'problem'));
      } catch (error) {
        services.logger.error(`job ${work.kind} ${job.id}: could not tell the person it failed`, error);
      }
    };
    if (typeof standing === 'string') {
      services.logger.info(`job ${work.kind} ${job.id}: ${who.teamId}:${who.userId} cannot act (${standing}); given up`);
      await fail(linkProblemMessage(standing, m));
      return { outcome: 'give-up', error: `link: ${standing}` };
    }
    const steps = new WorkSteps(services.jobs.queue, job, () => services.jobs.now());
    try {
      const result = await work.run({ ...scene, actor: standing, steps });
      return { outcome: 'done', result: result ?? null };
    } catch (error) {
      return afterFailure(services, work, { scene, steps, surface, fail, attempt, maxAttempts: job.maxAttempts, linkedAt: standing.account.linkedAt }, error);
    }
  };
}

interface FailureScene<P> {
  scene: WorkScene<P>;
  steps: WorkSteps;
  surface: Surface;
  fail: (message: SlackMessage, error?: unknown) => Promise<void>;
  attempt: number;
  maxAttempts: number;
  linkedAt: Date;
}

async function afterFailure<P>(services: Services, work: WorkKind<P>, at: FailureScene<P>, error: unknown): Promise<JobOutcome> {
  const { scene, steps } = at;
  const whom = `${scene.who.teamId}:${scene.who.userId}`;
  if (mayPass(error) && at.attempt < at.maxAttempts) {
    services.logger.info(`job ${work.kind} ${scene.job.id} for ${whom}: attempt ${at.attempt} failed (${describeError(error)}); kept for later`);
    // Told once each: that it is being checked (a call that may have been done, until that is known),
    // that it is kept.
    const checking = (error instanceof HelpdeskError && error.kind === 'unknown-outcome') || steps.checking;
    const notice = checking ? 'checking' : 'kept';
    if (!steps.told(notice)) {
      const m = messagesOf(scene);
      const message = checking ? { text: m.t('failure.checking') } : keptForLaterMessage(keptReason(error, m), typeof work.keptText === 'string' ? work.keptText : work.keptText(m), m);
      await at.surface.send(message, 'progress').catch((sendError: unknown) => services.logger.warn(`job ${work.kind}: notice not shown`, sendError));
      await steps.markTold(notice);
    }
    const afterMs = error instanceof HelpdeskError ? error.retryAfterMs : undefined;
    return { outcome: 'retry', error: describeError(error), ...(afterMs !== undefined ? { afterMs } : {}) };
  }
  if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
    await services.stores.accounts.markRejected(scene.who.teamId, scene.who.userId, at.linkedAt);
  }
  const lastTry = mayPass(error);
  services.logger[lastTry || !(error instanceof HelpdeskError) ? 'warn' : 'info'](
    `job ${work.kind} ${scene.job.id} for ${whom}: ${lastTry ? 'out of attempts' : 'refused'} (${describeError(error)}); given up`,
  );
  const told = error instanceof SlackFileError ? { text: messagesOf(scene).t('outbox.fileProblem', { reason: escapeText(slackFileErrorText(error, messagesOf(scene))) }) } : errorMessage(error, {}, scene.m);
  await at.fail(lastTry ? lastTryMessage(at.attempt, scene.m) : told, error);
  return { outcome: 'give-up', error: describeError(error) };
}

/** Why work is kept for later, in one clause. */
function keptReason(error: unknown, m: Messages): string {
  if (error instanceof HelpdeskError && error.kind === 'rate-limited') return m.t('kit.keptRateLimited');
  if (error instanceof HelpdeskError && error.kind === 'auth-paused') return m.t('kit.keptAuthPaused');
  return m.t('kit.keptUnreachable');
}

// ── pending work: listed and cancelled by the person ────────────────────────────────────────────

export interface PendingWork {
  id: string;
  what: string;
  state: Extract<JobState, 'pending' | 'running' | 'dead'>;
  /** When it was accepted. */
  since: Date;
  attempts: number;
  /** When the next attempt is due (pending). */
  nextAttemptAt: Date | undefined;
}

const whatOf = (job: Job): string => {
  const parsed = envelopeSchema.safeParse(job.payload);
  return parsed.success ? parsed.data.what : job.kind;
};

/** The person's work that is not done: waiting, running, or given up (kept 7 days). */
export async function pendingWorkOf(services: Services, who: Who, limit = 20): Promise<PendingWork[]> {
  const jobs = await services.jobs.queue.listByActor(actorKey(who), { states: ['pending', 'running', 'dead'] });
  return jobs
    .filter((job) => job.state === 'pending' || job.state === 'running' || job.state === 'dead')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit)
    .map((job) => ({
      id: job.id,
      what: whatOf(job),
      state: job.state as PendingWork['state'],
      since: job.createdAt,
      attempts: job.attempts,
      nextAttemptAt: job.state === 'pending' ? job.runAt : undefined,
    }));
}

export type CancelOutcome =
  | { state: 'cancelled'; what: string }
  | { state: 'running'; what: string }
  | { state: 'finished'; what: string }
  | { state: 'not-found' };

/**
 * Cancels the person's waiting work (never someone else's). Its modal, if still open, says so; the
 * work's other answers (response_url, DM) get nothing more: the person just cancelled it.
 */
export async function cancelWork(ix: Interaction, jobId: string): Promise<CancelOutcome> {
  const cancelled = await ix.services.jobs.queue.cancel(jobId, { actor: actorKey(ix.who), now: ix.services.jobs.now() });
  if (cancelled.state === 'not-found') return cancelled;
  const what = whatOf(cancelled.job);
  if (cancelled.state !== 'cancelled') return { state: cancelled.state, what };
  ix.services.logger.info(`job ${cancelled.job.kind} ${jobId} cancelled by ${actorKey(ix.who)}`);
  const view = envelopeSchema.safeParse(cancelled.job.payload).data?.reply.view;
  if (view) {
    const m = messagesOf(ix);
    const said = m.t(anyStepDone(cancelled.job.progress) ? 'outbox.cancelledPartly' : 'outbox.cancelledNothingSent', { what: escapeText(what) });
    await ix.client.views
      .update({ view_id: view.id, view: resultView(view.title || m.t('outbox.cancelledTitle'), said, undefined, m) })
      .catch(() => undefined);
  }
  return { state: 'cancelled', what };
}
