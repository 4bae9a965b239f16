/**
 * The kernel's workflow steps (`onFunction`, src/slack/steps.ts) and its handling of re-sent events,
 * on a real Bolt App fed with `processEvent` and a Slack stand-in: one `function_executed` listener
 * routed by callback id, the acknowledgement, the person who ran the workflow, exactly one ending, at
 * most one run per execution id, and failures as one sentence.
 */
import { randomBytes } from 'node:crypto';
import { App, type Receiver } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HelpdeskClient } from '../../src/api/client.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { createLogger } from '../../src/logger.js';
import { type Area, registerAreas } from '../../src/slack/dispatch.js';
import { onEvent, onFunction, StepFailure } from '../../src/slack/listeners.js';
import type { Services } from '../../src/slack/services.js';
import { NOBODY_TEXT, oncePerRun, personOf, UNKNOWN_OUTCOME_TEXT, UNKNOWN_STEP_TEXT } from '../../src/slack/steps.js';
import { SeenOnce } from '../../src/slack/seen-once.js';
import { stepLinkProblemText } from '../../src/slack/failures.js';
import { talepChangeBus } from '../../src/events/talep-changes.js';
import { openStores } from '../../src/store/index.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';

const logs: string[] = [];
const logger = createLogger('debug', (line) => logs.push(line));
let slack: SlackStandIn;

beforeAll(async () => {
  slack = await new SlackStandIn().start();
});
afterAll(async () => {
  await slack.close();
});

async function services(): Promise<Services> {
  const stores = await openStores(undefined, randomBytes(32));
  return {
    helpdesk: new HelpdeskClient({ baseUrl: 'http://127.0.0.1:9/api' }),
    stores,
    jobs: new JobRunner({ queue: stores.jobs, logger }),
    talepChanges: talepChangeBus(),
    logger,
    helpdeskWebUrl: 'http://127.0.0.1:9',
    talepUrlTemplate: 'http://127.0.0.1:9/Talep/{id}',
    slackFiles: { download: async () => ({ filename: 'x', contentType: 'text/plain', data: new Uint8Array() }) },
    maxUploadBytes: 1024,
    now: () => new Date('2026-11-23T10:00:00Z'),
  };
}

const receiver: Receiver = { init: () => undefined, start: async () => undefined, stop: async () => undefined };

function appWith(svc: Services, areas: Area[]): App {
  const app = new App({
    receiver,
    authorize: async () => ({ botToken: slack.botToken, botId: 'BBOT', botUserId: 'UBOT' }),
    clientOptions: { slackApiUrl: slack.apiUrl },
    logger: createLogger('error', () => undefined),
  });
  registerAreas(app, svc, areas);
  return app;
}

let runs = 0;

/** Delivers a `function_executed` event as the receiver would; answers whether it was acknowledged. */
async function execute(app: App, callbackId: string, inputs: Record<string, unknown>, executionId = `Fx${++runs}`, eventId = `Ev${runs}`) {
  let acked = false;
  await app.processEvent({
    body: {
      type: 'event_callback',
      team_id: 'T1',
      event_id: eventId,
      event: {
        type: 'function_executed',
        function: {
          callback_id: callbackId,
          input_parameters: [
            { name: 'ran_by', type: 'slack#/types/user_context' },
            { name: 'n', type: 'integer' },
          ],
        },
        inputs,
        function_execution_id: executionId,
        bot_access_token: slack.functionToken(executionId),
      },
    },
    ack: async () => {
      acked = true;
    },
  });
  return { acked, executionId, outcome: slack.functionOutcomes.get(executionId) };
}

let svc: Services;
beforeEach(async () => {
  svc = await services();
});
afterEach(async () => {
  await svc.helpdesk.close();
});

const link = async (userId: string) =>
  svc.stores.accounts.link('T1', userId, 'token-of-' + userId, { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' });

describe('onFunction: one function_executed listener for every step', () => {
  it('acknowledges, routes by callback id, runs as the person in the user_context input and completes with the outputs', async () => {
    await link('U1');
    const seen: unknown[] = [];
    const app = appWith(svc, [
      {
        name: 'steps',
        listeners: [
          onFunction('double', { linked: true }, async (ctx) => {
            seen.push([ctx.who, ctx.actor.helpdeskUserId, ctx.callbackId]);
            return { doubled: Number(ctx.inputs.n) * 2 };
          }),
          onFunction('other', async () => ({ other: true })),
        ],
      },
    ]);
    const run = await execute(app, 'double', { ran_by: { id: 'U1', secret: 's' }, n: 21 });
    expect(run.acked).toBe(true);
    expect(run.outcome).toEqual({ ok: true, outputs: { doubled: 42 } });
    expect(seen).toEqual([[{ teamId: 'T1', userId: 'U1' }, 7, 'double']]);
    // Ended with the run's own token (the stand-in refuses any other).
    const ending = slack.callsTo('functions.completeSuccess').at(-1);
    expect(ending?.token).toBe(slack.functionToken(run.executionId));
    expect((await execute(app, 'other', {})).outcome).toEqual({ ok: true, outputs: { other: true } });
  });

  it('fails with how to connect when that person has no usable link, without running the step', async () => {
    let ran = false;
    const app = appWith(svc, [{ name: 'steps', listeners: [onFunction('s', { linked: true }, async () => ((ran = true), {}))] }]);
    expect((await execute(app, 's', { ran_by: { id: 'U2' } })).outcome).toEqual({ ok: false, error: stepLinkProblemText('not-linked') });
    expect((await execute(app, 's', {})).outcome).toEqual({ ok: false, error: NOBODY_TEXT });
    expect(ran).toBe(false);
  });

  it('runs a step once per execution id, whatever Slack re-sends', async () => {
    let runsOfStep = 0;
    const app = appWith(svc, [{ name: 'steps', listeners: [onFunction('once', async () => ({ run: ++runsOfStep }))] }]);
    const first = await execute(app, 'once', {}, 'FxSAME', 'EvA');
    await execute(app, 'once', {}, 'FxSAME', 'EvA');
    await execute(app, 'once', {}, 'FxSAME', 'EvB');
    expect(first.outcome).toEqual({ ok: true, outputs: { run: 1 } });
    expect(runsOfStep).toBe(1);
  });

  it('fails unknown steps, StepFailure sentences, help-desk errors and unexpected errors each with one sentence', async () => {
    await link('U1');
    const app = appWith(svc, [
      {
        name: 'steps',
        listeners: [
          onFunction('refuses', async () => {
            throw new StepFailure('The input “n” must be a number.');
          }),
          onFunction('forbidden', { linked: true }, async () => {
            throw new HelpdeskError('forbidden', 'no', { operation: 'getUser' });
          }),
          onFunction('lost', { linked: true }, async () => {
            throw new HelpdeskError('unknown-outcome', 'no answer', { operation: 'createTalep' });
          }),
          onFunction('breaks', async () => {
            throw new TypeError('x is undefined');
          }),
        ],
      },
    ]);
    const as = { ran_by: { id: 'U1' } };
    expect((await execute(app, 'nope', as)).outcome).toEqual({ ok: false, error: UNKNOWN_STEP_TEXT });
    expect((await execute(app, 'refuses', as)).outcome).toEqual({ ok: false, error: 'The input “n” must be a number.' });
    expect((await execute(app, 'forbidden', as)).outcome).toEqual({ ok: false, error: 'The help desk refused: This needs help-desk admin permission.' });
    expect((await execute(app, 'lost', as)).outcome).toEqual({ ok: false, error: UNKNOWN_OUTCOME_TEXT });
    expect((await execute(app, 'breaks', as)).outcome).toEqual({ ok: false, error: 'Something went wrong on our side. It has been logged; please try again.' });
  });

  it('a refused token fails the step and marks the link refused', async () => {
    await link('U1');
    const app = appWith(svc, [{ name: 'steps', listeners: [onFunction('s', { linked: true }, async () => Promise.reject(new HelpdeskError('unauthorized', 'bad token')))] }]);
    expect((await execute(app, 's', { ran_by: { id: 'U1' } })).outcome).toMatchObject({ ok: false, error: expect.stringContaining('The help desk refused your token') });
    expect((await svc.stores.accounts.get('T1', 'U1'))?.rejected).toBe(true);
  });

  it('speaks the language of the person who ran the workflow, else the workspace default', async () => {
    await link('U1');
    await svc.stores.languages.set('T1', 'U1', 'tr');
    const app = appWith(svc, [
      {
        name: 'steps',
        listeners: [
          onFunction('words', { linked: true }, async (ctx) => ({ locale: ctx.m?.locale ?? 'none' })),
          onFunction('lost', { linked: true }, async () => {
            throw new HelpdeskError('unknown-outcome', 'no answer', { operation: 'createTalep' });
          }),
          onFunction('breaks', async () => {
            throw new TypeError('x is undefined');
          }),
        ],
      },
    ]);
    const as = { ran_by: { id: 'U1' } };
    expect((await execute(app, 'words', as)).outcome).toEqual({ ok: true, outputs: { locale: 'tr' } });
    expect((await execute(app, 'nope', as)).outcome).toEqual({ ok: false, error: expect.stringContaining('talep botunun bu sürümünde yok') });
    expect((await execute(app, 'lost', as)).outcome).toEqual({ ok: false, error: expect.stringContaining('Help desk zamanında yanıt vermedi') });
    expect((await execute(app, 'breaks', as)).outcome).toEqual({ ok: false, error: 'Bizim tarafımızda bir şeyler ters gitti. Kayda geçirildi; lütfen yeniden deneyin.' });
    // Nobody named: the workspace's default language.
    expect((await execute(app, 'words', {})).outcome).toEqual({ ok: false, error: NOBODY_TEXT });
    svc.defaultLanguage = 'tr';
    expect((await execute(app, 'words', {})).outcome).toEqual({ ok: false, error: expect.stringContaining('iş akışını kimin çalıştırdığını') });
  });

  it('refuses a step declared twice, and function_executed declared as a plain event', () => {
    const step = onFunction('s', async () => ({}));
    expect(() => appWith(svc, [{ name: 'a', listeners: [step] }, { name: 'b', listeners: [step] }])).toThrow('The workflow step "s" is registered twice.');
    expect(() => appWith(svc, [{ name: 'a', listeners: [onEvent('function_executed', async () => undefined)] }])).toThrow(/onFunction/);
  });
});

describe('events are handled once per event id', () => {
  it('a re-sent event (same event_id) does not reach the listener again', async () => {
    const seen: (string | undefined)[] = [];
    const app = appWith(svc, [{ name: 'events', listeners: [onEvent('app_home_opened', async (ctx) => void seen.push(ctx.eventId))] }]);
    const deliver = (eventId: string) =>
      app.processEvent({ body: { type: 'event_callback', team_id: 'T1', event_id: eventId, event: { type: 'app_home_opened', user: 'U1', tab: 'home' } }, ack: async () => undefined });
    await deliver('Ev1');
    await deliver('Ev1');
    await deliver('Ev2');
    expect(seen).toEqual(['Ev1', 'Ev2']);
  });
});

describe('the pieces', () => {
  it('personOf reads the user_context input by its declared type, and nothing else', () => {
    const event = (inputs: Record<string, unknown>, type = 'slack#/types/user_context') => ({
      function: { callback_id: 'x', input_parameters: [{ name: 'who', type }] },
      inputs,
      function_execution_id: 'Fx1',
    });
    expect(personOf(event({ who: { id: 'U1', secret: 's' } }), 'T1')).toEqual({ teamId: 'T1', userId: 'U1' });
    // A plain user_id input is something the workflow's builder chooses: never taken as the actor.
    expect(personOf(event({ who: 'U1' }, 'slack#/types/user_id'), 'T1')).toBeUndefined();
    expect(personOf(event({ who: { id: 'not a user' } }), 'T1')).toBeUndefined();
  });

  it('oncePerRun answers a repeat with the first outputs, frees the run after a clean failure, keeps it after an unknown outcome', async () => {
    const ctx = { services: svc, functionExecutionId: 'FxONCE', who: { teamId: 'T1', userId: 'U1' } } as Parameters<typeof oncePerRun>[0];
    let writes = 0;
    expect(await oncePerRun(ctx, 'test', async () => ({ id: ++writes }))).toEqual({ id: 1 });
    expect(await oncePerRun(ctx, 'test', async () => ({ id: ++writes }))).toEqual({ id: 1 });
    expect(writes).toBe(1);

    const failing = { ...ctx, functionExecutionId: 'FxFAIL' };
    await expect(oncePerRun(failing, 'test', async () => Promise.reject(new HelpdeskError('invalid', 'bad')))).rejects.toThrow('bad');
    expect(await oncePerRun(failing, 'test', async () => ({ again: true }))).toEqual({ again: true });

    const lost = { ...ctx, functionExecutionId: 'FxLOST' };
    await expect(oncePerRun(lost, 'test', async () => Promise.reject(new HelpdeskError('unknown-outcome', 'no answer')))).rejects.toThrow('no answer');
    await expect(oncePerRun(lost, 'test', async () => ({ again: true }))).rejects.toThrow(StepFailure);
  });

  it('SeenOnce is bounded and forgets the oldest first', () => {
    const seen = new SeenOnce({ maxEntries: 2 });
    expect([seen.firstTime('a'), seen.firstTime('a'), seen.firstTime('b'), seen.firstTime('c'), seen.firstTime('a')]).toEqual([true, false, true, true, true]);
    expect(seen.size).toBe(2);
  });
});
