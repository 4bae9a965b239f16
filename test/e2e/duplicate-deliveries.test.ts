/**
 * Slack delivers an interaction more than once — its retries (re-signed, with X-Slack-Retry-Num, about
 * a second apart), plain duplicates, copies arriving at the same instant — and the bot must act once:
 * one talep from the new-talep form, one comment from the comment modal, one talep and ONE public thread
 * reply from "Open a talep". Every copy of a submission gets the same answer as the first.
 *
 * Each copy is signed anew with its own timestamp, as Slack's retries are: the receiver refuses a
 * signature it has already seen.
 */
import { describe, expect, it } from 'vitest';
import { CommentModalIds, commentBodyBlockId } from '../../src/views/talep-comments/comment-modal.js';
import type { SentRequest } from '../support/slack-requests.js';
import { newTalepSubmission, openNewTalepForm, taleps, updatesShowing } from '../support/new-talep-form.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = () => Math.floor(Date.now() / 1000);
let unique = 0;
const token = () => `${Date.now().toString(36)}${++unique}`;

type Deliver = (payload: Record<string, unknown>) => Promise<SentRequest[]>;

const ways: [string, Deliver][] = [
  [
    "Slack's retries, re-signed 1 s apart",
    async (payload) => {
      const sent = [await h.send.delivery(payload)];
      for (const retryNum of [1, 2]) {
        await sleep(1_000);
        sent.push(await h.send.delivery(payload, { retryNum }));
      }
      return sent;
    },
  ],
  [
    'plain duplicates, one after the other',
    async (payload) => {
      const now = seconds();
      const sent: SentRequest[] = [];
      for (const age of [0, 1, 2]) sent.push(await h.send.delivery(payload, { timestamp: now - age }));
      return sent;
    },
  ],
  [
    'three copies at the same instant',
    async (payload) => {
      const now = seconds();
      return Promise.all([0, 1, 2].map((age) => h.send.delivery(payload, { timestamp: now - age })));
    },
  ],
];

/** Every copy was acknowledged, each with the first copy's answer. */
function expectOneAnswer(sent: SentRequest[]): void {
  expect(sent.map((request) => request.status)).toEqual([200, 200, 200]);
  const [first, ...copies] = sent;
  for (const copy of copies) expect(copy.body).toEqual(first?.body);
}

describe.each(ways)('%s', (_way, deliver) => {
  it('the new-talep form: one talep', async () => {
    const open = await openNewTalepForm(h, 'agent');
    const subject = `Printer on floor 3 jams ${token()}`;
    const mark = h.slack.calls.length;
    const sent = await deliver(newTalepSubmission(h, open, { subject }));
    expectOneAnswer(sent);
    expect(JSON.stringify(sent[0]?.body)).toContain('Creating your talep');
    await h.slack.waitFor(() => updatesShowing(h, mark, open.viewId, /Talep #\d+ created/).length > 0, 'the created view');
    await h.services.jobs.idle();
    expect(await taleps(h, subject)).toHaveLength(1);
    expect(updatesShowing(h, mark, open.viewId, /Talep #\d+ created/)).toHaveLength(1);
  });

  it('the comment modal: one comment', async () => {
    const text = `Replaced the fuser unit ${token()}`;
    const payload = h.send.submissionPayload(h.as('agent'), {
      callback_id: CommentModalIds.callbackId,
      private_metadata: JSON.stringify({ talepId: 6, agent: true, bodyVersion: 0, channelId: 'C1' }),
      values: { [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: text } } },
    });
    const mark = h.slack.calls.length;
    expectOneAnswer(await deliver(payload));
    await h.slack.waitFor(
      () => h.slack.calls.slice(mark).some((call) => call.method === 'chat.postEphemeral' && JSON.stringify(call.args).includes('Comment added to #6')),
      'the confirmation',
    );
    await h.services.jobs.idle();
    const comments = await h.sandboxAs('admin').comments({ id: 6 });
    expect(comments.filter((comment) => comment.Body === text)).toHaveLength(1);
  });

  it('"Open a talep": one talep and one thread reply', async () => {
    const ts = `1700001000.${String(++unique).padStart(6, '0')}`;
    const subject = `VPN drops every hour ${token()}`;
    const open = await openNewTalepForm(h, 'agent', { ts, text: subject });
    const mark = h.slack.calls.length;
    expectOneAnswer(await deliver(newTalepSubmission(h, open, { subject })));
    await h.slack.waitFor(() => updatesShowing(h, mark, open.viewId, /Talep #\d+ created/).length > 0, 'the created view');
    await h.services.jobs.idle();
    const [id, ...more] = await taleps(h, subject);
    expect(more).toEqual([]);
    const replies = h.slack.calls.slice(mark).filter((call) => call.method === 'chat.postMessage' && call.args.thread_ts === ts);
    expect(replies).toHaveLength(1);
    expect(JSON.stringify(replies[0]?.args)).toContain(`#${id}`);
    expect((await h.services.stores.messageTaleps.get('T1', 'C1', ts))?.talepId).toBe(id);
  });
});

describe('two people open a talep from one message at the same instant', () => {
  it('makes one talep and one thread reply; the other is told about it', async () => {
    const ts = `1700002000.${String(++unique).padStart(6, '0')}`;
    const subject = `Core switch flapping ${token()}`;
    const first = await openNewTalepForm(h, 'agent', { ts, text: subject });
    const second = await openNewTalepForm(h, 'agent2', { ts, text: subject });
    const mark = h.slack.calls.length;
    const sent = await Promise.all([
      h.send.delivery(newTalepSubmission(h, first, { subject })),
      h.send.delivery(newTalepSubmission(h, second, { subject })),
    ]);
    expect(sent.map((request) => request.status)).toEqual([200, 200]);
    const answers = sent.map((request) => JSON.stringify(request.body));
    // One of the two is filing it; the other was told a talep is (being) opened from this message.
    expect(answers.filter((answer) => answer.includes('Creating your talep'))).toHaveLength(1);
    expect(answers.filter((answer) => /already (being )?opened from this message/.test(answer))).toHaveLength(1);
    await h.slack.waitFor(
      () => [first, second].some((open) => updatesShowing(h, mark, open.viewId, /Talep #\d+ created/).length > 0),
      'the created view',
    );
    await h.services.jobs.idle();
    expect(await taleps(h, subject)).toHaveLength(1);
    expect(h.slack.calls.slice(mark).filter((call) => call.method === 'chat.postMessage' && call.args.thread_ts === ts)).toHaveLength(1);
  });
});
