/**
 * A process under test (talep-bot or a bare Bolt baseline), forked from ./launcher.js with a clean
 * environment, its output in a log file, and an IPC channel for `sample()`: the child's own CPU time,
 * RSS and listener counts.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { type Sample, sampleSchema } from './ipc.js';

export type Role = 'bot' | 'bare';

export interface ChildOptions {
  role: Role;
  /** A name for messages and the log file. */
  name: string;
  /** Environment of the child, on top of PATH and HOME only (nothing else leaks in from the shell). */
  env: Record<string, string>;
  port: number;
  logFile: string;
  /** Extra Node options, e.g. `--cpu-prof`. */
  execArgv?: string[];
  startTimeoutMs?: number;
}

const LAUNCHER = fileURLToPath(new URL('./launcher.js', import.meta.url));

/** A port nobody listens on right now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export class ProcessUnderTest {
  readonly #child: ChildProcess;
  readonly #exited: Promise<number | null>;
  readonly #pending = new Map<number, (sample: Sample) => void>();
  #nextSampleId = 1;

  private constructor(
    readonly options: ChildOptions,
    child: ChildProcess,
  ) {
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.on('message', (raw: unknown) => {
      const sample = sampleSchema.safeParse(raw);
      if (!sample.success) return;
      this.#pending.get(sample.data.id)?.(sample.data);
      this.#pending.delete(sample.data.id);
    });
  }

  /** Writes a heap snapshot of the child into `dir` (synchronously, in the child) and then samples it. */
  heapSnapshot(dir: string): Promise<Sample> {
    return this.sample(120_000, dir);
  }

  static async start(options: ChildOptions): Promise<ProcessUnderTest> {
    const log = openSync(options.logFile, 'a');
    const child = fork(LAUNCHER, [options.role], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      execArgv: options.execArgv ?? [],
      stdio: ['ignore', log, log, 'ipc'],
    });
    closeSync(log);
    const started = new ProcessUnderTest(options, child);
    await started.#waitUntilHealthy(options.startTimeoutMs ?? 60_000);
    return started;
  }

  get eventsUrl(): string {
    return `http://127.0.0.1:${this.options.port}/slack/events`;
  }

  /** The child's CPU time so far, RSS and listener counts, as it measures them. */
  sample(timeoutMs = 60_000, heapSnapshotDir?: string): Promise<Sample> {
    const id = this.#nextSampleId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${this.options.name} did not answer a sample request within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, (sample) => {
        clearTimeout(timer);
        resolve(sample);
      });
      this.#child.send({ type: 'sample', id, ...(heapSnapshotDir ? { heapSnapshotDir } : {}) });
    });
  }

  /** SIGTERM (the bot shuts down as in production), SIGKILL if it has not exited after 10 s. */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    this.#child.kill('SIGTERM');
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 10_000);
    await this.#exited;
    clearTimeout(timer);
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  async #waitUntilHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void this.#exited.then((code) => {
      exitCode = code;
    });
    for (;;) {
      if (exitCode !== undefined) {
        throw new Error(`${this.options.name} exited with ${String(exitCode)} while starting:\n${this.logTail()}`);
      }
      try {
        const response = await request(`http://127.0.0.1:${this.options.port}/healthz`, { headersTimeout: 1_000, bodyTimeout: 1_000 });
        await response.body.dump();
        if (response.statusCode === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`${this.options.name} did not start within ${timeoutMs} ms:\n${this.logTail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
