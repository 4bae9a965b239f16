/**
 * `npm run bench`: what the shared help-desk budget costs per call. Each iteration is one call's way
 * through the throttle (reserve a send, then say it went), in process and with the budget shared in
 * PostgreSQL (one `talep_take_send` round trip under the scope's advisory lock). The limits are set so
 * high that no call ever waits for room: what is measured is the overhead of asking, not the rate limit. p50/p99 of both and the difference are printed after the
 * table (vitest's table shows p75/p99 but no median).
 */
import { afterAll, bench, describe } from 'vitest';
import { Throttle } from '../src/api/throttle.js';
import { PgBudgetLedger } from '../src/cluster/budget-ledger.js';
import { ensureClusterSchema } from '../src/cluster/schema.js';
import { freshSchema, pgAvailable } from '../test/support/pg-schema.js';

const options = { limits: { general: 1_000_000, search: 1_000_000 }, windowMs: 1_000, safetyMarginMs: 0 };
const samples: Record<'in-process' | 'shared', number[]> = { 'in-process': [], shared: [] };

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function oneCall(throttle: Throttle, into: number[]): Promise<void> {
  const started = performance.now();
  const ticket = await throttle.reserve({ budget: 'general', userKey: 'u1' });
  ticket.sent();
  into.push(performance.now() - started);
}

describe.skipIf(!pgAvailable)('throttle cost per call: in process vs shared budget (PostgreSQL)', async () => {
  const schema = pgAvailable ? await freshSchema('bench') : undefined;
  const pool = schema?.pool({ max: 4 });
  if (pool) await ensureClusterSchema(pool);
  const local = new Throttle(options);
  const shared = pool ? new Throttle({ ...options, shared: new PgBudgetLedger({ pool, scope: 'bench', instance: 'bench' }) }) : local;

  /** After the shared run (the second): both samples are complete; tinybench calls teardown after warm-up too. */
  const report = (): void => {
    if (samples.shared.length < 20) return;
    const row = (name: keyof typeof samples) =>
      `${name.padEnd(10)} p50 ${percentile(samples[name], 50).toFixed(3)} ms   p99 ${percentile(samples[name], 99).toFixed(3)} ms   (${samples[name].length} calls)`;
    const overhead = (p: number) => (percentile(samples.shared, p) - percentile(samples['in-process'], p)).toFixed(3);
    process.stderr.write(`\nthrottle cost per call\n  ${row('in-process')}\n  ${row('shared')}\n  shared-budget overhead: p50 +${overhead(50)} ms, p99 +${overhead(99)} ms\n`);
  };
  afterAll(async () => schema?.drop());

  bench('in process', () => oneCall(local, samples['in-process']), { time: 1_000 });
  bench('shared budget (PostgreSQL ledger)', () => oneCall(shared, samples.shared), { time: 1_000, teardown: report });
});
