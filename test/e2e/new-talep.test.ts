/**
 * The new-talep modal end to end: signed slash command / shortcut / Home button → views.open before
 * any help-desk call → views.update with the form; the category reloads agents and custom fields; a
 * submission creates the talep in the sandbox (custom fields, tags, on behalf of, attachments from
 * the fake Slack), inline errors, a help-desk refusal re-renders the form.
 */
import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { CONNECT_ACTION } from '../../src/views/kit/notices.js';
import { assigneeBlockId, customFieldBlockId, NewTalepIds } from '../../src/views/new-talep/ids.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import {
  callsSince,
  inputBlocks,
  inputElement,
  pick,
  stateOf,
  type StateValues,
  type View,
  viewOf,
  viewText,
  viewUpdateSince,
} from '../support/e2e.js';
import { } from '../support/harness.js';

const h = useHarness();

const optionValues = (view: View, blockId: string) =>
  ((inputElement(view, blockId)?.options ?? []) as { value: string }[]).map((option) => option.value);

/** The latest views.update of `viewId` (after `mark`) that passes `test`. */
const updateOf = (mark: number, viewId: string, test: (view: View) => boolean = () => true, what = `an update of ${viewId}`) =>
  viewUpdateSince(h, mark, test, what, viewId).then(viewOf);

const isForm = (view: View) => view.callback_id === NewTalepIds.callbackId;

const typed = (blockId: string, actionId: string, value: string): StateValues => ({
  [blockId]: { [actionId]: { type: 'plain_text_input', value } },
});
const field = (fieldId: number, value: ViewStateValue): StateValues => ({
  [customFieldBlockId(fieldId)]: { [NewTalepIds.customFieldAction]: value },
});

/** Opens the modal with `/talep new <subject>` and returns the loaded form. */
async function openForm(person: 'agent' | 'user', subject = '') {
  const mark = h.slack.calls.length;
  const sentAt = Date.now();
  await h.send.slash(h.as(person), `new ${subject}`.trim());
  const opened = await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open');
  // Slack's trigger_id lives 3 s; on loopback the modal must open far inside that.
  expect(opened.at - sentAt).toBeLessThan(1_500);
  const loaded = await h.slack.waitFor(() => callsSince(h, mark, 'views.update').find((call) => isForm(viewOf(call))), 'the loaded form');
  return { mark, opened, viewId: String(loaded.args.view_id), form: viewOf(loaded) };
}

/** Chooses a category the way Slack does: a block action from the modal, then the reloaded form. */
async function chooseCategory(person: 'agent' | 'user', viewId: string, form: View, categoryId: number, changes: StateValues = {}) {
  const mark = h.slack.calls.length;
  const values = stateOf(form, { ...pick(NewTalepIds.category.block, NewTalepIds.category.action, String(categoryId)), ...changes });
  await h.send.blockAction(
    h.as(person),
    { action_id: NewTalepIds.category.action, block_id: NewTalepIds.category.block, type: 'static_select', selected_option: { value: String(categoryId) } },
    { view: { id: viewId, callback_id: NewTalepIds.callbackId, private_metadata: form.private_metadata, state: { values } } },
  );
  return updateOf(mark, viewId, (view) => isForm(view) && JSON.parse(view.private_metadata ?? '{}').categoryId === categoryId, 'the reloaded form');
}

async function submit(person: 'agent' | 'user', viewId: string, form: View, values: StateValues) {
  return h.send.viewSubmission(h.as(person), {
    callback_id: NewTalepIds.callbackId,
    id: viewId,
    private_metadata: form.private_metadata ?? '',
    values,
  });
}

const createdId = (view: View) => Number(/Talep #(\d+) created/.exec(viewText(view))?.[1]);

describe('opening the modal', () => {
  it('opens at once with the trigger, before any help-desk call, then shows the form', async () => {
    const logMark = h.logs.length;
    const { opened, form } = await openForm('agent', 'Printer   jams');
    expect(opened.args.trigger_id).toMatch(/^trigger-/);
    expect(viewText(viewOf(opened))).toContain('Loading');

    const lines = h.logs.slice(logMark);
    const openedAt = lines.findIndex((line) => line.includes('slack POST api views.open →'));
    const firstHelpdesk = lines.findIndex((line) => line.includes('help-desk '));
    expect(openedAt).toBeGreaterThanOrEqual(0);
    expect(firstHelpdesk).toBeGreaterThan(openedAt);

    expect((inputElement(form, NewTalepIds.subject.block)?.initial_value)).toBe('Printer jams');
    // The agent sees every category (Internal Maintenance is for agents only) and the custom priority.
    expect(optionValues(form, NewTalepIds.category.block).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(optionValues(form, NewTalepIds.priority.block)).toEqual(['-1', '0', '1', '2', '10']);
    expect(inputElement(form, NewTalepIds.onBehalfOf.block)?.type).toBe('users_select');
    expect(inputElement(form, NewTalepIds.files.block)).toMatchObject({ type: 'file_input', max_files: 10 });
  });

  it('makes no help-desk call at all when Slack refuses to open the modal', async () => {
    const logMark = h.logs.length;
    h.slack.fail.set('views.open', 'expired_trigger_id');
    try {
      const res = await h.send.slash(h.as('agent'), 'new');
      const told = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'the try-again message');
      expect(String(told.text)).toMatch(/try again/);
      expect(h.logs.slice(logMark).some((line) => line.includes('help-desk '))).toBe(false);
    } finally {
      h.slack.fail.delete('views.open');
    }
  });

  it('a regular user gets neither assignee nor "on behalf of", and no agents-only category', async () => {
    const { viewId, form } = await openForm('user');
    expect(optionValues(form, NewTalepIds.category.block)).not.toContain('5');
    expect(inputElement(form, NewTalepIds.onBehalfOf.block)).toBeUndefined();
    const reloaded = await chooseCategory('user', viewId, form, SeedIds.categories.software);
    expect(inputBlocks(reloaded).some((block) => block.block_id?.startsWith('nt_assignee'))).toBe(false);
    expect(inputElement(reloaded, customFieldBlockId(3))?.type).toBe('static_select');
  });

  it('the global shortcut and the App Home button open the same modal', async () => {
    let mark = h.slack.calls.length;
    await h.send.globalShortcut(h.as('agent'), ShortcutIds.newTalep);
    await h.slack.waitFor(() => callsSince(h, mark, 'views.update').map(viewOf).find(isForm), 'the form from the shortcut');
    expect(callsSince(h, mark, 'views.open')).toHaveLength(1);

    mark = h.slack.calls.length;
    await h.send.blockAction(h.as('agent'), { action_id: SharedActions.newTalep, value: 'new' });
    await h.slack.waitFor(() => callsSince(h, mark, 'views.update').map(viewOf).find(isForm), 'the form from the Home button');
    expect(callsSince(h, mark, 'views.open')).toHaveLength(1);
  });

  it('an unlinked user gets the connect prompt and no modal', async () => {
    const mark = h.slack.calls.length;
    const res = await h.send.slash(h.as('stranger'), 'new Printer');
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'the connect prompt');
    expect(JSON.stringify(post.blocks)).toContain(CONNECT_ACTION);
    expect(post.response_type).toBe('ephemeral');
    expect(callsSince(h, mark, 'views.open')).toHaveLength(0);
  });
});

describe('the category', () => {
  it("reloads the category's agents and custom fields, keeping what the user typed", async () => {
    const { viewId, form } = await openForm('agent');
    const typedSubject = typed(NewTalepIds.subject.block, NewTalepIds.subject.action, 'Excel crashes');
    const software = await chooseCategory('agent', viewId, form, SeedIds.categories.software, typedSubject);
    // Admins count as agents of every category.
    expect(optionValues(software, assigneeBlockId(SeedIds.categories.software)).sort()).toEqual(['1', '2', '3']);
    expect(inputElement(software, NewTalepIds.subject.block)?.initial_value).toBe('Excel crashes');
    // Software shows Environment (select), Steps (multiline) and the all-category fields.
    expect(inputElement(software, customFieldBlockId(2))?.type).toBe('datepicker');
    expect(optionValues(software, customFieldBlockId(3))).toEqual(['1', '2', '3']);
    expect(inputElement(software, customFieldBlockId(4))?.type).toBe('checkboxes');
    expect(inputElement(software, customFieldBlockId(5))).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(inputElement(software, customFieldBlockId(1))).toBeUndefined();

    const office = await chooseCategory('agent', viewId, software, SeedIds.categories.officeSupplies, {
      ...field(2, { type: 'datepicker', selected_date: '2026-03-01' }),
    });
    // Office Supplies: agent2 is not its agent; "Order number" is mandatory; the date is kept.
    expect(optionValues(office, assigneeBlockId(SeedIds.categories.officeSupplies)).sort()).toEqual(['1', '2']);
    const orderNumber = inputBlocks(office).find((block) => block.block_id === customFieldBlockId(1));
    expect(orderNumber?.optional).toBe(false);
    expect(inputElement(office, customFieldBlockId(3))).toBeUndefined();
    expect(inputElement(office, customFieldBlockId(2))?.initial_date).toBe('2026-03-01');
  });
});

describe('submitting', () => {
  it('creates the talep with custom fields, tags, assignee, on behalf of, a custom priority and the files', async () => {
    const { viewId, form } = await openForm('agent');
    const software = await chooseCategory('agent', viewId, form, SeedIds.categories.software);
    const log = h.slack.addFile('FNT1', 'Faulting module: mso.dll\n', 'text/plain');
    const shot = h.slack.addFile('FNT2', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const mark = h.slack.calls.length;
    const res = await submit(
      'agent',
      viewId,
      software,
      stateOf(software, {
        ...pick(NewTalepIds.priority.block, NewTalepIds.priority.action, '10'),
        ...typed(NewTalepIds.subject.block, NewTalepIds.subject.action, 'Excel crashes on large workbooks'),
        ...typed(NewTalepIds.body.block, NewTalepIds.body.action, 'Any file over 20 MB.'),
        ...typed(NewTalepIds.tags.block, NewTalepIds.tags.action, 'excel, laptop'),
        ...pick(assigneeBlockId(SeedIds.categories.software), NewTalepIds.assigneeAction, '3'),
        [NewTalepIds.onBehalfOf.block]: { [NewTalepIds.onBehalfOf.action]: { type: 'users_select', selected_user: 'UUSER' } },
        ...field(2, { type: 'datepicker', selected_date: '2026-02-01' }),
        ...pick(customFieldBlockId(3), NewTalepIds.customFieldAction, '2'),
        ...field(4, { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] }),
        ...field(5, { type: 'plain_text_input', value: '1. Open\n2. Crash' }),
        [NewTalepIds.files.block]: {
          [NewTalepIds.files.action]: {
            type: 'file_input',
            files: [
              { id: 'FNT1', name: 'crash.log', mimetype: 'text/plain', size: 25, url_private_download: log },
              { id: 'FNT2', name: 'shot.png', mimetype: 'image/png', size: 4, url_private_download: shot },
            ] as unknown as ViewStateValue['files'],
          },
        },
      }),
    );
    expect(res.body).toMatchObject({ response_action: 'update' });
    expect(JSON.stringify((res.body as { view: unknown }).view)).toContain('Creating');

    const done = await updateOf(mark, viewId, (view) => viewText(view).includes('created'), 'the created view');
    const id = createdId(done);
    expect(id).toBeGreaterThan(10);
    const talep = await h.helpdeskAs('agent').getTalep({ id });
    expect(talep).toMatchObject({
      Subject: 'Excel crashes on large workbooks',
      // The text as typed, then the reference that lets a retry find this talep instead of making another
      // (multipart form data sends line breaks as CRLF).
      Body: expect.stringMatching(/^Any file over 20 MB\.\r?\n\r?\n— Sent from Slack · ref TB[A-Z2-9]{8}$/),
      CategoryID: SeedIds.categories.software,
      Priority: 10,
      SubmitterUserInfo: { UserID: SeedIds.users.user },
      AssigneeUserInfo: { UserID: SeedIds.users.agent2 },
    });
    expect(talep.Tags.map((tag) => tag.Name).sort()).toEqual(['excel', 'laptop']);
    expect(talep.Attachments.map((file) => file.FileName).sort()).toEqual(['crash.log', 'shot.png']);
    const values = await h.helpdeskAs('agent').talepCustomFields({ id });
    const byId = Object.fromEntries(values.map((value) => [value.FieldID, value.Value]));
    expect(byId[3]).toBe('Staging');
    expect(byId[5]).toBe('1. Open\n2. Crash');
    expect(byId[4]).toMatch(/true/i);
    expect(byId[2]).toContain('2026-02-01');
    const attachment = await h.helpdeskAs('agent').attachments({ id });
    expect(attachment.find((file) => file.FileName === 'crash.log')?.FileSize).toBe(25);

    // The Show button and the link; an ephemeral confirmation in the channel of the slash command.
    expect(viewText(done)).toContain(SharedActions.showTalep);
    expect(viewText(done)).toContain(talep.Url ?? 'missing url');
    const confirmation = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral')[0], 'the confirmation');
    expect(confirmation.args).toMatchObject({ channel: 'C1', user: 'UAGENT' });
    expect(String(confirmation.args.text)).toContain(`Talep #${id} created`);
  });

  it('answers inline errors without calling the help desk', async () => {
    const { viewId, form } = await openForm('agent');
    const office = await chooseCategory('agent', viewId, form, SeedIds.categories.officeSupplies);
    const logMark = h.logs.length;
    const mark = h.slack.calls.length;
    const res = await submit(
      'agent',
      viewId,
      office,
      stateOf(office, {
        ...typed(NewTalepIds.subject.block, NewTalepIds.subject.action, 's'.repeat(201)),
        [NewTalepIds.files.block]: {
          [NewTalepIds.files.action]: {
            type: 'file_input',
            files: [{ id: 'FBIG', name: 'disk.iso', size: 21 * 1024 * 1024, url_private_download: h.slack.addFile('FBIG', 'x') }] as unknown as ViewStateValue['files'],
          },
        },
      }),
    );
    expect(res.body).toMatchObject({ response_action: 'errors' });
    const errors = (res.body as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual([NewTalepIds.subject.block, NewTalepIds.files.block, customFieldBlockId(1)].sort());
    expect(errors[NewTalepIds.files.block]).toContain('disk.iso');
    expect(callsSince(h, mark, 'views.update')).toHaveLength(0);
    expect(h.logs.slice(logMark).some((line) => line.includes('help-desk '))).toBe(false);
  });

  it('a help-desk refusal re-renders the form with a banner and the values kept', async () => {
    const { viewId, form } = await openForm('agent');
    const software = await chooseCategory('agent', viewId, form, SeedIds.categories.software);
    const mark = h.slack.calls.length;
    // Assigning a regular user is refused by the help desk (not an agent of the category).
    const values = stateOf(software, {
      ...typed(NewTalepIds.subject.block, NewTalepIds.subject.action, 'Kept subject'),
      ...pick(customFieldBlockId(3), NewTalepIds.customFieldAction, '1'),
      ...pick(assigneeBlockId(SeedIds.categories.software), NewTalepIds.assigneeAction, String(SeedIds.users.user)),
    });
    const res = await submit('agent', viewId, software, values);
    expect(res.body).toMatchObject({ response_action: 'update' });
    const again = await updateOf(mark, viewId, (view) => isForm(view) && viewText(view).includes(':warning:'), 'the form with a banner');
    expect(again.blocks[0]?.type).toBe('section');
    expect(inputElement(again, NewTalepIds.subject.block)?.initial_value).toBe('Kept subject');
    expect((inputElement(again, customFieldBlockId(3))?.initial_option as { value: string }).value).toBe('1');
    expect(callsSince(h, mark, 'chat.postEphemeral')).toHaveLength(0);
  });

  it('"on behalf of" a Slack user the help desk does not know is explained in the form', async () => {
    const { viewId, form } = await openForm('agent');
    const hardware = await chooseCategory('agent', viewId, form, SeedIds.categories.hardware);
    const mark = h.slack.calls.length;
    await submit(
      'agent',
      viewId,
      hardware,
      stateOf(hardware, {
        ...typed(NewTalepIds.subject.block, NewTalepIds.subject.action, 'For a stranger'),
        [NewTalepIds.onBehalfOf.block]: { [NewTalepIds.onBehalfOf.action]: { type: 'users_select', selected_user: 'USTRANGER' } },
      }),
    );
    const again = await updateOf(mark, viewId, (view) => isForm(view) && viewText(view).includes('stranger@example.com'), 'the banner');
    expect(viewText(again)).toContain('No help-desk user has');
  });
});
