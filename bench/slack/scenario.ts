/**
 * What a scenario is: something measured once per run, in fresh worlds, returning figures by key for
 * the table and details for the JSON file; and the rows of the table it feeds.
 */
import type { Fixture } from './fixture.js';
import type { BenchOptions, ScenarioName } from './options.js';
import type { RowSpec, RunFigures } from './report.js';
import type { World } from './world.js';

export interface ScenarioContext {
  fixture: Fixture;
  options: BenchOptions;
  /** 1-based. */
  run: number;
  log(line: string): void;
  /** A fresh world (sandbox copy, proxy, Slack stand-in) in its own directory. */
  newWorld(name: string): Promise<World>;
}

export interface ScenarioResult {
  figures: RunFigures;
  details: Record<string, unknown>;
}

export interface Scenario {
  name: ScenarioName;
  rows: RowSpec[];
  run(context: ScenarioContext): Promise<ScenarioResult>;
}

/** Polls `probe` every `intervalMs` until it is true or `timeoutMs` passed; says which. */
export async function waitUntil(probe: () => boolean, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (probe()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Until the Slack stand-in has seen nothing new for `quietMs` (at most `timeoutMs`). */
export async function slackSettled(world: World, quietMs: number, timeoutMs: number): Promise<boolean> {
  let seen = -1;
  let since = Date.now();
  return waitUntil(() => {
    const now = world.slack.calls.length + world.slack.responsePosts.length;
    if (now !== seen) {
      seen = now;
      since = Date.now();
    }
    return Date.now() - since >= quietMs;
  }, timeoutMs);
}
