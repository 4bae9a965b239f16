/**
 * Accepted work under help-desk faults, end to end: the bot's help-desk traffic goes through a proxy
 * that can freeze, stall or take the help desk down, with a 1-second wait for an answer (the production
 * default is 30 s), and the job worker runs on a manual clock, so minutes of back-off pass in an
 * instant while the help desk really is unreachable for that stretch of the test.
 *
 * - frozen for 40 s (longer than the wait for an answer): the person is told the outcome is being
 *   checked, and ends with exactly one talep — whether the help desk did the create and never answered
 *   (freeze) or never read it (stall);
 * - down for 60 s: 40 submissions are kept, each person told once that theirs is queued, and all 40 are
 *   filed exactly once after it;
 * - `/talep pending` and App Home list the waiting work; Cancel withdraws it.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock.js';
import { elementsOf, json, postTo } from '../support/e2e.js';
import type { Harness, Person } from '../support/harness.js';
import { newTalepSubmission, openNewTalepForm, type OpenForm, taleps, updatesShowing } from '../support/new-talep-form.js';
import { useHarness } from '../support/use-harness.js';

const CHECKING = 'The help desk did not answer in time; I am checking whether it was done.';
const QUEUED = 'Your talep is queued — it will be filed when the help desk is back.';

let unique = 0;
const token = () => `${Date.now().toString(36)}${++unique}`;

function faultHarness(): { h: Harness; clock: ManualClock } {
  const clock = new ManualClock(Date.now());
  const h = useHarness({ proxy: true, transport: { headersTimeoutMs: 1_000, bodyTimeoutMs: 1_000 }, jobRunner: { clock } });
  return { h, clock };
}

/** Lets `ms` of the job worker's time pass in steps, each step's due jobs run to the end. */
async function runClock(h: Harness, clock: ManualClock, ms: number, until?: () => boolean, step = 5_000): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    await clock.advance(step);
    await h.services.jobs.idle();
    if (until?.()) return;
  }
}

/** Every text the bot showed in the modal `viewId` since `mark`. */
const shownIn = (h: Harness, mark: number, viewId: string) =>
  h.slack.calls.slice(mark).filter((call) => call.method === 'views.update' && call.args.view_id === viewId).map((call) => json(call.args.view));

describe('a help desk frozen for 40 s', () => {
  const { h, clock } = faultHarness();

  it.each([
    ['it did the create and never answered (freeze)', 'freeze', 1],
    ['it never read the create (stall)', 'stall', 2],
  ] as const)('%s: told it is being checked, then exactly one talep', async (_case, fault, createsSent) => {
    const open = await openNewTalepForm(h, 'agent');
    const subject = `Badge reader offline ${token()}`;
    const proxy = h.proxy!;
    const creates = proxy.count('POST', '/api/talep');
    if (fault === 'freeze') proxy.freeze();
    else proxy.stall();
    const mark = h.slack.calls.length;
    const ack = await h.send.delivery(newTalepSubmission(h, open, { subject }));
    expect(json(ack.body)).toContain('Creating your talep');

    await h.slack.waitFor(() => updatesShowing(h, mark, open.viewId, CHECKING).length > 0, 'the "being checked" notice');
    await runClock(h, clock, 40_000);
    proxy.thaw();
    await runClock(h, clock, 20 * 60_000, () => updatesShowing(h, mark, open.viewId, /Talep #\d+ created/).length > 0);

    expect(updatesShowing(h, mark, open.viewId, /Talep #\d+ created/)).toHaveLength(1);
    expect(await taleps(h, subject)).toHaveLength(1);
    expect(proxy.count('POST', '/api/talep') - creates).toBe(createsSent);
    const shown = shownIn(h, mark, open.viewId);
    expect(shown.filter((text) => text.includes(CHECKING))).toHaveLength(1);
    expect(shown.join('\n')).not.toMatch(/try again/i);
  }, 60_000);
});

describe('a help desk down for 60 s', () => {
  const { h, clock } = faultHarness();

  it('keeps all 40 submissions, tells each person once, and files each exactly once after it', async () => {
    const forms: Record<'agent' | 'user', OpenForm> = { agent: await openNewTalepForm(h, 'agent'), user: await openNewTalepForm(h, 'user') };
    const people: Person[] = ['admin', 'agent', 'agent2', 'user'];
    const run = token();
    const submissions = Array.from({ length: 40 }, (_, index) => {
      const person = people[index % people.length] as Person;
      return { person, viewId: `V-outage-${run}-${index}`, subject: `Outage submission ${index} ${run}` };
    });
    const proxy = h.proxy!;
    await proxy.down();
    const mark = h.slack.calls.length;
    for (const { person, viewId, subject } of submissions) {
      const form = person === 'user' ? forms.user : forms.agent;
      const ack = await h.send.delivery(newTalepSubmission(h, form, { subject, viewId, person }));
      expect(ack.status).toBe(200);
      expect(json(ack.body)).toContain('Creating your talep');
    }
    await h.services.jobs.idle();
    // Each was tried, failed, kept — and its person told so once.
    for (const { viewId } of submissions) {
      await h.slack.waitFor(() => updatesShowing(h, mark, viewId, QUEUED).length > 0, `the queued notice in ${viewId}`);
    }

    await runClock(h, clock, 60_000);
    expect(await h.services.jobs.queue.listByActor('T1:UAGENT')).not.toHaveLength(0);
    for (const { subject } of submissions.slice(0, 3)) expect(await taleps(h, subject)).toEqual([]);

    await proxy.up();
    const allCreated = () => submissions.every(({ viewId }) => updatesShowing(h, mark, viewId, /Talep #\d+ created/).length > 0);
    await runClock(h, clock, 30 * 60_000, allCreated, 15_000);
    expect(allCreated()).toBe(true);

    for (const { viewId, subject } of submissions) {
      expect(await taleps(h, subject)).toHaveLength(1);
      const shown = shownIn(h, mark, viewId);
      expect(shown.filter((text) => text.includes(QUEUED))).toHaveLength(1);
      expect(shown.filter((text) => /Talep #\d+ created/.test(text))).toHaveLength(1);
      expect(shown.join('\n')).not.toMatch(/try again/i);
    }
    expect(proxy.count('POST', '/api/talep')).toBe(40);
  }, 60_000);
});

describe('a person whose link is gone while their talep waits', () => {
  const { h, clock } = faultHarness();

  it('is told to connect again, with their text to copy; nothing is filed', async () => {
    const open = await openNewTalepForm(h, 'agent2');
    const subject = `Projector lamp ${token()}`;
    const proxy = h.proxy!;
    await proxy.down();
    const mark = h.slack.calls.length;
    await h.send.delivery(newTalepSubmission(h, open, { subject, body: 'Room 4, flickers then dies' }));
    await h.slack.waitFor(() => updatesShowing(h, mark, open.viewId, QUEUED).length > 0, 'the queued notice');
    await h.services.stores.accounts.unlink('T1', 'UAGENT2');
    await proxy.up();
    await runClock(h, clock, 20 * 60_000, () => updatesShowing(h, mark, open.viewId, 'Connect your help-desk account').length > 0);
    const [told] = updatesShowing(h, mark, open.viewId, 'Connect your help-desk account').map((call) => json(call.args.view));
    expect(told).toContain(subject);
    expect(told).toContain('Room 4, flickers then dies');
    expect(await taleps(h, subject)).toEqual([]);
    expect(await h.services.jobs.queue.listDead()).toEqual([expect.objectContaining({ kind: 'new-talep', lastError: 'link: not-linked' })]);
    await h.link('agent2');
  }, 60_000);
});

describe('/talep pending', () => {
  const { h, clock } = faultHarness();

  it('lists the waiting work with Cancel (also on App Home); a cancelled one is never filed', async () => {
    const open = await openNewTalepForm(h, 'agent');
    const keep = `Monitor flickers ${token()}`;
    const drop = `Mouse is missing ${token()}`;
    const proxy = h.proxy!;
    await proxy.down();
    const mark = h.slack.calls.length;
    await h.send.delivery(newTalepSubmission(h, open, { subject: keep, viewId: `V-keep-${unique}` }));
    const dropView = `V-drop-${unique}`;
    await h.send.delivery(newTalepSubmission(h, open, { subject: drop, viewId: dropView }));
    await h.services.jobs.idle();

    const listed = await h.send.slash(h.as('agent'), 'pending');
    const list = await postTo(h, listed.responseUrl, 'the pending list');
    expect(json(list)).toContain(keep);
    expect(json(list)).toContain(drop);
    expect(json(list)).toContain('Waiting for the help desk');
    const cancels = elementsOf(list).filter((element) => element.action_id?.startsWith('pending_cancel'));
    expect(cancels).toHaveLength(2);
    // Newest first: the second submission is the first row.
    const cancel = cancels[0];
    const pressed = await h.send.blockAction(h.as('agent'), { action_id: String(cancel?.action_id), value: String(cancel?.value) });
    const after = await postTo(h, pressed.responseUrl, 'the list after Cancel');
    expect(after.replace_original).toBe(true);
    expect(json(after)).toContain(`Cancelled: New talep “${drop}”`);
    expect(elementsOf(after).filter((element) => element.action_id?.startsWith('pending_cancel'))).toHaveLength(1);
    expect(shownIn(h, mark, dropView).some((text) => text.includes('Cancelled'))).toBe(true);

    const homeMark = h.slack.calls.length;
    await h.send.event({ type: 'app_home_opened', user: 'UAGENT', tab: 'home', channel: 'DAGENT' });
    const home = await h.slack.waitFor(() => h.slack.calls.slice(homeMark).find((call) => call.method === 'views.publish'), 'App Home');
    expect(json(home.args.view)).toContain('Pending work');
    expect(json(home.args.view)).toContain(keep);
    expect(json(home.args.view)).not.toContain(drop);

    await proxy.up();
    await runClock(h, clock, 20 * 60_000, () => h.slack.calls.slice(mark).some((call) => json(call.args).includes('created')));
    await h.services.jobs.idle();
    expect(await taleps(h, keep)).toHaveLength(1);
    expect(await taleps(h, drop)).toEqual([]);
    const empty = await postTo(h, (await h.send.slash(h.as('agent'), 'pending')).responseUrl, 'the empty list');
    expect(json(empty)).toContain('Nothing pending');
  }, 60_000);
});
