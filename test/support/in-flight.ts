/**
 * Knowing when the app has finished with the requests sent to it: Slack's answer (the ack) comes first,
 * the listener's work after it. This wraps the Bolt app's `processEvent` (what the HTTP receiver calls
 * for every accepted request) to count requests in flight, and adds the work the kernel runs after
 * acks apart from them (`ackFirst.running`), so a test can wait until the app is idle before it reads the log.
 */
import type { Harness } from './harness.js';

export interface InFlight {
  /** Requests whose listener is still running. */
  readonly pending: number;
  /** Resolves once nothing has been running for `quietMs` (work a listener left behind gets that long). */
  idle(timeoutMs?: number, quietMs?: number): Promise<void>;
  /** Puts the app's own `processEvent` back. */
  restore(): void;
}

export function trackInFlight(h: Harness): InFlight {
  const app = h.app.app;
  const original = app.processEvent.bind(app);
  let pending = 0;
  let lastChange = Date.now();
  app.processEvent = async (event) => {
    pending += 1;
    lastChange = Date.now();
    try {
      return await original(event);
    } finally {
      pending -= 1;
      lastChange = Date.now();
    }
  };
  return {
    get pending() {
      return pending + h.app.ackFirst.running;
    },
    async idle(timeoutMs = 15_000, quietMs = 25) {
      const deadline = Date.now() + timeoutMs;
      let calls = h.slack.calls.length;
      for (;;) {
        if (pending + h.app.ackFirst.running === 0 && Date.now() - lastChange >= quietMs && h.slack.calls.length === calls) return;
        if (h.slack.calls.length !== calls) {
          calls = h.slack.calls.length;
          lastChange = Date.now();
        }
        if (Date.now() > deadline) throw new Error(`The app was still busy after ${timeoutMs} ms (${pending + h.app.ackFirst.running} request(s) in flight).`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    restore() {
      app.processEvent = original;
    },
  };
}
