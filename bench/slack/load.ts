/**
 * Sending load the way Slack does: the test suites' signed-request builder (`SlackRequests`) over an
 * undici keep-alive agent with as many connections as requests in flight (the built-in fetch would
 * spend more of the shared CPU in the load generator than in the app under test), driven either
 * closed-loop (N workers, each sends its next request when the last one is acked) or open-loop
 * (requests at fixed times, whatever the app does).
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { type SentRequest, signature, SlackRequests } from '../../test/support/slack-requests.js';

/** What was sent, plus the trigger_id it carried (to find the modal it opened). */
export interface BenchSentRequest extends SentRequest {
  triggerId?: string;
}

/** The trigger_id of a form-encoded slash command or of an interactivity payload. */
export function triggerIdOf(body: string): string | undefined {
  const form = new URLSearchParams(body);
  const direct = form.get('trigger_id');
  if (direct) return direct;
  const payload = form.get('payload');
  if (!payload) return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    const trigger = typeof parsed === 'object' && parsed !== null && 'trigger_id' in parsed ? parsed.trigger_id : undefined;
    return typeof trigger === 'string' ? trigger : undefined;
  } catch {
    return undefined;
  }
}

export class BenchSlackRequests extends SlackRequests {
  readonly #eventsUrl: string;
  readonly #signingSecret: string;
  readonly #agent: Agent;

  constructor(eventsUrl: string, signingSecret: string, slack: SlackStandIn, connections = 256) {
    super(eventsUrl, signingSecret, slack);
    this.#eventsUrl = eventsUrl;
    this.#signingSecret = signingSecret;
    this.#agent = new Agent({ connections, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 });
  }

  /**
   * Signed requests go through `raw` too (the base class posts them with the global fetch): one
   * keep-alive agent for the whole load, and the trigger_id is kept to find the modal it opened.
   */
  override async signed(body: string, contentType = 'application/x-www-form-urlencoded', timestamp = Math.floor(Date.now() / 1000)): Promise<BenchSentRequest> {
    return this.raw(body, { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature(this.#signingSecret, timestamp, body) }, contentType);
  }

  override async raw(body: string, headers: Record<string, string>, contentType = 'application/x-www-form-urlencoded'): Promise<BenchSentRequest> {
    const response = await request(this.#eventsUrl, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
      dispatcher: this.#agent,
    });
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // a plain-text ack
    }
    const triggerId = contentType === 'application/x-www-form-urlencoded' ? triggerIdOf(body) : undefined;
    return { status: response.statusCode, body: parsed, responseUrl: undefined, ...(triggerId ? { triggerId } : {}) };
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

export interface TimedRequest {
  index: number;
  /** Date.now() when it was sent: comparable with the Slack stand-in's and the proxy's timestamps. */
  sentAt: number;
  /** Until the HTTP response (the ack) was read, in ms (monotonic clock). */
  ackMs?: number;
  status?: number;
  responseUrl?: string;
  /** The trigger_id it carried (to find the modal it opened). */
  triggerId?: string;
  error?: string;
}

/** One request to send, e.g. `(i) => sender.slash(actor(i), 'help')`. */
export type Send = (index: number) => Promise<SentRequest>;

async function sendTimed(index: number, send: Send): Promise<TimedRequest> {
  const timed: TimedRequest = { index, sentAt: Date.now() };
  const started = performance.now();
  try {
    const sent: BenchSentRequest = await send(index);
    timed.ackMs = performance.now() - started;
    timed.status = sent.status;
    if (sent.responseUrl) timed.responseUrl = sent.responseUrl;
    if (sent.triggerId) timed.triggerId = sent.triggerId;
  } catch (error) {
    timed.error = error instanceof Error ? error.message : String(error);
  }
  return timed;
}

/** `total` requests from `concurrency` workers, each sending its next one when the previous is acked. */
export async function closedLoop(total: number, concurrency: number, send: Send): Promise<TimedRequest[]> {
  const results: TimedRequest[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      results[index] = await sendTimed(index, send);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
}

/** `total` requests spread evenly over `spanMs`, each sent on time whether or not earlier ones were acked. */
export async function openLoop(total: number, spanMs: number, send: Send): Promise<TimedRequest[]> {
  const start = performance.now();
  const pending: Promise<TimedRequest>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + (index * spanMs) / total;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(sendTimed(index, send));
  }
  return Promise.all(pending);
}

/** `total` requests all at once. */
export const allAtOnce = (total: number, send: Send): Promise<TimedRequest[]> =>
  Promise.all(Array.from({ length: total }, (_, index) => sendTimed(index, send)));

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
