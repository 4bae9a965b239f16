/**
 * Raw-HTTP helpers for the sandbox's unit tests: requests with undici over loopback, no client code,
 * so these tests pin down the server's wire behaviour on their own.
 */
import { FormData, request } from 'undici';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

export interface RawRequest {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  /** Basic credentials as `user:password`, or a Bearer token as `{ bearer }`. */
  auth?: string | { bearer: string };
  query?: Record<string, string | string[]>;
  form?: Record<string, string | string[]>;
  json?: unknown;
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Raw body with its own content-type header. */
  body?: string | Buffer;
}

export const basicHeader = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

/** `url` is absolute, or relative to the sandbox's base URL when it starts with `/`. */
export async function send(sandbox: Sandbox, url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url.startsWith('http') ? url : `${sandbox.baseUrl}${url}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) target.searchParams.append(name, item);
  }
  const headers: Record<string, string> = { ...options.headers };
  if (typeof options.auth === 'string') headers.authorization = basicHeader(options.auth);
  else if (options.auth) headers.authorization = `Bearer ${options.auth.bearer}`;

  let body: string | Buffer | FormData | undefined = options.body;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.multipart) {
    body = options.multipart;
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await request(target, { method, headers, body });
  const raw = Buffer.from(await response.body.arrayBuffer());
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    status: response.statusCode,
    headers: flat,
    body: raw,
    text: raw.toString('utf8'),
    json: <T>() => JSON.parse(raw.toString('utf8')) as T,
  };
}

/** An in-memory sandbox on an ephemeral port, rate limits off unless the test turns them on. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, ...options, settings: { DisableRateLimit: true, ...options.settings } });
}
