/**
 * Honest queues, told in the ack (issue 13): a `/talep` read that will wait more than 3 s for the help
 * desk's rate budget is answered at once by its ack with the "queued" notice (estimate + Cancel), not
 * after its work reached the queue. Its place is kept from the ack on, so a command acked behind it is
 * told a longer wait; the same command again joins the pending one (same wait, no new place); Cancel
 * on the ack's notice takes the command out of the queue before anything is sent.
 *
 * The client's general budget is 16/min here: one call may go at once, then one every ~4 s.
 */
import { describe, expect, it } from 'vitest';
import { QUEUE_CANCEL_ACTION } from '../../src/views/kit/notices.js';
import { json, pressAnswer } from '../support/e2e.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness({ rateLimits: { enabled: true, general: 16, search: 16 } });

interface AckBody {
  response_type?: string;
  text?: string;
  blocks?: { elements?: { action_id?: string; value?: string }[] }[];
}

/** The estimate in a notice's text ("about 7 s" → 7, "about 2.5 s" → 2.5). */
const aboutSeconds = (body: AckBody): number => Number(/about (\d+(?:\.\d+)?) s/.exec(body.text ?? '')?.[1] ?? Number.NaN);
const cancelToken = (body: AckBody): string | undefined =>
  (body.blocks ?? []).flatMap((block) => block.elements ?? []).find((element) => element.action_id === QUEUE_CANCEL_ACTION)?.value;

const isNotice = (post: unknown): boolean => json(post).includes('queued (about');

/** The first post to `responseUrl` that is not a "queued" notice (the ack's is kept with its posts). */
const answerOf = (responseUrl: string | undefined, what: string) =>
  h.slack.waitFor(() => h.slack.postsTo(responseUrl ?? '').find((post) => !isNotice(post)), what, 20_000);

describe('a long wait told in the ack itself', () => {
  it('answers the ack with the queued notice, keeps the place for commands behind it, joins a repeat, and cancels from the ack', async () => {
    // Spends the budget's free send (and caches the agent's Slack language); it may itself wait.
    await answerOf((await h.send.slash(h.as('agent'), 'whoami')).responseUrl, 'the whoami answer');

    const first = await h.send.slash(h.as('agent'), 'show 1');
    const firstAck = first.body as AckBody;
    expect(first.status).toBe(200);
    expect(firstAck.response_type).toBe('ephemeral');
    expect(firstAck.text).toMatch(/queued \(about \d+(?:\.\d)? s\)/);
    expect(cancelToken(firstAck)).toBeTruthy();
    const firstWait = aboutSeconds(firstAck);
    expect(firstWait).toBeGreaterThanOrEqual(3);

    // The same read again while the first waits: told the first one's wait, not a place behind it.
    const repeat = await h.send.slash(h.as('agent'), 'show   1');
    expect(Math.abs(aboutSeconds(repeat.body as AckBody) - firstWait)).toBeLessThanOrEqual(1);

    // Another read acked now is told a wait behind the first one's kept place (its work has not started).
    const behind = await h.send.slash(h.as('agent'), 'show 2');
    const behindAck = behind.body as AckBody;
    expect(aboutSeconds(behindAck)).toBeGreaterThan(firstWait);

    // Cancel on the ack's notice: the command leaves the queue and is never answered.
    const cancelled = await pressAnswer(h, 'agent', { action_id: QUEUE_CANCEL_ACTION, value: cancelToken(behindAck) ?? '' }, { status: true });
    expect(json(cancelled.post)).toContain('Cancelled: your request left the help desk queue');

    // The first command and its repeat get their cards (not a second notice) when their turn comes.
    expect(json(await answerOf(first.responseUrl, 'the card of talep #1'))).toContain('#1');
    expect(json(await answerOf(repeat.responseUrl, 'the repeat’s card of talep #1'))).toContain('#1');
    // Told once, in the ack: the work reaching the queue did not post a second notice.
    expect(h.slack.postsTo(first.responseUrl ?? '').filter((post) => isNotice(post))).toHaveLength(1);

    // Long enough for `show 2`'s turn to have come: nothing was posted for it.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(h.slack.postsTo(behind.responseUrl ?? '').map((post) => json(post))).toEqual([json(behindAck)]);
  }, 60_000);

  it('tells a repeat the pending place’s wait as it is now, longer when someone new came in ahead of it', async () => {
    await answerOf((await h.send.slash(h.as('agent'), 'whoami')).responseUrl, 'the whoami answer');
    await h.send.slash(h.as('agent'), 'show 1');
    const second = await h.send.slash(h.as('agent'), 'show 2');
    const secondWait = aboutSeconds(second.body as AckBody);
    expect(secondWait).toBeGreaterThanOrEqual(3);

    // Someone not in the queue yet: their first turn comes before the agent's second command.
    const newcomer = await h.send.slash(h.as('agent2'), 'show 3');
    expect(aboutSeconds(newcomer.body as AckBody)).toBeLessThanOrEqual(secondWait);

    // The agent's `show 2` again joins the pending one and is told its wait as it is now: the
    // newcomer's turn (a card's two calls, ~4 s each at 16/min) was not in the wait told at first.
    // Acked moments after a newcomer joined, its wait (a later turn) may still grow with people not
    // read yet: it is told on the response_url a moment after the ack, well within a second.
    const repeat = await h.send.slash(h.as('agent'), 'show   2');
    expect(isNotice(repeat.body ?? {})).toBe(false);
    const told = await h.slack.waitFor(() => h.slack.postsTo(repeat.responseUrl ?? '').find(isNotice), 'the repeat’s queued notice', 1_000);
    expect(aboutSeconds(told as AckBody)).toBeGreaterThanOrEqual(secondWait + 4);
    expect(cancelToken(told as AckBody)).toBeTruthy();
    expect(json(await answerOf(repeat.responseUrl, 'the repeat’s card of talep #2'))).toContain('#2');
  }, 90_000);
});
