/**
 * The spec's rate limits, per client IP over a sliding window (default 60 s): 90 requests for general
 * operations, 60 for Search and UserByEmail. Each operation counts toward its own budget only. Refused
 * requests are not counted, so a client that waits for `Retry-After` gets through.
 */
import type { RateBudget } from '../api/endpoints.js';

export interface RateLimitOptions {
  general?: number;
  search?: number;
  windowMs?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; limit: number; retryAfterMs: number };

export class RateLimiter {
  readonly limits: Record<RateBudget, number>;
  readonly windowMs: number;
  /** `ip budget` → arrival times inside the window, oldest first. */
  readonly #arrivals = new Map<string, number[]>();

  constructor(options: RateLimitOptions = {}) {
    this.limits = { general: options.general ?? 90, search: options.search ?? 60 };
    this.windowMs = options.windowMs ?? 60_000;
  }

  /** Counts the request when it is allowed. */
  admit(ip: string, budget: RateBudget, now: number): RateDecision {
    const key = `${ip} ${budget}`;
    const arrivals = (this.#arrivals.get(key) ?? []).filter((at) => now - at < this.windowMs);
    const limit = this.limits[budget];
    if (arrivals.length >= limit) {
      this.#arrivals.set(key, arrivals);
      // Room comes back when the oldest counted request leaves the window.
      const oldest = arrivals[arrivals.length - limit] ?? now;
      return { allowed: false, limit, retryAfterMs: Math.max(1, oldest + this.windowMs - now) };
    }
    arrivals.push(now);
    this.#arrivals.set(key, arrivals);
    return { allowed: true };
  }
}

export function rateLimitReason(limit: number, windowMs: number, retryAfterSeconds: number): string {
  const per = windowMs === 60_000 ? 'minute' : `${windowMs / 1000} s`;
  return `Rate limit exceeded: ${limit} request${limit === 1 ? '' : 's'} per ${per}. Retry in ${retryAfterSeconds} s.`;
}
