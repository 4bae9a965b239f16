/**
 * Custom workflow steps (`function_executed`): one Bolt listener for every step, routed by the step's
 * callback id. A step is acknowledged first, runs at most once per `function_execution_id`, runs as the
 * person who ran the workflow when it asks for `linked` (their own help-desk token; without a usable
 * link it fails with a sentence saying how to connect), and ends exactly once: `functions.completeSuccess`
 * with the listener's outputs, or `functions.completeError` with one sentence (never silently).
 *
 * Bolt hands a step's listener a client bound to the step's own token (`bot_access_token`), and the
 * `complete`/`fail` that use it.
 */
import type { AllMiddlewareArgs, App, webApi } from '@slack/bolt';
import * as z from 'zod';
import { HelpdeskError } from '../api/errors.js';
import { english, type Messages, messagesFor } from '../i18n/messages.js';
import { type JsonValue, jsonValue } from '../store/json-value.js';
import { actorFor, type Who } from './actor.js';
import { plainSentence, reportFailure, stepLinkProblemText } from './failures.js';
import { personMessages, workspaceLocale } from './locale.js';
import { workflowStepKey } from './idempotency-keys.js';
import { type FunctionCtx, type Listener, type StepOutputs, StepFailure } from './listeners.js';
import { SeenOnce } from './seen-once.js';
import type { Services } from './services.js';
import type { Surface } from './surface.js';

type StepListener = Extract<Listener, { kind: 'function' }>;

export const USER_CONTEXT_TYPE = 'slack#/types/user_context';

/** What the kernel reads of a `function_executed` event (an event payload is untrusted input). */
const functionExecuted = z.looseObject({
  function: z.looseObject({
    callback_id: z.string().min(1),
    input_parameters: z.array(z.looseObject({ name: z.string(), type: z.string() })).optional(),
  }),
  inputs: z.record(z.string(), z.unknown()).optional(),
  function_execution_id: z.string().min(1),
});

const userContext = z.looseObject({ id: z.string().regex(/^[UW][A-Z0-9]{1,30}$/) });

type StepEvent = z.infer<typeof functionExecuted>;

/** The person a step's `slack#/types/user_context` input names (Slack fills it from their own action). */
export function personOf(event: StepEvent, teamId: string | undefined): Who | undefined {
  const inputs = event.inputs ?? {};
  for (const parameter of event.function.input_parameters ?? []) {
    if (parameter.type !== USER_CONTEXT_TYPE) continue;
    const person = userContext.safeParse(inputs[parameter.name]);
    if (person.success) return { teamId: teamId ?? '', userId: person.data.id };
  }
  return undefined;
}

/** The kernel's own sentences for a step, in English (tests; the person's language is `ctx.m`'s). */
export const UNKNOWN_STEP_TEXT = english.t('steps.unknownStep');
export const UNKNOWN_OUTCOME_TEXT = english.t('steps.unknownOutcome');
export const NOBODY_TEXT = english.t('steps.nobody');

/**
 * The words of a step's run: the language of the person who ran the workflow (their choice, their
 * Slack language), else the workspace's default when the step does not say who ran it.
 */
async function stepMessages(services: Services, client: webApi.WebClient, who: Who | undefined): Promise<Messages> {
  return who ? personMessages({ services, client, who }) : messagesFor(workspaceLocale(services));
}

type Complete = (params: { outputs: StepOutputs }) => Promise<unknown>;
type Fail = (params: { error: string }) => Promise<unknown>;

/** Registers the one `function_executed` listener for `steps` (none registered when there are none). */
export function registerSteps(app: App, services: Services, steps: ReadonlyMap<string, StepListener>): void {
  if (steps.size === 0) return;
  const { logger } = services;
  const started = new SeenOnce();
  app.event('function_executed', async (args) => {
    const { event, body, client, ack, complete, fail } = args as unknown as AllMiddlewareArgs & {
      event: unknown;
      body: Record<string, unknown>;
      ack?: () => Promise<void>;
      complete: Complete;
      fail: Fail;
    };
    // Bolt leaves a step's acknowledgement to its listener.
    await ack?.();
    const parsed = functionExecuted.safeParse(event);
    if (!parsed.success) return logger.warn('function_executed without a callback id or execution id; ignored');
    const step = parsed.data;
    const callbackId = step.function.callback_id;
    const sharedFirst = async () => {
      try {
        return !services.sharedDeliveries || (await services.sharedDeliveries.claim(`step:${step.function_execution_id}`));
      } catch (error) {
        logger.warn('shared deliveries: could not claim a workflow step; handled here', error);
        return true;
      }
    };
    if (!started.firstTime(step.function_execution_id) || !(await sharedFirst())) {
      return logger.info(`workflow step "${callbackId}" ${step.function_execution_id} came again; already handled`);
    }
    const finish = once(complete, fail, (error) => logger.warn(`workflow step "${callbackId}": Slack refused its completion`, error));
    const teamId = typeof body.team_id === 'string' ? body.team_id : undefined;
    const who = personOf(step, teamId);
    const m = await stepMessages(services, client as webApi.WebClient, who);
    const listener = steps.get(callbackId);
    if (!listener) {
      logger.info(`no listener for the workflow step "${callbackId}"; failed it`);
      return finish.fail(m.t('steps.unknownStep'));
    }
    const ctx: FunctionCtx = {
      services,
      client: client as webApi.WebClient,
      callbackId,
      inputs: step.inputs ?? {},
      functionExecutionId: step.function_execution_id,
      teamId,
      who,
      body,
      m,
    };
    await runStep(ctx, listener, finish);
  });
}

interface Finish {
  complete(outputs: StepOutputs): Promise<void>;
  fail(sentence: string): Promise<void>;
}

/** Ends a step exactly once; Slack refusing the completion is only logged. */
function once(complete: Complete, fail: Fail, onRefused: (error: unknown) => void): Finish {
  let done = false;
  const end = async (call: () => Promise<unknown>) => {
    if (done) return;
    done = true;
    await call().catch(onRefused);
  };
  return {
    complete: (outputs) => end(() => complete({ outputs })),
    fail: (sentence) => end(() => fail({ error: sentence })),
  };
}

async function runStep(ctx: FunctionCtx, listener: StepListener, finish: Finish): Promise<void> {
  const { services, who } = ctx;
  const m = ctx.m ?? english;
  let granted: FunctionCtx = ctx;
  let linkedAt: Date | undefined;
  if (listener.needs.linked) {
    if (!who) return finish.fail(m.t('steps.nobody'));
    const actor = await actorFor(services, who, { priority: 'interactive' });
    if (typeof actor === 'string') {
      services.logger.info(`workflow step "${ctx.callbackId}" for ${who.teamId}:${who.userId}: ${actor}`);
      return finish.fail(stepLinkProblemText(actor, m));
    }
    linkedAt = actor.account.linkedAt;
    granted = { ...ctx, actor } as FunctionCtx;
  }
  try {
    await finish.complete(await listener.handle(granted));
  } catch (error) {
    if (error instanceof StepFailure) {
      services.logger.info(`workflow step "${ctx.callbackId}" refused: ${error.message}`);
      return finish.fail(error.message);
    }
    // The one failure path (logged, a refused token marked), told through the step's error. A step
    // has no "I am checking" to offer for an unknown outcome: the person is told to look first.
    const sentence = error instanceof HelpdeskError && error.kind === 'unknown-outcome' ? m.t('steps.unknownOutcome') : undefined;
    const failing: Surface = {
      kind: 'dm',
      send: async (message) => finish.fail(sentence ?? plainSentence(message.text)),
      replace: async () => undefined,
    };
    await reportFailure({ services, who: who ?? { teamId: ctx.teamId ?? '', userId: 'unknown' }, surface: failing, m, ...(linkedAt ? { linkedAt } : {}) }, error);
    await finish.fail(m.t('steps.failedHere'));
  }
}

const storedOutputs = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/**
 * Work a step must do at most once per run (it writes): reserved under the run's execution id before
 * the help-desk call, so a repeat of the run answers with the first outputs instead of writing again.
 * A failure that certainly wrote nothing frees the key; one whose outcome is unknown keeps it.
 */
export async function oncePerRun(ctx: FunctionCtx & { who: Who }, kind: string, work: () => Promise<StepOutputs>): Promise<StepOutputs> {
  const store = ctx.services.stores.idempotency;
  const key = workflowStepKey(ctx.functionExecutionId);
  const outcome = await store.reserve(key, { kind, actor: `${ctx.who.teamId}:${ctx.who.userId}` });
  if (outcome !== 'reserved') {
    const first = outcome.state === 'done' ? storedOutputs.safeParse(outcome.result) : undefined;
    if (first?.success) return first.data;
    throw new StepFailure((ctx.m ?? english).t('steps.alreadyStarted'));
  }
  try {
    const outputs = await work();
    await store.complete(key, jsonValue.parse(outputs as JsonValue));
    return outputs;
  } catch (error) {
    if (!(error instanceof HelpdeskError && error.kind === 'unknown-outcome')) await store.release(key);
    throw error;
  }
}
