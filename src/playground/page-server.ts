/**
 * The playground's web server, on 127.0.0.1 only: the page (HTML, CSS, the compiled browser code and
 * the one library it uses), the files people and the app shared, and a small JSON API through which the
 * page acts as the person chosen in it. Every request body is checked with zod; every act becomes the
 * Slack request it stands for (./interactions.ts). `GET /api/events` streams the workspace's version
 * (Server-Sent Events) so the page fetches `GET /api/state` again after each change.
 *
 * Requests whose Host is not this server's own address are refused, so another web site cannot drive
 * the playground through the browser (DNS rebinding).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { NotThere, type SlackInteractions } from './interactions.js';
import type { SlackStandIn } from './slack-stand-in.js';
import { mimetypeOf, type SlackFileObject } from './slack-shapes.js';
import type { Workspace } from './workspace.js';
import type { UploadedFile } from './web/protocol.js';

const MAX_JSON_BYTES = 1024 * 1024;
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The repository's root (where package.json is), from this module in src/ or in dist/. */
export function projectRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'playground'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No project root above ${from}`);
  }
}

/** Where the page's parts are: HTML and CSS beside their sources, the browser code compiled into dist/. */
export function pageLocations(root = projectRoot()) {
  const vendorEntry = createRequire(import.meta.url).resolve('slack-to-html');
  return {
    staticDir: join(root, 'src', 'playground', 'web'),
    appDir: join(root, 'dist', 'playground', 'web'),
    vendorDir: dirname(vendorEntry),
  };
}

// ── request bodies ───────────────────────────────────────────────────────────────────────────────

const id = z.string().min(1).max(64).regex(/^[\w.-]+$/);
const ts = z.string().regex(/^\d{1,12}\.\d{1,6}$/);
const stateValues = z.record(z.string().max(255), z.record(z.string().max(255), z.looseObject({})));
const place = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), channel: id, ts }),
  z.object({ kind: z.literal('view'), viewId: id }),
]);

const schemas = {
  message: z.object({ as: id, channel: id, text: z.string().max(40_000), threadTs: ts.optional(), fileIds: z.array(id).max(10).optional() }),
  command: z.object({ as: id, channel: id, text: z.string().max(4_000) }),
  shortcut: z.object({ as: id, callbackId: z.string().min(1).max(255), message: z.object({ channel: id, ts }).optional() }),
  action: z.object({
    as: id,
    place,
    action: z.looseObject({ action_id: z.string().min(1).max(255), block_id: z.string().min(1).max(255), type: z.string().max(64) }),
    state: stateValues,
  }),
  options: z.object({ as: id, place, actionId: z.string().min(1).max(255), blockId: z.string().min(1).max(255), value: z.string().max(2_000), state: stateValues }),
  submit: z.object({ as: id, viewId: id, state: stateValues }),
  close: z.object({ as: id, viewId: id }),
  home: z.object({ as: id }),
};

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) throw new HttpProblem(413, `The body is larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const raw = await readLimited(req, MAX_JSON_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpProblem(400, 'The body is not JSON.');
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) throw new HttpProblem(400, z.prettifyError(checked.error));
  return checked.data;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export interface PageServerOptions {
  workspace: Workspace;
  interactions: SlackInteractions;
  standIn: SlackStandIn;
  /** Who the page acts as when it does not say (the first person of the workspace). */
  defaultPerson: string;
  host?: string;
  port?: number;
  locations?: ReturnType<typeof pageLocations>;
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const { workspace, interactions, standIn } = options;
  const host = options.host ?? '127.0.0.1';
  const locations = options.locations ?? pageLocations();
  const streams = new Set<ServerResponse>();
  /** Files uploaded through the page, until a message or a file input takes them. */
  const uploaded = new Map<string, SlackFileObject>();
  let address = '';

  const person = (raw: string | null): string => {
    const chosen = raw || options.defaultPerson;
    if (!workspace.person(chosen)) throw new HttpProblem(404, `Nobody called ${chosen} is in this workspace.`);
    return chosen;
  };

  const sendFileFrom = async (res: ServerResponse, dir: string, relative: string) => {
    const path = normalize(join(dir, relative));
    const type = CONTENT_TYPES[extname(path)];
    if (!path.startsWith(dir + sep) || !type) throw new HttpProblem(404, 'Not found.');
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      const hint = dir === locations.appDir ? ' The page is not built: run `npm run build` (or `npm run playground`).' : '';
      throw new HttpProblem(404, `Not found.${hint}`);
    }
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
    res.end(data);
  };

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>> = {
    'GET /api/state': async (_req, res, url) => sendJson(res, 200, workspace.snapshotFor(person(url.searchParams.get('as')))),
    'GET /api/events': async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`retry: 1000\ndata: ${workspace.version}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
    },
    'POST /api/message': async (req, res) => {
      const body = await readJson(req, schemas.message);
      const files = (body.fileIds ?? []).map((fileId) => {
        const file = uploaded.get(fileId);
        if (!file) throw new HttpProblem(404, `No file ${fileId} was uploaded.`);
        return file;
      });
      interactions.postMessage(body, files);
      sendJson(res, 200, { ok: true });
    },
    'POST /api/command': async (req, res) => {
      await interactions.command(await readJson(req, schemas.command));
      sendJson(res, 200, { ok: true });
    },
    'POST /api/shortcut': async (req, res) => {
      await interactions.shortcut(await readJson(req, schemas.shortcut));
      sendJson(res, 200, { ok: true });
    },
    'POST /api/action': async (req, res) => {
      await interactions.action(await readJson(req, schemas.action));
      sendJson(res, 200, { ok: true });
    },
    'POST /api/options': async (req, res) => sendJson(res, 200, await interactions.options(await readJson(req, schemas.options))),
    'POST /api/submit': async (req, res) => sendJson(res, 200, await interactions.submit(await readJson(req, schemas.submit))),
    'POST /api/close': async (req, res) => {
      await interactions.close(await readJson(req, schemas.close));
      sendJson(res, 200, { ok: true });
    },
    'POST /api/home': async (req, res) => {
      await interactions.openHome(await readJson(req, schemas.home));
      sendJson(res, 200, { ok: true });
    },
    'POST /api/upload': async (req, res, url) => {
      const uploader = person(url.searchParams.get('as'));
      const name = z.string().min(1).max(255).regex(/^[^/\\]+$/).safeParse(url.searchParams.get('name'));
      if (!name.success) throw new HttpProblem(400, 'Name the file (?name=…).');
      const data = await readLimited(req, MAX_UPLOAD_BYTES);
      const declared = req.headers['content-type'];
      const mimetype = declared && declared !== 'application/octet-stream' ? declared.split(';')[0] ?? declared : mimetypeOf(name.data);
      const file = workspace.addFile(uploader, name.data, mimetype, data);
      uploaded.set(file.id, file);
      const answer: UploadedFile = {
        file: { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size, url: `/files/${file.id}` },
        slackFile: file,
      };
      sendJson(res, 200, answer);
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', address);
    if (req.headers.host !== new URL(address).host && req.headers.host !== `localhost:${new URL(address).port}`) {
      throw new HttpProblem(421, 'This playground answers only at its own address.');
    }
    const route = routes[`${req.method ?? 'GET'} ${url.pathname}`];
    if (route) return route(req, res, url);
    if (req.method !== 'GET') throw new HttpProblem(405, 'Method not allowed.');
    if (url.pathname === '/') return sendFileFrom(res, locations.staticDir, 'index.html');
    if (url.pathname === '/style.css') return sendFileFrom(res, locations.staticDir, 'style.css');
    if (url.pathname.startsWith('/app/')) return sendFileFrom(res, locations.appDir, url.pathname.slice('/app/'.length));
    if (url.pathname.startsWith('/vendor/slack-to-html/')) return sendFileFrom(res, locations.vendorDir, url.pathname.slice('/vendor/slack-to-html/'.length));
    const permalink = /^\/archives\/([\w]+)\/p(\d{10})(\d{6})$/.exec(url.pathname);
    if (permalink) {
      res.writeHead(302, { location: `/#${permalink[1]}/${permalink[2]}.${permalink[3]}` });
      res.end();
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      const file = standIn.files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
      if (!file) throw new HttpProblem(404, 'No such file.');
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.byteLength, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" });
      res.end(Buffer.from(file.data));
      return;
    }
    throw new HttpProblem(404, 'Not found.');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof HttpProblem) return sendJson(res, error.status, { error: error.message });
      if (error instanceof NotThere) return sendJson(res, 409, { error: error.message });
      sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });

  // One event per burst of changes: a listener's work often changes the workspace several times at once.
  let pending: NodeJS.Timeout | undefined;
  const unsubscribe = workspace.onChange(() => {
    pending ??= setTimeout(() => {
      pending = undefined;
      for (const stream of streams) stream.write(`data: ${workspace.version}\n\n`);
    }, 25);
  });
  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  address = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: address,
    async close() {
      unsubscribe();
      clearInterval(keepAlive);
      clearTimeout(pending);
      for (const stream of streams) stream.end();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
