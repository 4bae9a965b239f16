/**
 * Slack events handled, by event id, in PostgreSQL (see seen-event-store.ts): shared by every
 * instance, so an event Slack re-sends to another instance is handled once. `firstTime` is one insert:
 * of concurrent offers of one id, on any instances, exactly one inserts it.
 */
import type pg from 'pg';
import { SEEN_EVENT_MAX, SEEN_EVENT_TTL_MS, type SeenEventStore } from '../seen-event-store.js';

/** Expired ids are swept at most this often (and the table trimmed to its bound). */
const SWEEP_EVERY_MS = 60_000;

export class PostgresSeenEventStore implements SeenEventStore {
  #lastSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { ttlMs?: number; max?: number } = {},
  ) {}

  async has(eventId: string): Promise<boolean> {
    const result = await this.pool.query('SELECT 1 FROM seen_events WHERE event_id = $1', [eventId]);
    return result.rowCount === 1;
  }

  async firstTime(eventId: string, at = new Date()): Promise<boolean> {
    if (at.getTime() - this.#lastSweep >= SWEEP_EVERY_MS) await this.#sweep(at);
    const result = await this.pool.query('INSERT INTO seen_events (event_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [eventId, at]);
    return result.rowCount === 1;
  }

  async #sweep(at: Date): Promise<void> {
    this.#lastSweep = at.getTime();
    const ttl = this.options.ttlMs ?? SEEN_EVENT_TTL_MS;
    const max = this.options.max ?? SEEN_EVENT_MAX;
    await this.pool.query('DELETE FROM seen_events WHERE at < $1', [new Date(at.getTime() - ttl)]);
    // The bound: a flood of ids cannot grow the table without limit (the oldest go first).
    await this.pool.query('DELETE FROM seen_events WHERE event_id IN (SELECT event_id FROM seen_events ORDER BY at DESC OFFSET $1)', [max]);
  }
}
