/**
 * The real bot as a child process (the entry point, src/index.ts, run from the TypeScript sources
 * through scripts/register-ts.mjs), in HTTP mode on a free port, for tests that must kill it: `kill('SIGKILL')`
 * is `kill -9` — no stop hook, no flush, whatever was in flight is cut.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface BotProcess {
  /** `http://127.0.0.1:<port>/slack/events` */
  eventsUrl: string;
  /** Everything the process logged (stderr and stdout). */
  output: string[];
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startBotProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<BotProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', './scripts/register-ts.mjs', 'src/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not start within ${startTimeoutMs} ms:\n${output.join('')}`)), startTimeoutMs);
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      const listening = /listens on http:\/\/[^:]+:(\d+)\/slack\/events/.exec(output.join(''));
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bot exited (${code}) before it listened:\n${output.join('')}`));
    });
  });
  return {
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
