/**
 * Slack requests are handled one per turn of the event loop (`perTurn`), in the order they were read.
 *
 * Why: Node accepts one new connection per turn of the event loop (measured on Node 20: one
 * `accept4` per poll phase, however many wait in the kernel's queue), and a turn handles every request
 * that is ready on the connections it already has. Under a burst a turn lasts as long as those requests
 * take, so the connections Slack opens for the burst's later requests wait in the kernel's queue
 * behind tens of turns: their requests were acked 1.3–1.8 s after they were sent while requests on
 * connections already open took 15 ms (issue 13's queue bench; a plain `http` server shows the same).
 * Handled one per turn, a turn is short, connections are taken at the pace requests are handled, and
 * every request waits its turn in one queue: the slowest ack is the length of the backlog, not that
 * plus the wait for a connection.
 *
 * Reading a request stays in the poll phase (it is cheap and frees the socket); what waits here is its
 * handling: the signature, the parse, Bolt and the listener up to `ack()`.
 */
export class Turns {
  readonly #perTurn: number;
  readonly #waiting: (() => void)[] = [];
  #scheduled = false;

  constructor(perTurn = 1) {
    this.#perTurn = Math.max(1, perTurn);
  }

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves in a later turn of the event loop (after its I/O was polled), in call order. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // An immediate scheduled from an immediate runs in the next turn, after the poll phase.
    setImmediate(this.#turn);
  }

  readonly #turn = (): void => {
    this.#scheduled = false;
    for (const resolve of this.#waiting.splice(0, this.#perTurn)) resolve();
    if (this.#waiting.length > 0) this.#schedule();
  };
}
