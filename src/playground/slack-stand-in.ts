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
 * not, is kept in `violations`, which the e2e harness turns into a failed test (test/support/harness.ts).
 *
 * Alone it answers with canned replies (what the e2e suites assert on). Given a `SlackWorld` (the
 * playground's workspace, ./workspace.ts), it hands every call and response_url post that passed the
 * checks to that world, which keeps the messages and views and answers as Slack would, and tells it what
 * was refused so a person can see Slack's error.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkMessage, checkOptions, checkView, describeViolation, type Violation } from '../slack/block-kit-limits.js';

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
  /** When the call arrived (Date.now()), to check Slack's 3-second windows. */
  at: number;
  /** What the stand-in answered (e.g. the id it gave a view opened with `views.open`). */
  reply: Record<string, unknown>;
}

export interface ResponseUrlPost {
  id: string;
  body: Record<string, unknown>;
  /** When the post arrived (Date.now()). */
  at: number;
}

export interface StandInUser {
  id: string;
  /** The handle (users.info `name`). */
  name: string;
  /** The full and display names (users.info `real_name`, `profile.display_name`); the handle when unset. */
  realName?: string;
  email?: string;
  tzOffset?: number;
  /** The person's Slack language (`tr-TR`), returned when users.info asks with `include_locale`. */
  locale?: string;
  /** A workspace admin or owner (users.info `is_admin`). */
  isAdmin?: boolean;
}

export interface StandInFile {
  data: Uint8Array;
  contentType: string;
}

/** Bytes the app uploaded to an upload URL (`files.uploadV2`, step 2). */
export interface StandInUpload {
  fileId: string;
  /** The name `files.getUploadURLExternal` announced. */
  filename: string;
  data: Uint8Array;
}

/** A Block Kit limit a payload broke, with where the payload went (`chat.postMessage`, `response_url`, `options`...). */
export interface RecordedViolation extends Violation {
  via: string;
}

/** A payload Slack refused: where it went, what it carried, and Slack's error messages (with JSON pointers). */
export interface Refusal {
  via: string;
  args: Record<string, unknown>;
  /** For a post to a response_url: the URL's id (the last path segment). */
  responseUrlId?: string;
  messages: string[];
}

/**
 * What answers for Slack once a payload passed the checks (the playground's workspace keeps messages and
 * views and answers like Slack); without one the stand-in gives canned answers.
 */
export interface SlackWorld {
  /** Slack's answer to a Web API call; `canned` is the stand-in's own answer, for methods the world leaves to it. */
  answer(call: SlackCall, canned: () => Record<string, unknown>): Record<string, unknown>;
  /** Slack's answer to a response_url post: 200 "ok", or 404 `used_url` / `expired_url` as Slack answers. */
  respond(id: string, body: Record<string, unknown>): { status: number; text: string };
  /** A payload Slack refused, after its violations were recorded. */
  refused(refusal: Refusal): void;
}

/** The Web API methods whose messages Slack checks (chat.postMessage and friends). */
const MESSAGE_METHODS = new Set(['chat.postMessage', 'chat.postEphemeral', 'chat.update', 'chat.scheduleMessage']);
/** The Web API methods that take a `view`. */
const VIEW_METHODS = new Set(['views.open', 'views.update', 'views.push', 'views.publish']);

const JSON_ARGS = new Set(['blocks', 'view', 'attachments', 'metadata', 'options', 'option_groups', 'files', 'unfurls', 'user_auth_blocks', 'outputs', 'error']);

/** How a workflow step ended (`functions.completeSuccess` / `functions.completeError`). */
export type FunctionOutcome = { ok: true; outputs: Record<string, unknown> } | { ok: false; error: string };

export class SlackStandIn {
  readonly calls: SlackCall[] = [];
  readonly responsePosts: ResponseUrlPost[] = [];
  readonly users = new Map<string, StandInUser>();
  readonly files = new Map<string, StandInFile>();
  readonly uploads: StandInUpload[] = [];
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
  /** conversations.info's `creator` per channel id. */
  readonly channelCreators = new Map<string, string>();
  /** Messages conversations.history / conversations.replies answer with, by `channel:ts` (user, text, files…). */
  readonly channelMessages = new Map<string, Record<string, unknown>>();
  /** response_url ids that answer 404 `expired_url`, as Slack does after 30 minutes or 5 uses. */
  readonly #expired = new Set<string>();
  botToken = 'xoxb-test-bot-token';
  /** The app the bot token belongs to (`bots.info`). */
  appId = 'A0TESTAPP';
  /** Sent as `x-oauth-scopes` (Slack's list of the token's scopes); undefined sends no header. */
  scopes: string[] | undefined = undefined;
  /** Socket Mode: what `apps.connections.open` hands out (a test's WebSocket server). */
  socketUrl: string | undefined = undefined;
  /**
   * Whether the app has Work Object previews: when false, `chat.unfurl` refuses `metadata` with this
   * error (the app settings' toggle is off, or the workspace has no Work Objects).
   */
  workObjects = true;
  workObjectsRefusal = 'feature_not_enabled';
  /** Previews on each message, as Slack keeps them: `channel:ts` → URL → what was sent for it (a later call replaces). */
  readonly unfurled = new Map<string, Map<string, { kind: 'blocks' | 'entity'; payload: Record<string, unknown> }>>();
  /** How each workflow step ended, by execution id (Slack takes one ending). */
  readonly functionOutcomes = new Map<string, FunctionOutcome>();
  readonly #functionTokens = new Map<string, string>();
  /** Set by the playground: answers calls and response_url posts from its workspace instead of canned replies. */
  world: SlackWorld | undefined;
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

  /**
   * A slash command answered in its ack: Slack shows that message as the command's ephemeral answer,
   * as it would a post to the command's response_url, so it is kept with that URL's posts (`postsTo`).
   */
  answeredInAck(responseUrl: string, body: Record<string, unknown>): void {
    this.#recordMarks('ack', body);
    this.responsePosts.push({ id: responseUrl.split('/').pop() ?? '', body, at: Date.now() });
  }

  /** Makes a response_url answer like an expired one (HTTP 404 `expired_url`). */
  expire(responseUrl: string): void {
    this.#expired.add(responseUrl.split('/').pop() ?? '');
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

  /**
   * Checks what the app answered over HTTP to a request of `kind` (a slash command, or an interaction's
   * `type`): an external select's options, a view submission's `update`/`push` view, a message in an ack.
   * Records what breaks the limits, as for Web API calls, and returns it.
   */
  checkAnswer(kind: string, answer: unknown): Violation[] {
    if (typeof answer !== 'object' || answer === null) return [];
    const body = answer as Record<string, unknown>;
    let found: Violation[] = [];
    if (kind === 'block_suggestion') found = checkOptions(body);
    else if (kind === 'view_submission' && (body.response_action === 'update' || body.response_action === 'push')) found = checkView(body.view);
    else if ('blocks' in body || 'text' in body) found = checkMessage(body);
    return this.recordViolations(`${kind} response`, found);
  }

  /** Removes and returns the violations recorded so far (for a test that expects some). */
  takeViolations(): RecordedViolation[] {
    return this.violations.splice(0, this.violations.length);
  }

  /** The token a `function_executed` event carries (`bot_access_token`) for a run; only it may complete that run. */
  functionToken(executionId: string): string {
    const token = `xwfp-test-${executionId}`;
    this.#functionTokens.set(token, executionId);
    return token;
  }

  /** The previews Slack shows on a message (`channel:ts`). */
  previewsOf(channel: string, ts: string): Map<string, { kind: 'blocks' | 'entity'; payload: Record<string, unknown> }> {
    return this.unfurled.get(`${channel}:${ts}`) ?? new Map();
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
      if (this.#expired.has(url.pathname.slice('/respond/'.length))) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('expired_url');
        return;
      }
      const posted = JSON.parse(body || '{}') as Record<string, unknown>;
      this.#recordMarks('response_url', posted);
      const id = url.pathname.slice('/respond/'.length);
      const refused = this.recordViolations('response_url', checkMessage(posted)).filter((violation) => violation.effect === 'refused');
      if (refused.length > 0) {
        // A response_url answers a refused message like an incoming webhook: HTTP 400 and the error.
        this.world?.refused({ via: 'response_url', args: posted, responseUrlId: id, messages: refused.map((violation) => describeViolation(violation, '')) });
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('invalid_blocks');
        return;
      }
      this.responsePosts.push({ id, body: posted, at: Date.now() });
      const answer = this.world?.respond(id, posted) ?? { status: 200, text: 'ok' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.text);
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
    const call: SlackCall = { method, args, token, at: Date.now(), reply: {} };
    this.#recordMarks(method, args);
    this.calls.push(call);
    const reply = this.#reply(call);
    call.reply = reply;
    res.writeHead(200, { 'content-type': 'application/json', ...(this.scopes ? { 'x-oauth-scopes': this.scopes.join(',') } : {}) });
    res.end(JSON.stringify(reply));
  }

  #reply(call: SlackCall): Record<string, unknown> {
    const { method, args, token } = call;
    const failure = this.fail.get(method);
    if (failure) return { ok: false, error: failure };
    const checked = this.#check(method, args);
    if (checked.refusal) {
      this.world?.refused({ via: method, args, messages: (checked.refusal.errors as string[] | undefined) ?? [] });
      return checked.refusal;
    }
    const canned = () => this.#canned(method, args, token);
    const answer = this.world ? this.world.answer(call, canned) : canned();
    return answer.ok === true ? { ...answer, ...checked.warning } : answer;
  }

  /** The stand-in's own answers: enough for the e2e suites, which assert on the recorded calls. */
  #canned(method: string, args: Record<string, unknown>, token: string | undefined): Record<string, unknown> {
    switch (method) {
      case 'chat.unfurl':
        return this.#unfurl(args);
      case 'entity.presentDetails':
        return this.#presentDetails(args);
      case 'functions.completeSuccess':
      case 'functions.completeError':
        return this.#completeFunction(method, args, token);
      case 'auth.test':
        return { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1', team: 'Test team', url: 'https://test.slack.com/' };
      case 'bots.info':
        return { ok: true, bot: { id: args.bot, app_id: this.appId, user_id: 'UBOT', name: 'talep' } };
      case 'apps.connections.open':
        return this.socketUrl ? { ok: true, url: this.socketUrl } : { ok: false, error: 'invalid_auth' };
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
        return { ok: true, channel: args.channel, ts, message: { ...args, ts } };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: `1700000001.${String(++this.#messageCounter).padStart(6, '0')}` };
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
            real_name: user.realName ?? user.name,
            tz_offset: user.tzOffset ?? 0,
            ...(args.include_locale && String(args.include_locale) !== 'false' ? { locale: user.locale ?? 'en-US' } : {}),
            is_admin: user.isAdmin ?? false,
            profile: { email: user.email, real_name: user.realName ?? user.name, display_name: user.realName ?? user.name },
          },
        };
      }
      case 'conversations.info': {
        const channel = String(args.channel);
        return { ok: true, channel: { id: channel, ...(this.channelCreators.has(channel) ? { creator: this.channelCreators.get(channel) } : {}) } };
      }
      case 'conversations.history':
      case 'conversations.replies': {
        // The one message at `ts` (history: latest = oldest = ts, inclusive), when the test gave it.
        const ts = String(args.ts ?? args.latest ?? '');
        const message = this.channelMessages.get(`${String(args.channel)}:${ts}`);
        return { ok: true, messages: message ? [{ type: 'message', ts, ...message }] : [], has_more: false };
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
        return { ok: true };
    }
  }

  /** The kernel's own marks (`confidential`) are not Slack's: one that arrives here was not stripped. */
  #recordMarks(via: string, payload: Record<string, unknown>): void {
    if (!('confidential' in payload)) return;
    this.recordViolations(via, [
      { path: '/confidential', rule: 'kernel.mark_not_stripped', effect: 'unusable', actual: String(payload.confidential), message: "the kernel's confidential mark must not be sent to Slack" },
    ]);
  }

  /**
   * `chat.unfurl` as Slack answers it: a message (`channel` + `ts`) or a composer link (`unfurl_id` +
   * `source`); `unfurls` (each checked like a message's blocks) or Work Object `metadata.entities`
   * (refused when `workObjects` is off); or only the connect prompt (`user_auth_required`).
   */
  #unfurl(args: Record<string, unknown>): Record<string, unknown> {
    const target = args.channel && args.ts ? `${String(args.channel)}:${String(args.ts)}` : args.unfurl_id && args.source ? `composer:${String(args.unfurl_id)}` : undefined;
    if (!target) return { ok: false, error: args.channel ? 'missing_ts' : 'missing_channel' };
    const authOnly = args.user_auth_required === true || args.user_auth_required === 'true' || args.user_auth_required === '1';
    const unfurls = args.unfurls as Record<string, unknown> | undefined;
    const metadata = args.metadata as { entities?: unknown } | undefined;
    if (authOnly) {
      const blocks = args.user_auth_blocks;
      if (blocks !== undefined && this.recordViolations('chat.unfurl user_auth_blocks', checkMessage({ blocks })).some((v) => v.effect === 'refused')) {
        return { ok: false, error: 'invalid_arguments' };
      }
      return { ok: true };
    }
    if (metadata !== undefined) {
      if (!this.workObjects) return { ok: false, error: this.workObjectsRefusal };
      const entities = Array.isArray(metadata.entities) ? metadata.entities : undefined;
      const problems = entities ? entities.flatMap((entity, index) => entityProblems(entity, `/metadata/entities/${index}`, true)) : ['/metadata/entities: missing required field'];
      if (problems.length > 0) return { ok: false, error: 'invalid_metadata', response_metadata: { messages: problems } };
      const previews = this.#previews(target);
      for (const entity of entities as { app_unfurl_url: string }[]) previews.set(entity.app_unfurl_url, { kind: 'entity', payload: entity as unknown as Record<string, unknown> });
      return { ok: true };
    }
    if (unfurls === undefined || typeof unfurls !== 'object' || Object.keys(unfurls).length === 0) return { ok: false, error: 'missing_unfurls' };
    for (const [url, unfurl] of Object.entries(unfurls)) {
      const found = this.recordViolations(`chat.unfurl ${url}`, checkMessage({ blocks: (unfurl as { blocks?: unknown }).blocks }));
      if (found.some((violation) => violation.effect === 'refused')) {
        return { ok: false, error: 'invalid_arguments', response_metadata: { messages: found.map((violation) => describeViolation(violation, `/unfurls/${url}`)) } };
      }
    }
    const previews = this.#previews(target);
    for (const [url, unfurl] of Object.entries(unfurls)) previews.set(url, { kind: 'blocks', payload: unfurl as Record<string, unknown> });
    return { ok: true };
  }

  #previews(target: string): Map<string, { kind: 'blocks' | 'entity'; payload: Record<string, unknown> }> {
    let previews = this.unfurled.get(target);
    if (!previews) this.unfurled.set(target, (previews = new Map()));
    return previews;
  }

  /** `entity.presentDetails`: the panel of one trigger, with the entity (which must name itself) or an error. */
  #presentDetails(args: Record<string, unknown>): Record<string, unknown> {
    if (typeof args.trigger_id !== 'string' || !args.trigger_id) return { ok: false, error: 'invalid_trigger_id' };
    if (args.metadata === undefined && args.error === undefined && !args.user_auth_required) return { ok: false, error: 'invalid_arguments' };
    if (args.metadata !== undefined) {
      const problems = entityProblems(args.metadata, '/metadata', false);
      if (problems.length > 0) return { ok: false, error: 'invalid_arguments', response_metadata: { messages: problems } };
    }
    if (args.error !== undefined && typeof (args.error as { status?: unknown }).status !== 'string') {
      return { ok: false, error: 'invalid_arguments', response_metadata: { messages: ['missing required field: status [json-pointer:/error]'] } };
    }
    return { ok: true };
  }

  /** A step's ending: only with the run's own token, once. */
  #completeFunction(method: string, args: Record<string, unknown>, token: string | undefined): Record<string, unknown> {
    const executionId = typeof args.function_execution_id === 'string' ? args.function_execution_id : undefined;
    if (!executionId) return { ok: false, error: 'invalid_arguments' };
    if (!token || this.#functionTokens.get(token) !== executionId) return { ok: false, error: 'invalid_auth' };
    if (this.functionOutcomes.has(executionId)) return { ok: false, error: 'function_execution_already_completed' };
    if (method === 'functions.completeSuccess') {
      if (typeof args.outputs !== 'object' || args.outputs === null) return { ok: false, error: 'invalid_arguments' };
      this.functionOutcomes.set(executionId, { ok: true, outputs: args.outputs as Record<string, unknown> });
    } else {
      if (typeof args.error !== 'string' || !args.error) return { ok: false, error: 'invalid_arguments' };
      this.functionOutcomes.set(executionId, { ok: false, error: args.error });
    }
    return { ok: true };
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

/**
 * What Slack requires of a Work Object entity: its type, the reference and URL that identify it (also
 * in the details panel), a title, a `type` on every typed field; in `chat.unfurl` also the posted URL.
 */
function entityProblems(entity: unknown, at: string, unfurl: boolean): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, field: string) => {
    if (!ok) problems.push(`missing required field: ${field} [json-pointer:${at}]`);
  };
  const value = (entity ?? {}) as Record<string, unknown>;
  const ref = value.external_ref as { id?: unknown } | undefined;
  const payload = value.entity_payload as { attributes?: { title?: { text?: unknown } }; fields?: Record<string, Record<string, unknown>> } | undefined;
  need(typeof value.entity_type === 'string', 'entity_type');
  need(typeof ref?.id === 'string' && ref.id !== '', 'external_ref');
  need(typeof value.url === 'string', 'url');
  if (unfurl) need(typeof value.app_unfurl_url === 'string', 'app_unfurl_url');
  need(typeof payload?.attributes?.title?.text === 'string' && payload.attributes.title.text !== '', 'entity_payload.attributes.title.text');
  for (const name of ['assignee', 'due_date', 'created_by'] as const) {
    const field = payload?.fields?.[name];
    if (field !== undefined) need(typeof field.type === 'string', `entity_payload.fields.${name}.type`);
  }
  return problems;
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
