/**
 * Workflow Builder steps end to end: signed `function_executed` events (built from the step
 * definitions in manifest.yml, as Slack sends them) to the bot's receiver; the Slack stand-in records
 * how each run ended (`functions.completeSuccess` / `functions.completeError`, accepted only with the
 * run's own token); the sandbox shows what changed in the help desk.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { talepUrl } from '../../src/domain/talep-link.js';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import type { FunctionOutcome } from '../../src/playground/slack-stand-in.js';
import { type Person, people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

interface Definition {
  title: string;
  description: string;
  input_parameters: Record<string, Record<string, unknown>>;
  output_parameters: Record<string, Record<string, unknown>>;
}
const manifest = parse(await readFile(new URL('../../manifest.yml', import.meta.url), 'utf8')) as { functions: Record<string, Definition> };

const h = useHarness();

let runs = 0;

interface Run {
  executionId: string;
  eventId: string;
  outcome: FunctionOutcome;
}

/** Slack runs step `callbackId` of a workflow that `userId` started, with `inputs` as mapped in Workflow Builder. */
async function runStep(callbackId: string, userId: string | undefined, inputs: Record<string, unknown>, options: { executionId?: string; eventId?: string; retryNum?: number } = {}): Promise<Run> {
  const executionId = options.executionId ?? `Fx${Date.now()}${++runs}`;
  const eventId = options.eventId ?? `EvStep${executionId}`;
  const definition = manifest.functions[callbackId] ?? { title: callbackId, description: '', input_parameters: {}, output_parameters: {} };
  const asList = (parameters: Record<string, Record<string, unknown>>) => Object.entries(parameters).map(([name, parameter]) => ({ ...parameter, name }));
  const sent = await h.send.event(
    {
      type: 'function_executed',
      function: {
        id: `Fn${callbackId}`,
        callback_id: callbackId,
        title: definition.title,
        description: definition.description,
        type: 'app',
        input_parameters: asList(definition.input_parameters),
        output_parameters: asList(definition.output_parameters),
        app_id: 'A1',
        date_created: 1_767_600_000,
        date_updated: 1_767_600_000,
        date_deleted: 0,
      },
      inputs: { ...(userId ? { ran_by: { id: userId, secret: 'c2VjcmV0' } } : {}), ...inputs },
      function_execution_id: executionId,
      workflow_execution_id: `Wx${executionId}`,
      event_ts: `${Math.floor(Date.now() / 1000)}.000100`,
      bot_access_token: h.slack.functionToken(executionId),
    },
    'T1',
    { eventId, ...(options.retryNum !== undefined ? { retryNum: options.retryNum } : {}) },
  );
  expect(sent.status).toBe(200);
  const outcome = await h.slack.waitFor(() => h.slack.functionOutcomes.get(executionId), `the end of step ${callbackId}`);
  return { executionId, eventId, outcome };
}

const as = (person: Person) => people[person].userId;
const linkTo = (id: number) => talepUrl(id, h.services.talepUrlTemplate);
const NOT_LINKED = 'The person who ran this workflow has not connected a help-desk account. Connect it with /talep connect in Slack, then run the workflow again.';

describe('Create a talep', () => {
  it('opens a talep as the person who ran the workflow and answers its id and link', async () => {
    const { outcome } = await runStep('create_talep', as('user'), { category: 'hardware', subject: 'Dock does not charge', body: 'Since Monday.', priority: 'high' });
    if (!outcome.ok) throw new Error(outcome.error);
    const id = Number(outcome.outputs.talep_id);
    expect(outcome.outputs).toEqual({ talep_id: id, talep_url: linkTo(id) });
    const talep = await h.helpdeskAs('agent').getTalep({ id });
    expect(talep).toMatchObject({ Subject: 'Dock does not charge', CategoryName: 'Hardware', Priority: 1 });
    expect(talep.SubmitterUserInfo.Username).toBe('user');
  });

  it('a repeat of the same run (Slack re-sending the event) creates nothing more', async () => {
    const before = (await h.helpdeskAs('admin').search({ query: 'Projector bulb' })).length;
    const first = await runStep('create_talep', as('user'), { category: '1', subject: 'Projector bulb is out', body: 'Room B.' });
    // Slack sends it again with the same event id and a retry header; then as a new event of the same run.
    await runStep('create_talep', as('user'), { category: '1', subject: 'Projector bulb is out', body: 'Room B.' }, { executionId: first.executionId, eventId: first.eventId, retryNum: 1 });
    await runStep('create_talep', as('user'), { category: '1', subject: 'Projector bulb is out', body: 'Room B.' }, { executionId: first.executionId, eventId: 'EvAnother' });
    expect((await h.helpdeskAs('admin').search({ query: 'Projector bulb' })).length).toBe(before + 1);
    const endings = h.slack.callsTo('functions.completeSuccess').filter((call) => call.args.function_execution_id === first.executionId);
    expect(endings).toHaveLength(1);
  });

  it('ends with the run’s own token, never the bot token', async () => {
    const { executionId } = await runStep('find_talep', as('agent'), { talep_id: 2 });
    const ending = h.slack.callsTo('functions.completeSuccess').find((call) => call.args.function_execution_id === executionId);
    expect(ending?.token).toBe(h.slack.functionToken(executionId));
  });

  it('lets agents open one on behalf of someone, and refuses it to others with a sentence', async () => {
    const agent = await runStep('create_talep', as('agent'), { category: 'Network', subject: 'Switch port dead', body: 'Desk 12.', on_behalf_of: as('user') });
    if (!agent.outcome.ok) throw new Error(agent.outcome.error);
    const talep = await h.helpdeskAs('agent').getTalep({ id: Number(agent.outcome.outputs.talep_id) });
    expect(talep.SubmitterUserInfo.Username).toBe('user');
    const user = await runStep('create_talep', as('user'), { category: 'Network', subject: 'x', body: 'y', on_behalf_of: as('admin') });
    expect(user.outcome).toEqual({ ok: false, error: 'Only help-desk agents can open a talep on behalf of someone else.' });
  });

  it('fails, saying how to connect, when the person who ran the workflow has not linked an account', async () => {
    const { outcome } = await runStep('create_talep', as('stranger'), { category: 'Hardware', subject: 'x', body: 'y' });
    expect(outcome).toEqual({ ok: false, error: NOT_LINKED });
  });

  it('fails with a sentence for an input it cannot use', async () => {
    expect((await runStep('create_talep', as('user'), { category: 'Plumbing', subject: 'x', body: 'y' })).outcome).toEqual({
      ok: false,
      error: 'No category “Plumbing”. Your categories: Hardware, Software, Network, Office Supplies.',
    });
    expect((await runStep('create_talep', as('user'), { category: 'Hardware', subject: 'x', body: 'y', priority: 'urgent' })).outcome).toMatchObject({
      ok: false,
      error: 'The step’s input “priority” must be low, normal, high or critical.',
    });
    expect((await runStep('create_talep', as('user'), { category: 'Hardware', body: 'y' })).outcome).toEqual({ ok: false, error: 'The step’s input “subject” is missing.' });
  });
});

describe('Add a comment', () => {
  it('comments as the person who ran the workflow, agents-only when asked', async () => {
    const { outcome } = await runStep('add_comment', as('agent'), { talep_id: 2, text: 'Gateway replaced, please retry.', agents_only: true });
    expect(outcome).toEqual({ ok: true, outputs: { talep_id: 2, talep_url: linkTo(2) } });
    const comments = await h.helpdeskAs('agent').comments({ id: 2 });
    expect(comments.find((comment) => comment.Body === 'Gateway replaced, please retry.')).toMatchObject({ ForTechsOnly: true, UserName: 'agent' });
  });

  it('says what the help desk refused (commenting needs an agent of the category)', async () => {
    const { outcome } = await runStep('add_comment', as('user'), { talep_id: 1, text: 'Any news?' });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toMatch(/^The help desk refused: This needs help-desk agent \(Temsilci\) permission/);
  });

  it('fails, saying how to connect, for someone without a link', async () => {
    expect((await runStep('add_comment', as('stranger'), { talep_id: 2, text: 'Hello' })).outcome).toEqual({ ok: false, error: NOT_LINKED });
  });
});

describe('Close a talep', () => {
  it('closes the talep as the person who ran the workflow, without the e-mail when asked', async () => {
    h.sandbox.clearOutbox();
    const { outcome } = await runStep('close_talep', as('user'), { talep_id: 9, notify_submitter: false });
    expect(outcome).toEqual({ ok: true, outputs: { talep_id: 9, talep_url: linkTo(9) } });
    expect((await h.helpdeskAs('user').getTalep({ id: 9 })).Status).toBe('Closed');
    expect(h.sandbox.outbox().filter((mail) => mail.talepId === 9)).toEqual([]);
  });

  it("cannot close someone else's talep, and says so about that talep", async () => {
    expect((await runStep('close_talep', as('user'), { talep_id: 6 })).outcome).toEqual({
      ok: false,
      error: 'Talep #6 belongs to someone else: only its submitter and help-desk agents can open it.',
    });
  });

  it('fails, saying how to connect, for someone without a link', async () => {
    expect((await runStep('close_talep', as('stranger'), { talep_id: 1 })).outcome).toEqual({ ok: false, error: NOT_LINKED });
  });
});

describe('Find a talep', () => {
  it('answers subject, status, assignee and link, read as the person who ran the workflow', async () => {
    expect((await runStep('find_talep', as('user'), { talep_id: 2 })).outcome).toEqual({
      ok: true,
      outputs: { talep_id: 2, subject: 'Cannot connect to the VPN from home', status: 'In progress', assignee: 'agent', talep_url: linkTo(2) },
    });
    expect((await runStep('find_talep', as('user'), { talep_id: 1 })).outcome).toMatchObject({ ok: true, outputs: { assignee: 'Unassigned' } });
    expect((await runStep('find_talep', as('user'), { talep_id: 5 })).outcome).toMatchObject({ ok: false, error: expect.stringContaining('Talep #5 belongs to someone else') });
    expect((await runStep('find_talep', as('agent'), { talep_id: 999 })).outcome).toEqual({ ok: false, error: 'Talep #999 was not found.' });
  });

  it('fails, saying how to connect, for someone without a link', async () => {
    expect((await runStep('find_talep', as('stranger'), { talep_id: 2 })).outcome).toEqual({ ok: false, error: NOT_LINKED });
  });

  it('fails with a sentence for a talep id that is not one', async () => {
    expect((await runStep('find_talep', as('user'), { talep_id: 'abc' })).outcome).toEqual({ ok: false, error: 'The step’s input “talep_id” must be a talep number.' });
  });
});

describe('any step', () => {
  it('a step this version does not have fails with a sentence instead of hanging the workflow', async () => {
    expect((await runStep('reopen_talep', as('user'), { talep_id: 1 })).outcome).toMatchObject({ ok: false, error: expect.stringContaining('not handled by this version') });
  });

  it('a run without the person who started it (no user_context) fails with a sentence', async () => {
    expect((await runStep('find_talep', undefined, { talep_id: 1 })).outcome).toMatchObject({ ok: false, error: expect.stringContaining('needs to know who ran the workflow') });
  });
});

describe('in the language of the person who ran the workflow', () => {
  it('fails with Turkish sentences and answers Turkish outputs for a Turkish person (`/talep dil tr`)', async () => {
    await h.services.stores.languages.set('T1', as('user'), 'tr');
    try {
      expect((await runStep('create_talep', as('user'), { category: 'Hardware', body: 'y' })).outcome).toEqual({ ok: false, error: 'Adımın “subject” girdisi eksik.' });
      expect((await runStep('create_talep', as('user'), { category: 'Hardware', subject: 'x', body: 'y', priority: 'acil' })).outcome).toEqual({
        ok: false,
        error: 'Adımın “priority” girdisi low, normal, high ya da critical olmalı.',
      });
      expect((await runStep('create_talep', as('user'), { category: 'Network', subject: 'x', body: 'y', on_behalf_of: as('admin') })).outcome).toEqual({
        ok: false,
        error: 'Başkası adına talep yalnızca help-desk temsilcileri açabilir.',
      });
      expect((await runStep('find_talep', as('user'), { talep_id: 'abc' })).outcome).toEqual({ ok: false, error: 'Adımın “talep_id” girdisi bir talep numarası olmalı.' });
      expect((await runStep('find_talep', as('user'), { talep_id: 2 })).outcome).toMatchObject({ ok: true, outputs: { status: 'Devam Ediyor' } });
      expect((await runStep('find_talep', as('user'), { talep_id: 1 })).outcome).toMatchObject({ ok: true, outputs: { assignee: 'Atanmamış' } });
      // A step this version does not declare says nothing of who ran it: the workspace default.
      expect((await runStep('reopen_talep', as('user'), { talep_id: 1 })).outcome).toMatchObject({ ok: false, error: expect.stringContaining('not handled by this version') });
      // Someone else's words stay theirs.
      expect((await runStep('find_talep', as('agent'), { talep_id: 999 })).outcome).toEqual({ ok: false, error: 'Talep #999 was not found.' });
    } finally {
      await h.services.stores.languages.set('T1', as('user'), undefined);
    }
  });

  it('tells a Turkish person without a link how to connect, in Turkish (their Slack language)', async () => {
    const stranger = h.slack.users.get(as('stranger'));
    if (stranger) stranger.locale = 'tr-TR';
    forgetSlackProfile(as('stranger'));
    try {
      expect((await runStep('close_talep', as('stranger'), { talep_id: 1 })).outcome).toEqual({
        ok: false,
        error: 'Bu iş akışını çalıştıran kişi bir help-desk hesabı bağlamamış. Slack’te /talep connect ile bağlayın, sonra iş akışını yeniden çalıştırın.',
      });
    } finally {
      if (stranger) stranger.locale = 'en-US';
      forgetSlackProfile(as('stranger'));
    }
  });
});
