/**
 * The Slack benchmark's arithmetic (bench/slack): percentiles with censoring, the table's medians,
 * ratios and goals, the queue-honesty rules, and recognising the bot's own "queued" notice.
 */
import { describe, expect, test } from 'vitest';
import { queuedMessage } from '../../src/views/kit/notices.js';
import { budgetUse, queueOutcome } from '../../bench/slack/queue-metrics.js';
import { buildTable, formatFigure, markdownTable, type RowSpec, type RunFigures } from '../../bench/slack/report.js';
import { announcedWaitMs, firstViewUpdates, hasCancelButton, isQueuedNotice, viewsOpenedByTrigger } from '../../bench/slack/slack-messages.js';
import { censoredPercentile, medianFigure, percentile } from '../../bench/slack/stats.js';
import type { SlackCall } from '../../src/playground/slack-stand-in.js';

describe('percentiles', () => {
  test('nearest rank: p99 of 100 values is the 99th, of 50 values the largest', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // unsorted on purpose
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(Array.from({ length: 50 }, (_, i) => i + 1), 99)).toBe(50);
    expect(percentile([], 50)).toBeUndefined();
  });

  test('an unanswered request makes a percentile that reaches it a lower bound at the cut-off', () => {
    const durations = [100, 200, undefined, 300];
    expect(censoredPercentile(durations, 50, 60_000)).toEqual({ value: 200 });
    expect(censoredPercentile(durations, 99, 60_000)).toEqual({ value: 60_000, atLeast: true });
  });

  test('the median of runs keeps a censored figure censored', () => {
    expect(medianFigure([{ value: 3 }, { value: 1 }, { value: 2 }])).toEqual({ value: 2 });
    expect(medianFigure([{ value: 5 }, { value: 9, atLeast: true }, { value: 9, atLeast: true }])).toEqual({ value: 9, atLeast: true });
  });
});

describe('the table', () => {
  const rows: RowSpec[] = [
    { metric: 'ack p99', bot: 'bot', baseline: 'bare', unit: 'ms', goal: { kind: 'ratio-at-most', max: 1.2, text: '≤ 1.2×' } },
    { metric: 'form p99', bot: 'form', unit: 's', goal: { kind: 'at-most', max: 3_000, text: '≤ 3 s' } },
    { metric: 'share', bot: 'share', unit: 'percent', goal: { kind: 'at-least', min: 100, text: 'all' } },
    { metric: 'never measured', bot: 'nothing', unit: 'count', goal: { kind: 'none', text: '—' } },
  ];

  test('medians per side, the median of each run’s own ratio, and the goal judged on them', () => {
    const runs: RunFigures[] = [
      { bot: { value: 300 }, bare: { value: 100 }, form: { value: 2_000 }, share: { value: 100 } },
      { bot: { value: 400 }, bare: { value: 400 }, form: { value: 4_000 }, share: { value: 50 } },
      { bot: { value: 500 }, bare: { value: 200 }, form: { value: 2_500 }, share: { value: 100 } },
    ];
    const [ack, form, share, never] = buildTable(rows, runs);
    // Ratios 3, 1, 2.5: the median is 2.5, not 400 / 200.
    expect(ack).toMatchObject({ talepBot: { value: 400 }, bareBolt: { value: 200 }, ratio: 2.5, met: false });
    expect(form).toMatchObject({ talepBot: { value: 2_500 }, met: true });
    expect(share).toMatchObject({ talepBot: { value: 100 }, met: true });
    expect(never).toMatchObject({ talepBot: undefined, met: undefined });
    const markdown = markdownTable(buildTable(rows, runs));
    expect(markdown).toContain('| ack p99 | 400 ms | 200 ms | 2.50× | ≤ 1.2× | **no** |');
    expect(markdown).toContain('| never measured | — | — | — | — | — |');
  });

  test('a lower bound above an at-most goal is a miss; below it, it proves nothing', () => {
    const miss = buildTable([rows[1] as RowSpec], [{ form: { value: 60_000, atLeast: true } }]);
    expect(miss[0]?.met).toBe(false);
    expect(formatFigure({ value: 60_000, atLeast: true }, 's')).toBe('≥ 60.0 s');
    const unknown = buildTable([{ ...(rows[1] as RowSpec), goal: { kind: 'at-most', max: 90_000, text: '' } }], [{ form: { value: 60_000, atLeast: true } }]);
    expect(unknown[0]?.met).toBeUndefined();
  });

  test('figures are printed in their unit', () => {
    expect(formatFigure({ value: 1441.4 }, 'ms')).toBe('1,441 ms');
    expect(formatFigure({ value: 1.836 }, 'ms')).toBe('1.84 ms');
    expect(formatFigure({ value: 214 * 1024 * 1024 }, 'MB')).toBe('214 MB');
    expect(formatFigure({ value: 98.5 }, 'percent')).toBe('98.5 %');
    expect(formatFigure(undefined, 'count')).toBe('—');
  });
});

describe('queue honesty', () => {
  const notice = (seconds: number, cancel = false) => ({
    ...queuedMessage(seconds * 1000),
    ...(cancel ? { blocks: [{ type: 'actions', elements: [{ type: 'button', action_id: 'queue_cancel', text: { type: 'plain_text', text: 'Cancel' } }] }] } : {}),
  });
  const answer = { text: 'Talep #2', blocks: [] };

  test('the bot’s own notice is recognised, with the wait it announces', () => {
    expect(isQueuedNotice(queuedMessage(40_000))).toBe(true);
    expect(announcedWaitMs(queuedMessage(40_000))).toBe(40_000);
    expect(announcedWaitMs(queuedMessage(150_000))).toBe(150_000); // "about 150 s"
    expect(announcedWaitMs(queuedMessage(250_000))).toBe(240_000); // "about 4 min"
    expect(isQueuedNotice(answer)).toBe(false);
    expect(hasCancelButton(notice(5, true))).toBe(true);
    expect(hasCancelButton(notice(5))).toBe(false);
  });

  test('silence, unannounced long waits, notice delays and estimates follow the issue’s rules', () => {
    const end = 200_000;
    const outcome = queueOutcome(
      [
        // Answered at once: neither silent nor a long wait.
        { sentAt: 0, posts: [{ at: 500, body: answer }] },
        // Announced within 1 s (40 s), answered 38 s later: announced, estimate within ±25 %.
        { sentAt: 0, posts: [{ at: 800, body: notice(40, true) }, { at: 38_800, body: answer }] },
        // Announced after 12 s (10 s), answered 30 s after the notice: silent > 10 s, unannounced, estimate missed.
        { sentAt: 0, posts: [{ at: 12_000, body: notice(10) }, { at: 42_000, body: answer }] },
        // Nothing at all by the end: silent, unannounced, unanswered.
        { sentAt: 0, posts: [] },
        // Announced (about 3 min) at 199 s and still waiting: too early to judge the estimate.
        { sentAt: 198_500, posts: [{ at: 199_000, body: notice(180) }] },
      ],
      end,
    );
    expect(outcome).toMatchObject({
      requests: 5,
      answered: 3,
      unanswered: 2,
      silentOver10s: 2,
      longWaits: 3,
      unannouncedLongWaits: 2,
      noticeDelaysMs: [800, 12_000, 500],
      noticesWithCancel: 1,
    });
    expect(outcome.estimates).toMatchObject({ judged: 2, within25: 1 });
    // Which ones missed, by index, for the bench's details.
    expect(outcome.misses.estimate).toEqual([{ index: 2, estimateMs: 10_000, actualMs: 30_000, answer: 'Talep #2' }]);
    expect(outcome.misses.unannounced).toEqual([
      { index: 2, waitedMs: 42_000, noticeAfterMs: 12_000 },
      { index: 3, waitedMs: end },
    ]);
  });

  test('budget use per full minute and the busiest 5 s', () => {
    const arrivals = [...Array.from({ length: 90 }, (_, i) => i * 100), ...Array.from({ length: 45 }, (_, i) => 60_000 + i * 1000)];
    const use = budgetUse(arrivals, 0, 125_000, 90);
    expect(use.perMinuteShare).toEqual([1, 0.5]);
    expect(use.busiest5s).toBe(50);
  });
});

describe('modals seen by the Slack stand-in', () => {
  const call = (method: string, args: Record<string, unknown>, at: number, reply: Record<string, unknown> = { ok: true }): SlackCall => ({
    method, args, token: 'xoxb', at, reply,
  });

  test('the first views.open per trigger with the id Slack gave it, and the first update that passes the test', () => {
    const calls = [
      call('views.open', { trigger_id: 't1', view: {} }, 10, { ok: true, view: { id: 'V1' } }),
      call('views.open', { trigger_id: 't1', view: {} }, 20, { ok: true, view: { id: 'V9' } }),
      call('views.update', { view_id: 'V1', view: { blocks: [{ block_id: 'loading' }] } }, 30),
      call('views.update', { view_id: 'V1', view: { blocks: [{ block_id: 'form' }] } }, 40),
      call('views.update', { view_id: 'V1', view: { blocks: [{ block_id: 'form' }] } }, 50),
    ];
    expect(viewsOpenedByTrigger(calls).get('t1')).toEqual({ at: 10, viewId: 'V1' });
    const filled = firstViewUpdates(calls, (blocks) => blocks.some((block) => (block as { block_id?: string }).block_id === 'form'));
    expect(filled.get('V1')).toBe(40);
  });
});
