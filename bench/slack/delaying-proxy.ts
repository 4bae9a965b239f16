/**
 * A slow help desk: an HTTP proxy in front of the sandbox that forwards each call at once (so the
 * sandbox counts it on arrival, as a real server would) and answers the caller `delayMs` after the
 * call arrived. It records every call with its operation (from the endpoint table), budget and
 * status, which is how the benchmark counts help-desk calls per action, 429s and budget use.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Dispatcher, Pool } from 'undici';
import { endpoints, type OperationName, type RateBudget } from '../../src/api/endpoints.js';

export interface ProxiedCall {
  /** The endpoint table's name (`getTalep`, `search`...), or `METHOD /path` for anything else. */
  operation: string;
  budget: RateBudget | undefined;
  arrivedAt: number;
  answeredAt?: number;
  status?: number;
}

interface Route {
  operation: OperationName;
  method: string;
  pattern: RegExp;
  budget: RateBudget;
}

const routes: Route[] = Object.entries(endpoints).map(([operation, def]) => ({
  operation: operation as OperationName,
  method: def.method,
  // `/Rule/{id}` → /^\/rule\/[^/]+$/i; the sandbox ignores case and a trailing slash, and so do we.
  pattern: new RegExp(`^${def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
  budget: def.budget,
}));

/** Which operation of the spec a request is (`apiPath` is the path under the API prefix). */
export function operationOf(method: string, apiPath: string): { operation: OperationName; budget: RateBudget } | undefined {
  const route = routes.find((candidate) => candidate.method === method.toUpperCase() && candidate.pattern.test(apiPath));
  return route ? { operation: route.operation, budget: route.budget } : undefined;
}

/** How many calls of each operation, e.g. `{ getTalep: 1, comments: 1 }`. */
export function countOperations(calls: readonly ProxiedCall[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of calls) counts[call.operation] = (counts[call.operation] ?? 0) + 1;
  return counts;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'expect', 'upgrade']);

export interface DelayingProxyOptions {
  /** The sandbox's API root, e.g. `http://127.0.0.1:8080/api`. */
  upstream: string;
  delayMs: number;
}

export class DelayingProxy {
  readonly calls: ProxiedCall[] = [];
  delayMs: number;
  readonly #upstream: URL;
  readonly #pool: Pool;
  #server: Server | undefined;
  #url = '';
  #inFlight = 0;
  #lastAnswerAt = 0;

  constructor(options: DelayingProxyOptions) {
    this.#upstream = new URL(options.upstream);
    this.delayMs = options.delayMs;
    this.#pool = new Pool(this.#upstream.origin, { connections: 32 });
  }

  /** The help desk's API root through the proxy (what HELPDESK_URL is set to). */
  get apiUrl(): string {
    return `${this.#url}${this.#upstream.pathname.replace(/\/+$/, '')}`;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`bench proxy: ${String(error)}`);
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server?.closeAllConnections();
      this.#server?.close(() => resolve());
    });
    await this.#pool.close();
  }

  /** Calls that arrived after the first `mark` ones (`mark`: `calls.length` before acting). */
  callsSince(mark: number): ProxiedCall[] {
    return this.calls.slice(mark);
  }

  /** Resolves once nothing is in flight and nothing was answered for `quietMs`. */
  async waitIdle(quietMs: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.#inFlight === 0 && Date.now() - this.#lastAnswerAt >= quietMs) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAt = Date.now();
    const url = new URL(req.url ?? '/', this.#url);
    const prefix = this.#upstream.pathname.replace(/\/+$/, '');
    const apiPath = url.pathname.toLowerCase().startsWith(prefix.toLowerCase()) ? url.pathname.slice(prefix.length) : url.pathname;
    const known = operationOf(req.method ?? 'GET', apiPath);
    const call: ProxiedCall = { operation: known?.operation ?? `${req.method} ${url.pathname}`, budget: known?.budget, arrivedAt };
    this.calls.push(call);
    this.#inFlight++;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      const forwarded = await this.#pool.request({
        path: `${url.pathname}${url.search}`,
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await forwarded.body.arrayBuffer());
      call.status = forwarded.statusCode;
      const wait = arrivedAt + this.delayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const replyHeaders: Record<string, string | string[]> = { 'content-length': String(body.length) };
      for (const [name, value] of Object.entries(forwarded.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) replyHeaders[name] = value;
      }
      res.writeHead(forwarded.statusCode, replyHeaders);
      res.end(body);
    } finally {
      call.answeredAt = Date.now();
      this.#lastAnswerAt = call.answeredAt;
      this.#inFlight--;
    }
  }
}
