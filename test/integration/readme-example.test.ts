/**
 * The README's "client on its own" example is examples/client.ts, shown in the README as it is, and run
 * here as a reader runs it (`npm run example`, plain Node with the repository's TypeScript) against the
 * sandbox with the credentials it has — in this run's response style, so it holds for both shapes.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { BotProcess } from '../support/bot-process.js';
import { responseStyle } from './world.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, settings: { ResponseStyle: responseStyle() } });
});
afterAll(async () => {
  await sandbox.close();
});

test('the README shows examples/client.ts as it is', async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const example = await readFile(new URL('../../examples/client.ts', import.meta.url), 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

test('npm run example runs it against the sandbox', async () => {
  const run = new BotProcess('npm', ['run', 'example', '--silent'], { HELPDESK_URL: sandbox.baseUrl });
  expect(await run.exitCode(30_000)).toBe(0);
  const lines = run.output.trim().split('\n');
  expect(lines[0]).toMatch(/^created talep \d+: Printer jam \(New\)$/);
  expect(lines[1]).toMatch(/^search "printer": [1-9]\d* open talep\(s\)$/);
  expect(lines[2]).toBe('rule 1: Tag printer taleps (enabled)');
  expect(lines[3]).toMatch(/^talep 999999: .+/);
  expect(lines).toHaveLength(4);
}, 40_000);
