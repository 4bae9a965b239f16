/**
 * The one place where "a talep changed in the help desk" is announced inside the bot.
 *
 * Producers: the help-desk webhook (`POST /helpdesk/events`), the budgeted poller, and the bot's own
 * writes (so its own changes are not re-detected as foreign ones). Consumers: channel feeds, personal
 * notifications, App Home refreshes, thread sync. A change is only a hint ("look at talep N"): every
 * consumer reads the talep's current state itself, with a token allowed to see it, so a forged or
 * stale hint can never put false data into Slack.
 */

export type TalepChangeKind = 'created' | 'updated' | 'commented' | 'assigned' | 'status' | 'closed';

export interface TalepChange {
  talepId: number;
  /** What the source says happened; `updated` when it does not say. */
  kind: TalepChangeKind;
  /** How it was learned: pushed by the help desk, found by polling, or done by the bot itself. */
  via: 'push' | 'poll' | 'bot';
  at: Date;
  /** For `via: 'bot'`: the help-desk comment the bot wrote (so thread sync never echoes it). */
  commentId?: number;
}

export type TalepChangeListener = (change: TalepChange) => void | Promise<void>;

export interface TalepChanges {
  /** Returns the function that unsubscribes. */
  subscribe(listener: TalepChangeListener): () => void;
  /** Tells every listener; a listener's failure is logged by `onError` and never reaches the producer. */
  publish(change: TalepChange): Promise<void>;
}

/** In-process fan-out (one instance); listeners run concurrently and are awaited. */
export function talepChangeBus(onError: (error: unknown, change: TalepChange) => void = () => {}): TalepChanges {
  const listeners = new Set<TalepChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publish(change) {
      await Promise.all(
        [...listeners].map(async (listener) => {
          try {
            await listener(change);
          } catch (error) {
            onError(error, change);
          }
        }),
      );
    },
  };
}
