/**
 * The bot's HTTP receiver for Slack (Bolt's `Receiver` interface), hardened where Bolt's HTTPReceiver
 * trusts its input:
 * - the signature is checked in constant time over the raw bytes, and the timestamp must be within
 *   5 minutes of now in either direction (Bolt refuses only the past);
 * - a signature seen in the last 5 minutes is refused (the injectable `ReplayCache`);
 * - the body is capped (413) and read within a time limit;
 * - every body is checked before Bolt sees it (`slack-envelope.ts`): anything malformed is a 400, never
 *   a 500 or a crash;
 * - each request runs in a fault scope (process-policy.ts), so an error it leaves behind is logged
 *   without stopping the bot.
 * Ack semantics are Bolt's with `processBeforeResponse: false`: the HTTP answer goes out as soon as a
 * listener calls `ack()` (nothing → 200 empty, a string → 200 text, an object → 200 JSON such as
 * `response_action` or `options`); a request nobody acknowledges is answered 404 after 3,001 ms with a
 * warning, as Bolt's default handler does (an ack() after that is logged and ignored, so the listener
 * can still finish). Events are acknowledged by Bolt itself, before their listeners run; for the event
 * types in `holdEventAnswers` the HTTP answer waits until the listeners finished (≤ 2.5 s), so what they
 * store is stored before Slack hears the event arrived.
 *
 * Other routes (health, readiness, help-desk webhooks) are added with `addRoute`. Every refused request
 * is logged as one line, without its body.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type App, ErrorCode, type Logger, type Receiver, ReceiverMultipleAckError } from '@slack/bolt';
import type { AckFirst } from './ack-first.js';
import { messageJson } from './message-json.js';
import { MemoryReplayCache, type ReplayCache } from './replay-cache.js';
import { isSslCheck, parseSlackBody } from './slack-envelope.js';
import { Turns } from './turns.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route of the app's own (health, webhooks). Errors it throws are answered 500 and logged. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface Route {
  method: HttpMethod;
  /** Exact path, e.g. `/healthz` (the query string is ignored when matching). */
  path: string;
  handler: RouteHandler;
}

export interface SlackHttpReceiverOptions {
  signingSecret: string;
  logger: Logger;
  /** Where Slack posts (default `/slack/events`). */
  path?: string;
  /** Default 1 MiB; Slack's largest payloads (view submissions) are far smaller. */
  bodyLimitBytes?: number;
  /** Refuse timestamps further than this from now, past or future (default 300 s). */
  maxClockSkewSeconds?: number;
  /** Default: in memory, per process. */
  replayCache?: ReplayCache;
  /** A request not acknowledged by then is answered 404 with a warning (default 3,001 ms, as Bolt). */
  unackedTimeoutMs?: number;
  /** Interface to listen on (default: all). */
  host?: string;
  routes?: Route[];
  now?: () => number;
  /**
   * Events whose answer waits until their listeners finished (at most `maxMs`, default 2,500 ms: Slack
   * waits 3 s): a listener that stores the event's work before it returns has it stored before Slack
   * hears the event arrived, so a crash before that makes Slack send it again. The set may be filled
   * after the receiver is built (the areas declare their events later).
   */
  holdEventAnswers?: { types: ReadonlySet<string>; maxMs?: number };
  /** Told of every Slack request read and answered, so that work after acks can wait for them (./ack-first.ts). */
  ackFirst?: AckFirst;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** How long a held event's answer waits for its listeners at most (Slack gives up after 3 s). */
const DEFAULT_HOLD_MS = 2_500;

/** A request refused before Bolt saw it. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export class SlackHttpReceiver implements Receiver {
  readonly #options: SlackHttpReceiverOptions;
  readonly #logger: Logger;
  readonly #path: string;
  readonly #bodyLimit: number;
  readonly #skewSeconds: number;
  readonly #replays: ReplayCache;
  readonly #unackedTimeoutMs: number;
  readonly #now: () => number;
  readonly #routes = new Map<string, Map<HttpMethod, RouteHandler>>();
  readonly #unackedTimers = new Set<NodeJS.Timeout>();
  readonly #holdEvents: SlackHttpReceiverOptions['holdEventAnswers'];
  readonly #turns: Turns;
  /** The signing secret as a key object, made once: turning the string into a key per request was 1.5 % of a burst's CPU. */
  readonly #signingKey: KeyObject;
  #app: App | undefined;
  #server: Server | undefined;

  constructor(options: SlackHttpReceiverOptions) {
    if (!options.signingSecret) throw new Error('The Slack HTTP receiver needs the signing secret.');
    this.#options = options;
    this.#signingKey = createSecretKey(Buffer.from(options.signingSecret, 'utf8'));
    this.#logger = options.logger;
    this.#path = options.path ?? '/slack/events';
    this.#holdEvents = options.holdEventAnswers;
    this.#bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
    this.#skewSeconds = options.maxClockSkewSeconds ?? 300;
    this.#now = options.now ?? Date.now;
    this.#replays = options.replayCache ?? new MemoryReplayCache({ now: this.#now });
    this.#unackedTimeoutMs = options.unackedTimeoutMs ?? 3_001;
    // One Slack request handled per turn of the event loop, in the order read (./turns.ts says why).
    this.#turns = new Turns();
    for (const route of options.routes ?? []) this.addRoute(route);
  }

  /** Bolt calls this with the app whose `processEvent` gets each accepted request. */
  init(app: App): void {
    this.#app = app;
  }

  /** Adds (or replaces) the handler of `method path`. Routes may be added before or after `start`. */
  addRoute(route: Route): void {
    if (route.path === this.#path) throw new Error(`${route.path} is the Slack events path.`);
    let byMethod = this.#routes.get(route.path);
    if (!byMethod) this.#routes.set(route.path, (byMethod = new Map()));
    byMethod.set(route.method, route.handler);
  }

  get server(): Server | undefined {
    return this.#server;
  }

  start(port?: number): Promise<Server> {
    if (this.#server) return Promise.reject(new Error('The Slack HTTP receiver is already started.'));
    const server = createServer((req, res) => this.#handle(req, res));
    // A client that dribbles its headers or body must not hold a socket for long.
    server.headersTimeout = 10_000;
    server.requestTimeout = 15_000;
    this.#server = server;
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        this.#server = undefined;
        reject(error);
      };
      server.once('error', onError);
      server.listen(port ?? 3000, this.#options.host, () => {
        server.off('error', onError);
        server.on('error', (error) => this.#logger.error('the Slack HTTP server failed', error));
        resolve(server);
      });
    });
  }

  /** Stops accepting; requests in progress get up to `graceMs` to finish, then connections are closed. */
  async stop(graceMs = 5_000): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    for (const timer of this.#unackedTimers) clearTimeout(timer);
    this.#unackedTimers.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
      timer.unref();
    });
    if ((await Promise.race([closed, grace])) === 'late') {
      server.closeAllConnections();
      await closed;
    }
    clearTimeout(timer);
  }

  /** The bound port, once listening. */
  get port(): number | undefined {
    const address = this.#server?.address() as AddressInfo | string | null | undefined;
    return typeof address === 'object' && address ? address.port : undefined;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const path = pathOf(req.url);
    const method = (req.method ?? 'GET').toUpperCase();
    void (async () => {
      try {
        if (path === this.#path) {
          if (method !== 'POST') throw new Refusal(405, 'only POST is accepted here');
          const answered = this.#options.ackFirst?.arrived();
          if (answered) {
            res.once('finish', answered);
            res.once('close', answered);
          }
          await this.#handleSlack(req, res);
          return;
        }
        await this.#handleRoute(method, path, req, res);
      } catch (error) {
        if (error instanceof Refusal) {
          this.#refuse(req, res, error.status, error.reason);
          return;
        }
        this.#logger.error(`request ${method} ${path} failed`, error);
        if (!res.headersSent) answer(res, 500);
      }
    })();
  }

  async #handleRoute(method: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const byMethod = this.#routes.get(path);
    const handler = byMethod?.get(method as HttpMethod) ?? (method === 'HEAD' ? byMethod?.get('GET') : undefined);
    if (!byMethod) {
      answer(res, 404);
      return;
    }
    if (!handler) {
      res.setHeader('allow', [...byMethod.keys()].join(', '));
      throw new Refusal(405, `${method} is not allowed here`);
    }
    await handler(req, res);
  }

  async #handleSlack(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req, this.#bodyLimit);
    await this.#turns.next();
    const contentType = req.headers['content-type'];
    if (isSslCheck(contentType, raw)) {
      answer(res, 200);
      return;
    }
    await this.#verify(req, raw);
    const parsed = parseSlackBody(contentType, raw);
    switch (parsed.kind) {
      case 'malformed':
        throw new Refusal(400, `malformed body: ${parsed.reason}`);
      case 'url-verification':
        answer(res, 200, JSON.stringify({ challenge: parsed.challenge }), 'application/json');
        return;
      case 'rate-limited':
        this.#logger.warn(`Slack is not sending events for a minute: the app was rate-limited (team ${parsed.teamId ?? '?'})`);
        answer(res, 200);
        return;
      case 'dispatch':
        await this.#dispatch(req, res, parsed.body, parsed.label);
    }
  }

  /** Checks the timestamp window, the signature and the replay cache. */
  async #verify(req: IncomingMessage, raw: Buffer): Promise<void> {
    const signature = singleHeader(req, 'x-slack-signature');
    const timestampText = singleHeader(req, 'x-slack-request-timestamp');
    if (!signature || !timestampText) throw new Refusal(401, 'unsigned request (signature or timestamp header missing)');
    if (!/^\d{1,12}$/.test(timestampText)) throw new Refusal(401, 'the timestamp header is not a number of seconds');
    const timestamp = Number(timestampText);
    const nowSeconds = Math.floor(this.#now() / 1000);
    if (timestamp < nowSeconds - this.#skewSeconds) throw new Refusal(401, 'stale timestamp (more than 5 minutes old)');
    if (timestamp > nowSeconds + this.#skewSeconds) throw new Refusal(401, 'timestamp in the future (more than 5 minutes ahead)');
    const match = /^v0=([0-9a-f]{64})$/.exec(signature);
    if (!match) throw new Refusal(401, 'unknown signature format');
    const expected = createHmac('sha256', this.#signingKey).update(`v0:${timestampText}:`).update(raw).digest();
    const given = Buffer.from(match[1] as string, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Refusal(401, 'signature mismatch');
    // Remembered until the timestamp leaves the window: after that the age check refuses it anyway.
    const fresh = await this.#replays.remember(signature, (timestamp + this.#skewSeconds + 1) * 1000);
    if (!fresh) throw new Refusal(401, 'replayed signature (seen in the last 5 minutes)');
  }

  async #dispatch(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, label: string): Promise<void> {
    const app = this.#app;
    if (!app) throw new Error('The Slack HTTP receiver was started without an app (init was not called).');
    // Slack gets one answer: the ack, or the 404 when the timeout comes first.
    let state: 'waiting' | 'acked' | 'timed-out' = 'waiting';
    const timer = setTimeout(() => {
      this.#unackedTimers.delete(timer);
      if (state !== 'waiting') return;
      state = 'timed-out';
      this.#logger.warn(`${label} was not acknowledged within ${this.#unackedTimeoutMs} ms (no listener called ack()); answered 404`);
      answer(res, 404);
    }, this.#unackedTimeoutMs);
    timer.unref();
    this.#unackedTimers.add(timer);
    const settle = (next: 'acked' | 'timed-out') => {
      state = next;
      clearTimeout(timer);
      this.#unackedTimers.delete(timer);
    };

    // An event of a held type: Bolt acks it before its listeners run; the answer goes out when they finished.
    const event = body.type === 'event_callback' ? (body.event as { type?: unknown } | undefined) : undefined;
    const hold = typeof event?.type === 'string' && this.#holdEvents?.types.has(event.type) === true;
    let held: { response: unknown } | undefined;
    let holdTimer: NodeJS.Timeout | undefined;
    const release = () => {
      clearTimeout(holdTimer);
      if (held && !res.headersSent) sendAck(res, held.response);
      held = undefined;
    };

    const ack = async (response?: unknown): Promise<void> => {
      if (state === 'acked') throw new ReceiverMultipleAckError();
      if (state === 'timed-out') {
        // Too late for Slack; the listener may still finish its work (and answer through response_url).
        this.#logger.warn(`${label}: ack() came after the request had been answered 404; ignored`);
        return;
      }
      settle('acked');
      if (hold) {
        held = { response };
        holdTimer = setTimeout(release, this.#holdEvents?.maxMs ?? DEFAULT_HOLD_MS);
        holdTimer.unref();
        return;
      }
      sendAck(res, response);
    };

    try {
      await app.processEvent({
        body,
        ack,
        retryNum: retryNumber(singleHeader(req, 'x-slack-retry-num')),
        retryReason: singleHeader(req, 'x-slack-retry-reason'),
      });
      release();
    } catch (error) {
      release();
      if (res.headersSent || state !== 'waiting') {
        this.#logger.error(`${label}: an error escaped the listeners after the ack`, error);
        return;
      }
      settle('acked');
      if ((error as { code?: unknown }).code === ErrorCode.AuthorizationError) {
        this.#refuse(req, res, 401, 'authorization of the request failed');
        return;
      }
      this.#logger.error(`${label}: an error escaped the listeners before any ack`, error);
      answer(res, 500);
    }
  }

  #refuse(req: IncomingMessage, res: ServerResponse, status: number, reason: string): void {
    const retry = singleHeader(req, 'x-slack-retry-num');
    this.#logger.warn(
      `refused ${req.method ?? '?'} ${pathOf(req.url)} from ${req.socket.remoteAddress ?? '?'}: ${status} ${reason}` +
        `${retry ? ` (retry ${retry.slice(0, 4)})` : ''}`,
    );
    if (res.headersSent) return;
    // The rest of an over-long body is not read; close rather than keep the connection.
    if (status === 413) res.setHeader('connection', 'close');
    answer(res, status);
  }
}

/**
 * Reads the body up to `limit` bytes (413 past it, also when Content-Length says so up front). Past the
 * limit the rest is let through unread (not buffered) and the 413 closes the connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new Refusal(413, `body of ${declared} bytes is over the ${limit}-byte limit`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      // Keep the stream flowing with no listener: the rest is discarded, not kept.
      req.resume();
      reject(new Refusal(413, `body over the ${limit}-byte limit`));
    };
    const onEnd = () => {
      stop();
      // A Slack request's body comes in one chunk: no copy (concat was 2 % of a burst's CPU).
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = () => {
      stop();
      reject(new Refusal(400, 'the body was cut off (the client closed the connection)'));
    };
    const onClose = () => {
      if (req.complete) return;
      onError();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Bolt's answer to ack(response): nothing → 200 empty, a string → 200 text, anything else → 200 JSON. */
function sendAck(res: ServerResponse, response: unknown): void {
  if (res.headersSent) return;
  if (!response) answer(res, 200);
  else if (typeof response === 'string') answer(res, 200, response);
  else answer(res, 200, typeof response === 'object' ? messageJson(response as Record<string, unknown>) : JSON.stringify(response), 'application/json');
}

function answer(res: ServerResponse, status: number, body = '', contentType?: string): void {
  if (res.headersSent) return;
  // With its length declared, Node sends the head and the body as one string; without it the body went
  // chunked (a size line, the body, an end marker: more buffers and bytes for every ack).
  const length = Buffer.byteLength(body);
  res.writeHead(status, contentType ? { 'content-type': contentType, 'content-length': length } : { 'content-length': length });
  res.end(body);
}

function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** A header that must appear once: undefined when missing or repeated. */
function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** `X-Slack-Retry-Num`: a small non-negative integer, or undefined (Bolt would pass NaN). */
function retryNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,3}$/.test(text) ? Number(text) : undefined;
}
