/**
 * The sandbox help desk: every operation of the spec over real HTTP (node:http), driven by the same
 * endpoint table as the client. One request goes through:
 *
 *   IP block? → route (from the table) → authenticate (Basic / Bearer; failures count toward the
 *   lock-out) → rate limit → permission → read + bind + decode parameters (the table's schema)
 *   → handler → encode the response (the table's schema, in the `ResponseStyle` setting's shape)
 *   → save → reply (gzip when asked).
 *
 * Real clients are met where the spec leaves room: reads and idempotent operations answer either method
 * (router.ts), real parameter names bind and empty optional values are ignored (request.ts).
 *
 * Outside the API prefix: the token page (`<root>/User/Token`), talep pages (`<root>/Talep/<id>`) and
 * article pages, a start page, sandbox-only debug routes under `/__sandbox/` (outbox, settings, accounts),
 * and a stand-in of the documentation site with its oEmbed proxy under `/docs-site/` (docs-site.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create as contentDisposition } from 'content-disposition';
import * as z from 'zod';
import { type EndpointDef, endpoints, type OperationName } from '../api/endpoints.js';
import type { ResponseStyle } from '../api/shapes.js';
import { isAdmin, isAgent, requirePermission } from './access.js';
import { authenticate, issueToken, parseAuthorization } from './auth.js';
import { DOCS_SITE_PATH, docsSiteReply } from './docs-site.js';
import { SandboxHttpError } from './errors.js';
import { handlers } from './handlers/index.js';
import type { FileReply, HandlerContext } from './handlers/types.js';
import { blockedReason, IpLockout, type LockoutOptions } from './lockout.js';
import { isLoopbackHost } from './loopback.js';
import type { RuleRow, UserRow } from './model.js';
import { Outbox, type SentEmail } from './outbox.js';
import { articlePage, startPage, talepPage, tokenPage } from './pages.js';
import { RateLimiter, type RateLimitOptions, rateLimitReason } from './rate-limit.js';
import { type SiteUrls, talepUrl } from './records.js';
import { bindParams, collectParams, decodeParams, readBody, schemaKeys, withoutEmptyOptionals } from './request.js';
import { emptyReply, htmlReply, jsonReply, redirectReply, type Reply, textReply, writeReply } from './respond.js';
import { Router } from './router.js';
import { DEMO_PASSWORD, seedData } from './seed.js';
import { type SandboxSettings, SettingsFile, settingsPatchSchema } from './settings.js';
import { openStore, type SandboxStore } from './store.js';
import { changedTaleps, markTaleps, sendWebhooks, webhookPosts } from './webhooks.js';

export type { SandboxSettings } from './settings.js';
export type { SentEmail } from './outbox.js';

export interface SandboxOptions {
  /** 0 (the default) = an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** API prefix: `/api` (default) or a sub-directory form such as `/helpdesk/api`. */
  prefix?: string;
  /** lowdb JSON file; omitted = in memory. */
  dataFile?: string;
  /** Seed the demo data into an empty store. Default true. */
  seed?: boolean;
  /** Override settings (wins over the settings file). */
  settings?: Partial<SandboxSettings>;
  lockout?: LockoutOptions;
  rateLimits?: RateLimitOptions;
  /** The sandbox's JSON settings file (`DisableRateLimit`, `AllowSecondaryAssignee`, `SharedSecret`). */
  settingsFile?: string;
  /** Clock for the lock-out, rate limits and record dates. Default `Date.now`. */
  now?: () => number;
  /** Largest accepted request body (413 above). Default 25 MiB. */
  maxBodyBytes?: number;
  /** Take the client IP from `X-Forwarded-For` (behind a reverse proxy, or in tests). Default false. */
  trustProxy?: boolean;
  /**
   * Serve the unauthenticated `/__sandbox/*` routes (outbox, settings, every demo user's token).
   * Default: only when `host` is a loopback address; whoever turns them on elsewhere should warn loudly.
   */
  debugRoutes?: boolean;
  /**
   * The address people reach the server at (e.g. `http://talep.example.com:8080`), for the links the
   * sandbox hands out (token page, talep pages, attachment URLs). Default: the request's Host header.
   */
  publicUrl?: string;
}

export interface DemoAccount {
  username: string;
  password: string;
  role: string;
  email: string;
  token: string;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT/api` */
  baseUrl: string;
  /** Application root, without `/api`. */
  rootUrl: string;
  /** The application root as people reach it (`publicUrl` when given, else `rootUrl`). */
  publicRootUrl: string;
  /** The documentation-site stand-in (`DOCS_SITE_URL`), as people reach it; its REST root is `<this>/wp-json`. */
  docsSiteUrl: string;
  port: number;
  /** Whether `/__sandbox/*` is served. */
  debugRoutes: boolean;
  outbox(): SentEmail[];
  clearOutbox(): void;
  settings(): SandboxSettings;
  updateSettings(patch: Partial<SandboxSettings>): Promise<void>;
  /** The current Bearer token of a user (throws for an unknown user name). */
  tokenFor(username: string): string;
  demoAccounts(): DemoAccount[];
  /**
   * Adds an automation rule as an admin would in the help desk's own pages (the API can only read,
   * enable and disable rules), e.g. an "HTTP POST to URL" rule (webhooks.ts); returns its id. A rule
   * with the same name is replaced (keeping its id), so adding one at every start does not pile them up.
   */
  addRule(rule: Omit<RuleRow, 'id'>): Promise<number>;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 25 * 1024 * 1024;
const DEMO_USERNAMES = ['admin', 'agent', 'agent2', 'user'];
const WWW_AUTHENTICATE = { 'www-authenticate': 'Basic realm="Help-desk sandbox", charset="UTF-8"' };

/** GET reads (the spec's state-changing GETs answer `unknown`): everything else is saved afterwards. */
const changesState = (def: EndpointDef) => !(def.method === 'GET' && ['json', 'xml', 'bytes'].includes(def.response.kind));

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const settings = await SettingsFile.open(options.settingsFile, options.settings);
  const store = await openStore({ dataFile: options.dataFile, seed: options.seed === false ? undefined : seedData });
  const prefix = normalisePrefix(options.prefix ?? '/api');
  const site = new Site({
    store,
    settings,
    prefix,
    now,
    router: new Router(),
    lockout: new IpLockout(options.lockout),
    limiter: new RateLimiter(options.rateLimits),
    outbox: new Outbox(),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    trustProxy: options.trustProxy ?? false,
    debugRoutes: options.debugRoutes ?? isLoopbackHost(options.host ?? '127.0.0.1'),
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
  });

  const server = createServer((request, response) => {
    site.handle(request).then(
      (reply) => writeReply(request, response, reply),
      (error: unknown) => {
        process.stderr.write(`sandbox: ${request.method} ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        if (!response.headersSent) writeReply(request, response, textReply(500, 'Internal sandbox error.'));
        else response.destroy();
      },
    );
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const rootUrl = `http://${urlHost}:${port}${applicationRootOf(prefix)}`;
  site.defaultHost = `${urlHost}:${port}`;

  return {
    baseUrl: `http://${urlHost}:${port}${prefix}`,
    rootUrl,
    publicRootUrl: site.publicUrl ? `${site.publicUrl}${applicationRootOf(prefix)}` : rootUrl,
    docsSiteUrl: `${site.publicUrl ?? `http://${urlHost}:${port}`}${DOCS_SITE_PATH}`,
    port,
    debugRoutes: site.debugRoutes,
    outbox: () => site.outbox.list(),
    clearOutbox: () => site.outbox.clear(),
    settings: () => ({ ...settings.current }),
    updateSettings: async (patch) => {
      await settings.update(patch);
    },
    tokenFor: (username) => site.tokenFor(username),
    demoAccounts: () => site.demoAccounts(),
    addRule: async (rule) => {
      const existing = store.data.rules.find((row) => row.name === rule.name);
      const id = existing?.id ?? store.nextId('rules');
      if (existing) Object.assign(existing, rule, { id });
      else store.data.rules.push({ ...rule, id });
      await store.save();
      return id;
    },
    close: () => closeServer(server),
  };
}

interface SiteOptions {
  store: SandboxStore;
  settings: SettingsFile;
  prefix: string;
  now: () => number;
  router: Router;
  lockout: IpLockout;
  limiter: RateLimiter;
  outbox: Outbox;
  maxBodyBytes: number;
  trustProxy: boolean;
  debugRoutes: boolean;
  publicUrl: string | undefined;
}

/** Everything behind the HTTP server: one method per kind of route. */
class Site {
  readonly outbox: Outbox;
  /** `host:port` for URLs when a request carries no Host header. */
  defaultHost = '127.0.0.1';
  readonly #options: SiteOptions;
  readonly #root: string;

  constructor(options: SiteOptions) {
    this.#options = options;
    this.outbox = options.outbox;
    this.#root = applicationRootOf(options.prefix);
  }

  get debugRoutes(): boolean {
    return this.#options.debugRoutes;
  }

  get publicUrl(): string | undefined {
    return this.#options.publicUrl;
  }

  async handle(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.replace(/\/{2,}/g, '/');
    try {
      // Debug routes answer at the server root and under the application root alike.
      // Off (answered like any unknown path) unless this server is reachable from this machine only,
      // or whoever started it asked for them: /__sandbox/accounts hands out every user's token.
      const debugPath = [`${this.#root}/__sandbox`, '/__sandbox'].find((base) => startsWithPath(path, base));
      if (debugPath && this.#options.debugRoutes) return await this.#debugRoute(request, path.slice(debugPath.length));
      // Another site on the same server: no help-desk sign-in, lock-out or rate limit applies to it.
      if (startsWithPath(path, DOCS_SITE_PATH)) {
        const origin = this.#options.publicUrl ?? `http://${request.headers.host ?? this.defaultHost}`;
        return docsSiteReply(request.method ?? 'GET', path.slice(DOCS_SITE_PATH.length) || '/', url.searchParams, origin);
      }
      const ip = this.#clientIp(request);
      const blockedMs = this.#options.lockout.blockedFor(ip, this.#options.now());
      if (blockedMs > 0) return textReply(403, blockedReason(blockedMs, this.#options.lockout.maxFailures));
      if (startsWithPath(path, this.#options.prefix)) return await this.#api(request, url, path.slice(this.#options.prefix.length) || '/', ip);
      if (startsWithPath(path, this.#root)) return await this.#page(request, url, path.slice(this.#root.length) || '/', ip);
      return textReply(404, `Nothing at ${url.pathname}. The API is at ${this.#urls(request).api}.`);
    } catch (error) {
      if (error instanceof SandboxHttpError) return textReply(error.status, error.reason, error.headers);
      throw error;
    }
  }

  tokenFor(username: string): string {
    const user = this.#options.store.data.users.find((row) => row.username.toLowerCase() === username.toLowerCase());
    if (!user) throw new Error(`The sandbox has no user '${username}'.`);
    const { SharedSecret, ResponseStyle } = this.#options.settings.current;
    return issueToken(SharedSecret, user, ResponseStyle);
  }

  /** The seeded demo users still present, with the seed password and their current tokens. */
  demoAccounts(): DemoAccount[] {
    return DEMO_USERNAMES.flatMap((username) => {
      const user = this.#options.store.data.users.find((row) => row.username === username);
      if (!user) return [];
      const role = isAdmin(user) ? 'admin' : isAgent(user) ? 'agent' : 'user';
      return [{ username, password: DEMO_PASSWORD, role, email: user.email, token: this.tokenFor(username) }];
    });
  }

  // ── The API ──────────────────────────────────────────────────────────────────────────────────

  async #api(request: IncomingMessage, url: URL, relativePath: string, ip: string): Promise<Reply> {
    const { router, limiter, settings, now, store } = this.#options;
    const match = router.match(request.method ?? 'GET', relativePath);
    if (match.kind === 'not-found') return textReply(404, `No operation at ${request.method} ${this.#options.prefix}${relativePath}.`);
    if (match.kind === 'method-not-allowed') {
      return textReply(405, `${relativePath} does not accept ${request.method}; use ${match.allowed.join(' or ')}.`, { allow: match.allowed.join(', ') });
    }
    const { operation } = match.route;
    const def: EndpointDef = endpoints[operation];
    const caller = this.#authenticate(request, ip);

    if (!settings.current.DisableRateLimit) {
      const decision = limiter.admit(ip, def.budget, now());
      if (!decision.allowed) {
        const seconds = Math.ceil(decision.retryAfterMs / 1000);
        return textReply(429, rateLimitReason(decision.limit, limiter.windowMs, seconds), { 'retry-after': String(seconds) });
      }
    }
    requirePermission(caller, def.permission);

    const body = await readBody(request, this.#options.maxBodyBytes);
    const collected = await collectParams(url, request.headers['content-type'], body);
    const bound = { ...bindParams(collected, schemaKeys(def.params), def.aliases), ...match.pathParams };
    const wire = withoutEmptyOptionals(def.params, bound);
    const decoded = decodeParams(def, wire);
    if (!decoded.ok) return textReply(400, decoded.reason);

    const context: HandlerContext<OperationName> = {
      operation,
      params: decoded.params as HandlerContext<OperationName>['params'],
      wire,
      caller,
      data: store.data,
      store,
      now: new Date(now()),
      urls: this.#urls(request),
      settings: settings.current,
      outbox: this.outbox,
    };
    // The table guarantees `params` fits this operation's handler; TypeScript cannot follow a runtime key.
    const handler = handlers[operation] as unknown as (context: HandlerContext<OperationName>) => unknown;
    const writes = changesState(def);
    const before = writes ? markTaleps(store.data) : undefined;
    const result = await handler(context);
    const reply = encodeReply(operation, def, result, settings.current.ResponseStyle);
    if (writes) await store.save();
    // The "HTTP POST to URL" rule action (webhooks.ts): after the write is saved, never waited for.
    if (before) sendWebhooks(webhookPosts(store.data, changedTaleps(before, store.data)));
    return reply;
  }

  #authenticate(request: IncomingMessage, ip: string): UserRow {
    const { store, settings, lockout, now } = this.#options;
    const result = authenticate(store.data.users, settings.current.SharedSecret, parseAuthorization(request.headers.authorization));
    if (result.ok) {
      result.user.lastSeen = new Date(now()).toISOString();
      return result.user;
    }
    let reason = result.reason;
    if (result.counts && lockout.recordFailure(ip, now())) {
      reason += ` Too many failed sign-ins: your IP address is now blocked for ${Math.ceil(lockout.blockMs / 60_000)} minutes.`;
    }
    throw new SandboxHttpError(result.status, reason, result.status === 401 ? WWW_AUTHENTICATE : {});
  }

  #clientIp(request: IncomingMessage): string {
    const forwarded = this.#options.trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
    return forwarded || request.socket.remoteAddress || 'unknown';
  }

  #urls(request: IncomingMessage): SiteUrls {
    const origin = this.#options.publicUrl ?? `http://${request.headers.host ?? this.defaultHost}`;
    return { root: `${origin}${this.#root}`, api: `${origin}${this.#options.prefix}` };
  }

  // ── Pages at the application root ────────────────────────────────────────────────────────────

  async #page(request: IncomingMessage, url: URL, path: string, ip: string): Promise<Reply> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textReply(405, 'Only GET is served here.', { allow: 'GET' });
    const { store, settings } = this.#options;
    const urls = this.#urls(request);
    if (/^\/?$/.test(path)) {
      return htmlReply(startPage(urls, this.demoAccounts().map(({ username, role, email }) => ({ username, role, email })), DEMO_PASSWORD));
    }
    if (/^\/User\/Token\/?$/i.test(path)) {
      const user = this.#authenticate(request, ip);
      const token = issueToken(settings.current.SharedSecret, user, settings.current.ResponseStyle);
      return url.searchParams.get('json')?.toLowerCase() === 'true' ? jsonReply({ token }) : htmlReply(tokenPage(user, token));
    }
    const talep = /^\/Talep\/(\d+)\/?$/i.exec(path);
    if (talep?.[1]) return htmlReply(talepPage(store.data, this.#authenticate(request, ip), Number(talep[1]), urls, settings.current.ResponseStyle));
    // Where the sandbox used to put it, and where the real product does: both lead to the talep's page.
    const elsewhere = /^\/(?:Talep\/View|Ticket)\/(\d+)\/?$/i.exec(path);
    if (elsewhere?.[1]) return redirectReply(talepUrl(urls, Number(elsewhere[1])));
    const article = /^\/KB\/View\/(\d+)\/?$/i.exec(path);
    if (article?.[1]) return htmlReply(articlePage(store.data, this.#authenticate(request, ip), Number(article[1]), urls));
    return textReply(404, `Nothing at ${url.pathname}. The API is at ${urls.api}.`);
  }

  // ── Sandbox-only debug routes ────────────────────────────────────────────────────────────────

  async #debugRoute(request: IncomingMessage, path: string): Promise<Reply> {
    const method = request.method ?? 'GET';
    const route = `${method} ${path.replace(/\/$/, '').toLowerCase()}`;
    const { settings } = this.#options;
    switch (route) {
      case 'GET /outbox':
        return jsonReply(this.outbox.list());
      case 'DELETE /outbox':
        this.outbox.clear();
        return emptyReply(204);
      case 'GET /accounts':
        return jsonReply(this.demoAccounts());
      case 'GET /settings':
        return jsonReply(publicSettings(settings.current));
      case 'POST /settings': {
        const body = await readBody(request, 64 * 1024);
        let patch: unknown;
        try {
          patch = JSON.parse(body.toString('utf8') || '{}');
        } catch {
          return textReply(400, 'Send the settings to change as a JSON object.');
        }
        const parsed = settingsPatchSchema.safeParse(patch);
        if (!parsed.success) return textReply(400, `Invalid settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
        return jsonReply(publicSettings(await settings.update(parsed.data)));
      }
      default:
        return textReply(404, 'Debug routes: GET/DELETE /__sandbox/outbox, GET/POST /__sandbox/settings, GET /__sandbox/accounts.');
    }
  }
}

/** Settings as the debug route shows them: the shared secret is never echoed. */
function publicSettings(settings: SandboxSettings): Omit<SandboxSettings, 'SharedSecret'> {
  const { SharedSecret: _secret, ...visible } = settings;
  return visible;
}

/** The handler's typed value on the wire, in the shape of the sandbox's response style. */
function encodeReply(operation: OperationName, def: EndpointDef, result: unknown, style: ResponseStyle): Reply {
  switch (def.response.kind) {
    case 'json': {
      const schema = style === 'real' ? (def.response.real ?? def.response.schema) : def.response.schema;
      const encoded = schema.safeEncode(result);
      if (!encoded.success) {
        throw new Error(`${operation}: the handler's value does not fit the response schema: ${z.prettifyError(encoded.error)}`);
      }
      return jsonReply(encoded.data);
    }
    case 'xml':
    case 'bytes': {
      const file = result as FileReply;
      const headers: Record<string, string> = { 'content-type': file.contentType };
      if (def.response.kind === 'bytes') headers['content-disposition'] = contentDisposition(file.filename ?? 'file');
      return { status: 200, headers, body: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) };
    }
    case 'none':
    case 'unknown':
      return emptyReply(200);
  }
}

/** `/api` or `<sub-directory>/api`: the client finds the token page by dropping the final `/api`. */
function normalisePrefix(prefix: string): string {
  const trimmed = `/${prefix.trim().replace(/^\/+|\/+$/g, '')}`;
  if (!/\/api$/i.test(trimmed)) throw new Error(`The sandbox prefix must end with /api (e.g. /api or /helpdesk/api), got '${prefix}'.`);
  return trimmed;
}

/** `/helpdesk/api` → `/helpdesk`; `/api` → `` (the token page and talep pages live there). */
function applicationRootOf(prefix: string): string {
  return prefix.replace(/\/api$/i, '');
}

/** Case-insensitive "is `path` at or under `base`". */
function startsWithPath(path: string, base: string): boolean {
  if (base === '') return true;
  const lower = path.toLowerCase();
  const lowerBase = base.toLowerCase();
  return lower === lowerBase || lower.startsWith(`${lowerBase}/`);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
