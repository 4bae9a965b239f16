/**
 * Attaching files to an existing talep end to end: `/talep attach <id>` opens the form at once; the
 * files are fetched from the fake Slack with the bot token and attached in the sandbox as the user;
 * inline errors for a missing or oversized file; the help desk's refusal for someone else's talep; a
 * file Slack will not hand out; the attachments list's "Attach files" button and its refreshed list.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { AttachIds } from '../../src/views/talep-files/attach.js';
import { FilesIds } from '../../src/views/talep-files/ids.js';
import { callsSince, elementsWithId, json, postTo, slashAnswer, type StateValues, viewOf, viewText, viewUpdateSince } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

let fileCounter = 0;

/** A file the user uploaded in the form: stored in the fake Slack, described as Slack's view state does. */
function uploaded(name: string, data: Buffer, size = data.length) {
  const id = `FATT${++fileCounter}`;
  const url = h.slack.addFile(id, data, 'text/plain');
  return { id, name, mimetype: 'text/plain', size, url_private_download: url };
}

const filesState = (files: object[]): StateValues => ({
  [AttachIds.files.block]: { [AttachIds.files.action]: { type: 'file_input', files } as never },
});

/** `/talep attach <id>` as `person`: the form views.open showed. */
async function openForm(person: Person, talepId: number) {
  const mark = h.slack.calls.length;
  const sent = await h.send.slash(h.as(person), `attach ${talepId}`);
  expect(sent.status).toBe(200);
  const opened = await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open');
  // Nothing else (no help-desk round trip) before the modal: the trigger lives 3 s. Only the person's
  // Slack profile may come first (their language; once per 30 min, waited for at most 500 ms).
  expect(h.slack.calls.slice(mark).filter((call) => call.method !== 'users.info')[0]).toBe(opened);
  const view = viewOf(opened);
  return { view, viewId: `V-attach-${person}-${talepId}` };
}

async function submit(person: Person, form: { view: ReturnType<typeof viewOf>; viewId: string }, files: object[]) {
  const mark = h.slack.calls.length;
  const res = await h.send.viewSubmission(h.as(person), {
    callback_id: AttachIds.callbackId,
    id: form.viewId,
    private_metadata: form.view.private_metadata ?? '',
    values: filesState(files),
  });
  return { mark, res };
}

const namesOn = async (person: Exclude<Person, 'stranger'>, talepId: number) => (await h.helpdeskAs(person).attachments({ id: talepId })).map((file) => file.FileName);

describe('/talep attach', () => {
  it('opens the form at once and attaches every file as the user', async () => {
    const form = await openForm('agent', 2);
    expect(form.view.callback_id).toBe(AttachIds.callbackId);
    expect(json(form.view.blocks)).toContain('"type":"file_input"');
    expect(viewText(form.view)).toContain('#2');

    const notes = Buffer.from('router log: link down at 09:14\n');
    const { mark, res } = await submit('agent', form, [uploaded('router.log', notes), uploaded('notes <1>.txt', Buffer.from('second'))]);
    expect(res.body).toMatchObject({ response_action: 'update' });
    expect(json(res.body)).toContain('Attaching 2 files to talep #2');

    const done = viewOf(await viewUpdateSince(h, mark, (view) => viewText(view).includes('Attached'), 'the attached view', form.viewId));
    expect(viewText(done)).toContain('Attached 2 files to talep #2');
    expect(viewText(done)).toContain('notes &lt;1&gt;.txt');

    const files = await h.helpdeskAs('agent').attachments({ id: 2 });
    const log = files.find((file) => file.FileName === 'router.log');
    expect(log).toBeDefined();
    expect(files.map((file) => file.FileName)).toContain('notes <1>.txt');
    const download = await h.helpdeskAs('agent').getAttachment({ id: log?.FileID ?? 0 });
    expect(Buffer.from(download.data).equals(notes)).toBe(true);
    // The submitter sees them too: they were attached to the talep, not to an agents-only comment.
    expect(await namesOn('user', 2)).toContain('router.log');
  });

  it('asks for a file when none was chosen, and refuses one over the size limit inline', async () => {
    const form = await openForm('agent', 2);
    const none = await submit('agent', form, []);
    expect(none.res.body).toMatchObject({ response_action: 'errors', errors: { [AttachIds.files.block]: 'Choose at least one file.' } });

    const big = uploaded('huge.iso', Buffer.from('x'), h.services.maxUploadBytes + 1);
    const tooLarge = await submit('agent', form, [big]);
    expect(tooLarge.res.body).toMatchObject({ response_action: 'errors' });
    expect(json(tooLarge.res.body)).toContain('“huge.iso” is larger than');
    expect(await namesOn('agent', 2)).not.toContain('huge.iso');
  });

  it("explains the help desk's refusal when a regular user attaches to someone else's talep", async () => {
    const before = await namesOn('admin', 5);
    const form = await openForm('user', 5);
    const { mark } = await submit('user', form, [uploaded('mine.txt', Buffer.from('not yours'))]);
    const again = viewOf(await viewUpdateSince(h, mark, (view) => view.callback_id === AttachIds.callbackId, 'the form again', form.viewId));
    expect(viewText(again)).toMatch(/#5/);
    console.log('REFUSAL', viewText(again));
    expect(viewText(again)).toMatch(/refused|not found|permission/i);
    expect(await namesOn('admin', 5)).toEqual(before);
  });

  it('says which file Slack would not hand out, and attaches nothing', async () => {
    const before = await namesOn('agent', 3);
    const form = await openForm('agent', 3);
    const gone = { id: 'FGONE', name: 'gone.txt', mimetype: 'text/plain', size: 3, url_private_download: `${h.slack.addFile('FTMP', 'x')}-missing` };
    const { mark } = await submit('agent', form, [uploaded('fine.txt', Buffer.from('ok')), gone]);
    const again = viewOf(await viewUpdateSince(h, mark, (view) => view.callback_id === AttachIds.callbackId, 'the form again', form.viewId));
    expect(viewText(again)).toContain('Slack did not hand out “gone.txt”');
    expect(await namesOn('agent', 3)).toEqual(before);
  });

  it('an unlinked user gets the connect prompt instead of a form', async () => {
    const mark = h.slack.calls.length;
    const { post } = await slashAnswer(h, 'stranger', 'attach 1', { status: true, ephemeral: true });
    expect(json(post)).toMatch(/Connect/);
    expect(callsSince(h, mark, 'views.open')).toHaveLength(0);
  });
});

describe('"Attach files" on the attachments list', () => {
  it('opens the form, and shows the list again with the new file', async () => {
    const { post } = await slashAnswer(h, 'agent', 'files 4', { status: true, ephemeral: true });
    const [button] = elementsWithId<{ action_id?: string; value?: string }>(post, FilesIds.attach);
    expect(button?.value).toBe('4');

    const mark = h.slack.calls.length;
    const pressed = await h.send.blockAction(h.as('agent'), { action_id: FilesIds.attach, value: '4' });
    const opened = await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open');
    const view = viewOf(opened);
    expect(view.callback_id).toBe(AttachIds.callbackId);
    expect(JSON.parse(view.private_metadata ?? '{}')).toMatchObject({ talepId: 4, responseUrl: pressed.responseUrl });

    await submit('agent', { view, viewId: 'V-attach-list' }, [uploaded('receipt.txt', Buffer.from('paid'))]);
    const list = await postTo(h, pressed.responseUrl, 'the refreshed attachments list');
    expect(list).toMatchObject({ response_type: 'ephemeral', replace_original: true });
    expect(json(list.blocks)).toContain('Attached 1 file to talep #4');
    expect(json(list.blocks)).toContain('receipt.txt');
    expect(await namesOn('agent', 4)).toContain('receipt.txt');
  });
});
