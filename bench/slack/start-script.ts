/**
 * The environment `npm start` gives the bot: the `NAME=value` assignments in front of
 * `exec node dist/index.js` in package.json's `start` script (`NAME=${NAME:-value}` counts as `value`).
 * The bench starts talep-bot through its own launcher (for the in-process samples), so it sets these
 * itself; otherwise it would measure a start `npm start` never makes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

const packageJsonSchema = z.object({ scripts: z.object({ start: z.string() }) });
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(?:\$\{\1:-([^}]*)\}|([^\s$]*))$/;

/** Throws when the script is not `[NAME=value …] exec node dist/index.js`: a changed start must change this too. */
export function startScriptEnvironment(script: string): Record<string, string> {
  const words = script.trim().split(/\s+/);
  const execAt = words.indexOf('exec');
  if (execAt < 0 || words.slice(execAt).join(' ') !== 'exec node dist/index.js') {
    throw new Error(`package.json's start script is not "[NAME=value …] exec node dist/index.js": ${script}`);
  }
  const environment: Record<string, string> = {};
  for (const word of words.slice(0, execAt)) {
    const assignment = ASSIGNMENT.exec(word);
    if (!assignment?.[1]) throw new Error(`package.json's start script: "${word}" is not an assignment NAME=value or NAME=\${NAME:-value}`);
    environment[assignment[1]] = assignment[2] ?? assignment[3] ?? '';
  }
  return environment;
}

/** The project's package.json: the nearest one above this module (run from bench/ or from its build). */
function projectPackageJson(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('no package.json above the bench');
  }
}

/** The start script's environment, read from the project's package.json. */
export function npmStartEnvironment(): Record<string, string> {
  const packageJson = packageJsonSchema.parse(JSON.parse(readFileSync(projectPackageJson(), 'utf8')));
  return startScriptEnvironment(packageJson.scripts.start);
}
