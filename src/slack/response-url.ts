/**
 * Posts to a Slack response_url (valid 30 minutes, 5 posts): what Bolt's `respond` does, on a keep-alive
 * undici agent, for every surface — including URLs kept from an earlier interaction (a modal's
 * submission has none of its own).
 */
import { Agent, request } from 'undici';
import { messageBody } from './message-json.js';
import { ResponseUrlError } from './surface.js';

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 16, headersTimeout: 10_000, bodyTimeout: 10_000 });


export async function postToResponseUrl(url: string, payload: Record<string, unknown>): Promise<void> {
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: messageBody(payload),
      dispatcher: agent,
    });
  } catch (error) {
    // Unreachable, refused, timed out: the URL cannot carry this answer, so the surface falls back (a DM).
    throw new ResponseUrlError(`response_url not reachable: ${error instanceof Error ? error.message.slice(0, 100) : 'unknown error'}`);
  }
  const text = await response.body.text();
  // Slack answers 200 "ok", or 404/410 with `used_url`/`expired_url` when the URL can no longer be used.
  if (response.statusCode >= 300) throw new ResponseUrlError(`response_url answered HTTP ${response.statusCode}: ${text.slice(0, 100)}`);
}
