/**
 * Queue honesty: 20 agents send 1,200 commands within 2 s to a just-restarted talep-bot (their tokens
 * stored but not yet verified in this process), rate limits on at both ends (the sandbox counts 90/min
 * general and 60/min search per IP; the bot's client keeps to its defaults), the help desk answering
 * after 2 s. Each user's 60 commands alternate `search <word>` and `show <id>`, over 10 words and 10
 * taleps, so each exact command repeats 3 times (a repeat may join a pending one).
 *
 * Watched for `queueWindowMs` (3 min by default) after the first command: 429s and budget use at the
 * proxy; per request, what reached its response_url and when (./queue-metrics.ts has the rules).
 */
import type { BenchUser } from '../fixture.js';
import { openLoop, sleep } from '../load.js';
import { budgetUse, LONG_WAIT_MS, queueOutcome } from '../queue-metrics.js';
import type { Scenario } from '../scenario.js';
import { isQueuedNotice, postsByResponseUrl, textOf, type TimedPost } from '../slack-messages.js';
import { percentile, round } from '../stats.js';

const WORDS = ['printer', 'vpn', 'network', 'laptop', 'toner', 'monitor', 'switch', 'password', 'gateway', 'phone'];
const GENERAL_PER_MIN = 90;
const SEARCH_PER_MIN = 60;

/** The text of the first "queued" notice any request got (to check what was recognised as one). */
function firstNotice(sent: readonly { responseUrl?: string }[], posts: Map<string, TimedPost[]>): string | undefined {
  const notices = sent.flatMap((request) => (request.responseUrl ? (posts.get(request.responseUrl) ?? []) : [])).filter((post) => isQueuedNotice(post.body));
  const first = notices.sort((a, b) => a.at - b.at)[0];
  return first ? textOf(first.body) : undefined;
}

const roundOrNot = (value: number | undefined) => (value === undefined ? undefined : round(value));

/** The `k`-th command of a user: even k search, odd k show. */
export function queueCommand(k: number): string {
  const turn = Math.floor(k / 2) % 10;
  return k % 2 === 0 ? `search ${WORDS[turn] as string}` : `show ${turn + 1}`;
}

export const queueScenario: Scenario = {
  name: 'queue',
  rows: [
    { metric: 'queue: 429 responses from the help desk', bot: 'queue.429', unit: 'count', goal: { kind: 'at-most', max: 0, text: '0' } },
    { metric: 'queue: help-desk calls per minute, share of 90/min (all calls)', bot: 'queue.budget', unit: 'percent', goal: { kind: 'none', text: '(use the budget)' } },
    { metric: 'queue: of which general operations, share of 90/min', bot: 'queue.budget.general', unit: 'percent', goal: { kind: 'none', text: '(one reading of the rate table)' } },
    { metric: 'queue: of which Search and UserByEmail, share of 60/min', bot: 'queue.budget.search', unit: 'percent', goal: { kind: 'none', text: '(one reading of the rate table)' } },
    { metric: 'queue: most calls sent within any 5 s (even spread at 90/min ≈ 8)', bot: 'queue.busiest5s', unit: 'count', goal: { kind: 'none', text: 'spread evenly' } },
    { metric: 'queue: requests that waited > 10 s with no word', bot: 'queue.silent10', unit: 'count', goal: { kind: 'at-most', max: 0, text: '0' } },
    { metric: 'queue: waits > 3 s not announced within 1 s', bot: 'queue.unannounced', unit: 'count', goal: { kind: 'at-most', max: 0, text: '0: every wait > 3 s announced within 1 s' } },
    // Over the requests that got a notice within the window (a shorter window leaves the later ones out).
    { metric: 'queue: time to the first "queued" notice, p50 (requests that got one)', bot: 'queue.noticeP50', unit: 's', goal: { kind: 'at-most', max: 1_000, text: '≤ 1 s' } },
    { metric: 'queue: estimates within ±25 % of the wait that followed', bot: 'queue.estimateOk', unit: 'percent', goal: { kind: 'at-least', min: 100, text: 'all' } },
    { metric: 'queue: notices with a Cancel button', bot: 'queue.cancellable', unit: 'percent', goal: { kind: 'at-least', min: 100, text: 'all' } },
    { metric: 'queue: still unanswered at the end of the window (of 1,200)', bot: 'queue.unanswered', unit: 'count', goal: { kind: 'none', text: '—' } },
    { metric: 'queue: searches answered (of 600)', bot: 'queue.answered.search', unit: 'count', goal: { kind: 'none', text: '(fair within a user)' } },
    { metric: 'queue: shows answered (of 600)', bot: 'queue.answered.show', unit: 'count', goal: { kind: 'none', text: '(fair within a user)' } },
  ],
  async run(context) {
    const { users: userCount, commands, spanMs } = context.options.queue;
    const windowMs = context.options.queueWindowMs;
    const users = context.fixture.queueUsers.slice(0, userCount);
    const world = await context.newWorld('queue');
    try {
      const child = await world.startBot('bot-queue');
      const sender = world.sender(child);
      context.log(`queue: ${commands} commands from ${users.length} users in ${spanMs} ms, then watching for ${windowMs / 1000} s`);
      const startedAt = Date.now();
      const sent = await openLoop(commands, spanMs, (i) =>
        sender.slash(world.actor(users[i % users.length] as BenchUser), queueCommand(Math.floor(i / users.length))),
      );
      await sleep(Math.max(0, startedAt + windowMs - Date.now()));
      const endAt = Date.now();

      const posts = postsByResponseUrl(world.slack.responsePosts, sent.flatMap((request) => (request.responseUrl ? [request.responseUrl] : [])));
      const outcome = queueOutcome(
        sent.map((request) => ({ sentAt: request.sentAt, posts: (request.responseUrl ? posts.get(request.responseUrl) : undefined) ?? [] })),
        endAt,
      );
      const calls = world.proxy.calls.filter((call) => call.arrivedAt < endAt);
      const all = budgetUse(calls.map((call) => call.arrivedAt), startedAt, endAt, GENERAL_PER_MIN);
      const general = budgetUse(calls.filter((call) => call.budget !== 'search').map((call) => call.arrivedAt), startedAt, endAt, GENERAL_PER_MIN);
      const search = budgetUse(calls.filter((call) => call.budget === 'search').map((call) => call.arrivedAt), startedAt, endAt, SEARCH_PER_MIN);
      const mean = (shares: number[]) => (shares.length === 0 ? undefined : (100 * shares.reduce((a, b) => a + b, 0)) / shares.length);
      const budget = mean(all.perMinuteShare);
      const figure = (value: number | undefined) => (value === undefined ? undefined : { value });
      const noticeP50 = percentile(outcome.noticeDelaysMs, 50);
      const notices = outcome.noticeDelaysMs.length;
      const answeredByCommand = { search: 0, show: 0 };
      sent.forEach((request, i) => {
        const answered = (request.responseUrl ? posts.get(request.responseUrl) : undefined)?.some((post) => !isQueuedNotice(post.body));
        if (answered) answeredByCommand[queueCommand(Math.floor(i / users.length)).startsWith('search') ? 'search' : 'show']++;
      });
      return {
        figures: {
          'queue.429': { value: calls.filter((call) => call.status === 429).length },
          'queue.budget': figure(budget),
          'queue.budget.general': figure(mean(general.perMinuteShare)),
          'queue.budget.search': figure(mean(search.perMinuteShare)),
          'queue.answered.search': { value: answeredByCommand.search },
          'queue.answered.show': { value: answeredByCommand.show },
          'queue.busiest5s': { value: all.busiest5s },
          'queue.silent10': { value: outcome.silentOver10s },
          'queue.unannounced': { value: outcome.unannouncedLongWaits },
          'queue.noticeP50': figure(noticeP50),
          'queue.estimateOk': outcome.estimates.judged === 0 ? undefined : { value: (100 * outcome.estimates.within25) / outcome.estimates.judged },
          'queue.cancellable': notices === 0 ? undefined : { value: (100 * outcome.noticesWithCancel) / notices },
          'queue.unanswered': { value: outcome.unanswered },
        },
        details: {
          windowMs,
          failedAcks: sent.filter((request) => request.status !== 200).length,
          ackP99Ms: percentile(sent.flatMap((request) => (request.ackMs === undefined ? [] : [request.ackMs])), 99),
          answered: outcome.answered,
          answeredByCommand,
          longWaits: { overMs: LONG_WAIT_MS, count: outcome.longWaits },
          notices,
          firstNoticeText: firstNotice(sent, posts),
          noticeDelayMs: { p50: noticeP50, p90: percentile(outcome.noticeDelaysMs, 90) },
          estimates: {
            judged: outcome.estimates.judged,
            within25: outcome.estimates.within25,
            actualOverEstimate: {
              p10: roundOrNot(percentile(outcome.estimates.ratios, 10)),
              p50: roundOrNot(percentile(outcome.estimates.ratios, 50)),
              p90: roundOrNot(percentile(outcome.estimates.ratios, 90)),
            },
          },
          helpdeskCalls: { total: calls.length, general: calls.filter((call) => call.budget !== 'search').length, search: calls.filter((call) => call.budget === 'search').length },
          perMinuteShare: {
            all: all.perMinuteShare.map((share) => round(share, 3)),
            generalOf90: general.perMinuteShare.map((share) => round(share, 3)),
            searchOf60: search.perMinuteShare.map((share) => round(share, 3)),
          },
        },
      };
    } finally {
      await world.close();
    }
  },
};
