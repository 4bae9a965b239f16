/**
 * `npm run bench` (after the vitest benchmarks): the Slack-side load benchmark of issue 13.
 *
 * Prepares the simulated people once, then runs each scenario (./scenarios/) `runs` times — each
 * process under test in a fresh world — and prints one table (medians of the runs; ratios against
 * bare Bolt measured in the same run), also written as JSON to bench/results/slack-latest.json.
 * The load average is recorded around every scenario: on a shared machine, read ratios, not times.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { prepareFixture } from './fixture.js';
import { loadOptions } from './options.js';
import { buildTable, markdownTable, type RunFigures } from './report.js';
import type { Scenario, ScenarioContext } from './scenario.js';
import { acksScenario } from './scenarios/acks.js';
import { callsScenario } from './scenarios/calls.js';
import { modalsScenario } from './scenarios/modals.js';
import { notifyScenario } from './scenarios/notify.js';
import { queueScenario, queueWarmScenario } from './scenarios/queue.js';
import { round } from './stats.js';
import { World } from './world.js';

const allScenarios: Scenario[] = [acksScenario, modalsScenario, callsScenario, queueScenario, queueWarmScenario, notifyScenario];

const load = () => loadavg().map((value) => round(value, 2));
const started = Date.now();
const log = (line: string) => process.stdout.write(`[slack bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

interface ScenarioRecord {
  scenario: string;
  run: number;
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  details?: Record<string, unknown>;
  error?: string;
}

async function main(): Promise<number> {
  const options = loadOptions();
  const scenarios = allScenarios.filter((scenario) => options.scenarios.includes(scenario.name));
  const root = await mkdtemp(join(tmpdir(), 'talep-slack-bench-'));
  log(
    `${options.runs} run(s) of ${scenarios.map((s) => s.name).join(', ')}${options.quick ? ' (BENCH_QUICK)' : ''}; ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load ${load().join(' ')}; work dir ${root}`,
  );
  const fixture = await prepareFixture(join(root, 'fixture'), { formUsers: options.modals.users, queueUsers: options.queue.users });
  log(`fixture: ${fixture.everyone.length} linked users`);

  const runs: RunFigures[] = [];
  const records: ScenarioRecord[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const figures: RunFigures = {};
    for (const scenario of scenarios) {
      const dir = join(root, `run-${run}`, scenario.name);
      const context: ScenarioContext = {
        fixture,
        options,
        run,
        log: (line) => log(`run ${run}/${options.runs} ${line}`),
        newWorld: (name) => World.create(fixture, { dir: join(dir, name), helpdeskDelayMs: options.helpdeskDelayMs, cpuProfile: options.cpuProfile, heapSnapshot: options.heapSnapshot }),
      };
      const record: ScenarioRecord = { scenario: scenario.name, run, loadBefore: load(), loadAfter: [], seconds: 0 };
      const scenarioStarted = Date.now();
      try {
        const result = await scenario.run(context);
        Object.assign(figures, result.figures);
        record.details = result.details;
      } catch (error) {
        record.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`run ${run} ${scenario.name} FAILED: ${record.error}`);
      }
      record.loadAfter = load();
      record.seconds = Math.round((Date.now() - scenarioStarted) / 1000);
      records.push(record);
      log(`run ${run}/${options.runs} ${scenario.name} done in ${record.seconds} s (load ${record.loadAfter.join(' ')})`);
    }
    runs.push(figures);
  }

  const table = buildTable(scenarios.flatMap((scenario) => scenario.rows), runs);
  const failures = records.filter((record) => record.error);
  const output = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: { atEnd: load() },
    minutes: round((Date.now() - started) / 60_000, 1),
    options,
    table,
    runs: runs.map((figures, index) => ({ run: index + 1, figures })),
    scenarios: records,
  };
  await mkdir(dirname(options.resultsFile), { recursive: true });
  await writeFile(options.resultsFile, `${JSON.stringify(output, null, 2)}\n`);

  process.stdout.write(
    `\nSlack-side benchmark (issue 13): medians of ${options.runs} run(s), ratios per run then median; ` +
      `load average at the end ${load().join(' ')} on ${availableParallelism()} CPUs.\n\n${markdownTable(table)}\n\n` +
      `Written to ${options.resultsFile}.${failures.length > 0 ? ` ${failures.length} scenario run(s) FAILED (see above and the JSON).` : ''}\n`,
  );
  if (options.keep) log(`kept ${root} (logs of every process under test, data copies${options.cpuProfile ? ', CPU profiles' : ''}${options.heapSnapshot ? ', heap snapshots' : ''})`);
  else await rm(root, { recursive: true, force: true });
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`slack bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
