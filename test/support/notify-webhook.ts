/**
 * What the help desk → Slack e2e suites share: a harness whose sandbox calls the bot's webhook on every
 * change (the sandbox's "HTTP POST to URL" rule), and a wait for async conditions.
 */
import type { Harness } from './harness.js';
import { useHarness } from './use-harness.js';

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** The harness with push notifications on (polling off); `prepare` runs before the rule is added. */
export const useWebhookHarness = (prepare?: (h: Harness) => Promise<void> | void): Harness =>
  useHarness({ notify: { webhookSecret: WEBHOOK_SECRET, poll: false, pollShare: 0.25, coalesceMs: 300, dueSoonHours: 24 } }, async (harness) => {
    await prepare?.(harness);
    const port = new URL(harness.send.eventsUrl).port;
    await harness.sandbox.addRule({
      name: 'Tell the Slack bot',
      enabled: true,
      match: 'All',
      conditions: [],
      actions: [{ type: 'HttpPost', value: `http://127.0.0.1:${port}/helpdesk/events?secret=${WEBHOOK_SECRET}` }],
    });
  });

/** Waits for an async condition (the stand-in's waitFor takes synchronous probes). */
export async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
