/**
 * How `npm start` starts the bot: the `NAME=value` assignments in front of `exec node … dist/index.js`
 * in package.json's `start` script (`NAME=${NAME:-value}` counts as `value`), and the options given to
 * node there (`--flag` or `--flag=value`). The bench starts talep-bot through its own launcher (for the
 * in-process samples), so it sets these itself; otherwise it would measure a start `npm start` never makes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

const packageJsonSchema = z.object({ scripts: z.object({ start: z.string() }) });
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(?:\$\{\1:-([^}]*)\}|([^\s$]*))$/;
const NODE_OPTION = /^--[a-z0-9][a-z0-9-]*(?:=[^\s$'"`]+)?$/;

export interface StartScript {
  /** What the script sets in the bot's environment. */
  environment: Record<string, string>;
  /** What it gives node before the entry point (the launcher's `execArgv`). */
  nodeOptions: string[];
}

/** Throws when the script is not `[NAME=value …] exec node [--option …] dist/index.js`: a changed start must change this too. */
export function readStartScript(script: string): StartScript {
  const words = script.trim().split(/\s+/);
  const execAt = words.indexOf('exec');
  const run = words.slice(execAt);
  const nodeOptions = run.slice(2, -1);
  if (execAt < 0 || run[0] !== 'exec' || run[1] !== 'node' || run.at(-1) !== 'dist/index.js' || !nodeOptions.every((word) => NODE_OPTION.test(word))) {
    throw new Error(`package.json's start script is not "[NAME=value …] exec node [--option …] dist/index.js": ${script}`);
  }
  const environment: Record<string, string> = {};
  for (const word of words.slice(0, execAt)) {
    const assignment = ASSIGNMENT.exec(word);
    if (!assignment?.[1]) throw new Error(`package.json's start script: "${word}" is not an assignment NAME=value or NAME=\${NAME:-value}`);
    environment[assignment[1]] = assignment[2] ?? assignment[3] ?? '';
  }
  return { environment, nodeOptions };
}

/** The project's package.json: the nearest one above this module (run from bench/ or from its build). */
function projectPackageJson(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('no package.json above the bench');
  }
}

/** The start script, read from the project's package.json. */
export function npmStart(): StartScript {
  const packageJson = packageJsonSchema.parse(JSON.parse(readFileSync(projectPackageJson(), 'utf8')));
  return readStartScript(packageJson.scripts.start);
}
