/**
 * Exponential back-off with jitter for job retries: attempt n waits about base·factor^(n-1), capped,
 * with a random part so that jobs that failed together (the help desk went down for everyone) do not
 * all come back in the same instant.
 */
export interface BackoffOptions {
  /** The first retry's delay (default 5 s). */
  baseMs?: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** The longest delay (default 10 min). */
  maxMs?: number;
  /** Which share of the delay is random: 0 none, 1 "full jitter" (default 0.5: between half and all of it). */
  jitter?: number;
}

/** The delay before retrying after failed attempt `attempt` (1-based); `random` returns [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const baseMs = options.baseMs ?? 5_000;
  const factor = options.factor ?? 2;
  const maxMs = options.maxMs ?? 10 * 60_000;
  const jitter = Math.min(Math.max(options.jitter ?? 0.5, 0), 1);
  const exponential = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt - 1));
  const fixed = exponential * (1 - jitter);
  return Math.round(fixed + random() * exponential * jitter);
}
