/**
 * The HTTP layer of the client: one keep-alive undici Pool per help-desk origin, request encoding
 * (query string, urlencoded form, multipart), bounded body reading and transparent decompression.
 * It knows nothing about operations, throttling or errors beyond the network.
 *
 * A failure without an answer says whether the request may have reached the help desk
 * (`requestSent`): undici tells its dispatch handler `onRequestSent` once the whole request has been
 * written to the socket. Before that (no connection, DNS, refused, connect timeout, closed pool, a
 * cancel while queued) the help desk cannot have acted on it; after it (headers or body timeout, a
 * reset while waiting) it may have.
 */
import { promisify } from 'node:util';
import { type BrotliOptions, brotliDecompress, gunzip, inflate, type ZlibOptions } from 'node:zlib';
import { Dispatcher, FormData, Pool, request } from 'undici';
import { HelpdeskError } from './errors.js';
import type { FileUpload, WireParams } from './wire.js';

type Decompressor = (data: Buffer, options: ZlibOptions & BrotliOptions) => Promise<Buffer>;
const decompressors: Record<string, Decompressor> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

export interface TransportOptions {
  /** Test seam: a MockAgent (or any dispatcher) instead of the transport's own Pool. */
  dispatcher?: Dispatcher;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Responses larger than this (after decompression) are refused. Default 50 MiB. */
  maxResponseBytes?: number;
  /**
   * Keep-alive connections per origin. Default 32: connections are cheap, the rate budget is the real
   * limit. The client's connection scheduler never has more calls in flight than this, so the pool
   * itself never queues (its queue is first-in first-out and would block interactive calls).
   */
  connections?: number;
  userAgent?: string;
}

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  /** Absolute URL of the resource, without the query string. */
  url: URL;
  params: WireParams;
  authorization?: string;
  /** `Accept` header; JSON by default. */
  accept?: string;
  signal?: AbortSignal;
}

export interface IncomingResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export const DEFAULT_CONNECTIONS = 32;

const isFile = (value: unknown): value is FileUpload =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'data' in value;

export class Transport {
  readonly #options: Required<Omit<TransportOptions, 'dispatcher'>>;
  readonly #injected: Dispatcher | undefined;
  readonly #pools = new Map<string, Pool>();

  constructor(options: TransportOptions = {}) {
    this.#injected = options.dispatcher;
    this.#options = {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
      maxResponseBytes: options.maxResponseBytes ?? 50 * 1024 * 1024,
      connections: options.connections ?? DEFAULT_CONNECTIONS,
      userAgent: options.userAgent ?? 'talep-bot',
    };
  }

  async send(outgoing: OutgoingRequest): Promise<IncomingResponse> {
    const url = new URL(outgoing.url);
    const headers: Record<string, string> = {
      accept: outgoing.accept ?? 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': this.#options.userAgent,
    };
    if (outgoing.authorization) headers.authorization = outgoing.authorization;

    let body: string | FormData | undefined;
    if (outgoing.method === 'GET') {
      appendQuery(url.searchParams, outgoing.params);
    } else if (Object.values(outgoing.params).some(isFile)) {
      body = toFormData(outgoing.params); // undici sets the multipart boundary header itself
    } else {
      const form = new URLSearchParams();
      appendQuery(form, outgoing.params);
      body = form.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    }

    const delivery = new DeliveryProbe(this.#dispatcherFor(url.origin));
    try {
      const response = await request(url, {
        method: outgoing.method,
        headers,
        body,
        signal: outgoing.signal,
        dispatcher: delivery,
        headersTimeout: this.#options.headersTimeoutMs,
        bodyTimeout: this.#options.bodyTimeoutMs,
      });
      const raw = await readBounded(response.body, this.#options.maxResponseBytes);
      const flatHeaders = flattenHeaders(response.headers);
      return { status: response.statusCode, headers: flatHeaders, body: await decompress(raw, flatHeaders, this.#options.maxResponseBytes) };
    } catch (error) {
      throw asNetworkError(error, outgoing.signal, delivery);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((pool) => pool.close()));
    this.#pools.clear();
  }

  #dispatcherFor(origin: string): Dispatcher {
    if (this.#injected) return this.#injected;
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.#options.connections,
        connect: { timeout: this.#options.connectTimeoutMs },
        headersTimeout: this.#options.headersTimeoutMs,
        bodyTimeout: this.#options.bodyTimeoutMs,
        keepAliveTimeout: 30_000,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }
}

/**
 * One request's view of the dispatcher: forwards the dispatch and remembers when undici reported the
 * request written (`onRequestSent`, a hook of the dispatch-handler interface that Pool and Client
 * call; handlers of the newer `onRequestStart` style do not receive it, so the request's own handler
 * is wrapped as it is).
 */
class DeliveryProbe extends Dispatcher {
  readonly dispatchedAt = Date.now();
  writtenAt: number | undefined;

  constructor(private readonly inner: Dispatcher) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return this.inner.dispatch(options, this.#observe(handler));
  }

  #observe(handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler {
    const onWritten = (): void => {
      this.writtenAt ??= Date.now();
    };
    return new Proxy(handler, {
      get(target, property) {
        if (property === 'onRequestSent') {
          return () => {
            onWritten();
            return (target as { onRequestSent?: () => unknown }).onRequestSent?.();
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/**
 * undici raises these only for a request that is running on a connection, i.e. one that is being or
 * has been written. A MockAgent never reports `onRequestSent`; these codes still mark its timeouts sent.
 */
const WAITING_FOR_ANSWER_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function appendQuery(target: URLSearchParams, params: WireParams): void {
  for (const [name, value] of Object.entries(params)) {
    if (isFile(value)) continue;
    for (const item of Array.isArray(value) ? value : [value]) target.append(name, item);
  }
}

function toFormData(params: WireParams): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) {
    if (isFile(value)) {
      const blob = new Blob([value.data], { type: value.contentType ?? 'application/octet-stream' });
      form.append(name, blob, value.filename);
    } else {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
  }
  return form;
}

async function readBounded(stream: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > limit) throw tooLargeError(limit);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size);
}

async function decompress(raw: Buffer, headers: Record<string, string | undefined>, limit: number): Promise<Buffer> {
  const encodings = (headers['content-encoding'] ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding && encoding !== 'identity');
  let body = raw;
  // Encodings are listed in the order they were applied, so undo them from the last.
  for (const encoding of encodings.reverse()) {
    const decoder = decompressors[encoding];
    if (!decoder) throw new HelpdeskError('unavailable', `Unsupported content-encoding "${encoding}".`);
    try {
      // The limit applies to the inflated size too: a few KB of gzip can expand to gigabytes.
      body = await decoder(body, { maxOutputLength: limit });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeError(limit);
      throw error;
    }
  }
  return body;
}

function tooLargeError(limit: number): HelpdeskError {
  // Not `unavailable`: asking again would only download the same oversize body again.
  return new HelpdeskError('invalid-response', `The help desk sent more than ${limit} bytes.`);
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function asNetworkError(error: unknown, signal: AbortSignal | undefined, delivery: DeliveryProbe): HelpdeskError {
  if (error instanceof HelpdeskError) return error;
  const code = (error as { code?: string }).code ?? '';
  const requestSent = delivery.writtenAt !== undefined || WAITING_FOR_ANSWER_CODES.has(code);
  const sentAt = requestSent ? new Date(delivery.writtenAt ?? delivery.dispatchedAt) : undefined;
  if (signal?.aborted) return new HelpdeskError('cancelled', 'The call was cancelled.', { cause: error, requestSent, sentAt });
  const message = /TIMEOUT/i.test(code)
    ? 'The help desk did not answer in time.'
    : requestSent
      ? 'The connection to the help desk was lost before it answered.'
      : 'The help desk could not be reached.';
  return new HelpdeskError('unavailable', message, { cause: error, reason: code || undefined, requestSent, sentAt });
}
