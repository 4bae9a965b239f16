/**
 * Work that must run on exactly one instance at a time (the notifications poller, housekeeping):
 * `runAsSingleton` holds a PostgreSQL session advisory lock named after the work on a connection of
 * its own, and runs the component only while it holds it. Every instance keeps trying, so when the
 * holder dies its connection closes, PostgreSQL drops the lock with it (SIGKILL included: the kernel
 * closes the socket), and another instance takes over at its next try — within `retryMs` (5 s by
 * default, far inside the 30 s promised). While leading, a heartbeat on the lock's connection notices a
 * lost connection (and so a lost lock) and stops the component.
 *
 * The lock's connection is its own (`pg.Client` with the pool's settings), not one of the pool's: a pool
 * busy with the instance's work must not delay a takeover.
 *
 * Why a session lock and not a lease row with a heartbeat: the lock cannot outlive its holder's
 * connection, needs no clock agreement, and nothing has to expire. The one gap: if the database ends
 * the session while the process lives on, the component runs until the next heartbeat (≤ heartbeatMs)
 * while another instance may already have taken the lock — work run this way must stay idempotent.
 */
import type pg from 'pg';
import { LOCK_SPACE } from './schema.js';

export interface SingletonComponent {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface SingletonOptions {
  /** How often a follower tries to take the lock. Default 5 s. */
  retryMs?: number;
  /** How often the leader checks its connection. Default 5 s. */
  heartbeatMs?: number;
  /** Leadership changed (start/stop of the component already done). */
  onChange?: (leading: boolean) => void;
  onError?: (error: unknown) => void;
  /** Opens the lock's own connection (default: a `pg.Client` with the pool's settings). */
  connect?: () => Promise<pg.Client>;
}

export interface Singleton {
  readonly name: string;
  readonly leading: boolean;
  /** Stops the component if it runs here and lets another instance take over at once. */
  stop(): Promise<void>;
}

export function runAsSingleton(pool: pg.Pool, name: string, component: SingletonComponent, options: SingletonOptions = {}): Singleton {
  const retryMs = options.retryMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const onError = options.onError ?? (() => undefined);
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const dropClient = (): void => {
    const gone = client;
    client = undefined;
    // Closing the connection is what releases the lock.
    gone?.end().catch(() => undefined);
  };

  const loseLead = async (): Promise<void> => {
    if (!leading) return;
    leading = false;
    try {
      await component.stop();
    } catch (error) {
      onError(error);
    }
    options.onChange?.(false);
  };

  const tick = async (): Promise<void> => {
    try {
      if (!leading) {
        if (!client) {
          const fresh = await (options.connect ?? (() => openOwnClient(pool)))();
          client = fresh;
          const own = fresh;
          // A connection that dies while checked out reports here (unhandled, it would end the process).
          own.on('error', (error) => {
            if (client !== own) return;
            onError(error);
            dropClient();
            running = running.then(loseLead);
          });
        }
        const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [LOCK_SPACE, `singleton ${name}`]);
        if (rows[0]?.got) {
          leading = true;
          await component.start();
          options.onChange?.(true);
        } else {
          dropClient(); // a follower holds no connection
        }
      } else if (client) {
        await client.query('SELECT 1');
      } else {
        await loseLead();
      }
    } catch (error) {
      onError(error);
      dropClient();
      await loseLead();
    }
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = running.then(tick).finally(schedule);
    }, leading ? heartbeatMs : retryMs);
    timer.unref();
  };

  running = tick().finally(schedule);

  return {
    name,
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await loseLead();
      dropClient();
    },
  };
}

/**
 * A start/stop-able piece of work (the kernel's `BackgroundWork`) run as a singleton: `start()` begins
 * competing for the lease (the work starts when this instance holds it), `stop()` stops it here and
 * lets another instance take over at once. What `Services.runAlone` hands out with PostgreSQL.
 */
export function singletonWork(
  pool: pg.Pool,
  name: string,
  work: SingletonComponent,
  options: SingletonOptions & { log?: (line: string) => void } = {},
): { start(): Promise<void>; stop(): Promise<void> } {
  let running: Singleton | undefined;
  return {
    async start() {
      running ??= runAsSingleton(pool, name, work, {
        ...options,
        onChange: (leading) => {
          options.log?.(leading ? `${name}: runs on this instance now` : `${name}: stopped on this instance (another may take over)`);
          options.onChange?.(leading);
        },
      });
    },
    async stop() {
      const stopping = running;
      running = undefined;
      await stopping?.stop();
    },
  };
}

/** A connection of its own with the pool's settings (search path included). */
async function openOwnClient(pool: pg.Pool): Promise<pg.Client> {
  const { default: driver } = await import('pg');
  const fresh = new driver.Client(pool.options);
  fresh.on('error', () => undefined); // replaced by runAsSingleton's handler once it is in use
  try {
    await fresh.connect();
  } catch (error) {
    await fresh.end().catch(() => undefined);
    throw error;
  }
  return fresh;
}
