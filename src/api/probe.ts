/**
 * Is the help desk there, and is it this API? One unauthenticated request, `POST <base>/Authorization`
 * with no credentials: this API answers it 401 (every call needs credentials), which tells "speaks this
 * API" from a web page, a wrong path (404) or a proxy's error, and "not reachable" from both. Sending no
 * credentials is what keeps the probe safe: it can never count as a failed sign-in toward the help
 * desk's IP lock-out, and it spends no user's token. A 405 is asked again with GET, as real servers
 * serve `/Authorization` on GET.
 */
import { type Dispatcher, request } from 'undici';
import { describeNetworkFailure } from './network-failure.js';

export type ProbeOutcome = (
  /** Answered as this API does without credentials. */
  | { status: 'ok'; detail: string }
  /** No answer, or a gateway's or server's error: it is not (or not yet) there. */
  | { status: 'unreachable'; detail: string }
  /** Something answers at that address, but not this API (wrong path, a web page, a redirect). */
  | { status: 'not-this-api'; detail: string }
  /** This API, refusing this address right now (the IP lock-out after wrong sign-ins). */
  | { status: 'refused'; detail: string }
) & {
  /** From sending the (last) request to its answer, when there was one: a first measure of a call's time. */
  answeredInMs?: number;
};

export interface ProbeOptions {
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export async function probeHelpdesk(baseUrl: string, options: ProbeOptions = {}): Promise<ProbeOutcome> {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/Authorization`;
  const first = await ask(url, 'POST', options);
  if (first.kind === 'answer' && first.status === 405) return outcome(url, 'GET', await ask(url, 'GET', options));
  return outcome(url, 'POST', first);
}

type Asked = { kind: 'answer'; status: number; location: string | undefined; text: string; ms: number } | { kind: 'failed'; error: unknown };

async function ask(url: URL, method: 'GET' | 'POST', options: ProbeOptions): Promise<Asked> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const started = performance.now();
  try {
    const response = await request(url, {
      method,
      headers: { accept: 'application/json', 'user-agent': 'talep-bot (start-up check)' },
      ...(method === 'POST' ? { body: '', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    // The start of the body only: enough for a reason line, bounded whatever answers.
    const text = (await readStart(response.body, 2_048)).replace(/\s+/g, ' ').trim();
    const location = response.headers.location;
    const ms = performance.now() - started;
    return { kind: 'answer', status: response.statusCode, location: typeof location === 'string' ? location : undefined, text, ms };
  } catch (error) {
    return { kind: 'failed', error };
  }
}

function outcome(url: URL, method: string, asked: Asked): ProbeOutcome {
  const call = `${method} ${url.href}`;
  if (asked.kind === 'failed') return { status: 'unreachable', detail: `${call} got no answer: ${describeNetworkFailure(asked.error)}` };
  return { ...answered(call, asked), answeredInMs: Math.round(asked.ms) };
}

function answered(call: string, asked: Extract<Asked, { kind: 'answer' }>): ProbeOutcome {
  const { status } = asked;
  if (status === 401) return { status: 'ok', detail: `${call} asks for credentials (401), as this API does` };
  if (status === 403) {
    return { status: 'refused', detail: `${call} answered 403 without credentials${asked.text ? `: ${asked.text.slice(0, 200)}` : ''} (an IP block after wrong sign-ins lasts 5 minutes)` };
  }
  if (status === 429) return { status: 'ok', detail: `${call} answered 429 (rate-limited), so it is there` };
  if (status >= 500) return { status: 'unreachable', detail: `${call} answered ${status}: the help desk (or a gateway in front of it) is failing` };
  if (status >= 300 && status < 400) {
    return { status: 'not-this-api', detail: `${call} redirects (${status}) to ${asked.location ?? 'another address'}: set HELPDESK_URL to the API root itself` };
  }
  if (status === 404) return { status: 'not-this-api', detail: `nothing at ${call} (404): HELPDESK_URL must be the API root, e.g. https://helpdesk.example.com/api` };
  return { status: 'not-this-api', detail: `${call} answered ${status} without credentials, where this API asks for them (401)` };
}

async function readStart(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
