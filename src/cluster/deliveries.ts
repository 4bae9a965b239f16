/**
 * Slack delivery keys (event id, view submission id + hash + values, action ts, trigger id) claimed in
 * PostgreSQL, so a delivery that Slack re-sends to another instance (or two instances behind a load
 * balancer get at once) runs once: `INSERT … ON CONFLICT DO NOTHING` decides, in one statement, which
 * instance is first. The first one records its ack (a submission's `response_action`), and a copy on
 * another instance answers Slack with the same. Claims expire after 10 minutes (Slack re-sends within
 * minutes); expired rows are swept now and then.
 */
import type pg from 'pg';
import { type AckAnswer, DELIVERY_TTL_MS, type SharedDeliveries } from '../slack/deliveries.js';

export interface PgDeliveriesOptions {
  pool: pg.Pool;
  instance: string;
  ttlMs?: number;
  /** How often a copy looks for the first delivery's ack. Default 100 ms. */
  pollMs?: number;
}

export class PgDeliveries implements SharedDeliveries {
  readonly #pool: pg.Pool;
  readonly #instance: string;
  readonly #ttlMs: number;
  readonly #pollMs: number;
  #claims = 0;

  constructor(options: PgDeliveriesOptions) {
    this.#pool = options.pool;
    this.#instance = options.instance;
    this.#ttlMs = options.ttlMs ?? DELIVERY_TTL_MS;
    this.#pollMs = options.pollMs ?? 100;
  }

  async claim(key: string): Promise<boolean> {
    if (++this.#claims % 500 === 1) {
      await this.#pool.query('DELETE FROM slack_deliveries WHERE expires_at < talep_now_ms()');
    }
    // An expired claim (older than the TTL) is taken over: the same key much later is a new delivery.
    const { rowCount } = await this.#pool.query(
      `INSERT INTO slack_deliveries AS d (key, instance, claimed_at, expires_at)
       VALUES ($1, $2, talep_now_ms(), talep_now_ms() + $3)
       ON CONFLICT (key) DO UPDATE SET instance = excluded.instance, claimed_at = excluded.claimed_at,
         expires_at = excluded.expires_at, acked = false, ack = NULL
       WHERE d.expires_at < excluded.claimed_at`,
      [key, this.#instance, this.#ttlMs],
    );
    return rowCount === 1;
  }

  async acked(key: string, answer: AckAnswer): Promise<void> {
    await this.#pool.query('UPDATE slack_deliveries SET acked = true, ack = $2 WHERE key = $1', [key, answer === undefined ? null : JSON.stringify(answer)]);
  }

  async firstAck(key: string, waitMs: number): Promise<AckAnswer> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await this.#pool.query<{ acked: boolean; ack: Record<string, unknown> | null }>(
        'SELECT acked, ack FROM slack_deliveries WHERE key = $1',
        [key],
      );
      const row = rows[0];
      if (row?.acked) return row.ack ?? undefined;
      if (Date.now() + this.#pollMs > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, this.#pollMs));
    }
  }
}
