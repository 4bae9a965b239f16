/**
 * Honest queues (issue 13): a wait over 3 s is told at once, with an estimate and a Cancel button;
 * told again only when the estimate moved; Cancel takes the interaction out of the queue.
 */
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/messages.js';
import { placeAtAck } from '../../src/slack/acked-place.js';
import { cancelQueued, queueNotice } from '../../src/slack/queue-notice.js';
import type { Services } from '../../src/slack/services.js';
import type { Surface } from '../../src/slack/surface.js';
import type { SlackMessage } from '../../src/views/kit/blocks.js';
import { QUEUE_CANCEL_ACTION } from '../../src/views/kit/notices.js';

function scene(typicalCallMs = 2_000) {
  const sent: SlackMessage[] = [];
  const surface: Surface = { kind: 'respond', send: async (message) => void sent.push(message), replace: async (message) => void sent.push(message) };
  const services = { helpdesk: { typicalCallMs }, logger: { warn: () => undefined } } as unknown as Services;
  return { sent, notice: queueNotice(services, surface) };
}

const cancelTokenOf = (message: SlackMessage): string => {
  const blocks = (message.blocks ?? []) as { type: string; elements?: { action_id: string; value: string }[] }[];
  const button = blocks.flatMap((block) => block.elements ?? []).find((element) => element.action_id === QUEUE_CANCEL_ACTION);
  return button?.value ?? '';
};

describe('queue notice', () => {
  it('says nothing when the answer comes well within 3 s (queue wait + a typical call ≤ 2.4 s)', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(400);
    expect(sent).toEqual([]);
  });

  it('tells an answer expected in 2.5 s: an estimate may be a quarter short, and the wait then over 3 s', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(500);
    expect(sent).toHaveLength(1);
  });

  it('tells a longer wait at once, with the estimate including the call itself, and a Cancel button', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(38_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('queued (about 40 s)');
    expect(cancelTokenOf(sent[0]!)).not.toBe('');
  });

  it('a sent call (0) is not told, even from a help desk slower than 2.4 s a call: there is no queue', () => {
    const { sent, notice } = scene(5_000);
    notice.onQueued(0);
    expect(sent).toEqual([]);
    expect(notice.answerInMs()).toBeGreaterThan(4_900); // a call's time from now
  });

  it('once sent, the answer is expected in a call’s time, not in what the last estimate had left', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(30_000);
    expect(notice.answerInMs()).toBeGreaterThan(31_000);
    notice.onQueued(0); // sent well ahead of the estimate
    expect(notice.answerInMs()).toBeLessThanOrEqual(2_000);
    expect(sent).toHaveLength(1);
  });

  it('tells a new estimate only when it moved by more than a quarter', () => {
    const { sent, notice } = scene(0);
    notice.onQueued(60_000);
    notice.onQueued(58_000); // as expected: not told again (and too soon anyway)
    expect(sent).toHaveLength(1);
  });

  it('Cancel aborts the interaction’s waits once; a second press finds nothing waiting', () => {
    const { sent, notice } = scene(0);
    notice.onQueued(30_000);
    const token = cancelTokenOf(sent[0]!);
    expect(notice.signal.aborted).toBe(false);
    expect(cancelQueued(token)).toBe(true);
    expect(notice.signal.aborted).toBe(true);
    expect(cancelQueued(token)).toBe(false);
    notice.onQueued(30_000); // cancelled: nothing more is told
    expect(sent).toHaveLength(1);
  });

  it('a Cancel button stops working 10 minutes after it was told, and past 5,000 waiting the oldest goes first', () => {
    const now = vi.spyOn(performance, 'now');
    try {
      now.mockReturnValue(1_000);
      const { sent, notice } = scene(0);
      notice.onQueued(30_000);
      now.mockReturnValue(1_000 + 10 * 60_000);
      expect(cancelQueued(cancelTokenOf(sent[0]!))).toBe(false);
      expect(notice.signal.aborted).toBe(false);
      now.mockReturnValue(2_000_000);
      const tokens = Array.from({ length: 5_001 }, () => {
        const one = scene(0);
        one.notice.onQueued(30_000);
        return cancelTokenOf(one.sent[0]!);
      });
      expect(cancelQueued(tokens[0]!)).toBe(false);
      expect(cancelQueued(tokens[1]!)).toBe(true);
      expect(cancelQueued(tokens[5_000]!)).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  it('told in the ack: the notice is returned for the ack (not posted), and the queue telling the same wait posts nothing', () => {
    const { sent, notice } = scene(1_000);
    const inAck = notice.atAck(20_000, english);
    expect(inAck?.text).toContain('queued (about 21 s)');
    expect(cancelTokenOf(inAck!)).not.toBe('');
    notice.onQueued(19_500); // the work reached the queue: as told
    expect(sent).toEqual([]);
    expect(notice.answerInMs()).toBeGreaterThan(20_000);
  });

  it('a short wait is not told in the ack, but noted for a repeat of the command to be told', () => {
    const { notice } = scene(1_000);
    expect(notice.answerInMs()).toBeUndefined();
    expect(notice.atAck(1_000, english)).toBeUndefined();
    expect(notice.answerInMs()).toBeGreaterThan(1_900);
    notice.expect(9_000);
    expect(notice.answerInMs()).toBeGreaterThan(9_900);
  });
});

describe('a /talep read’s place taken at its ack', () => {
  /** `far`: places are far from their turn; their works start when the test says (`dues`). */
  function placeScene(far = false, waitOf = (nth: number) => 10_000 * nth) {
    /** `now`: what the place estimates when asked again (undefined: its call is under way, or not asked). */
    const expected: { budget: string; calls: number | undefined; released: number; working: number; now?: number }[] = [];
    const dues: (() => void)[] = [];
    const services = {
      helpdesk: {
        typicalCallMs: 1_000,
        expectCall: (budget: string, action: { calls?: number }) => {
          const entry: (typeof expected)[number] = { budget, calls: action.calls, released: 0, working: 0 };
          expected.push(entry);
          const whenDue = (_leadMs: number, start: () => void) => (far ? void dues.push(start) : start());
          return {
            estimatedWaitMs: waitOf(expected.length),
            estimateNowMs: () => entry.now,
            release: () => void entry.released++,
            whenDue,
            working: () => void entry.working++,
          };
        },
      },
      logger: { warn: () => undefined },
    } as unknown as Services;
    const surface: Surface = { kind: 'respond', send: async () => undefined, replace: async () => undefined };
    return {
      expected,
      dues,
      place: (text: string, userId = 'U1', startsInMs = 0) => placeAtAck(services, surface, { teamId: 'T1', userId }, { budget: 'general', calls: 2, repeatJoins: true }, text, startsInMs),
    };
  }

  it('its work waits for the acks as long as the burst’s hold its estimate counted, longer when a long wait was told', () => {
    const { place } = placeScene(false, (nth) => (nth === 1 ? 1_000 : 30_000));
    // A short wait, told (3 s with the call): held like the commands acked ahead of it, not run before theirs.
    const near = place('show 1', 'U1', 300);
    expect(near.holdMs(true)).toBe(300);
    expect(near.holdMs(false)).toBe(300);
    // A long wait: held until well inside it (at most 5 s), its first call still queued before its turn.
    const far = place('show 2', 'U2', 300);
    expect(far.holdMs(true)).toBe(5_000);
    expect(far.holdMs(false)).toBe(300);
    near.done();
    far.done();
  });

  it('keeps a place with the route’s budget and calls, told when the wait is long, held for its work while it runs, released when the work is done', () => {
    const { expected, place } = placeScene();
    const first = place('show 1');
    expect(expected).toEqual([{ budget: 'general', calls: 2, released: 0, working: 0 }]);
    expect([first.waitMs, first.announce]).toEqual([10_000, true]);
    first.working();
    expect(expected[0]!.working).toBe(1);
    first.done();
    first.done();
    expect(expected[0]!.released).toBe(2); // release itself is idempotent in the throttle
  });

  it('a repeat of a pending read takes no place and is told the pending one’s wait; after it, a new place', () => {
    const { expected, place } = placeScene();
    const first = place('show 1');
    const repeat = place('show   1 ');
    expect(expected).toHaveLength(1);
    expect(Math.abs(repeat.waitMs - first.waitMs)).toBeLessThan(50);
    // It acts in the pending one's place: whichever work comes first makes the call there.
    expect(repeat.order).toBe(first.order);
    const someoneElse = place('show 1', 'U2');
    expect(someoneElse.order).not.toBe(first.order);
    expect(expected).toHaveLength(2);
    expect(someoneElse.waitMs).toBe(20_000);
    first.done();
    repeat.done();
    place('show 1');
    expect(expected).toHaveLength(3);
  });

  it('a repeat is told the pending place’s estimate as it is now, when the place has one', () => {
    const { expected, place } = placeScene();
    const first = place('show 4');
    expect(first.waitMs).toBe(10_000);
    expect(expected[0]).toBeDefined();
    expected[0]!.now = 25_000; // people seen since have turns before it
    const repeat = place('show 4');
    expect(repeat.waitMs).toBe(25_000);
    expect(repeat.order).toBe(first.order);
    expect(expected).toHaveLength(1);
  });

  it('a repeat after the pending read was sent is told nothing: its answer comes in a call’s time', () => {
    const { place } = placeScene();
    const first = place('show 7');
    expect(first.announce).toBe(true);
    first.notice.onQueued(0); // the pending call went, well ahead of its estimate
    const repeat = place('show 7');
    expect(repeat.announce).toBe(false);
    expect(repeat.order).toBe(first.order);
  });

  it('a read far down the queue starts its work when its turn nears, its repeat with it; a place near its turn at once', () => {
    const { dues, place } = placeScene(true);
    const first = place('show 3');
    const repeat = place('show 3');
    const started: string[] = [];
    first.start((later) => started.push(`first${later ? ' later' : ''}`));
    repeat.start((later) => started.push(`repeat${later ? ' later' : ''}`));
    expect([first.startsLater, repeat.startsLater]).toEqual([true, true]);
    expect(started).toEqual([]);
    dues[0]!(); // the throttle: its place nears its turn
    expect(started).toEqual(['first later', 'repeat later']);
    const near = placeScene(false).place('show 4');
    const nearStarted: boolean[] = [];
    near.start((later) => nearStarted.push(later));
    expect([near.startsLater, nearStarted]).toEqual([false, [false]]);
  });

  it('a read waiting for its turn starts at once when it is cancelled from its notice, and only once', () => {
    const { dues, place } = placeScene(true);
    const waiting = place('show 5');
    const message = waiting.notice.atAck(waiting.waitMs, english);
    const started: boolean[] = [];
    waiting.start((later) => started.push(later));
    expect(cancelQueued(cancelTokenOf(message!))).toBe(true);
    expect(started).toEqual([true]); // it runs to leave the queue: its calls see the cancelled signal
    expect(waiting.notice.signal.aborted).toBe(true);
    dues[0]!();
    expect(started).toEqual([true]);
  });

  it('a repeat that joined a read cancelled before its turn starts when that read is done', () => {
    const { place } = placeScene(true);
    const first = place('show 6');
    const repeat = place('show 6');
    const started: string[] = [];
    first.start(() => started.push('first'));
    repeat.start(() => started.push('repeat'));
    expect(cancelQueued(cancelTokenOf(first.notice.atAck(first.waitMs, english)!))).toBe(true);
    expect(started).toEqual(['first']); // it leaves the queue through its cancelled calls
    first.done();
    expect(started).toEqual(['first', 'repeat']); // not cancelled itself: it makes its own call
  });
});
