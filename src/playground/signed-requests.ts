/**
 * Requests to the bot signed the way Slack signs them: `X-Slack-Signature` is `v0=` + HMAC-SHA256 of
 * `v0:<timestamp>:<body>` with the signing secret, beside `X-Slack-Request-Timestamp`. The playground
 * sends every click of its page through this, so the bot's receiver checks it as it checks Slack's.
 */
import { createHmac } from 'node:crypto';

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export interface SignedAnswer {
  status: number;
  /** The HTTP response body (an ack payload: options, a response_action, a message), parsed when JSON. */
  body: unknown;
}

/** Posts a raw body with the given headers and reads the answer (JSON when it parses, else the text). */
export async function postRaw(
  url: string,
  body: string,
  headers: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
  signal?: AbortSignal,
): Promise<SignedAnswer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body, ...(signal ? { signal } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // a plain-text ack
  }
  return { status: response.status, body: parsed };
}

/** Posts `body` signed with `secret` at `timestamp` (now, unless a test wants another). */
export function postSigned(
  url: string,
  secret: string,
  body: string,
  options: { contentType?: string; timestamp?: number; signal?: AbortSignal } = {},
): Promise<SignedAnswer> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return postRaw(
    url,
    body,
    { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': slackSignature(secret, timestamp, body) },
    options.contentType,
    options.signal,
  );
}
