/**
 * The lock-out guard's budget shared by instances on the real PostgreSQL: three guards (three
 * instances, three pools) facing a storm of bad tokens let at most 2 reach the help desk together; a
 * credential refused on one is not sent by another; a block suspected by one holds the others.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthGuard } from '../../src/api/auth-guard.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { ensureClusterSchema } from '../../src/cluster/schema.js';
import { PgSignInLedger } from '../../src/cluster/sign-in-ledger.js';
import { freshSchema, pgAvailable, type TestSchema } from '../support/pg-schema.js';

describe.skipIf(!pgAvailable)('shared sign-in budget (PostgreSQL)', () => {
  let schema: TestSchema;
  const fingerprintKey = randomBytes(32); // the same on every instance: derived from the shared token key
  beforeAll(async () => {
    schema = await freshSchema('signin');
    await ensureClusterSchema(schema.pool({ max: 1 }));
  });
  afterAll(async () => schema?.drop());

  const guards = (scope: string, count: number) =>
    Array.from({ length: count }, (_, i) => new AuthGuard({ fingerprintKey, shared: new PgSignInLedger({ pool: schema.pool(), scope, instance: `i${i}` }) }));

  it('100 bad tokens spread over three instances: at most 2 reach the help desk', async () => {
    const instances = guards('storm', 3);
    let reachedHelpdesk = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const guard = instances[i % 3]!;
        try {
          const admission = await guard.admit(`bad-${i}`, { presenter: `person-${i % 30}`, newCredential: true });
          reachedHelpdesk++;
          await new Promise((resolve) => setTimeout(resolve, 20)); // the help desk says 401
          admission.report('auth-failed');
          return 'sent';
        } catch (error) {
          return error instanceof HelpdeskError ? error.kind : 'other';
        }
      }),
    );
    expect(reachedHelpdesk).toBeLessThanOrEqual(2);
    expect(reachedHelpdesk).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((o) => o === 'auth-paused').length).toBe(100 - reachedHelpdesk);
  });

  it('a credential refused on one instance is not sent by another', async () => {
    const [a, b] = guards('refused', 2);
    const admission = await a!.admit('wrong', { newCredential: true });
    admission.report('auth-failed');
    await expect.poll(async () => {
      const { rows } = await schema.pool({ max: 1 }).query('SELECT count(*)::int AS n FROM signin_rejected WHERE scope = $1', ['refused']);
      return rows[0].n;
    }).toBe(1);
    await expect(b!.admit('wrong', { newCredential: true })).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('a block suspected by one instance holds the others; verified credentials too', async () => {
    const [a, b] = guards('block', 2);
    const ledger = new PgSignInLedger({ pool: schema.pool(), scope: 'block', instance: 'x' });
    (await a!.admit('good', { knownGood: true })).report('auth-failed'); // refused: now rejected
    const second = await a!.admit('good2', { knownGood: true });
    expect(second.report('auth-failed')).toBe('suspected-block'); // a verified credential right after a failure
    await expect.poll(() => ledger.blockRemainingMs()).toBeGreaterThan(60_000);
    const aborted = new AbortController();
    let queuedFor = 0;
    const waiting = b!.admit('good3', { knownGood: true, signal: aborted.signal, onQueued: (ms) => (queuedFor = ms) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queuedFor).toBeGreaterThan(60_000);
    aborted.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('an unverified call left in flight by a dead instance counts as a failure', async () => {
    const [dead, alive] = guards('dead', 2);
    await dead!.admit('first', { newCredential: true, presenter: 'p1' }); // never reported: the instance died
    const ledger = new PgSignInLedger({ pool: schema.pool(), scope: 'dead', instance: 'x', staleMs: 0 });
    // With the call taken as lost, one failure is counted: a non-newcomer may not go (1 of 2 kept in reserve).
    const answer = await ledger.claim({ credential: 'c2', presenter: 'p1', newCredential: false, maxFailures: 2, newcomerReserve: 1, failureWindowMs: 600_000 });
    expect(answer.kind).toBe('paused');
    void alive;
  });
});
