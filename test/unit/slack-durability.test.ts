/**
 * The kernel's pieces of "nothing lost, nothing twice", each on its own: the deliveries a process has
 * seen (a copy gets the first ack), a job's recorded steps (a call that may have been sent is looked for
 * before it is made again), the references and lookups that find what such a call made, the atomic
 * reservation of a message, and `onlyOnce` for writes inside an interaction.
 */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { HelpdeskClient } from '../../src/api/client.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { actionDeliveryKey, DeliveryLog, submissionDeliveryKey } from '../../src/slack/deliveries.js';
import type { Interaction } from '../../src/slack/interaction.js';
import { errorText } from '../../src/slack/failures.js';
import { IN_FLIGHT_TEXT, onlyOnce, UnconfirmedWrite } from '../../src/slack/once.js';
import { comparableText, findComment, findTalepByRef, slackRef, withSlackRef } from '../../src/slack/reconcile.js';
import type { Services } from '../../src/slack/services.js';
import { WorkSteps } from '../../src/slack/work-steps.js';
import { openStores } from '../../src/store/index.js';
import type { JsonValue } from '../../src/store/json-value.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import { pendingHomeBlocks, pendingListMessage, type PendingRow } from '../../src/views/pending/list.js';

const neverSent = () => new HelpdeskError('unavailable', 'createTalep: connect ECONNREFUSED', { operation: 'createTalep', requestSent: false });
const noAnswer = () => new HelpdeskError('unknown-outcome', 'createTalep: sent, no answer', { operation: 'createTalep', requestSent: true });
const refused = () => new HelpdeskError('invalid', 'createTalep: bad category', { operation: 'createTalep', status: 400, requestSent: true });

describe('DeliveryLog', () => {
  it('a copy of a delivery waits for the first ack and gets the same answer', async () => {
    const log = new DeliveryLog();
    const first = log.arrive('view:T1:U1:V1:h:x');
    const copy = log.arrive('view:T1:U1:V1:h:x');
    expect(first.first).toBe(true);
    expect(copy.first).toBe(false);
    const answer = copy.first ? undefined : copy.firstAck();
    if (first.first) first.acked({ response_action: 'update', view: { type: 'modal' } });
    expect(await answer).toEqual({ response_action: 'update', view: { type: 'modal' } });
    expect(log.arrive('view:T1:U1:V2:h:x').first).toBe(true);
  });

  it('forgets deliveries after their time and keeps a bounded number', async () => {
    const log = new DeliveryLog({ ttlMs: 20, max: 3 });
    log.arrive('a');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(log.arrive('a').first).toBe(true);
    for (const key of ['b', 'c', 'd', 'e']) log.arrive(key);
    expect(log.size).toBe(3);
  });

  it('keys: a submission by view, hash and values (a corrected form is new); an action by its ts and id', () => {
    const body = (values: unknown) => ({ team: { id: 'T1' }, user: { id: 'U1' }, view: { id: 'V1', hash: 'h1', state: { values } } });
    expect(submissionDeliveryKey(body({ a: 1 }))).toBe(submissionDeliveryKey(body({ a: 1 })));
    expect(submissionDeliveryKey(body({ a: 1 }))).not.toBe(submissionDeliveryKey(body({ a: 2 })));
    expect(submissionDeliveryKey(body({ a: 1 }))).toMatch(/^view:T1:U1:V1:h1:/);
    const press = (actionId: string, ts?: string) => ({ team: { id: 'T1' }, user: { id: 'U1' }, actions: [{ action_id: actionId, action_ts: ts }] });
    expect(actionDeliveryKey(press('a', '1.2'))).toBe('action:T1:U1:1.2:a');
    expect(actionDeliveryKey(press('b', '1.2'))).not.toBe(actionDeliveryKey(press('a', '1.2')));
    expect(actionDeliveryKey(press('a'))).toBeUndefined();
  });
});

/** A job's steps kept in memory, as the job store keeps them. */
function stepsOf(progress?: JsonValue) {
  const job = { id: 'j1', progress };
  const queue = {
    saveProgress: async (_id: string, saved: JsonValue) => {
      job.progress = structuredClone(saved);
      return true;
    },
  };
  return { job, next: () => new WorkSteps(queue, job, () => new Date()) };
}

describe('WorkSteps', () => {
  const id = z.int();

  it('a step done is not done again; its result is kept', async () => {
    const { next } = stepsOf();
    const act = vi.fn(async () => 12);
    const find = vi.fn(async () => undefined);
    expect(await next().once('talep', id, act, find)).toBe(12);
    expect(await next().once('talep', id, act, find)).toBe(12);
    expect(act).toHaveBeenCalledTimes(1);
    expect(find).not.toHaveBeenCalled();
  });

  it('a call that may have been sent (no answer, or a crash mid-call) is looked for first, and adopted when found', async () => {
    const { next } = stepsOf();
    await expect(next().once('talep', id, async () => Promise.reject(noAnswer()), async () => undefined)).rejects.toMatchObject({ kind: 'unknown-outcome' });
    const steps = next();
    expect(steps.maybeSent('talep')).toBe(true);
    expect(steps.checking).toBe(true);
    const act = vi.fn(async () => 99);
    expect(await steps.once('talep', id, act, async () => 12)).toBe(12);
    expect(act).not.toHaveBeenCalled();
    expect(next().checking).toBe(false);
  });

  it('not found: made again; a failure that certainly changed nothing is not "maybe sent"', async () => {
    const { next } = stepsOf({ done: {}, sending: ['talep'], told: [] });
    expect(await next().once('talep', id, async () => 13, async () => undefined)).toBe(13);
    for (const failure of [neverSent(), refused()]) {
      const fresh = stepsOf();
      await expect(fresh.next().once('talep', id, async () => Promise.reject(failure), async () => undefined)).rejects.toBe(failure);
      expect(fresh.next().maybeSent('talep')).toBe(false);
    }
  });

  it('atMostOnce: what cannot be looked for is skipped after a run that may have done it', async () => {
    const { next } = stepsOf({ done: {}, sending: ['thread-reply'], told: [] });
    const post = vi.fn(async () => true);
    expect(await next().atMostOnce('thread-reply', z.boolean(), post)).toBeUndefined();
    expect(post).not.toHaveBeenCalled();
    const fresh = stepsOf();
    expect(await fresh.next().atMostOnce('thread-reply', z.boolean(), post)).toBe(true);
    expect(await fresh.next().atMostOnce('thread-reply', z.boolean(), post)).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('notices are told once per job', async () => {
    const { next } = stepsOf();
    const steps = next();
    expect(steps.told('kept')).toBe(false);
    await steps.markTold('kept');
    expect(next().told('kept')).toBe(true);
  });
});

describe('finding what a call made', () => {
  it('a reference is short, readable, the same for one key, and sits at the end of the body', () => {
    const ref = slackRef('view:T1:U1:V1:h1:abc');
    expect(ref).toMatch(/^TB[A-HJ-NP-Z2-9]{8}$/);
    expect(slackRef('view:T1:U1:V1:h1:abc')).toBe(ref);
    expect(slackRef('view:T1:U1:V1:h2:abc')).not.toBe(ref);
    expect(withSlackRef('Tray 2 is empty\n\n', ref)).toBe(`Tray 2 is empty\n\n— Sent from Slack · ref ${ref}`);
    expect(withSlackRef('', ref)).toBe(`— Sent from Slack · ref ${ref}`);
    const fromMessage = 'Jam again\n\n— Posted in Slack by Ayla: https://x.slack.com/p1';
    expect(withSlackRef(fromMessage, ref)).toBe(`${fromMessage} · ref ${ref}`);
  });

  it('a talep is adopted only when its body carries the reference', async () => {
    const hd = {
      search: async () => [{ TalepID: 4 }, { TalepID: 9 }],
      getTalep: async ({ id }: { id: number }) => ({ TalepID: id, Subject: 'Printer', Body: id === 9 ? 'text\n— Sent from Slack · ref TBAAAAAAAA' : 'TBAAAAAAAB' }),
    } as unknown as Pick<HelpdeskClient, 'search' | 'getTalep'>;
    expect(await findTalepByRef(hd, 'TBAAAAAAAA')).toBe(9);
    expect(await findTalepByRef(hd, 'TBZZZZZZZZ')).toBeUndefined();
  });

  it('a comment: same author, visibility and text (as a help desk may store it), made since the work was accepted', async () => {
    const since = new Date('2026-03-01T10:00:00Z');
    const comment = (CommentID: number, fields: Partial<{ UserID: number; ForTechsOnly: boolean; Body: string; at: string }>) => ({
      CommentID,
      UserID: fields.UserID ?? 3,
      ForTechsOnly: fields.ForTechsOnly ?? false,
      Body: fields.Body ?? 'Replaced the roller &amp; tested<br>OK',
      CommentDate: new Date(fields.at ?? '2026-03-01T10:00:05Z'),
    });
    const hd = (rows: ReturnType<typeof comment>[]) => ({ comments: async () => rows }) as unknown as Pick<HelpdeskClient, 'comments'>;
    const look = { talepId: 1, authorId: 3, body: 'Replaced the roller & tested\r\nOK', forTechsOnly: false, since };
    expect(await findComment(hd([comment(7, {})]), look)).toBe(7);
    expect(await findComment(hd([comment(7, { UserID: 4 })]), look)).toBeUndefined();
    expect(await findComment(hd([comment(7, { ForTechsOnly: true })]), look)).toBeUndefined();
    expect(await findComment(hd([comment(7, { at: '2026-03-01T09:50:00Z' })]), look)).toBeUndefined();
    expect(await findComment(hd([comment(7, { Body: 'Replaced the roller' })]), look)).toBeUndefined();
    expect(comparableText('  a<b>x</b>\n\n b  ')).toBe('a x b');
  });
});

describe('MessageTalepStore.reserve', () => {
  it('of concurrent reservations of one message one wins; the others learn who opens it, then the talep', async () => {
    const { messageTaleps } = await openStores(undefined, Buffer.alloc(32, 1));
    const claims = await Promise.all(['job-a', 'job-b', 'job-c'].map((jobKey, index) => messageTaleps.reserve('T1', 'C1', '1.1', { jobKey, createdBy: `U${index}` })));
    expect(claims.filter((claim) => claim.state === 'reserved')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'opening')).toHaveLength(2);
    // The winner's own copy is still its reservation; a reservation held by work that ended is taken over.
    expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-a', createdBy: 'U0' })).toEqual({ state: 'reserved' });
    expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-d', createdBy: 'U3' }, { replacing: 'job-a' })).toEqual({ state: 'reserved' });
    await messageTaleps.release('T1', 'C1', '1.1', 'job-a');
    expect((await messageTaleps.get('T1', 'C1', '1.1'))?.jobKey).toBe('job-d');
    await messageTaleps.set('T1', 'C1', '1.1', 42, 'U3');
    await messageTaleps.release('T1', 'C1', '1.1', 'job-d');
    expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-e', createdBy: 'U4' })).toEqual({ state: 'opened', talepId: 42, createdBy: 'U3' });
  });
});

describe('onlyOnce', () => {
  async function interaction(deliveryKey: string | undefined) {
    const stores = await openStores(undefined, Buffer.alloc(32, 1));
    const told: string[] = [];
    const ix = {
      services: { stores, logger: { info: () => undefined } } as unknown as Services,
      who: { teamId: 'T1', userId: 'U1' },
      surface: { kind: 'respond', send: async (message: { text: string }) => void told.push(message.text), replace: async () => undefined },
      ...(deliveryKey ? { deliveryKey } : {}),
    } as unknown as Interaction;
    return { ix, told };
  }
  const created = z.object({ id: z.int() });

  it('a repeat of a delivery answers with the first result and writes nothing', async () => {
    const { ix } = await interaction('action:T1:U1:1.1:delete');
    const write = vi.fn(async () => ({ id: 5 }));
    expect(await onlyOnce(ix, 'create-user', created, write)).toEqual({ result: { id: 5 }, repeat: false });
    expect(await onlyOnce(ix, 'create-user', created, write)).toEqual({ result: { id: 5 }, repeat: true });
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('a repeat while the first still runs is told so and does nothing', async () => {
    const { ix, told } = await interaction('view:T1:U1:V1:h:x');
    let finish: (value: { id: number }) => void = () => undefined;
    const first = onlyOnce(ix, 'create-user', created, () => new Promise((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await onlyOnce(ix, 'create-user', created, async () => ({ id: 6 }))).toBeUndefined();
    expect(told).toEqual([IN_FLIGHT_TEXT]);
    finish({ id: 5 });
    expect((await first)?.result).toEqual({ id: 5 });
  });

  it('a failure that changed nothing frees the key; one that may have changed something keeps it', async () => {
    const { ix } = await interaction('view:T1:U1:V2:h:x');
    await expect(onlyOnce(ix, 'k', created, async () => Promise.reject(refused()))).rejects.toMatchObject({ kind: 'invalid' });
    expect(await onlyOnce(ix, 'k', created, async () => ({ id: 1 }))).toEqual({ result: { id: 1 }, repeat: false });
    const other = await interaction('view:T1:U1:V3:h:x');
    const unconfirmed = await onlyOnce(other.ix, 'k', created, async () => Promise.reject(noAnswer())).catch((error: unknown) => error);
    expect(unconfirmed).toBeInstanceOf(UnconfirmedWrite);
    // Nothing checks it here, so the person is told it is unknown — not "checking", not "try again".
    expect(errorText(unconfirmed)).toContain('cannot tell whether that was done');
    expect(errorText(unconfirmed)).not.toMatch(/try again|checking/i);
    expect(await onlyOnce(other.ix, 'k', created, async () => ({ id: 2 }))).toBeUndefined();
  });
});

describe('the pending-work views', () => {
  const row = (index: number, state: PendingRow['state'] = 'pending'): PendingRow => ({
    id: `job-${index}`,
    what: `New talep “Printer <${index}>”`,
    state,
    since: new Date('2026-03-01T10:00:00Z'),
    attempts: 2,
    nextAttemptAt: new Date('2026-03-01T10:05:00Z'),
  });

  it('lists within Block Kit’s limits, escaped, with Cancel only on what waits', () => {
    const rows = [...Array.from({ length: 24 }, (_, index) => row(index)), row(90, 'running'), row(91, 'dead')];
    const message = pendingListMessage(rows);
    expect(checkMessage(message)).toEqual([]);
    expect(JSON.stringify(message)).toContain('more than 20; the latest 20');
    expect(JSON.stringify(message)).toContain('Printer &lt;0&gt;');
    const home = { type: 'home', blocks: pendingHomeBlocks([row(1), row(2, 'running'), row(3, 'dead')]) };
    expect(checkView(home)).toEqual([]);
    expect(JSON.stringify(home).match(/pending_home_cancel/g)).toHaveLength(1);
    expect(pendingHomeBlocks([])).toEqual([]);
    expect(JSON.stringify(pendingListMessage([]))).toContain('Nothing pending');
  });
});
