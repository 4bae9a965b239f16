import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../../src/store/index.js';
import { migrations } from '../../src/store/postgres/migrations/index.js';
import { openPostgres, schemaVersion } from '../../src/store/postgres/open.js';
import { dropTestSchemas, freshSchema, openTestPostgres, postgresUnavailable, TEST_DATABASE_URL } from '../support/postgres.js';

const latest = Math.max(...migrations.map((migration) => migration.version));

describe.skipIf(postgresUnavailable !== undefined)('PostgreSQL migrations', () => {
  afterEach(dropTestSchemas);

  it('migrates an empty schema to the latest version, and a second start applies nothing', async () => {
    const schema = freshSchema();
    const applied: number[] = [];
    const pool = await openTestPostgres({ schema, onMigrated: (migration) => applied.push(migration.version) });
    expect(applied).toEqual(migrations.map((migration) => migration.version));
    expect(await schemaVersion(pool)).toBe(latest);
    const tables = await pool.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['accounts', 'jobs', 'idempotency_keys', 'talep_bot_migrations']));

    const again: number[] = [];
    await openTestPostgres({ schema, onMigrated: (migration) => again.push(migration.version) });
    expect(again).toEqual([]);
  });

  it('migrates version 1 with data to the latest version, keeping the data', async () => {
    const schema = freshSchema();
    const v1 = await openTestPostgres({ schema, migrations: migrations.filter((migration) => migration.version === 1) });
    expect(await schemaVersion(v1)).toBe(1);
    await v1.query(
      `INSERT INTO accounts (team_id, slack_user_id, sealed_token, helpdesk_user_id, username, email, role, linked_at, verified_at)
       VALUES ('T1', 'U1', 'sealed', 7, 'ayse', 'ayse@example.com', 'agent', now(), now())`,
    );
    await v1.query("INSERT INTO channel_settings (team_id, channel_id, unfurl, changed_by, changed_at) VALUES ('T1', 'C1', 'off', 'T1:U1', now())");
    expect((await v1.query("SELECT to_regclass('jobs') AS found")).rows[0]?.found).toBeNull();

    const pool = await openTestPostgres({ schema });
    expect(await schemaVersion(pool)).toBe(latest);
    expect((await pool.query('SELECT username FROM accounts')).rows).toEqual([{ username: 'ayse' }]);
    expect((await pool.query('SELECT count(*)::int AS n FROM jobs')).rows).toEqual([{ n: 0 }]);
    // A later migration's new column on an old row: the store reads it as "not set".
    const stores = await openStores({ postgres: pool }, randomBytes(32));
    const settings = await stores.channelSettings.get('T1', 'C1');
    expect(settings?.unfurl).toBe('off');
    expect(settings?.requests).toBeUndefined();
    expect((await stores.accounts.lookup('T1', 'U1')).state).toBe('unreadable');
  });

  it('migrates once when several instances start together', async () => {
    const schema = freshSchema();
    const applied: number[] = [];
    await Promise.all([1, 2, 3, 4].map(() => openTestPostgres({ schema, onMigrated: (migration) => applied.push(migration.version) })));
    expect(applied.sort()).toEqual(migrations.map((migration) => migration.version).sort());
  });

  it('rolls a failing migration back whole and says where', async () => {
    const schema = freshSchema();
    const broken = [...migrations, { version: latest + 1, name: 'broken', sql: 'CREATE TABLE half (id int); SELECT no_such_function();' }];
    await expect(openTestPostgres({ schema, migrations: broken })).rejects.toThrow(/PostgreSQL at 127\.0\.0\.1|PostgreSQL at .*no_such_function/);
    // Nothing of that start stays: not even the earlier migrations of the same transaction.
    const pool = await openTestPostgres({ schema, migrations: [] });
    expect(await schemaVersion(pool)).toBe(0);
    expect((await pool.query("SELECT to_regclass('half') AS found")).rows[0]?.found).toBeNull();
  });

  it('refuses a database migrated by a newer release', async () => {
    const schema = freshSchema();
    const pool = await openTestPostgres({ schema });
    await pool.query("INSERT INTO talep_bot_migrations (version, name) VALUES (999, 'future')");
    await expect(openTestPostgres({ schema })).rejects.toThrow(/schema version 999, newer than this release knows/);
  });

  it('never shows the password of DATABASE_URL in its errors', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.username = 'nobody_here';
    url.password = 'hunter2-secret';
    const failure: unknown = await openPostgres(url.toString(), { schema: freshSchema() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(failure instanceof Error)) throw new Error('opening as an unknown role should fail');
    expect(failure.message).toMatch(/^PostgreSQL at /);
    expect(failure.message).not.toContain('hunter2');
  });
});
