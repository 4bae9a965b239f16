/**
 * The built bot (or sandbox) as a real process, started the way a person or a process manager starts
 * it (`npm start`, `npm run sandbox`, `node dist/index.js`), for the tests of start-up, health and
 * stopping. Output is collected; helpers wait for a line, for the exit, and for a port to close.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Builds dist/ when it is not the build of the current sources (what `npm start`'s prestart does). */
export function ensureBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ensure-built failed:\n${result.stderr}`);
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), `talep-${prefix}-`));

/** Whether something accepts connections on 127.0.0.1:port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

export class BotProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(command: string, args: string[], env: Record<string, string | undefined>, cwd = repoRoot) {
    // Only what the test gives, plus what npm and node need to run: no SLACK_* or HELPDESK_* leaks in.
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, npm_config_update_notifier: 'false' };
    // Its own process group, so the cleanup can end npm and the node it started together.
    this.child = spawn(command, args, { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return match;
      if (exited || Date.now() > deadline) {
        throw new Error(`${exited ? 'The process exited' : 'Timed out'} before ${pattern} appeared. Output:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Exit code within `timeoutMs`, else the process is killed and the test told. */
  async exitCode(timeoutMs = 15_000): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    const result = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (result === 'late') {
      this.kill();
      throw new Error(`The process did not exit within ${timeoutMs} ms. Output:\n${this.output}`);
    }
    return result.code;
  }

  /** Ends the whole process group (npm, the shell it may run, the bot): nothing is left running. */
  kill(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // the group has exited already
    }
  }
}

/** Polls until nothing listens on any of `ports`; resolves with the time it took, or rejects after `timeoutMs`. */
export async function waitUntilClosed(ports: number[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const open = (await Promise.all(ports.map(isListening))).some(Boolean);
    if (!open) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`still listening after ${timeoutMs} ms on one of ${ports.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
