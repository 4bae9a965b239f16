/**
 * A controllable HTTP proxy in front of the sandbox help desk, for fault tests: everything passes by
 * default; the test can
 *
 *   freeze()  — requests reach the help desk (it does what they ask) but no answer comes back until
 *               thaw(): the "sent, no answer" case of a frozen server or a dead gateway;
 *   stall()   — requests are held before the help desk until thaw() (those whose client gave up by then
 *               are dropped, never delivered): a help desk that does not even read them;
 *   down()/up() — the port refuses connections, then listens again on the same port: an outage;
 *   refuse(n) — every request is answered with status n at once (e.g. 503);
 *   delay     — a per-request wait before forwarding (a slow help desk), `answerDelay` after it answered.
 *
 * `seen` records what reached the proxy (method and path), to count writes.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  at: number;
  /** The help desk's answer status, once it answered. */
  status?: number;
}

type Held = () => void;

export class HelpdeskProxy {
  readonly seen: SeenRequest[] = [];
  /** A wait (ms) before a request is forwarded; default none. */
  delay: (request: SeenRequest) => number = () => 0;
  /** A wait (ms) between the help desk's answer and passing it on (it did the work; the answer is late). */
  answerDelay: (request: SeenRequest) => number = () => 0;
  #server: Server | undefined;
  #port = 0;
  #mode: 'pass' | 'freeze' | 'stall' | 'refuse' = 'pass';
  #refuseStatus = 503;
  #held: Held[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #target: URL;

  /** `targetBaseUrl`: the sandbox's API root, e.g. `http://127.0.0.1:4000/api`. */
  constructor(targetBaseUrl: string) {
    this.#target = new URL(targetBaseUrl);
  }

  /** The same API root, through the proxy. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.#port}${this.#target.pathname.replace(/\/+$/, '')}`;
  }

  async start(): Promise<this> {
    await this.#listen(0);
    return this;
  }

  freeze(): void {
    this.#mode = 'freeze';
  }

  stall(): void {
    this.#mode = 'stall';
  }

  refuse(status = 503): void {
    this.#mode = 'refuse';
    this.#refuseStatus = status;
  }

  /** Back to passing everything; what was held goes on (or is dropped when its client is gone). */
  thaw(): void {
    this.#mode = 'pass';
    const held = this.#held;
    this.#held = [];
    for (const release of held) release();
  }

  /** Stops listening and drops every connection: new connections are refused. */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    if (!this.#server) await this.#listen(this.#port);
  }

  /** Requests seen for `method path` (path without the query), e.g. `count('POST', '/api/talep')`. */
  count(method: string, path: string): number {
    return this.seen.filter((seen) => seen.method === method && seen.path.toLowerCase() === path.toLowerCase()).length;
  }

  async close(): Promise<void> {
    this.thaw();
    await this.down();
  }

  async #listen(port: number): Promise<void> {
    const server = createServer((req, res) => void this.#handle(req, res));
    server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  /** Resolves at thaw() (at once when not held). */
  #hold(): Promise<void> {
    return new Promise((resolve) => this.#held.push(resolve));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const seen: SeenRequest = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://proxy').pathname, at: Date.now() };
    this.seen.push(seen);
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    if (this.#mode === 'refuse') {
      res.writeHead(this.#refuseStatus, { 'content-type': 'text/plain' });
      res.end('The help desk is unavailable.');
      return;
    }
    if (this.#mode === 'stall') await this.#hold();
    if (clientGone) return;
    const wait = this.delay(seen);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (clientGone) return;
    const freezeAnswer = this.#mode === 'freeze';
    let answer: { status: number; headers: IncomingMessage['headers']; body: Buffer };
    try {
      answer = await this.#forward(req, body);
    } catch {
      if (!clientGone) res.destroy();
      return;
    }
    seen.status = answer.status;
    const late = this.answerDelay(seen);
    if (late > 0) await new Promise((resolve) => setTimeout(resolve, late));
    if (freezeAnswer || this.#mode === 'freeze') await this.#hold();
    if (clientGone || res.destroyed) return;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  #forward(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: this.#target.host };
      const upstream = forward(
        { host: this.#target.hostname, port: this.#target.port, method: req.method, path: req.url, headers },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(parts) }));
          response.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  }
}
