/**
 * Events the bot has handled, by Slack's `event_id`, kept at least an hour: Slack re-sends an event
 * whose ack was late (`X-Slack-Retry-Num`) with the same id, also after the bot restarted, so the
 * in-process delivery log (src/slack/deliveries.ts, 10 minutes, memory) is not enough for events that
 * do work. Async and small so a PostgreSQL table can replace the embedded implementation.
 */
import * as z from 'zod';
import type { Database } from './database.js';

export interface SeenEventStore {
  /** Whether `eventId` is recorded. */
  has(eventId: string): Promise<boolean>;
  /** True the first time `eventId` is offered (and records it, atomically); false while it is kept. */
  firstTime(eventId: string, at?: Date): Promise<boolean>;
}

/** Slack retries within minutes; an hour is the promise, two the margin before an id is forgotten. */
export const SEEN_EVENT_TTL_MS = 2 * 60 * 60_000;
/** At most this many ids are kept (the oldest go first): a flood cannot grow the file without bound. */
export const SEEN_EVENT_MAX = 20_000;

/** `event_id` → when it was first handled (ISO). */
export const seenEventsTable = z.record(z.string(), z.iso.datetime());

export class LowdbSeenEventStore implements SeenEventStore {
  constructor(
    private readonly db: Database,
    private readonly options: { ttlMs?: number; max?: number } = {},
  ) {}

  async has(eventId: string): Promise<boolean> {
    return this.db.data.seenEvents[eventId] !== undefined;
  }

  async firstTime(eventId: string, at = new Date()): Promise<boolean> {
    if (this.db.data.seenEvents[eventId] !== undefined) return false;
    let first = false;
    const ttl = this.options.ttlMs ?? SEEN_EVENT_TTL_MS;
    const max = this.options.max ?? SEEN_EVENT_MAX;
    await this.db.update((data) => {
      // Decided inside the update (one synchronous section): of two concurrent offers one wins.
      if (data.seenEvents[eventId] !== undefined) return;
      first = true;
      const oldest = at.getTime() - ttl;
      const entries = Object.entries(data.seenEvents);
      for (const [id, when] of entries) if (Date.parse(when) < oldest) delete data.seenEvents[id];
      const left = Object.keys(data.seenEvents);
      if (left.length >= max) {
        const byAge = Object.entries(data.seenEvents).sort((a, b) => a[1].localeCompare(b[1]));
        for (const [id] of byAge.slice(0, left.length - max + 1)) delete data.seenEvents[id];
      }
      data.seenEvents[eventId] = at.toISOString();
    });
    return first;
  }
}
