/**
 * Queue honesty, from what each request got back on its response_url and when. Pure, so the rules are
 * unit-tested:
 * - the answer is the first post that is not a "queued" notice;
 * - a request is "silent > 10 s" when nothing at all reached it within 10 s;
 * - a "long wait" is an answer later than 3 s (or none by the end); it is "announced" when a notice
 *   came within 1 s of the request (issue 13's bar);
 * - an estimate (the first notice's "about N s") is judged against the wait that followed it: within
 *   ±25 % of it, or a miss; a request still waiting at the end counts as a miss only once it has
 *   waited more than 1.25× the estimate, otherwise it is not judged.
 */
import { announcedWaitMs, hasCancelButton, isQueuedNotice, textOf, type TimedPost } from './slack-messages.js';

export interface QueuedRequest {
  sentAt: number;
  /** Posts to its response_url, oldest first. */
  posts: readonly TimedPost[];
}

export interface QueueOutcome {
  requests: number;
  answered: number;
  unanswered: number;
  silentOver10s: number;
  longWaits: number;
  unannouncedLongWaits: number;
  /** Requests that got a notice, and how long after the request each first one came. */
  noticeDelaysMs: number[];
  noticesWithCancel: number;
  estimates: { judged: number; within25: number; ratios: number[] };
  /** Which requests (by index) missed: an estimate off by more than 25 %, a long wait not announced in time. */
  misses: { estimate: { index: number; estimateMs: number; actualMs: number; answer?: string }[]; unannounced: { index: number; waitedMs: number; noticeAfterMs?: number }[] };
}

export const SILENCE_MS = 10_000;
export const LONG_WAIT_MS = 3_000;
export const ANNOUNCE_WITHIN_MS = 1_000;
export const ESTIMATE_TOLERANCE = 0.25;

export function queueOutcome(requests: readonly QueuedRequest[], endAt: number): QueueOutcome {
  const outcome: QueueOutcome = {
    requests: requests.length,
    answered: 0,
    unanswered: 0,
    silentOver10s: 0,
    longWaits: 0,
    unannouncedLongWaits: 0,
    noticeDelaysMs: [],
    noticesWithCancel: 0,
    estimates: { judged: 0, within25: 0, ratios: [] },
    misses: { estimate: [], unannounced: [] },
  };
  for (const [index, request] of requests.entries()) {
    const first = request.posts[0];
    const notice = request.posts.find((post) => isQueuedNotice(post.body));
    const answer = request.posts.find((post) => !isQueuedNotice(post.body));
    if (answer) outcome.answered++;
    else outcome.unanswered++;

    // No word yet at the end counts as silence up to the end.
    const silentFor = (first?.at ?? endAt) - request.sentAt;
    if (silentFor > SILENCE_MS) outcome.silentOver10s++;

    const waited = (answer?.at ?? endAt) - request.sentAt;
    if (waited > LONG_WAIT_MS) {
      outcome.longWaits++;
      if (!notice || notice.at - request.sentAt > ANNOUNCE_WITHIN_MS) {
        outcome.unannouncedLongWaits++;
        outcome.misses.unannounced.push({ index, waitedMs: waited, ...(notice ? { noticeAfterMs: notice.at - request.sentAt } : {}) });
      }
    }

    if (!notice) continue;
    outcome.noticeDelaysMs.push(notice.at - request.sentAt);
    if (hasCancelButton(notice.body)) outcome.noticesWithCancel++;
    const estimate = announcedWaitMs(notice.body);
    if (estimate === undefined || estimate <= 0) continue;
    const actual = answer ? answer.at - notice.at : endAt - notice.at;
    if (!answer && actual <= estimate * (1 + ESTIMATE_TOLERANCE)) continue; // may still come in time
    outcome.estimates.judged++;
    outcome.estimates.ratios.push(actual / estimate);
    if (Math.abs(actual - estimate) <= estimate * ESTIMATE_TOLERANCE) outcome.estimates.within25++;
    else outcome.misses.estimate.push({ index, estimateMs: estimate, actualMs: actual, ...(answer ? { answer: textOf(answer.body).slice(0, 80) } : {}) });
  }
  return outcome;
}

/** Help-desk calls in each full minute after `start` (as a share of `perMinute`), and the busiest 5 s. */
export function budgetUse(arrivals: readonly number[], start: number, end: number, perMinute: number): { perMinuteShare: number[]; busiest5s: number } {
  const minutes = Math.floor((end - start) / 60_000);
  const perMinuteShare = Array.from({ length: minutes }, (_, minute) => {
    const from = start + minute * 60_000;
    return arrivals.filter((at) => at >= from && at < from + 60_000).length / perMinute;
  });
  const sorted = [...arrivals].filter((at) => at >= start && at < end).sort((a, b) => a - b);
  let busiest5s = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while ((sorted[last] as number) - (sorted[first] as number) >= 5_000) first++;
    busiest5s = Math.max(busiest5s, last - first + 1);
  }
  return { perMinuteShare, busiest5s };
}
