/**
 * Message shortcuts end to end: "Open a talep" (prefill, files downloaded from the fake Slack and
 * attached, the thread reply, the duplicate guard) and "Add to a talep" (external-select options, the
 * comment it adds, a regular user's refusal explained), and the unlinked user's connect prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { CONNECT_ACTION } from '../../src/views/kit/notices.js';
import { AddToTalepIds } from '../../src/views/message-shortcuts/add-to-talep.js';
import { NewTalepIds } from '../../src/views/new-talep/ids.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { callsSince, inputElement, pick, stateOf, type StateValues, type View, viewOf, viewText, viewUpdateSince } from '../support/e2e.js';
import { type Harness, type Person } from '../support/harness.js';

const h = useHarness({}, async (started) => {
  started.slack.users.set('UAUTHOR', { id: 'UAUTHOR', name: 'Ayla Demir', email: 'ayla@example.org' });
});

const updated = async (mark: number, test: (view: View) => boolean, what: string) => viewOf(await viewUpdateSince(h, mark, test, what));

let messageCounter = 100;
const nextTs = () => `1700000100.${String(++messageCounter).padStart(6, '0')}`;

async function openTalepFrom(person: Person, message: Parameters<Harness['send']['messageShortcut']>[2]) {
  const mark = h.slack.calls.length;
  const res = await h.send.messageShortcut(h.as(person), ShortcutIds.openTalep, message);
  return { mark, res };
}

async function talepCount(): Promise<number> {
  return (await h.helpdeskAs('admin').search({ query: '' })).length;
}

describe('Open a talep', () => {
  const ts = nextTs();
  const threadTs = '1700000100.000001';
  let talepId = 0;

  it('prefills the modal from the message and attaches its files', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const url = h.slack.addFile('FMSG1', png, 'image/png');
    const { mark } = await openTalepFrom('agent', {
      ts,
      thread_ts: threadTs,
      user: 'UAUTHOR',
      text: `*Printer* on floor 3 is jammed again and again ${'and again '.repeat(12)}\n<@UAGENT> can you look? &lt;urgent&gt;`,
      files: [
        { id: 'FMSG1', name: 'jam.png', mimetype: 'image/png', size: png.length, url_private_download: url },
        { id: 'FMSG2', name: 'Drive doc', mode: 'external', url_private: 'https://drive.example/doc' },
      ],
    });
    const opened = await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open');
    // First, but for the person's Slack profile (their language; once per 30 min, at most 500 ms).
    expect(h.slack.calls.slice(mark).filter((call) => call.method !== 'users.info').findIndex((call) => call === opened)).toBe(0);
    const formCall = await viewUpdateSince(h, mark, (view) => view.callback_id === NewTalepIds.callbackId, 'the prefilled form');
    const form = viewOf(formCall);
    const viewId = String(formCall.args.view_id);

    const subject = String(inputElement(form, NewTalepIds.subject.block)?.initial_value);
    expect(subject.startsWith('Printer on floor 3 is jammed again')).toBe(true);
    expect(subject.length).toBeLessThanOrEqual(100);
    const body = String(inputElement(form, NewTalepIds.body.block)?.initial_value);
    expect(body).toContain('@agent can you look? <urgent>');
    expect(body).toContain(`https://test.slack.com/archives/C1/p${ts.replace('.', '')}`);
    expect(body).toContain('Posted in Slack by Ayla Demir');
    expect(viewText(form)).toContain('jam.png');
    expect(viewText(form)).toContain('Drive doc — _not attached: not stored in Slack_');

    const res = await h.send.viewSubmission(h.as('agent'), {
      callback_id: NewTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: stateOf(form, pick(NewTalepIds.category.block, NewTalepIds.category.action, String(SeedIds.categories.hardware))),
    });
    // Hardware has no mandatory fields, but the form had no category yet: its fields must load first.
    expect(res.body).toMatchObject({ response_action: 'errors' });

    const withCategory = await (async () => {
      const actionMark = h.slack.calls.length;
      const values = stateOf(form, pick(NewTalepIds.category.block, NewTalepIds.category.action, String(SeedIds.categories.hardware)));
      await h.send.blockAction(
        h.as('agent'),
        { action_id: NewTalepIds.category.action, block_id: NewTalepIds.category.block, type: 'static_select' },
        { view: { id: viewId, private_metadata: form.private_metadata, state: { values } } },
      );
      return updated(actionMark, (view) => JSON.parse(view.private_metadata ?? '{}').categoryId === SeedIds.categories.hardware, 'the reloaded form');
    })();
    expect(viewText(withCategory)).toContain('jam.png');

    const submitMark = h.slack.calls.length;
    const created = await h.send.viewSubmission(h.as('agent'), {
      callback_id: NewTalepIds.callbackId,
      id: viewId,
      private_metadata: withCategory.private_metadata ?? '',
      values: stateOf(withCategory),
    });
    expect(created.body).toMatchObject({ response_action: 'update' });
    const done = await updated(submitMark, (view) => /Talep #\d+ created/.test(viewText(view)), 'the created view');
    talepId = Number(/Talep #(\d+) created/.exec(viewText(done))?.[1]);

    const talep = await h.helpdeskAs('agent').getTalep({ id: talepId });
    expect(talep.Subject).toBe(subject);
    expect(talep.Body).toContain('Posted in Slack by Ayla Demir');
    expect(talep.Attachments.map((file) => file.FileName)).toEqual(['jam.png']);
    const download = await h.helpdeskAs('agent').getAttachment({ id: (await h.helpdeskAs('agent').attachments({ id: talepId }))[0]?.FileID ?? 0 });
    expect(Buffer.from(download.data).equals(png)).toBe(true);

    // A thread reply on the message (public): id, subject and link only.
    const reply = await h.slack.waitFor(() => callsSince(h, submitMark, 'chat.postMessage')[0], 'the thread reply');
    expect(reply.args).toMatchObject({ channel: 'C1', thread_ts: threadTs });
    expect(String(reply.args.text)).toContain(`Talep #${talepId}`);
    expect(JSON.stringify(reply.args.blocks)).toContain(talep.Url ?? 'missing url');
    expect(JSON.stringify(reply.args.blocks)).not.toContain('Posted in Slack');
    expect((await h.services.stores.messageTaleps.get('T1', 'C1', ts))?.talepId).toBe(talepId);
  });

  it('a second "Open a talep" on the same message offers the existing talep instead of a duplicate', async () => {
    const before = await talepCount();
    const { mark } = await openTalepFrom('agent2', { ts, user: 'UAUTHOR', text: 'Printer on floor 3 is jammed again' });
    const view = await updated(mark, (candidate) => viewText(candidate).includes('already opened'), 'the existing-talep view');
    expect(viewText(view)).toContain(`Talep #${talepId} was already opened from this message`);
    expect(viewText(view)).toContain(SharedActions.showTalep);
    expect(callsSince(h, mark, 'views.update').some((call) => viewOf(call).callback_id === NewTalepIds.callbackId)).toBe(false);
    expect(await talepCount()).toBe(before);
  });

  it('a link to a talep that no longer exists is forgotten and the form opens', async () => {
    const orphanTs = nextTs();
    await h.services.stores.messageTaleps.set('T1', 'C1', orphanTs, 99_999, 'UAGENT');
    const { mark } = await openTalepFrom('agent', { ts: orphanTs, user: 'UAUTHOR', text: 'Wi-Fi drops' });
    const form = await updated(mark, (view) => view.callback_id === NewTalepIds.callbackId, 'the form');
    expect(inputElement(form, NewTalepIds.subject.block)?.initial_value).toBe('Wi-Fi drops');
    expect(await h.services.stores.messageTaleps.get('T1', 'C1', orphanTs)).toBeUndefined();
  });

  it('an unlinked user gets the connect prompt and no modal', async () => {
    const { mark, res } = await openTalepFrom('stranger', { ts: nextTs(), text: 'help' });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'the connect prompt');
    expect(JSON.stringify(post.blocks)).toContain(CONNECT_ACTION);
    expect(callsSince(h, mark, 'views.open')).toHaveLength(0);
  });
});

describe('Add to a talep', () => {
  async function openAddForm(person: Person, message: { ts: string; text: string; user?: string; files?: Record<string, unknown>[] }) {
    const mark = h.slack.calls.length;
    await h.send.messageShortcut(h.as(person), ShortcutIds.addToTalep, message);
    await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open');
    const call = await h.slack.waitFor(
      () => callsSince(h, mark, 'views.update').find((candidate) => viewOf(candidate).callback_id === AddToTalepIds.callbackId),
      'the add-to-talep form',
    );
    return { viewId: String(call.args.view_id), form: viewOf(call) };
  }

  const picked = (id: number, label: string): StateValues => ({
    [AddToTalepIds.talep.block]: {
      [AddToTalepIds.talep.action]: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: label }, value: String(id) } },
    },
  });

  it('searches taleps as you type', async () => {
    const { viewId, form } = await openAddForm('agent', { ts: nextTs(), user: 'UAUTHOR', text: 'x' });
    const res = await h.send.blockSuggestion(h.as('agent'), AddToTalepIds.talep.action, 'printer jam', { id: viewId, private_metadata: form.private_metadata });
    const options = (res.body as { options: { text: { text: string }; value: string }[] }).options;
    expect(options.map((option) => option.value)).toContain('1');
    expect(options.find((option) => option.value === '1')?.text.text).toBe('#1 Printer on the 3rd floor keeps jamming');

    const byId = await h.send.blockSuggestion(h.as('agent'), AddToTalepIds.talep.action, '#3');
    expect((byId.body as { options: { value: string }[] }).options.map((option) => option.value)).toEqual(['3']);
  });

  it('an unlinked user typing in the picker is told to connect', async () => {
    const res = await h.send.blockSuggestion(h.as('stranger'), AddToTalepIds.talep.action, 'printer');
    const options = (res.body as { options: { text: { text: string }; value: string }[] }).options;
    expect(options).toHaveLength(1);
    expect(options[0]?.text.text).toMatch(/Connect/);
  });

  it('adds the message as an agents-only comment with its permalink and author', async () => {
    const ts = nextTs();
    const { viewId, form } = await openAddForm('agent', { ts, user: 'UAUTHOR', text: 'Same jam on floor 2 <@UUSER>' });
    const comment = String(inputElement(form, AddToTalepIds.comment.block)?.initial_value);
    expect(comment).toContain('Same jam on floor 2 @user');
    expect(comment).toContain('Posted in Slack by Ayla Demir');
    expect(inputElement(form, AddToTalepIds.techsOnly.block)?.type).toBe('checkboxes');

    const mark = h.slack.calls.length;
    const res = await h.send.viewSubmission(h.as('agent'), {
      callback_id: AddToTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: {
        ...stateOf(form),
        ...picked(1, '#1 Printer on the 3rd floor keeps jamming'),
        [AddToTalepIds.techsOnly.block]: {
          [AddToTalepIds.techsOnly.action]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] },
        },
      },
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    await updated(mark, (view) => viewText(view).includes('was added to'), 'the added view');

    const comments = await h.helpdeskAs('agent').comments({ id: 1 });
    const added = comments.at(-1);
    expect(added?.Body).toContain('Same jam on floor 2 @user');
    expect(added?.Body).toContain(`https://test.slack.com/archives/C1/p${ts.replace('.', '')}`);
    expect(added?.ForTechsOnly).toBe(true);
    expect(added?.UserName).toBe('agent');
    const confirmation = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral')[0], 'the confirmation');
    expect(confirmation.args).toMatchObject({ channel: 'C1', user: 'UAGENT' });
    // Agents-only: never announced in public.
    expect(callsSince(h, mark, 'chat.postMessage')).toHaveLength(0);
  });

  it("a regular user's comment is refused by the help desk, and the form explains why", async () => {
    const { viewId, form } = await openAddForm('user', { ts: nextTs(), user: 'UAUTHOR', text: 'Still jammed' });
    expect(inputElement(form, AddToTalepIds.techsOnly.block)).toBeUndefined();
    const before = (await h.helpdeskAs('agent').comments({ id: 1 })).length;
    const mark = h.slack.calls.length;
    await h.send.viewSubmission(h.as('user'), {
      callback_id: AddToTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: { ...stateOf(form), ...picked(1, '#1 Printer on the 3rd floor keeps jamming') },
    });
    const again = await updated(mark, (view) => viewText(view).includes('refused'), 'the refusal');
    expect(viewText(again)).toContain('only admins and agents of talep #1’s category can add comments');
    expect(again.callback_id).toBe(AddToTalepIds.callbackId);
    expect(String(inputElement(again, AddToTalepIds.comment.block)?.initial_value)).toContain('Still jammed');
    expect((await h.helpdeskAs('agent').comments({ id: 1 })).length).toBe(before);
  });

  const messageFile = (id: string, name: string, data: Buffer) => ({
    id,
    name,
    mimetype: 'text/plain',
    size: data.length,
    url_private_download: h.slack.addFile(id, data, 'text/plain'),
  });

  async function addWithFiles(techsOnly: boolean, talepId: number, prefix: string) {
    const files = [messageFile(`${prefix}1`, `${prefix}-first.txt`, Buffer.from('one')), messageFile(`${prefix}2`, `${prefix}-second.txt`, Buffer.from('two'))];
    const { viewId, form } = await openAddForm('agent', { ts: nextTs(), user: 'UAUTHOR', text: 'Logs attached', files });
    expect(viewText(form)).toContain(`${prefix}-first.txt`);
    expect(viewText(form)).toContain('attached on submit');
    const mark = h.slack.calls.length;
    await h.send.viewSubmission(h.as('agent'), {
      callback_id: AddToTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: {
        ...stateOf(form),
        ...picked(talepId, `#${talepId}`),
        ...(techsOnly
          ? {
              [AddToTalepIds.techsOnly.block]: {
                [AddToTalepIds.techsOnly.action]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] },
              },
            }
          : {}),
      },
    });
    return updated(mark, (view) => viewText(view).includes('was added to'), 'the added view');
  }

  it("attaches the message's files: the first on the comment, the others to the talep", async () => {
    const done = await addWithFiles(false, 2, 'pub');
    expect(viewText(done)).toContain('with 2 files');
    const comments = await h.helpdeskAs('agent').comments({ id: 2 });
    expect(comments.at(-1)?.Body).toContain('Logs attached');
    expect(comments.at(-1)?.ForTechsOnly).toBe(false);
    // Public comment: the submitter sees both files.
    const seen = (await h.helpdeskAs('user').attachments({ id: 2 })).map((file) => file.FileName);
    expect(seen).toEqual(expect.arrayContaining(['pub-first.txt', 'pub-second.txt']));
  });

  it('keeps every file of an agents-only comment away from the submitter', async () => {
    const before = (await h.helpdeskAs('agent').comments({ id: 3 })).length;
    const done = await addWithFiles(true, 3, 'priv');
    expect(viewText(done)).toContain('as an agents-only comment with 2 files');
    const comments = (await h.helpdeskAs('agent').comments({ id: 3 })).slice(before);
    expect(comments.map((comment) => comment.ForTechsOnly)).toEqual([true, true]);
    expect(comments[1]?.Body).toContain('priv-second.txt');
    const agentSees = (await h.helpdeskAs('agent').attachments({ id: 3 })).map((file) => file.FileName);
    expect(agentSees).toEqual(expect.arrayContaining(['priv-first.txt', 'priv-second.txt']));
    const submitterSees = (await h.helpdeskAs('user').attachments({ id: 3 })).map((file) => file.FileName);
    expect(submitterSees).not.toContain('priv-first.txt');
    expect(submitterSees).not.toContain('priv-second.txt');
  });

  it('submitting without a talep is refused inline', async () => {
    const { viewId, form } = await openAddForm('agent', { ts: nextTs(), text: 'x' });
    const res = await h.send.viewSubmission(h.as('agent'), {
      callback_id: AddToTalepIds.callbackId,
      id: viewId,
      private_metadata: form.private_metadata ?? '',
      values: stateOf(form),
    });
    expect(res.body).toMatchObject({ response_action: 'errors', errors: { [AddToTalepIds.talep.block]: expect.any(String) } });
  });
});
