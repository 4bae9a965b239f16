/**
 * The shared store's connection: a pg.Pool from `DATABASE_URL`, migrated before it is handed out.
 *
 * Migrations run at start in ONE transaction under a transaction-scoped advisory lock, so several
 * instances starting together migrate once: the first applies what is missing, the others wait for
 * the lock and then find nothing to do. A database migrated by a newer release is refused (this
 * release would not know its tables) instead of being used half-understood.
 */
import type pg from 'pg';
import { type Migration, migrations as allMigrations } from './migrations/index.js';

export interface OpenPostgresOptions {
  /**
   * The schema the bot's tables live in (created when missing; default: the connection's own search
   * path, usually `public`). Tests give each run its own schema.
   */
  schema?: string;
  /** Connections in the pool (default 10). */
  max?: number;
  /** Applies these instead of all migrations (tests migrate step by step). */
  migrations?: readonly Migration[];
  /** Called once per migration applied (for the start-up log). */
  onMigrated?: (migration: Migration) => void;
}

/** The migrations table: which versions this database has. */
const MIGRATIONS_TABLE = 'talep_bot_migrations';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens a pool on `url` and brings its schema to the latest version; throws a one-sentence error when it cannot. */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<pg.Pool> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`The PostgreSQL schema name "${schema}" is not a plain lower-case identifier.`);
  // Loaded here, not at start: the embedded default never needs it (~15 MB of RSS).
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Every connection of the pool works in the bot's schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection that the server drops must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, schema, options.migrations ?? allMigrations, options.onMigrated);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`PostgreSQL at ${describeUrl(url)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return pool;
}

/** The schema version of the database behind `pool` (0 when never migrated). */
export async function schemaVersion(pool: pg.Pool): Promise<number> {
  const exists = await pool.query<{ found: string | null }>(`SELECT to_regclass('${MIGRATIONS_TABLE}') AS found`);
  if (!exists.rows[0]?.found) return 0;
  const result = await pool.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${MIGRATIONS_TABLE}`);
  return result.rows[0]?.version ?? 0;
}

async function migrate(pool: pg.Pool, schema: string | undefined, migrations: readonly Migration[], onMigrated?: (migration: Migration) => void): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // hashtext maps the name to the lock's integer key; one lock per schema.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`talep-bot migrations ${schema ?? ''}`]);
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await client.query<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`)).rows.map((row) => row.version));
    const known = new Set(migrations.map((migration) => migration.version));
    const unknown = [...applied].filter((version) => !known.has(version));
    if (unknown.length > 0 && Math.max(...unknown) > Math.max(0, ...known)) {
      throw new Error(`the database has schema version ${Math.max(...unknown)}, newer than this release knows (${Math.max(0, ...known)}); run the newer release, or restore a backup`);
    }
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
      onMigrated?.(migration);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The URL without its password, for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}
