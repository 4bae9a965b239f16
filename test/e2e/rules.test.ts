/**
 * `/talep rules` end to end: the modal opens at once and fills in with views.update; admins register
 * rule ids (read first), disable and enable them in the sandbox, and the change log says who; agents
 * get the "admins only" explanation whether or not there is anything to read.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { addBlockId, RuleIds } from '../../src/views/rules/modal.js';
import { json, modalShowing, nextCall, type ShownModal } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const { tagPrinterTaleps, escalateCritical } = SeedIds.rules;

/** Runs `/talep rules` and returns the modal's id once its first update contains `text`. */
async function openRules(person: Person, text: string): Promise<ShownModal> {
  const opens = h.slack.callsTo('views.open').length;
  const updates = h.slack.callsTo('views.update').length;
  const res = await h.send.slash(h.as(person), 'rules');
  expect(res.status).toBe(200);
  const open = await nextCall(h, 'views.open', opens);
  expect(json(open.args.view)).toContain('Reading the rules');
  const first = await nextCall(h, 'views.update', updates);
  return modalShowing(h, String(first.args.view_id), text);
}

/** The block id of the add input in the view the user sees. */
function addInputBlock(view: Record<string, unknown>): string {
  const blocks = view.blocks as { block_id?: string }[];
  const block = blocks.find((candidate) => candidate.block_id?.startsWith(RuleIds.addBlockPrefix));
  if (!block?.block_id) throw new Error('no add input in the modal');
  return block.block_id;
}

const addRule = (person: Person, shown: ShownModal, value: string) =>
  h.send.viewSubmission(h.as(person), {
    callback_id: RuleIds.callbackId,
    id: shown.id,
    values: { [addInputBlock(shown.view)]: { [RuleIds.addInput]: { type: 'plain_text_input', value } } },
  });

const press = (person: Person, shown: ShownModal, actionId: string, ruleId: number) =>
  h.send.blockAction(h.as(person), { action_id: actionId, value: String(ruleId) }, { view: { id: shown.id, hash: 'h-before', team_id: 'T1' } });

describe('an agent', () => {
  it('gets "admins only" even before any rule is registered (the help desk says they are no admin)', async () => {
    const shown = await openRules('agent', 'admins only');
    expect(json(shown.view)).not.toContain(RuleIds.addInput);
    expect(await h.services.stores.rules.ruleIds('T1')).toEqual([]);
  });
});

describe('an admin', () => {
  let modal: ShownModal;

  it('opens an empty list with the add input', async () => {
    modal = await openRules('admin', 'No rules yet');
    expect(addInputBlock(modal.view)).toBe(addBlockId(0));
  });

  it('is told inline when the id is not a number, and nothing is called', async () => {
    const res = await addRule('admin', modal, 'printer');
    expect(res.body).toEqual({ response_action: 'errors', errors: { [addBlockId(0)]: expect.stringContaining('rule id') } });
  });

  it('cannot add an id the help desk does not know', async () => {
    const res = await addRule('admin', modal, '99');
    expect(res.body).toMatchObject({ response_action: 'update' });
    modal = await modalShowing(h, modal.id, 'was not added');
    expect(json(modal.view)).toContain('"initial_value":"99"');
    expect(await h.services.stores.rules.has('T1', 99)).toBe(false);
  });

  it('adds a seeded rule: its name, a summary of conditions and actions, and its state', async () => {
    await addRule('admin', modal, String(escalateCritical));
    modal = await modalShowing(h, modal.id, 'Added rule #2');
    const text = json(modal.view);
    expect(text).toContain('Escalate critical taleps to the agent* · #2');
    expect(text).toContain('Priority equals “2” or Subject contains “outage”');
    expect(text).toContain('escalated');
    expect(text).toContain(':white_circle: Disabled');
    expect(text).toContain(RuleIds.enable);
    expect(await h.services.stores.rules.ruleIds('T1')).toEqual([escalateCritical]);
  });

  it('says inline that a registered id is already there', async () => {
    const res = await addRule('admin', modal, '#2');
    expect(res.body).toMatchObject({ response_action: 'errors' });
  });

  it('disables a rule in the sandbox, updates the modal in place and records who did it', async () => {
    await addRule('admin', modal, String(tagPrinterTaleps));
    modal = await modalShowing(h, modal.id, 'Added rule #1');
    const updatesBefore = h.slack.callsTo('views.update').length;

    await press('admin', modal, RuleIds.disable, tagPrinterTaleps);
    modal = await modalShowing(h, modal.id, 'Rule #1 *Tag printer taleps* disabled.');
    expect((await h.helpdeskAs('admin').getRule({ id: tagPrinterTaleps })).enabled).toBe(false);

    const update = h.slack.callsTo('views.update').slice(updatesBefore).find((call) => call.args.view_id === modal.id);
    expect(update?.args.hash).toBe('h-before');
    expect(json(modal.view)).toContain('<@UADMIN> disabled rule #1');
    expect(await h.services.stores.rules.recentChanges('T1', 1)).toEqual([
      { ruleId: tagPrinterTaleps, change: 'disabled', by: 'UADMIN', at: expect.any(String) },
    ]);
  });

  it('enables it again', async () => {
    await press('admin', modal, RuleIds.enable, tagPrinterTaleps);
    modal = await modalShowing(h, modal.id, 'Rule #1 *Tag printer taleps* enabled.');
    expect((await h.helpdeskAs('admin').getRule({ id: tagPrinterTaleps })).enabled).toBe(true);
    expect((await h.services.stores.rules.recentChanges('T1', 1))[0]).toMatchObject({ change: 'enabled', by: 'UADMIN' });
  });

  it('removes a rule from the list without touching the help desk', async () => {
    await press('admin', modal, RuleIds.remove, escalateCritical);
    modal = await modalShowing(h, modal.id, 'Removed rule #2');
    expect(await h.services.stores.rules.ruleIds('T1')).toEqual([tagPrinterTaleps]);
    expect((await h.helpdeskAs('admin').getRule({ id: escalateCritical })).name).toBe('Escalate critical taleps to the agent');
  });

  it('lists the registered rules when the modal is opened again', async () => {
    const again = await openRules('admin', 'Tag printer taleps');
    expect(json(again.view)).toContain(':large_green_circle: Enabled');
    expect(json(again.view)).not.toContain('Escalate critical');
  });
});

describe('an agent, once rules are registered', () => {
  it('gets the help desk’s refusal explained as "admins only"', async () => {
    const shown = await openRules('agent', 'admins only');
    // The help desk's own reason (its 403 body), quoted under the explanation.
    expect(json(shown.view)).toContain('Help desk: This operation requires admin permission.');
  });

  it('cannot disable a rule by pressing a button it was never shown', async () => {
    const logBefore = (await h.services.stores.rules.recentChanges('T1', 50)).length;
    const shown = { id: 'V-crafted', view: {} };
    await press('agent', shown, RuleIds.disable, tagPrinterTaleps);
    await modalShowing(h, 'V-crafted', 'admins only');
    expect((await h.helpdeskAs('admin').getRule({ id: tagPrinterTaleps })).enabled).toBe(true);
    expect(await h.services.stores.rules.recentChanges('T1', 50)).toHaveLength(logBefore);
  });
});
