/**
 * The bot end to end on the PostgreSQL store (a schema of its own): linking, the new-talep form with
 * copies of one submission arriving at once (one talep: idempotency keys and the durable job on
 * PostgreSQL), and the rule registry. The whole e2e suite runs on PostgreSQL too with
 * `TALEP_TEST_STORE=postgres npx vitest run test/e2e`.
 */
import { describe, expect, it } from 'vitest';
import { newTalepSubmission, openNewTalepForm, taleps, updatesShowing } from '../support/new-talep-form.js';
import { postgresUnavailable } from '../support/postgres.js';
import { useHarness } from '../support/use-harness.js';

describe.skipIf(postgresUnavailable !== undefined)('the bot on PostgreSQL', () => {
  const h = useHarness({ store: 'postgres' });

  it('keeps its state in PostgreSQL', async () => {
    expect(h.services.stores.kind).toBe('postgres');
    expect((await h.services.stores.accounts.get('T1', h.as('agent').userId))?.username).toBe('agent');
    const linked = await h.services.stores.pool?.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    expect(linked?.rows[0]?.n).toBe(4);
  });

  it('three copies of one new-talep submission at the same instant make one talep', async () => {
    const open = await openNewTalepForm(h, 'agent');
    const subject = `Scanner on floor 2 is offline ${Date.now().toString(36)}`;
    const mark = h.slack.calls.length;
    const payload = newTalepSubmission(h, open, { subject });
    const now = Math.floor(Date.now() / 1000);
    const sent = await Promise.all([0, 1, 2].map((age) => h.send.delivery(payload, { timestamp: now - age })));
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200]);
    await h.slack.waitFor(() => updatesShowing(h, mark, open.viewId, /Talep #\d+ created/).length > 0, 'the created view');
    await h.services.jobs.idle();
    expect(await taleps(h, subject)).toHaveLength(1);
    const jobs = await h.services.stores.pool?.query<{ state: string; attempts: number }>('SELECT state, attempts FROM jobs');
    expect(jobs?.rows).toEqual([{ state: 'done', attempts: 1 }]);
  });
});
