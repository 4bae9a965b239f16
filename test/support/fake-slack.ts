/**
 * A local stand-in for Slack: the Web API (`/api/<method>`, what WebClient calls via `slackApiUrl`),
 * response_url endpoints (`/respond/<id>`, what `respond()` posts to), private file downloads
 * (`/files/<id>`) and file uploads (`files.uploadV2`: `files.getUploadURLExternal` hands out
 * `/upload/<fileId>`, where the bytes arrive). It records every call so tests can assert exactly what the
 * bot sent to Slack.
 *
 * Like Slack, it checks every message and view against Block Kit's documented limits
 * (src/slack/block-kit-limits.ts) and refuses a broken one with Slack's error (`invalid_blocks` for
 * messages, `invalid_arguments` for views, HTTP 400 for a response_url); what Slack would only
 * truncate or split is accepted, with Slack's `message_truncated` warning. Every violation, refused or
 * not, is kept in `violations`, which the harness turns into a failed test (test/support/harness.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkMessage, checkView, describeViolation, type Violation } from '../../src/slack/block-kit-limits.js';

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
  /** When the call arrived (Date.now()), to check Slack's 3-second windows. */
  at: number;
}

export interface ResponseUrlPost {
  id: string;
  body: Record<string, unknown>;
}

export interface FakeSlackUser {
  id: string;
  name: string;
  email?: string;
  tzOffset?: number;
}

export interface FakeSlackFile {
  data: Uint8Array;
  contentType: string;
}

/** Bytes the app uploaded to an upload URL (`files.uploadV2`, step 2). */
export interface FakeSlackUpload {
  fileId: string;
  /** The name `files.getUploadURLExternal` announced. */
  filename: string;
  data: Uint8Array;
}

/** A Block Kit limit a payload broke, with where the payload went (`chat.postMessage`, `response_url`, `options`...). */
export interface RecordedViolation extends Violation {
  via: string;
}

/** The Web API methods whose messages Slack checks (chat.postMessage and friends). */
const MESSAGE_METHODS = new Set(['chat.postMessage', 'chat.postEphemeral', 'chat.update', 'chat.scheduleMessage']);
/** The Web API methods that take a `view`. */
const VIEW_METHODS = new Set(['views.open', 'views.update', 'views.push', 'views.publish']);

const JSON_ARGS = new Set(['blocks', 'view', 'attachments', 'metadata', 'options', 'option_groups', 'files']);

export class FakeSlack {
  readonly calls: SlackCall[] = [];
  readonly responsePosts: ResponseUrlPost[] = [];
  readonly users = new Map<string, FakeSlackUser>();
  readonly files = new Map<string, FakeSlackFile>();
  readonly uploads: FakeSlackUpload[] = [];
  /** Messages scheduled with chat.scheduleMessage and not deleted: id → channel, time, message. */
  readonly scheduled = new Map<string, { channel: string; postAt: number; args: Record<string, unknown> }>();
  /** Slack's clock for chat.scheduleMessage's checks (seconds); tests with a fixed "now" set it. */
  now = () => Date.now() / 1000;
  /** Per-method overrides, e.g. `fail.set('views.open', 'expired_trigger_id')`. */
  readonly fail = new Map<string, string>();
  /** The current hash of each view (Slack changes it on every views.update), for realistic submissions. */
  readonly viewHashes = new Map<string, string>();
  /** Every Block Kit limit the bot broke, in order; a test that expects one takes it with `takeViolations()`. */
  readonly violations: RecordedViolation[] = [];
  botToken = 'xoxb-test-bot-token';
  #server: Server | undefined;
  #url = '';
  #messageCounter = 0;
  #viewCounter = 0;
  #hashCounter = 0;
  #uploadCounter = 0;
  readonly #uploadNames = new Map<string, string>();

  get url(): string {
    return this.#url;
  }

  get apiUrl(): string {
    return `${this.#url}/api/`;
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
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
  }

  /** A fresh response_url; what the app posts there is in `postsTo(url)`. */
  responseUrl(): string {
    return `${this.#url}/respond/${randomUUID()}`;
  }

  postsTo(responseUrl: string): Record<string, unknown>[] {
    const id = responseUrl.split('/').pop();
    return this.responsePosts.filter((post) => post.id === id).map((post) => post.body);
  }

  /** Records what a check found on a payload sent `via` somewhere; returns the violations. */
  recordViolations(via: string, violations: Violation[]): Violation[] {
    for (const violation of violations) this.violations.push({ via, ...violation });
    return violations;
  }

  /** Removes and returns the violations recorded so far (for a test that expects some). */
  takeViolations(): RecordedViolation[] {
    return this.violations.splice(0, this.violations.length);
  }

  callsTo(method: string): SlackCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  addFile(id: string, data: Uint8Array | string, contentType = 'application/octet-stream'): string {
    this.files.set(id, { data: typeof data === 'string' ? Buffer.from(data) : data, contentType });
    return `${this.#url}/files/${id}`;
  }

  /** Polls until `probe` returns something (listeners keep working after ack). */
  async waitFor<T>(probe: () => T | undefined | false, what = 'the expected Slack call', timeoutMs = 8_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Calls so far: ${this.calls.map((c) => c.method).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    const raw = await readBody(req);
    const body = raw.toString('utf8');
    if (url.pathname.startsWith('/upload/')) {
      // WebClient posts the bytes as multipart/form-data; the file is its only file part.
      const form = await new Request(url, { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
      const file = [...form.values()].find((value): value is File => typeof value !== 'string');
      const fileId = url.pathname.slice('/upload/'.length);
      if (!file || !this.#uploadNames.has(fileId)) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('no file');
        return;
      }
      this.uploads.push({ fileId, filename: this.#uploadNames.get(fileId) ?? '', data: new Uint8Array(await file.arrayBuffer()) });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`OK - ${file.size}`);
      return;
    }
    if (url.pathname.startsWith('/respond/')) {
      const posted = JSON.parse(body || '{}') as Record<string, unknown>;
      if (this.recordViolations('response_url', checkMessage(posted)).some((violation) => violation.effect === 'refused')) {
        // A response_url answers a refused message like an incoming webhook: HTTP 400 and the error.
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('invalid_blocks');
        return;
      }
      this.responsePosts.push({ id: url.pathname.slice('/respond/'.length), body: posted });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      const file = this.files.get(url.pathname.slice('/files/'.length));
      if (!file || req.headers.authorization !== `Bearer ${this.botToken}`) {
        res.writeHead(file ? 403 : 404, { 'content-type': 'text/html' });
        res.end('<html>sign in</html>');
        return;
      }
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.byteLength });
      res.end(Buffer.from(file.data));
      return;
    }
    const method = url.pathname.replace(/^\/api\//, '');
    const args = parseArgs(body, req.headers['content-type'] ?? '');
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? (args.token as string | undefined);
    this.calls.push({ method, args, token, at: Date.now() });
    const reply = this.#reply(method, args);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  }

  #reply(method: string, args: Record<string, unknown>): Record<string, unknown> {
    const failure = this.fail.get(method);
    if (failure) return { ok: false, error: failure };
    const checked = this.#check(method, args);
    if (checked.refusal) return checked.refusal;
    switch (method) {
      case 'auth.test':
        return { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1', team: 'Test team', url: 'https://test.slack.com/' };
      case 'views.open':
      case 'views.push':
      case 'views.update':
      case 'views.publish': {
        const id = (args.view_id as string | undefined) ?? `V${++this.#viewCounter}`;
        const hash = `h${++this.#hashCounter}`;
        this.viewHashes.set(id, hash);
        return { ok: true, view: { ...(args.view as object), id, hash } };
      }
      case 'chat.postMessage': {
        const ts = `1700000000.${String(++this.#messageCounter).padStart(6, '0')}`;
        return { ok: true, channel: args.channel, ts, message: { ...args, ts }, ...checked.warning };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: `1700000001.${String(++this.#messageCounter).padStart(6, '0')}`, ...checked.warning };
      case 'chat.getPermalink':
        return {
          ok: true,
          permalink: `https://test.slack.com/archives/${String(args.channel)}/p${String(args.message_ts).replace('.', '')}`,
        };
      case 'users.info': {
        const user = this.users.get(String(args.user));
        if (!user) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: user.id,
            name: user.name,
            real_name: user.name,
            tz_offset: user.tzOffset ?? 0,
            profile: { email: user.email, real_name: user.name, display_name: user.name },
          },
        };
      }
      case 'conversations.open':
        return { ok: true, channel: { id: `D${String(args.users)}` } };
      case 'files.getUploadURLExternal': {
        const fileId = `F${++this.#uploadCounter}`;
        this.#uploadNames.set(fileId, String(args.filename ?? ''));
        return { ok: true, upload_url: `${this.#url}/upload/${fileId}`, file_id: fileId };
      }
      case 'files.completeUploadExternal': {
        const files = Array.isArray(args.files) ? (args.files as { id: string; title?: string }[]) : [];
        return { ok: true, files: files.map((file) => ({ id: file.id, title: file.title, name: this.#uploadNames.get(file.id) })) };
      }
      case 'chat.scheduleMessage': {
        const postAt = Number(args.post_at);
        // Slack refuses a time in the past and one more than 120 days ahead.
        if (!Number.isFinite(postAt) || postAt <= this.now()) return { ok: false, error: 'time_in_past' };
        if (postAt > this.now() + 120 * 86_400) return { ok: false, error: 'time_too_far' };
        const raw = String(args.channel);
        const channel = /^[UW]/.test(raw) ? `D${raw}` : raw;
        const id = `Q${++this.#messageCounter}`;
        this.scheduled.set(id, { channel, postAt, args });
        return { ok: true, channel, scheduled_message_id: id, post_at: postAt, message: { text: args.text } };
      }
      case 'chat.deleteScheduledMessage': {
        const found = this.scheduled.get(String(args.scheduled_message_id));
        if (!found || found.channel !== args.channel) return { ok: false, error: 'invalid_scheduled_message_id' };
        this.scheduled.delete(String(args.scheduled_message_id));
        return { ok: true };
      }
      case 'users.lookupByEmail': {
        const user = [...this.users.values()].find((candidate) => candidate.email === args.email);
        return user ? { ok: true, user: { id: user.id, name: user.name, profile: { email: user.email } } } : { ok: false, error: 'users_not_found' };
      }
      default:
        return { ok: true, ...checked.warning };
    }
  }

  /**
   * Checks a message or view against Block Kit's limits and records what it breaks: Slack's refusal
   * when one rule is of the refused kind, else what Slack adds to a message it took but cut
   * (changelog 2018-04-truncating-really-long-messages).
   */
  #check(method: string, args: Record<string, unknown>): { refusal?: Record<string, unknown>; warning: Record<string, unknown> } {
    const isView = VIEW_METHODS.has(method);
    if (!isView && !MESSAGE_METHODS.has(method)) return { warning: {} };
    const found = this.recordViolations(method, isView ? checkView(args.view) : checkMessage(args));
    const refused = found.filter((violation) => violation.effect === 'refused');
    if (refused.length > 0) {
      const messages = refused.map((violation) => describeViolation(violation, isView ? '/view' : ''));
      return { refusal: { ok: false, error: isView ? 'invalid_arguments' : 'invalid_blocks', errors: messages, response_metadata: { messages } }, warning: {} };
    }
    const truncated = found.some((violation) => violation.effect === 'truncated');
    const warning = truncated
      ? { response_metadata: { warnings: ['message_truncated'], messages: ['[WARN] Your message was truncated but still posted. The `text` field accepts up to 40,000 characters.'] } }
      : {};
    return { warning };
  }
}

function parseArgs(body: string, contentType: string): Record<string, unknown> {
  if (!body) return {};
  if (contentType.includes('application/json')) return JSON.parse(body) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (JSON_ARGS.has(name)) {
      try {
        args[name] = JSON.parse(value);
        continue;
      } catch {
        // not JSON: keep the text
      }
    }
    args[name] = value;
  }
  return args;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
