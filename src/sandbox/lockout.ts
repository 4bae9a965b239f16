/**
 * The spec's IP lock-out: `maxFailures` wrong credentials from one IP within `windowMs` block that IP
 * for `blockMs` (defaults: 3 within 5 minutes → 5 minutes). While blocked, every request from the IP
 * is refused, even with good credentials. A successful sign-in does not wipe earlier failures: the
 * window simply rolls on.
 */
export interface LockoutOptions {
  maxFailures?: number;
  blockMs?: number;
  windowMs?: number;
}

export class IpLockout {
  readonly maxFailures: number;
  readonly blockMs: number;
  readonly windowMs: number;
  readonly #failures = new Map<string, number[]>();
  readonly #blockedUntil = new Map<string, number>();

  constructor(options: LockoutOptions = {}) {
    this.maxFailures = options.maxFailures ?? 3;
    this.blockMs = options.blockMs ?? 5 * 60_000;
    this.windowMs = options.windowMs ?? 5 * 60_000;
  }

  /** Milliseconds the IP stays blocked; 0 when it is not blocked. */
  blockedFor(ip: string, now: number): number {
    const until = this.#blockedUntil.get(ip);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.#blockedUntil.delete(ip);
    return 0;
  }

  /** Records a wrong credential; returns true when this failure blocks the IP. */
  recordFailure(ip: string, now: number): boolean {
    const recent = (this.#failures.get(ip) ?? []).filter((at) => now - at < this.windowMs);
    recent.push(now);
    if (recent.length < this.maxFailures) {
      this.#failures.set(ip, recent);
      return false;
    }
    this.#failures.delete(ip);
    this.#blockedUntil.set(ip, now + this.blockMs);
    return true;
  }
}

/** "Your IP address is blocked ... Try again in 5 minutes." */
export function blockedReason(msLeft: number, maxFailures: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return (
    `Your IP address is blocked after ${maxFailures} failed sign-in attempts. ` +
    `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}
