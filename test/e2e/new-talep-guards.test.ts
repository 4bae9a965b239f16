/**
 * The new-talep and message-shortcut paths the main suites do not take: the duplicate guard of "Open a
 * talep" at submission and for someone who may not see the talep, and files Slack will not hand out
 * (the form again with the reason; nothing created or added).
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { AddToTalepIds } from '../../src/views/message-shortcuts/add-to-talep.js';
import { NewTalepIds } from '../../src/views/new-talep/ids.js';
import { callsSince, inputElement, pick, stateOf, type View, viewOf, viewText, viewUpdateSince } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

let counter = 500;
const nextTs = () => `1700000500.${String(++counter).padStart(6, '0')}`;
const isForm = (view: View) => view.callback_id === NewTalepIds.callbackId;
const talepCount = async () => (await h.helpdeskAs('admin').search({ query: '' })).length;

/** "Open a talep" on a message: the loaded form (or whatever the modal shows first that passes `shows`). */
async function openFrom(person: Person, message: { ts: string; text: string; files?: Record<string, unknown>[] }, shows = isForm) {
  const mark = h.slack.calls.length;
  await h.send.messageShortcut(h.as(person), ShortcutIds.openTalep, message);
  const call = await viewUpdateSince(h, mark, shows, 'the modal');
  return { viewId: String(call.args.view_id), view: viewOf(call) };
}

/** Chooses the Hardware category in an open form (its fields must be rendered before a submission). */
async function chooseHardware(person: Person, viewId: string, form: View): Promise<View> {
  const mark = h.slack.calls.length;
  const values = stateOf(form, pick(NewTalepIds.category.block, NewTalepIds.category.action, String(SeedIds.categories.hardware)));
  await h.send.blockAction(
    h.as(person),
    { action_id: NewTalepIds.category.action, block_id: NewTalepIds.category.block, type: 'static_select' },
    { view: { id: viewId, private_metadata: form.private_metadata, state: { values } } },
  );
  const call = await viewUpdateSince(h, mark, (view) => JSON.parse(view.private_metadata ?? '{}').categoryId === SeedIds.categories.hardware, 'the reloaded form', viewId);
  return viewOf(call);
}

async function submit(person: Person, viewId: string, form: View, values = stateOf(form)) {
  return h.send.viewSubmission(h.as(person), { callback_id: NewTalepIds.callbackId, id: viewId, private_metadata: form.private_metadata ?? '', values });
}

describe('the duplicate guard of "Open a talep"', () => {
  it('two forms open on one message: the second submission offers the talep the first one made', async () => {
    const ts = nextTs();
    const first = await openFrom('agent', { ts, text: 'VPN drops every hour' });
    const second = await openFrom('agent2', { ts, text: 'VPN drops every hour' });
    const firstForm = await chooseHardware('agent', first.viewId, first.view);
    const secondForm = await chooseHardware('agent2', second.viewId, second.view);

    let mark = h.slack.calls.length;
    await submit('agent', first.viewId, firstForm);
    const created = await viewUpdateSince(h, mark, (view) => /Talep #\d+ created/.test(viewText(view)), 'the created view', first.viewId);
    const id = Number(/Talep #(\d+) created/.exec(viewText(viewOf(created)))?.[1]);

    const before = await talepCount();
    mark = h.slack.calls.length;
    await submit('agent2', second.viewId, secondForm);
    const offered = await viewUpdateSince(h, mark, (view) => viewText(view).includes('already opened'), 'the existing talep', second.viewId);
    expect(viewText(viewOf(offered))).toContain(`Talep #${id} was already opened from this message`);
    expect(await talepCount()).toBe(before);
    expect((await h.services.stores.messageTaleps.get('T1', 'C1', ts))?.talepId).toBe(id);
  });

  it('someone who may not see the talep the message opened is offered its id, without details, and no form', async () => {
    const ts = nextTs();
    const agentForm = await openFrom('agent', { ts, text: 'Core switch is flapping' });
    const form = await chooseHardware('agent', agentForm.viewId, agentForm.view);
    const mark = h.slack.calls.length;
    await submit('agent', agentForm.viewId, form);
    const created = await viewUpdateSince(h, mark, (view) => /Talep #\d+ created/.test(viewText(view)), 'the created view', agentForm.viewId);
    const id = Number(/Talep #(\d+) created/.exec(viewText(viewOf(created)))?.[1]);

    // The regular user did not submit it: the help desk refuses to show it to them.
    const { view } = await openFrom('user', { ts, text: 'Core switch is flapping' }, (candidate) => viewText(candidate).includes('already opened'));
    expect(viewText(view)).toContain(`Talep #${id} was already opened from this message`);
    expect(viewText(view)).not.toContain('Core switch');
    expect(view.callback_id).not.toBe(NewTalepIds.callbackId);
  });
});

describe('files Slack will not hand out', () => {
  /** A file Slack lists but no longer serves (deleted since, or in a channel the app is not in). */
  function missingFile(id: string, name: string) {
    const url = h.slack.addFile(id, 'x');
    h.slack.files.delete(id);
    return { id, name, mimetype: 'text/plain', size: 3, url_private_download: url };
  }

  it('new talep: the form again with the file named and a reminder to attach uploads again; nothing is created', async () => {
    const { viewId, view } = await openFrom('agent', { ts: nextTs(), text: 'Scanner jams' });
    const form = await chooseHardware('agent', viewId, view);
    const before = await talepCount();
    const mark = h.slack.calls.length;
    const values = stateOf(form, {
      [NewTalepIds.files.block]: { [NewTalepIds.files.action]: { type: 'file_input', files: [missingFile('FGONE1', 'gone.txt')] as never } },
    });
    const res = await submit('agent', viewId, form, values);
    expect(res.body).toMatchObject({ response_action: 'update' });
    const again = viewOf(await viewUpdateSince(h, mark, (candidate) => isForm(candidate) && viewText(candidate).includes('gone.txt'), 'the form with the reason', viewId));
    expect(viewText(again)).toContain(':warning: Slack did not hand out');
    expect(viewText(again)).toContain('Attach your files again');
    expect(inputElement(again, NewTalepIds.subject.block)?.initial_value).toBe('Scanner jams');
    expect(await talepCount()).toBe(before);
  });

  it('Add to a talep: the form again with the reason; no comment is added', async () => {
    const mark = h.slack.calls.length;
    await h.send.messageShortcut(h.as('agent'), ShortcutIds.addToTalep, { ts: nextTs(), text: 'See the log', files: [missingFile('FGONE2', 'missing.log')] });
    const call = await viewUpdateSince(h, mark, (view) => view.callback_id === AddToTalepIds.callbackId, 'the add-to-talep form');
    const form = viewOf(call);
    const viewId = String(call.args.view_id);
    const comments = (await h.helpdeskAs('agent').comments({ id: 2 })).length;
    const submitMark = h.slack.calls.length;
    await h.send.viewSubmission(h.as('agent'), {
      callback_id: AddToTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: {
        ...stateOf(form),
        [AddToTalepIds.talep.block]: {
          [AddToTalepIds.talep.action]: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: '#2 VPN' }, value: '2' } },
        },
      },
    });
    const again = viewOf(await viewUpdateSince(h, submitMark, (view) => view.callback_id === AddToTalepIds.callbackId && viewText(view).includes('missing.log'), 'the form with the reason', viewId));
    expect(viewText(again)).toContain(':warning: Slack did not hand out');
    expect((inputElement(again, AddToTalepIds.talep.block)?.initial_option as { value: string }).value).toBe('2');
    expect((await h.helpdeskAs('agent').comments({ id: 2 })).length).toBe(comments);
    expect(callsSince(h, submitMark, 'chat.postEphemeral')).toHaveLength(0);
  });
});
