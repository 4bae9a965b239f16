/**
 * The outgoing queue of notifications, so the bot keeps Slack's limits instead of collecting
 * `ratelimited` answers: chat.postMessage about one per second per channel (Slack's "1 per second per
 * channel" for posting), chat.update within Tier 3 (50 a minute), views.publish within Tier 4 (100 a
 * minute), each queue in order. A `ratelimited` answer (HTTP 429) is retried by the Web API client
 * itself after Retry-After (its default `rejectRateLimitedCalls: false`), inside the queue slot, so
 * later calls wait behind it. p-queue does the pacing.
 */
import PQueue from 'p-queue';

export interface SlackPacerOptions {
  /** Posts per channel per second (default 1). */
  postsPerSecond?: number;
  /** chat.update calls per minute (default 50, Tier 3). */
  updatesPerMinute?: number;
  /** views.publish calls per minute (default 100, Tier 4). */
  publishesPerMinute?: number;
}

export class SlackPacer {
  readonly #channels = new Map<string, PQueue>();
  readonly #updates: PQueue;
  readonly #publishes: PQueue;
  readonly #postsPerSecond: number;

  constructor(options: SlackPacerOptions = {}) {
    this.#postsPerSecond = options.postsPerSecond ?? 1;
    this.#updates = new PQueue({ concurrency: 4, interval: 60_000, intervalCap: options.updatesPerMinute ?? 50 });
    this.#publishes = new PQueue({ concurrency: 4, interval: 60_000, intervalCap: options.publishesPerMinute ?? 100 });
  }

  /** A chat.postMessage (or a DM) into `channel`, in order with the channel's other posts. */
  post<T>(channel: string, send: () => Promise<T>): Promise<T> {
    let queue = this.#channels.get(channel);
    if (!queue) {
      queue = new PQueue({ concurrency: 1, interval: 1_000, intervalCap: this.#postsPerSecond });
      // An idle channel's queue is dropped, so the map holds only busy channels.
      queue.on('idle', () => {
        if (this.#channels.get(channel) === queue && queue!.size === 0 && queue!.pending === 0) this.#channels.delete(channel);
      });
      this.#channels.set(channel, queue);
    }
    return queue.add(send) as Promise<T>;
  }

  update<T>(send: () => Promise<T>): Promise<T> {
    return this.#updates.add(send) as Promise<T>;
  }

  publish<T>(send: () => Promise<T>): Promise<T> {
    return this.#publishes.add(send) as Promise<T>;
  }

  /** Waits for everything queued (stop). */
  async drain(): Promise<void> {
    await Promise.all([...this.#channels.values(), this.#updates, this.#publishes].map((queue) => queue.onIdle()));
  }
}
