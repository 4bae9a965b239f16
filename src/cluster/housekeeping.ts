/**
 * Sweeping what expires in the shared database (old sends of the budget ledger, sign-in attempts
 * outside every window, expired delivery claims and idempotency keys): work for one instance at a
 * time, so it runs under `runAsSingleton` (./singleton.ts). It is also the bot's own proof that the
 * singleton moves: each instance logs when it takes the work over.
 */
import type pg from 'pg';
import type { SingletonComponent } from './singleton.js';

export interface HousekeepingOptions {
  pool: pg.Pool;
  /** Also prunes the idempotency keys (the store's own sweep). */
  pruneIdempotency?: () => Promise<number>;
  everyMs?: number;
  log: (line: string) => void;
  onError: (error: unknown) => void;
}

export function housekeeping(options: HousekeepingOptions): SingletonComponent {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async (): Promise<void> => {
    const day = 24 * 60 * 60_000;
    try {
      await options.pool.query('DELETE FROM helpdesk_sends WHERE at < talep_now_ms() - $1', [day]);
      await options.pool.query('DELETE FROM signin_attempts WHERE at < talep_now_ms() - $1', [day]);
      await options.pool.query('DELETE FROM helpdesk_pauses WHERE until < talep_now_ms()');
      await options.pool.query('DELETE FROM helpdesk_wants WHERE until < talep_now_ms()');
      await options.pool.query('DELETE FROM helpdesk_turns WHERE last_at < talep_now_ms() - $1', [day]);
      await options.pool.query('DELETE FROM signin_blocks WHERE until < talep_now_ms()');
      await options.pool.query('DELETE FROM slack_deliveries WHERE expires_at < talep_now_ms()');
      await options.pruneIdempotency?.();
    } catch (error) {
      options.onError(error);
    }
  };
  return {
    start() {
      options.log('housekeeping: this instance runs the shared sweeps now');
      void sweep();
      timer = setInterval(() => void sweep(), options.everyMs ?? 10 * 60_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
