/**
 * What the process does with an error nobody caught. Node's default is to die on both an uncaught
 * exception and an unhandled rejection, which lets one bad request stop the bot for everyone. Here a
 * fault is logged (redacted by the logger) and the bot keeps serving; it exits — after a graceful stop
 * attempt, with one clear line — only when continuing is unsafe:
 * - a fatal error: the port is taken or not allowed (EADDRINUSE, EADDRNOTAVAIL, EACCES on listen), or
 *   anything marked `fatal: true`;
 * - an exception thrown outside any request or job: shared machinery (a timer, an emitter) failed
 *   half-way, so its state cannot be trusted;
 * - more than `maxFaults` faults within `windowMs`: something is broken for everyone, and a restart by
 *   the process manager is the better bet.
 *
 * "Inside a request" is known from an AsyncLocalStorage scope that the HTTP receiver and the job
 * runner open around each request and job (`runInFaultScope`); the scope survives into the handlers
 * of both process events.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@slack/bolt';

const faultScope = new AsyncLocalStorage<string>();

/** Runs `fn` as part of the request or job `what`: a fault inside it does not endanger the process. */
export function runInFaultScope<T>(what: string, fn: () => T): T {
  return faultScope.run(what, fn);
}

/** The request or job the current code runs for, if any. */
export const currentFaultScope = (): string | undefined => faultScope.getStore();

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

  decide(kind: FaultKind, error: unknown, scope: string | undefined): FaultDecision {
    const fatal = fatalReason(error);
    if (fatal) return { action: 'exit', reason: fatal };
    if (kind === 'uncaughtException' && scope === undefined) {
      return { action: 'exit', reason: 'an exception was thrown outside any request or job, so shared state may be inconsistent' };
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
    const scope = currentFaultScope();
    const what = kind === 'uncaughtException' ? 'uncaught exception' : 'unhandled rejection';
    options.logger.error(`${what} ${scope ? `in ${scope}` : 'outside any request'}:`, error);
    if (exiting) return;
    const decision = policy.decide(kind, error, scope);
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
