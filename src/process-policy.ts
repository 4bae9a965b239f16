/**
 * What the process does with an error nobody caught. Node's default is to die on both an uncaught
 * exception and an unhandled rejection, which lets one bad request stop the bot for everyone. Here a
 * fault is logged (redacted by the logger) and the bot keeps serving; it exits — after a graceful stop
 * attempt, with one clear line — only when continuing is unsafe:
 * - a fatal error: the port is taken or not allowed (EADDRINUSE, EADDRNOTAVAIL, EACCES on listen), or
 *   anything marked `fatal: true`;
 * - an exception thrown by the bot's own shared machinery (the throttle's pump, the lock-out guard, the
 *   job runner, the ack scheduler…): it failed half-way, so its state cannot be trusted and everything
 *   that waits on it would wait for ever;
 * - more than `maxFaults` faults within `windowMs`: something is broken for everyone, and a restart by
 *   the process manager is the better bet.
 *
 * The machinery says so itself: its timer and immediate callbacks are wrapped with
 * `machinery(name, fn)` (./machinery.ts), which notes a throw on its way out. Requests and jobs are
 * async functions, so what goes wrong in them is a rejection, caught by their callers; a stray
 * exception from anywhere else (a library's callback) counts as a fault. This was an
 * AsyncLocalStorage scope opened around every request and job, with exceptions outside any scope
 * fatal; on Node 20 that installs a hook on every promise, which cost 8 % of the CPU of a burst of
 * slash commands (issue 13's bench), only to name the request in a log line.
 */
import type { Logger } from '@slack/bolt';
import { machineryOf } from './machinery.js';

export type FaultKind = 'uncaughtException' | 'unhandledRejection';

export type FaultDecision = { action: 'continue' } | { action: 'exit'; reason: string };

export interface FaultPolicyOptions {
  /** Faults tolerated within the window (default 10); one more exits. */
  maxFaults?: number;
  windowMs?: number;
  now?: () => number;
}

const FATAL_LISTEN_CODES = new Set(['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES']);

/** Why an error makes the process unusable, or undefined. */
export function fatalReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, syscall, fatal, message } = error as { code?: unknown; syscall?: unknown; fatal?: unknown; message?: unknown };
  if (fatal === true) return `a fatal error (${String(message)})`;
  if (typeof code !== 'string') return undefined;
  if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL') return `the address cannot be used (${code}: ${String(message)})`;
  if (FATAL_LISTEN_CODES.has(code) && syscall === 'listen') return `listening is not allowed (${code}: ${String(message)})`;
  return undefined;
}

/** The decisions, without side effects, so they can be tested one by one. */
export class FaultPolicy {
  readonly #maxFaults: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #recent: number[] = [];

  constructor(options: FaultPolicyOptions = {}) {
    this.#maxFaults = options.maxFaults ?? 10;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** `machineryName`: the shared machinery an uncaught exception came out of, if it did. */
  decide(kind: FaultKind, error: unknown, machineryName?: string): FaultDecision {
    const fatal = fatalReason(error);
    if (fatal) return { action: 'exit', reason: fatal };
    if (kind === 'uncaughtException' && machineryName !== undefined) {
      return { action: 'exit', reason: `${machineryName} failed half-way, so its state cannot be trusted` };
    }
    const now = this.#now();
    this.#recent = this.#recent.filter((at) => now - at < this.#windowMs);
    this.#recent.push(now);
    if (this.#recent.length > this.#maxFaults) {
      return { action: 'exit', reason: `${this.#recent.length} unhandled faults within ${Math.round(this.#windowMs / 1000)} s` };
    }
    return { action: 'continue' };
  }
}

export interface InstallOptions {
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Graceful stop: finish or hand back in-flight work. */
  shutdown: (reason: string) => Promise<void>;
  policy?: FaultPolicy;
  /** The longest the graceful stop may take before the exit (default 10 s). */
  shutdownDeadlineMs?: number;
  /** Default: process.exit. */
  exit?: (code: number) => void;
  /** Default: process. */
  target?: Pick<NodeJS.Process, 'on' | 'off'>;
  /** Where the final line goes (default stderr), so it is seen even if logging is broken. */
  announce?: (line: string) => void;
}

/** Installs the handlers; answers a function that removes them. */
export function installProcessPolicy(options: InstallOptions): () => void {
  const policy = options.policy ?? new FaultPolicy();
  const target = options.target ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const announce = options.announce ?? ((line: string) => process.stderr.write(`${line}\n`));
  let exiting = false;

  const onFault = (kind: FaultKind) => (error: unknown) => {
    const from = kind === 'uncaughtException' ? machineryOf(error) : undefined;
    const what = kind === 'uncaughtException' ? 'uncaught exception' : 'unhandled rejection';
    options.logger.error(`${what}${from ? ` in ${from}` : ''}:`, error);
    if (exiting) return;
    const decision = policy.decide(kind, error, from);
    if (decision.action === 'continue') return;
    exiting = true;
    announce(`talep-bot is stopping: ${decision.reason}.`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.shutdownDeadlineMs ?? 10_000);
      timer.unref?.();
    });
    void Promise.race([options.shutdown(decision.reason).catch(() => undefined), deadline]).finally(() => {
      clearTimeout(timer);
      exit(1);
    });
  };

  const onException = onFault('uncaughtException');
  const onRejection = onFault('unhandledRejection');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
