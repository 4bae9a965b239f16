/**
 * The README's shell lines, run: the sandbox's "Try it" block runs as written with bash and curl against
 * `npm run sandbox` on a fresh data directory (the block's `HD=${HD:-…}` takes the test's address), and
 * the answers its comments promise come back. The sandbox start lines run too: the second one with its
 * port and data directory changed to free ones (as written it would take port 9000 and /var/lib/hd),
 * which listens on 0.0.0.0 — where the debug routes are off unless SANDBOX_DEBUG_ROUTES=on says so, with
 * a warning.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess, ensureBuilt, freePort, repoRoot, tempDir, waitUntilClosed } from '../support/bot-process.js';

const running: BotProcess[] = [];
let readme = '';

beforeAll(async () => {
  ensureBuilt();
  readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
}, 120_000);
afterEach(() => {
  for (const process of running.splice(0)) process.kill();
});

/** The first ```sh block after `heading`. */
function shellBlock(heading: string): string {
  const at = readme.indexOf(heading);
  expect(at, `README heading ${heading}`).toBeGreaterThan(-1);
  const match = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match?.[1]) throw new Error(`no sh block after ${heading}`);
  return match[1];
}

/** Runs a shell command line as written (`VAR=… npm run sandbox`), with extra environment. */
function sandboxFromLine(line: string, env: Record<string, string>): BotProcess {
  const sandbox = new BotProcess('bash', ['-c', line], env);
  running.push(sandbox);
  return sandbox;
}

function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('README: Try it', () => {
  it('runs as written against `npm run sandbox` on a fresh data directory, with the answers its comments promise', async () => {
    const start = shellBlock('## Sandbox help desk').split('\n')[0] ?? '';
    expect(start).toMatch(/^npm run sandbox\s+# http:\/\/127\.0\.0\.1:8080\/api, data in \.\/data$/);
    const port = await freePort();
    const dataDir = await tempDir('readme');
    const sandbox = sandboxFromLine(start.replace(/#.*$/, ''), { PORT: String(port), DATA_DIR: dataDir });
    await sandbox.waitFor(/Help-desk sandbox listening/);
    expect(sandbox.output).toContain(`API base URL: http://127.0.0.1:${port}/api`);

    const block = shellBlock('### Try it');
    expect(block.split('\n')[0]).toBe('HD=${HD:-http://127.0.0.1:8080}');
    const run = await bash(block, { HD: `http://127.0.0.1:${port}` }, await tempDir('readme-cwd'));
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('"Subject":"Cannot connect to the VPN from home"'); // talep 2, the first line
    expect(run.output).toContain('{"id":11}');
    expect(run.output).toContain('"FileName":"notes.txt"');
    expect(run.output).toMatch(/HTTP\/1\.1 400 Bad Request[\s\S]*Parameter 'id' is missing\./);
    expect(run.output).toMatch(/HTTP\/1\.1 403 Forbidden[\s\S]*This operation requires admin permission\./);
    expect(run.output).toContain('<Name>Tag printer taleps</Name>');
    expect(run.output).toContain('"ResponseStyle":"real"');
    expect(run.output).toContain('"IssueID"');
    expect(run.output).not.toMatch(/curl: \(\d+\)/);

    sandbox.child.kill('SIGTERM');
    await waitUntilClosed([port], 5_000);
    expect(await sandbox.exitCode()).toBe(0);
  }, 60_000);
});

describe('README: the sandbox on another address', () => {
  it('starts with a prefix and public URL; debug routes are off on 0.0.0.0', async () => {
    const line = shellBlock('## Sandbox help desk').split('\n').slice(1).join(' ').replace(/\\/g, ' ').replace(/\s+/g, ' ').trim();
    expect(line).toBe('PORT=9000 HOST=0.0.0.0 DATA_DIR=/var/lib/hd SANDBOX_PREFIX=/helpdesk/api SANDBOX_PUBLIC_URL=http://hd.example.com:9000 npm run sandbox');
    const port = await freePort();
    const sandbox = sandboxFromLine(line.replace('PORT=9000', `PORT=${port}`).replace('DATA_DIR=/var/lib/hd', `DATA_DIR=${await tempDir('readme-hd')}`), {});
    await sandbox.waitFor(/Help-desk sandbox listening/);
    expect(sandbox.output).toContain(`API base URL: http://127.0.0.1:${port}/helpdesk/api`);
    expect(sandbox.output).toContain('token page: http://hd.example.com:9000/helpdesk/User/Token');
    expect(sandbox.output).toContain('Debug routes: off');
    expect(sandbox.output).not.toContain('WARNING');
    expect((await fetch(`http://127.0.0.1:${port}/__sandbox/accounts`)).status).toBe(404);
    const talep = await fetch(`http://127.0.0.1:${port}/helpdesk/api/talep?id=1`, { headers: { authorization: `Basic ${Buffer.from('agent:demo').toString('base64')}` } });
    expect(await talep.text()).toContain('http://hd.example.com:9000/helpdesk/');
  });

  it('SANDBOX_DEBUG_ROUTES=on serves them on 0.0.0.0, with a loud warning', async () => {
    const port = await freePort();
    const sandbox = sandboxFromLine('npm run sandbox', { PORT: String(port), HOST: '0.0.0.0', SANDBOX_DEBUG_ROUTES: 'on', DATA_DIR: await tempDir('readme-debug') });
    await sandbox.waitFor(/Help-desk sandbox listening/);
    expect(sandbox.output).toMatch(/WARNING: the sandbox's debug routes \(\/__sandbox\/\*\) are ON while it listens on 0\.0\.0\.0:\d+: anyone who can reach this port can read every demo user's token/);
    expect((await fetch(`http://127.0.0.1:${port}/__sandbox/accounts`)).status).toBe(200);
  });

  it('a port in use is told in one sentence', async () => {
    const port = await freePort();
    const first = sandboxFromLine('npm run sandbox', { PORT: String(port), DATA_DIR: await tempDir('readme-first') });
    await first.waitFor(/Help-desk sandbox listening/);
    const second = sandboxFromLine('npm run sandbox', { PORT: String(port), DATA_DIR: await tempDir('readme-second') });
    expect(await second.exitCode()).toBe(1);
    expect(second.output).toContain(`PORT=${port} is already in use by another program (another sandbox, or \`npm start\` with its embedded sandbox on SANDBOX_PORT?)`);
  });
});

describe('README: token key rotation', () => {
  it('the rotation commands run as written: --generate puts a new key first, --drop-old-keys keeps only it', async () => {
    const commands = [...readme.matchAll(/`(npm run rotate-key(?: -- --[a-z-]+)?)`/g)].map((match) => match[1] ?? '');
    expect(commands).toEqual(expect.arrayContaining(['npm run rotate-key -- --generate', 'npm run rotate-key -- --drop-old-keys', 'npm run rotate-key']));
    const dataDir = await tempDir('rotate');
    const keys = async () => (await readFile(`${dataDir}/token-encryption.key`, 'utf8')).split('\n').filter((line) => /^[0-9a-f]{64}$/.test(line));
    const run = async (command: string) => {
      const result = await bash(command, { DATA_DIR: dataDir }, repoRoot);
      expect(result.code, result.output).toBe(0);
      return result.output;
    };
    expect(await run('npm run rotate-key -- --generate')).toContain('a new current key was generated');
    const first = await keys();
    await run('npm run rotate-key -- --generate');
    const second = await keys();
    expect(second).toHaveLength(2);
    expect(second[1]).toBe(first[0]);
    expect(await run('npm run rotate-key')).toContain('Stored tokens: 0');
    await run('npm run rotate-key -- --drop-old-keys');
    expect(await keys()).toEqual([second[0]]);
  });
});

describe('README: production start', () => {
  it('names the commands the start test and CI run', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm run build && npm prune --omit=dev');
    expect(readme).toContain('CMD ["node", "--single-threaded-gc", "dist/index.js"]');
    expect(repoRoot).toBeTruthy();
  });
});
