/**
 * Signatures of Slack requests seen recently: a signed request captured on the way (a proxy log, a
 * leaked HAR) must not be accepted a second time within the 5 minutes its timestamp stays valid.
 *
 * The interface is one atomic "remember unless known", so a shared implementation can back it later
 * (Redis `SET key 1 NX PXAT expiry`, or a PostgreSQL `INSERT … ON CONFLICT DO NOTHING`) and a replay
 * sent to another instance is refused too. The in-memory one is bounded: past `maxEntries` it forgets
 * the oldest entries first (it is sized far above Slack's request rate, so that needs a flood).
 */
export interface ReplayCache {
  /** Remembers `signature` until `expiresAtMs`; false when it was already remembered (a replay). */
  remember(signature: string, expiresAtMs: number): Promise<boolean>;
}

export interface MemoryReplayCacheOptions {
  /** Default 100,000 (~330 requests a second for 5 minutes). */
  maxEntries?: number;
  now?: () => number;
}

export class MemoryReplayCache implements ReplayCache {
  /** Insertion order is arrival order, so the oldest entries come first. */
  readonly #expiries = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryReplayCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#expiries.size;
  }

  async remember(signature: string, expiresAtMs: number): Promise<boolean> {
    const now = this.#now();
    this.#forgetExpired(now);
    const known = this.#expiries.get(signature);
    if (known !== undefined && known > now) return false;
    this.#expiries.delete(signature);
    while (this.#expiries.size >= this.#maxEntries) {
      const oldest = this.#expiries.keys().next().value;
      if (oldest === undefined) break;
      this.#expiries.delete(oldest);
    }
    this.#expiries.set(signature, expiresAtMs);
    return true;
  }

  /** Expiries are close to arrival order (they differ by the requests' clock skew), so the sweep stops early. */
  #forgetExpired(now: number): void {
    for (const [signature, expiresAt] of this.#expiries) {
      if (expiresAt > now) break;
      this.#expiries.delete(signature);
    }
  }
}
