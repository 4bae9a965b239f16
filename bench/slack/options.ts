/**
 * The Slack benchmark's knobs, from the environment (validated; a bad value stops the run with the
 * reason). Defaults reproduce issue 13's table: medians of 3 runs, 3 minutes of queue.
 * `BENCH_QUICK=1` is the short version (1 run, 60 s of queue, forms given 60 s).
 */
import * as z from 'zod';

export const scenarioNames = ['acks', 'modals', 'calls', 'queue', 'queue-warm', 'notify'] as const;
export type ScenarioName = (typeof scenarioNames)[number];
/** What runs without BENCH_ONLY: issue 13's table. `queue-warm` (3 more minutes a run) on request. */
export const defaultScenarios: ScenarioName[] = ['acks', 'modals', 'calls', 'queue', 'notify'];

const flag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((value) => value === '1' || value === 'true');

const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  BENCH_QUICK: flag,
  BENCH_RUNS: positiveInt.optional(),
  BENCH_ONLY: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((name) => name.trim()).filter(Boolean))
    .pipe(z.array(z.enum(scenarioNames))),
  BENCH_QUEUE_SECONDS: positiveInt.optional(),
  BENCH_FORM_TIMEOUT_SECONDS: positiveInt.optional(),
  BENCH_HELPDESK_DELAY_MS: z.coerce.number().int().nonnegative().default(2_000),
  BENCH_CPU_PROF: flag,
  BENCH_HEAP_SNAPSHOT: flag,
  BENCH_KEEP: flag,
  BENCH_RESULTS: z.string().default('bench/results/slack-latest.json'),
});

export interface BenchOptions {
  quick: boolean;
  runs: number;
  scenarios: ScenarioName[];
  /** How long the queue scenario watches after its 1,200 commands (the issue: 3 min). */
  queueWindowMs: number;
  /** How long a new-talep form may take to fill in before it counts as "not filled". */
  formTimeoutMs: number;
  /** The help desk's answer time through the proxy. */
  helpdeskDelayMs: number;
  /** Write a `--cpu-prof` profile of every process under test into the run's directory. */
  cpuProfile: boolean;
  /** Write a heap snapshot of talep-bot after each ack burst's tail (what holds memory then) into the run's directory; implies keeping it. */
  heapSnapshot: boolean;
  /** Keep the temporary directory (logs of every process, data) instead of deleting it. */
  keep: boolean;
  resultsFile: string;
  /** The burst sizes (fixed by the issue; named here so the report and the scenarios agree). */
  ack: { requests: number; concurrency: number };
  modals: { users: number };
  queue: { users: number; commands: number; spanMs: number };
}

export function loadOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const e = envSchema.parse(env);
  return {
    quick: e.BENCH_QUICK,
    runs: e.BENCH_RUNS ?? (e.BENCH_QUICK ? 1 : 3),
    scenarios: e.BENCH_ONLY.length > 0 ? e.BENCH_ONLY : defaultScenarios,
    queueWindowMs: (e.BENCH_QUEUE_SECONDS ?? (e.BENCH_QUICK ? 60 : 180)) * 1000,
    formTimeoutMs: (e.BENCH_FORM_TIMEOUT_SECONDS ?? (e.BENCH_QUICK ? 60 : 180)) * 1000,
    helpdeskDelayMs: e.BENCH_HELPDESK_DELAY_MS,
    cpuProfile: e.BENCH_CPU_PROF,
    heapSnapshot: e.BENCH_HEAP_SNAPSHOT,
    keep: e.BENCH_KEEP || e.BENCH_HEAP_SNAPSHOT,
    resultsFile: e.BENCH_RESULTS,
    ack: { requests: 1_000, concurrency: 200 },
    modals: { users: 50 },
    queue: { users: 20, commands: 1_200, spanMs: 2_000 },
  };
}
