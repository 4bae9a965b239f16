/**
 * The Web API client's fetch: undici's `request` on one keep-alive agent, answering with the small
 * part of a fetch Response the WebClient reads (status, headers, text/json/arrayBuffer). Node's
 * built-in fetch builds full WHATWG Request/Response/stream objects for every call (0.5–1 ms of CPU
 * each under load, issue 13); this skips them. Multipart bodies (file uploads) keep using the built-in
 * fetch, which encodes the WebClient's FormData.
 */
import type { webApi } from '@slack/bolt';
import { Agent, request } from 'undici';

type FetchFunction = webApi.FetchFunction;
type FetchResponse = Awaited<ReturnType<FetchFunction>>;

class PlainHeaders {
  readonly #values = new Map<string, string>();

  constructor(raw: Record<string, string | string[] | undefined>) {
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined) this.#values.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }
}

export function keepAliveFetch(dispatcher: Agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 })): FetchFunction {
  return async (url, init = {}) => {
    if (init.body !== undefined && typeof init.body !== 'string') {
      // Multipart (file uploads): the WebClient builds the global FormData, which the built-in fetch encodes.
      return (await globalThis.fetch(url, init as RequestInit)) as unknown as FetchResponse;
    }
    const response = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      dispatcher,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    const text = () => body.toString('utf8');
    return {
      ok: response.statusCode >= 200 && response.statusCode < 300,
      status: response.statusCode,
      statusText: '',
      url: String(url),
      headers: new PlainHeaders(response.headers),
      text: async () => text(),
      json: async () => JSON.parse(text()) as unknown,
      arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    };
  };
}
