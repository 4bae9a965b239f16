/**
 * Previews of the documentation site's pages (`DOCS_SITE_URL`) through the oEmbed proxy of the site's
 * REST index (the spec's appendix: `GET <rest root>/oembed/1.0/proxy?url=…&format=json&maxwidth=600`).
 * Everything that crosses from that site is distrusted:
 *
 * - one strict time limit for the whole exchange (3 s; a link preview that late is worth nothing), and
 *   the answer's body is read up to a bound (64 KiB), uncompressed only;
 * - redirects are followed by hand, at most twice, and only within the site's own origin — never to
 *   another host;
 * - the answer is JSON validated with zod (oEmbed 1.0); a page without a title has no preview;
 * - answers are kept a short while (5 minutes; a failure 1 minute), and one request serves everyone
 *   asking for the same page at once.
 *
 * `preview` never throws: a site that is down, slow or odd only means a link without a preview.
 */
import type { Logger } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import { type Dispatcher, request } from 'undici';
import * as z from 'zod';
import type { DocPreview, DocsSite } from '../slack/services.js';

export interface OembedDocsSiteOptions {
  /** The site's address (`DOCS_SITE_URL`): links under it are its pages. */
  siteUrl: string;
  /** The REST index's root (`DOCS_SITE_REST_ROOT`; default `<siteUrl>/wp-json`). */
  restRoot?: string;
  /** An application password for sites whose proxy requires sign-in (`DOCS_SITE_AUTH`, `user:password`). */
  credentials?: { user: string; password: string };
  logger: Pick<Logger, 'debug' | 'info'>;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  maxBodyBytes?: number;
  cacheTtlMs?: number;
  failureTtlMs?: number;
  maxEntries?: number;
}

const MAX_REDIRECTS = 2;

/** oEmbed 1.0 (oembed.com §2.3.4), with the optional `description` some providers add. */
const oembedAnswer = z.looseObject({
  version: z.union([z.string(), z.number()]).optional(),
  type: z.enum(['rich', 'link', 'video', 'photo']),
  title: z.string().max(2000).optional(),
  author_name: z.string().max(500).optional(),
  provider_name: z.string().max(500).optional(),
  description: z.string().max(20_000).optional(),
  html: z.string().max(60_000).optional(),
});

class PreviewRefused extends Error {}

export class OembedDocsSite implements DocsSite {
  readonly #site: URL;
  readonly #proxy: string;
  readonly #authorization: string | undefined;
  readonly #options: OembedDocsSiteOptions;
  readonly #cache: LRUCache<string, { preview: DocPreview | undefined }>;
  readonly #inFlight = new Map<string, Promise<DocPreview | undefined>>();

  constructor(options: OembedDocsSiteOptions) {
    this.#options = options;
    this.#site = new URL(options.siteUrl);
    const restRoot = (options.restRoot ?? `${options.siteUrl.replace(/\/+$/, '')}/wp-json`).replace(/\/+$/, '');
    this.#proxy = `${restRoot}/oembed/1.0/proxy`;
    this.#authorization = options.credentials
      ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
      : undefined;
    this.#cache = new LRUCache({ max: options.maxEntries ?? 500, ttl: options.cacheTtlMs ?? 5 * 60_000 });
  }

  covers(url: string): boolean {
    const link = parseWebUrl(url);
    if (!link || link.origin !== this.#site.origin) return false;
    const base = this.#site.pathname.replace(/\/+$/, '');
    return link.pathname === base || link.pathname.startsWith(`${base}/`);
  }

  async preview(url: string): Promise<DocPreview | undefined> {
    if (!this.covers(url)) return undefined;
    const cached = this.#cache.get(url);
    if (cached) return cached.preview;
    const running = this.#inFlight.get(url);
    if (running) return running;
    const fetching = this.#fetch(url).finally(() => this.#inFlight.delete(url));
    this.#inFlight.set(url, fetching);
    return fetching;
  }

  async #fetch(url: string): Promise<DocPreview | undefined> {
    const signal = AbortSignal.timeout(this.#options.timeoutMs ?? 3_000);
    let preview: DocPreview | undefined;
    try {
      preview = toPreview(url, oembedAnswer.parse(await this.#getJson(this.#proxyUrl(url), signal)));
    } catch (error) {
      this.#options.logger.info(`documentation preview of ${new URL(url).pathname}: none (${reasonOf(error)})`);
      this.#cache.set(url, { preview: undefined }, { ttl: this.#options.failureTtlMs ?? 60_000 });
      return undefined;
    }
    this.#cache.set(url, { preview });
    return preview;
  }

  #proxyUrl(url: string): URL {
    const proxy = new URL(this.#proxy);
    proxy.searchParams.set('url', url);
    proxy.searchParams.set('format', 'json');
    proxy.searchParams.set('maxwidth', '600');
    return proxy;
  }

  /** GET with redirects followed by hand, only within the site's origin. */
  async #getJson(start: URL, signal: AbortSignal): Promise<unknown> {
    let target = start;
    for (let hop = 0; ; hop += 1) {
      const response = await request(target, {
        method: 'GET',
        headers: { accept: 'application/json', ...(this.#authorization && target.origin === this.#site.origin ? { authorization: this.#authorization } : {}) },
        signal,
        ...(this.#options.dispatcher ? { dispatcher: this.#options.dispatcher } : {}),
      });
      const { statusCode, headers } = response;
      if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
        await response.body.dump();
        const location = typeof headers.location === 'string' ? headers.location : undefined;
        const next = location ? parseWebUrl(location, target) : undefined;
        if (!next) throw new PreviewRefused(`a ${statusCode} without a usable Location`);
        if (next.origin !== this.#site.origin) throw new PreviewRefused(`a redirect to another host (${next.host}) was not followed`);
        if (hop >= MAX_REDIRECTS) throw new PreviewRefused('too many redirects');
        target = next;
        continue;
      }
      if (statusCode !== 200) {
        await response.body.dump();
        throw new PreviewRefused(`HTTP ${statusCode}`);
      }
      const encoding = String(headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'identity') {
        await response.body.dump();
        throw new PreviewRefused(`an encoded body (${encoding}) that was not asked for`);
      }
      if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(headers['content-type'] ?? ''))) {
        await response.body.dump();
        throw new PreviewRefused(`not JSON (${String(headers['content-type'] ?? 'no content type')})`);
      }
      return JSON.parse(await readBounded(response.body, this.#options.maxBodyBytes ?? 64 * 1024));
    }
  }
}

function toPreview(url: string, answer: z.infer<typeof oembedAnswer>): DocPreview {
  const title = answer.title?.trim();
  if (!title) throw new PreviewRefused('no title');
  const excerpt = (answer.description ?? answer.html)?.trim();
  return {
    url,
    title,
    ...(excerpt ? { excerpt } : {}),
    ...(answer.author_name?.trim() ? { authorName: answer.author_name.trim() } : {}),
    ...(answer.provider_name?.trim() ? { providerName: answer.provider_name.trim() } : {}),
  };
}

async function readBounded(body: AsyncIterable<Uint8Array> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      body.destroy();
      throw new PreviewRefused(`a body over ${limit} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function parseWebUrl(text: string, base?: URL): URL | undefined {
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof PreviewRefused) return error.message;
  if (error instanceof z.ZodError) return `an answer that is not oEmbed (${error.issues[0]?.path.join('.') || 'body'}: ${error.issues[0]?.message ?? ''})`;
  if (error instanceof SyntaxError) return 'a body that is not JSON';
  if (error instanceof Error) return error.name === 'TimeoutError' || error.name === 'AbortError' ? 'no answer in time' : error.message.slice(0, 120);
  return 'unknown failure';
}
