/**
 * Readiness with DATABASE_URL: the store check is "PostgreSQL answers" — on the real server it passes;
 * with the database gone (a pool on a port nothing listens on) `/readyz` reports it failing.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresCheck } from '../../src/health/checks.js';
import { Readiness } from '../../src/health/readiness.js';
import { freshSchema, pgAvailable, type TestSchema } from '../support/pg-schema.js';

describe.skipIf(!pgAvailable)('the PostgreSQL readiness check', () => {
  let schema: TestSchema | undefined;
  afterAll(async () => schema?.drop());

  it('passes while PostgreSQL answers', async () => {
    schema = await freshSchema('ready');
    const report = await new Readiness().add('store', () => postgresCheck(schema!.pool({ max: 1 })).get()).report();
    expect(report.status).toBe('ready');
    expect(report.checks.store?.detail).toMatch(/PostgreSQL answers/);
  });

  it('fails, saying why, when it does not', async () => {
    const gone = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test', connectionTimeoutMillis: 500 });
    gone.on('error', () => undefined);
    const report = await new Readiness().add('store', () => postgresCheck(gone).get()).report();
    expect(report.status).toBe('not ready');
    expect(report.checks.store?.status).toBe('failing');
    expect(report.checks.store?.detail).toMatch(/ECONNREFUSED|connect/i);
    await gone.end();
  });
});
