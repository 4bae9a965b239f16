/**
 * HelpdeskClient: one typed method per row of the endpoint table (`client.getTalep({ id })`), and the
 * pipeline every call goes through:
 *
 *   encode params (zod) → single-flight / reference cache → lock-out guard → throttle (when)
 *   → connection scheduler (which call gets a socket) → HTTP → classify for the guard
 *   → 429 pause + retry → decode the response (zod) or a HelpdeskError.
 *
 * A call without an answer is re-sent only when that is safe: a read once, quietly; a call that is
 * not idempotent (`effect: 'once'` in the table) whose request may have reached the help desk fails
 * with `unknown-outcome` instead, and the caller decides how to find out what happened.
 *
 * It knows nothing of Slack. One client per help desk; the credential is per client (`withCredential`)
 * or per call (`{ credential }`), so a bot can act as each of its users through one throttle and guard.
 */
import { parse as parseContentDisposition } from 'content-disposition';
import * as z from 'zod';
import { applicationRoot, authorizationHeader, type Credential, credentialId } from './auth.js';
import { type Admission, AuthGuard, type AuthGuardOptions, type AuthOutcome, type AuthVerdict } from './auth-guard.js';
import { ReferenceCache, type ReferenceCacheOptions, SingleFlight } from './cache.js';
import { ConnectionScheduler, type ConnectionSchedulerOptions, type Lane, type Slot } from './connection-scheduler.js';
import {
  acceptsEitherMethod,
  type EndpointDef,
  endpoints,
  isIdempotent,
  type OperationName,
  operationNames,
  otherMethod,
  type RateBudget,
} from './endpoints.js';
import { HelpdeskError, kindForStatus } from './errors.js';
import { type AutomationRuleSummary, parseRuleXml, RuleXmlError } from './rules.js';
import { type ExpectedCall, type Priority, Throttle, type ThrottleOptions } from './throttle.js';
import { DEFAULT_CONNECTIONS, type IncomingResponse, Transport, type TransportOptions } from './transport.js';
import type { WireParams } from './wire.js';
import { extended } from '../objects.js';

export interface Download {
  data: Uint8Array;
  /** From `Content-Disposition` (RFC 6266, including the RFC 5987 `filename*` form). */
  filename: string | undefined;
  contentType: string;
  size: number;
}

type Endpoints = typeof endpoints;
export type ParamsOf<K extends OperationName> = z.output<Endpoints[K]['params']>;
type ResponseOf<R> = R extends { kind: 'json'; schema: infer S extends z.ZodType }
  ? z.output<S>
  : R extends { kind: 'xml' }
    ? AutomationRuleSummary
    : R extends { kind: 'bytes' }
      ? Download
      : R extends { kind: 'none' }
        ? void
        : unknown;
export type ResultOf<K extends OperationName> = ResponseOf<Endpoints[K]['response']>;

export interface CallOptions {
  /** Acts as this user for this call (overrides the client's credential). */
  credential?: Credential;
  /** `interactive` (a person is waiting; the default) goes before `background`. */
  priority?: Priority;
  /** Cancels the call while it is queued or in flight (rejects with kind `cancelled`). */
  signal?: AbortSignal;
  /**
   * Called when the call has to wait (rate budget, paused sign-ins, suspected IP block), with the
   * estimated wait. May be called again with a new estimate (e.g. after a 429), and is called with 0
   * when the call is sent: the wait is over, whatever the last estimate said.
   */
  onQueued?: (estimatedWaitMs: number) => void;
  /** Skip the reference-data cache (still single-flighted). */
  fresh?: boolean;
  /**
   * The caller's visibility class for `per-role` reference data (e.g. `agent` for agents and admins,
   * `user` otherwise): callers of one class share one cached answer. None: cached per credential.
   */
  visibility?: string;
  /**
   * Cancels the call only while it waits (lock-out guard, rate budget, a connection), never once it is
   * on the wire: the person's "Cancel" on a queued notice. A read shared with others stops only when
   * every caller has cancelled.
   */
  queueSignal?: AbortSignal;
  /**
   * This call's place among its user's queued calls (see Throttle's `order`): the calls of one action
   * share one number, so an action's follow-up reads go before the same user's later commands.
   */
  order?: number;
  /**
   * Who the call is fair to (round-robin unit of the throttle and the connection scheduler), and who
   * presents the credential to the lock-out guard. Defaults to the credential.
   */
  fairnessKey?: string;
  /**
   * The credential was just presented by the person in `fairnessKey` (a pasted token being checked),
   * not read from storage: only such calls may use the lock-out guard's newcomer allowance.
   */
  newCredential?: boolean;
  /** The credential was accepted before, by the caller's own record (a linked account): see AuthGuard's `knownGood`. */
  knownGood?: boolean;
}

type MethodOf<K extends OperationName> = {} extends ParamsOf<K>
  ? (params?: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>
  : (params: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>;
export type HelpdeskMethods = { [K in OperationName]: MethodOf<K> };

export interface CallLog {
  operation: string;
  method: string;
  status: number | undefined;
  ms: number;
  attempt: number;
  errorKind?: string;
}

export interface HelpdeskClientOptions extends TransportOptions {
  /** API root, e.g. `https://host/api` or `https://host/helpdesk/api`. */
  baseUrl: string;
  credential?: Credential;
  /** A shared Throttle (one per help-desk host), or options for the client's own. */
  throttle?: Throttle | ThrottleOptions;
  guard?: AuthGuard | AuthGuardOptions;
  /**
   * Connection scheduling: the read reserve and the per-user cap (`maxInFlight` is `connections`, the
   * pool size, so undici's own first-in first-out queue is never used).
   */
  scheduling?: Omit<ConnectionSchedulerOptions, 'maxInFlight'>;
  /** Reference-data cache; `false` turns it off. */
  cache?: ReferenceCacheOptions | false;
  /** How many times a call that got 429 is re-sent after the pause. Default 1. */
  rateLimitRetries?: number;
  /** One entry per HTTP exchange: operation, status, ms. Never carries parameters or credentials. */
  onCall?: (log: CallLog) => void;
  /**
   * A first measure of a call's time (ms), e.g. the start-up probe's: queued callers' waits are told
   * with it until calls are timed. Without it, a 500 ms guess that the first timed call replaces.
   */
  typicalCallMs?: number;
}

/** Writes whose success changes cached reference data. */
const invalidatedBy: Partial<Record<OperationName, OperationName[]>> = {
  addCategory: ['categories'],
  addCategoryTechPermission: ['categories', 'techsForCategory'],
  removeCategoryTechPermission: ['categories', 'techsForCategory'],
};

/** A gateway's "no answer from upstream" (502 Bad Gateway, 504 Gateway Timeout): the request may have been handled. */
const GATEWAY_GAVE_UP = new Set([502, 504]);

/** An IP block is reported as a refusal whose reason talks about blocking. */
const BLOCK_REASON = /\b(block(ed)?|lock(ed)?[ -]?out|too many (failed|wrong|invalid))/i;

interface Core {
  transport: Transport;
  throttle: Throttle;
  sockets: ConnectionScheduler;
  guard: AuthGuard;
  cache: ReferenceCache | undefined;
  flights: SingleFlight;
  apiBase: URL;
  rateLimitRetries: number;
  onCall: ((log: CallLog) => void) | undefined;
  /** How long an answered call takes lately (moving average, ms): part of a queued caller's wait. */
  typicalCallMs: number;
  /** Whether `typicalCallMs` is measured yet (else it is a guess, which the first measure replaces). */
  callTimed: boolean;
}

interface Target {
  operation: string;
  method: 'GET' | 'POST';
  url: URL;
  params: WireParams;
  /** The parameters as the caller gave them, for an `unknown-outcome` error. */
  callParams: unknown;
  budget: RateBudget;
  accept?: string;
  /** Sending it twice does what sending it once does (`read` and `set` rows). */
  idempotent: boolean;
  /** GET reads may be re-sent once after a transient network failure. */
  retryOnce: boolean;
  lane: Lane;
}

const coreKey = Symbol('core');

interface SharedCoreOptions {
  [coreKey]: Core;
  credential?: Credential;
  defaults?: Omit<CallOptions, 'credential'>;
}

export interface HelpdeskClient extends HelpdeskMethods {}

export class HelpdeskClient {
  readonly #core: Core;
  readonly #credential: Credential | undefined;
  readonly #defaults: Omit<CallOptions, 'credential'>;

  constructor(options: HelpdeskClientOptions);
  /** @internal shares the transport, throttle, guard and cache of another client. */
  constructor(options: SharedCoreOptions);
  constructor(options: HelpdeskClientOptions | SharedCoreOptions) {
    this.#credential = options.credential;
    this.#defaults = ('defaults' in options && options.defaults) || {};
    if (coreKey in options) {
      this.#core = options[coreKey];
      return;
    }
    const apiBase = new URL(options.baseUrl);
    if (!/^https?:$/.test(apiBase.protocol)) throw new Error(`Help-desk URL must be http(s): ${options.baseUrl}`);
    apiBase.pathname = apiBase.pathname.replace(/\/+$/, '');
    this.#core = {
      transport: new Transport(options),
      throttle: options.throttle instanceof Throttle ? options.throttle : new Throttle(options.throttle),
      sockets: new ConnectionScheduler({ ...options.scheduling, maxInFlight: options.connections ?? DEFAULT_CONNECTIONS }),
      guard: options.guard instanceof AuthGuard ? options.guard : new AuthGuard(options.guard),
      cache: options.cache === false ? undefined : new ReferenceCache(options.cache),
      flights: new SingleFlight(),
      apiBase,
      rateLimitRetries: options.rateLimitRetries ?? 1,
      onCall: options.onCall,
      typicalCallMs: options.typicalCallMs ?? 500,
      callTimed: options.typicalCallMs !== undefined,
    };
  }

  /**
   * The same help desk, throttle and guard, acting as another user. `defaults` apply to every call of
   * the returned client (e.g. one Slack action's priority, fairness key and "queued" notifier).
   */
  withCredential(credential: Credential, defaults: Omit<CallOptions, 'credential'> = {}): HelpdeskClient {
    return new HelpdeskClient({ [coreKey]: this.#core, credential, defaults });
  }

  get baseUrl(): string {
    return this.#core.apiBase.toString().replace(/\/+$/, '');
  }

  /** Where a person gets their token (`<root>/User/Token/`). */
  get tokenPageUrl(): string {
    return `${applicationRoot(this.baseUrl)}/User/Token/`;
  }

  get throttle(): Throttle {
    return this.#core.throttle;
  }

  get guard(): AuthGuard {
    return this.#core.guard;
  }

  /** How long an answered call takes lately (ms, a moving average): a queued caller waits this too. */
  get typicalCallMs(): number {
    return this.#core.typicalCallMs;
  }

  /** How long a new call of this operation would wait for the rate budget right now. */
  estimateWait(operation: OperationName, priority: Priority = 'interactive'): number {
    return this.#core.throttle.estimateWait(endpoints[operation].budget, priority);
  }

  /**
   * Keeps a place in the rate budget's queue for an action whose `calls` calls of `budget` are not made
   * yet (Throttle's `expect`): later actions are estimated behind it, and its own wait is known now.
   * `onQueued`: fresh estimates of the place while the action's work waits for its turn (`whenDue`).
   */
  expectCall(
    budget: RateBudget,
    action: { fairnessKey: string; order: number; calls?: number; priority?: Priority; onQueued?: (estimatedWaitMs: number) => void },
  ): ExpectedCall {
    const { fairnessKey: userKey, order, calls = 1, priority = 'interactive', onQueued } = action;
    return this.#core.throttle.expect({ budget, userKey, order, calls, priority, ...(onQueued ? { onQueued } : {}) });
  }

  clearCache(): void {
    this.#core.cache?.clear();
  }

  /** Closes the connections, and waits until the lock-out guard has saved its last change. */
  async close(): Promise<void> {
    await Promise.all([this.#core.transport.close(), this.#core.guard.flush()]);
  }

  /** Calls an operation by name; the typed methods are thin wrappers over this. */
  async call<K extends OperationName>(
    operation: K,
    params: ParamsOf<K>,
    callOptions: CallOptions = {},
  ): Promise<ResultOf<K>> {
    const options: CallOptions = extended(this.#defaults, callOptions);
    const def: EndpointDef = endpoints[operation];
    const credential = this.#requireCredential(operation, options);
    const target = this.#target(operation, def, encodeParams(operation, def, params), params);
    const id = credentialId(credential);
    // `waits`: the shared read's own signal and notifier in place of the caller's (an explicit undefined
    // counts: the first caller's queue cancel must not stop a read that others joined).
    const run = async (waits?: Pick<CallOptions, 'signal' | 'queueSignal' | 'onQueued'>) =>
      decodeResponse(operation, def, params, await this.#executeEitherMethod(def, target, credential, waits ? extended(options, waits) : options));

    if (!target.idempotent) {
      // What the action read before its write may have changed: its reads after it ask again.
      const forget = () => (options.order !== undefined ? this.#core.flights.forgetAction(options.order) : undefined);
      forget();
      try {
        const result = await run();
        const stale = invalidatedBy[operation];
        if (stale) this.#core.cache?.invalidate(stale);
        return result as ResultOf<K>;
      } finally {
        forget();
      }
    }

    const cache = def.cache ? this.#core.cache : undefined;
    const { cacheKey, flightKey: sharedKey, verified } = this.#keys(operation, def, target, id, options);
    const { flights } = this.#core;
    // A person's read never joins a background one (it would wait at background priority, behind the
    // poller); a background read joins a person's when there is one.
    const backgroundKey = `${sharedKey}~background`;
    const flightKey = options.priority === 'background' && !flights.has(sharedKey) ? backgroundKey : sharedKey;
    // The shared request runs with the flight's signal: it is cancelled only when all its callers are
    // (each caller leaves on its own signal or its queue cancel), and tells all of them when it waits.
    const fetchInto = (flightOptions: CallOptions) =>
      flights.run(
        flightKey,
        async (signal, onQueued) => {
          const result = await run({ signal, queueSignal: undefined, onQueued });
          cache?.set(cacheKey, operation, result);
          return result as ResultOf<K>;
        },
        [flightOptions.signal, flightOptions.queueSignal],
        flightOptions.onQueued,
        // A person's action only: a background read is no one's command to repeat.
        options.priority === 'background' ? undefined : options.order,
      );
    const hit = cache && !options.fresh && verified ? cache.get(cacheKey) : undefined;
    if (hit) {
      if (hit.stale && !flights.has(sharedKey) && !flights.has(backgroundKey)) {
        // Served as it is; refreshed in the background budget for the next caller.
        const quietly: CallOptions = { ...options, priority: 'background', signal: undefined, queueSignal: undefined, onQueued: undefined };
        const refresh = async () => decodeResponse(operation, def, params, await this.#executeEitherMethod(def, target, credential, quietly));
        flights.run(backgroundKey, async () => cache?.set(cacheKey, operation, await refresh())).catch(() => undefined);
      }
      return hit.value as ResultOf<K>;
    }
    return fetchInto(options).catch((error: unknown) => {
      // A caller's own cancel comes from the flight, which does not know the operation's name.
      throw error instanceof HelpdeskError ? withOperation(error, operation) : error;
    });
  }

  /**
   * What a read is cached and merged under. Who shares an answer: everyone (`shared`), one visibility
   * class (`per-role`, when the caller says which), else only this credential. A shared answer is
   * only served to (and a shared request only joined by) credentials the help desk accepted before.
   */
  #keys(operation: string, def: EndpointDef, target: Target, id: string, options: CallOptions): { cacheKey: string; flightKey: string; verified: boolean } {
    const query = canonicalQuery(target);
    const scope = def.cache === 'shared' ? '' : def.cache === 'per-role' && options.visibility ? `@${options.visibility}` : `#${id}`;
    const cacheKey = `${operation}?${query}${scope}`;
    const sharesAnswers = scope === '' || scope.startsWith('@');
    const { guard } = this.#core;
    // A linked account's credential (`knownGood`) was accepted before, by the caller's own record.
    const verified = !sharesAnswers || guard.isVerified(id) || (options.knownGood === true && !guard.isRejected(id));
    return { cacheKey, flightKey: verified ? cacheKey : `${operation}?${query}#${id}`, verified };
  }

  /**
   * The cached answer of a reference-data read, if there is one this caller may see; never a request.
   * For what is merely nice to know at once (e.g. which buttons a card offers).
   */
  peek<K extends OperationName>(operation: K, params: ParamsOf<K>, callOptions: CallOptions = {}): ResultOf<K> | undefined {
    const options: CallOptions = extended(this.#defaults, callOptions);
    const def: EndpointDef = endpoints[operation];
    const cache = def.cache ? this.#core.cache : undefined;
    if (!cache) return undefined;
    const credential = this.#requireCredential(operation, options);
    const target = this.#target(operation, def, encodeParams(operation, def, params), params);
    const { cacheKey, verified } = this.#keys(operation, def, target, credentialId(credential), options);
    return verified ? (cache.get(cacheKey)?.value as ResultOf<K> | undefined) : undefined;
  }

  /**
   * Exchanges a user's name and password for their API token (`GET <root>/User/Token?json=true`).
   * Goes through the lock-out guard like every call: a wrong password counts as a sign-in failure.
   */
  async fetchUserToken(credential: Credential, callOptions: Omit<CallOptions, 'credential'> = {}): Promise<string> {
    const options = extended(this.#defaults, callOptions);
    const url = new URL(`${applicationRoot(this.baseUrl)}/User/Token`);
    const target: Target = {
      operation: 'userToken',
      method: 'GET',
      url,
      params: { json: 'true' },
      callParams: {},
      budget: 'general',
      idempotent: true,
      retryOnce: true,
      lane: 'read',
    };
    const response = await this.#execute(target, credential, options);
    const parsed = z.looseObject({ token: z.string().min(1) }).safeParse(parseJsonBody('userToken', response));
    if (!parsed.success) {
      throw new HelpdeskError('invalid-response', 'userToken: the help desk did not return a token.', {
        operation: 'userToken',
        status: response.status,
        field: 'token',
      });
    }
    return parsed.data.token;
  }

  #requireCredential(operation: string, options: CallOptions): Credential {
    const credential = options.credential ?? this.#credential;
    if (!credential) {
      throw new HelpdeskError('unauthorized', `${operation}: no help-desk credential was given.`, { operation });
    }
    return credential;
  }

  #target(operation: OperationName, def: EndpointDef, wire: WireParams, callParams: unknown): Target {
    const params = { ...wire };
    const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      delete params[name];
      return encodeURIComponent(String(value));
    });
    const url = new URL(this.#core.apiBase);
    // An API at the host root has the pathname "/" (a URL cannot have an empty one): without the trim
    // the request would go to "//talep", which is a different path (or a protocol-relative URL).
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
    return {
      operation,
      method: def.method,
      url,
      params,
      callParams,
      budget: def.budget,
      accept: def.response.kind === 'xml' ? 'application/xml, text/xml' : def.response.kind === 'bytes' ? '*/*' : undefined,
      idempotent: isIdempotent(def),
      // Only GET reads are re-sent quietly, as before; a POST read (Authorization) and writes are not.
      retryOnce: def.method === 'GET' && def.effect === 'read',
      lane: def.effect === 'read' ? 'read' : 'write',
    };
  }

  /**
   * Some real servers answer an operation only by the method their own clients use (`GET /Authorization`
   * where the spec says POST). A 405 means nothing was done, so a read or an idempotent operation is sent
   * once more with the other method.
   */
  async #executeEitherMethod(def: EndpointDef, target: Target, credential: Credential, options: CallOptions): Promise<IncomingResponse> {
    try {
      return await this.#execute(target, credential, options);
    } catch (error) {
      if (!(error instanceof HelpdeskError) || error.status !== 405 || !acceptsEitherMethod(def)) throw error;
      return this.#execute({ ...target, method: otherMethod(target.method) }, credential, options);
    }
  }

  async #execute(target: Target, credential: Credential, options: CallOptions): Promise<IncomingResponse> {
    const { guard } = this.#core;
    const id = credentialId(credential);
    const authorization = authorizationHeader(credential);
    const fairnessKey = options.fairnessKey ?? id;
    for (let attempt = 1; ; attempt++) {
      const admission = await guard.admit(id, {
        signal: anySignal(options.signal, options.queueSignal),
        onQueued: options.onQueued,
        presenter: fairnessKey,
        newCredential: options.newCredential,
        knownGood: options.knownGood,
      });
      let outcome: AuthOutcome = 'other';
      let verdict: AuthVerdict = 'none';
      let response: IncomingResponse;
      let sentAt: Date | undefined;
      const started = performance.now();
      try {
        response = await this.#send(target, authorization, fairnessKey, options, admission, (at) => (sentAt = at));
        outcome = classifyForGuard(response);
      } catch (error) {
        const helpdeskError = withOperation(error, target.operation);
        this.#log(target, undefined, started, attempt, helpdeskError.kind);
        if (helpdeskError.requestSent && !target.idempotent) {
          throw unknownOutcome(target, helpdeskError, helpdeskError.sentAt ?? sentAt);
        }
        if (helpdeskError.kind === 'unavailable' && target.retryOnce && attempt === 1 && !options.signal?.aborted) {
          continue; // one quiet retry of a read after a dropped connection
        }
        throw helpdeskError;
      } finally {
        verdict = admission.report(outcome);
      }

      this.#log(target, response.status, started, attempt);
      // From the wire to the answer (not the wait before it): what a queued caller waits on top.
      if (sentAt && response.status !== 429) this.#timed(Date.now() - sentAt.getTime());
      if (verdict === 'suspected-block') {
        // Not this credential's fault (probably): the guard paused everyone; go again after the pause,
        // when one probe decides. A second suspected block is reported as the help desk being unavailable.
        if (attempt <= 1) continue;
        throw new HelpdeskError('unavailable', `${target.operation}: the help desk seems to block the bot after failed sign-ins.`, {
          operation: target.operation,
          status: response.status,
          reason: reasonOf(response) || undefined,
          retryAfterMs: guard.blockRemainingMs() || undefined,
        });
      }
      if (response.status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
        this.#core.throttle.pause(target.budget, retryAfterMs);
        if (attempt <= this.#core.rateLimitRetries) continue;
        throw errorFromResponse(target.operation, response, retryAfterMs ?? this.#core.throttle.estimateWait(target.budget));
      }
      if (!target.idempotent && GATEWAY_GAVE_UP.has(response.status)) {
        // A proxy in front of the help desk gave up waiting for it: the help desk may still have done it.
        throw unknownOutcome(target, errorFromResponse(target.operation, response), sentAt);
      }
      if (response.status < 200 || response.status >= 300) throw errorFromResponse(target.operation, response);
      return response;
    }
  }

  /**
   * One HTTP exchange: the rate budget says when, the connection scheduler which call gets a socket;
   * the send is counted against the budget when it gets one (`onSent` learns that instant).
   */
  async #send(
    target: Target,
    authorization: string,
    fairnessKey: string,
    options: CallOptions,
    admission: Admission,
    onSent: (at: Date) => void,
  ): Promise<IncomingResponse> {
    const { throttle, sockets, transport } = this.#core;
    // Waiting may also end by a queue cancel; the exchange itself only by the call's own signal.
    const waiting = anySignal(options.signal, options.queueSignal);
    const ticket = await throttle.reserve({
      budget: target.budget,
      userKey: fairnessKey,
      priority: options.priority,
      ...(options.order !== undefined ? { order: options.order } : {}),
      signal: waiting,
      onQueued: options.onQueued,
    });
    let slot: Slot;
    try {
      // The lock-out guard's say on the wire (how many calls of one verified credential are out at once)
      // after the budget's wait, which keeps its place in the queue; it holds background calls only.
      await admission.toWire(waiting, options.priority === 'background');
      slot = await sockets.acquire({ key: fairnessKey, lane: target.lane, priority: options.priority, signal: waiting });
    } catch (error) {
      ticket.cancel();
      throw error;
    }
    ticket.sent();
    // The queue is behind it: one who joins this call now (a repeated command) expects its answer in
    // a call's time, not in what was left of the last estimate (often well ahead of it).
    options.onQueued?.(0);
    onSent(new Date());
    try {
      return await transport.send(extended(target, { authorization, signal: options.signal }));
    } finally {
      slot.release();
    }
  }

  /**
   * A call's time from the wire to its answer, into the moving average. The first one replaces the
   * guess: averaged in, a slow help desk's answers would be underestimated for the first dozen calls
   * after a restart, and so would every queued caller's wait.
   */
  #timed(ms: number): void {
    const core = this.#core;
    core.typicalCallMs = core.callTimed ? 0.8 * core.typicalCallMs + 0.2 * ms : ms;
    core.callTimed = true;
  }

  #log(target: Target, status: number | undefined, started: number, attempt: number, errorKind?: string): void {
    this.#core.onCall?.({
      operation: target.operation,
      method: target.method,
      status,
      ms: Math.round(performance.now() - started),
      attempt,
      ...(errorKind ? { errorKind } : {}),
    });
  }
}

for (const operation of operationNames) {
  Object.defineProperty(HelpdeskClient.prototype, operation, {
    value(this: HelpdeskClient, params?: Record<string, unknown>, options?: CallOptions) {
      return this.call(operation, (params ?? {}) as never, options);
    },
    writable: false,
    enumerable: false,
  });
}

function encodeParams(operation: string, def: EndpointDef, params: unknown): WireParams {
  const result = def.params.safeEncode((params ?? {}) as Record<string, unknown>);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw new HelpdeskError(
      'invalid',
      `${operation}: ${field ? `parameter '${field}' ` : ''}${issue?.message ?? 'is invalid'}`,
      { operation, field, source: 'client', cause: result.error },
    );
  }
  // Optional parameters left undefined are simply not sent.
  return Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined)) as WireParams;
}

/** Aborted when any of them is (none: undefined). */
function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const given = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  return given.length <= 1 ? given[0] : AbortSignal.any(given);
}

function canonicalQuery(target: Target): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(target.params).sort()) {
    const value = target.params[name];
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  return `${target.url.pathname}?${query}`;
}

/**
 * What a response says about the credential. Anything but 401 or a block means the help desk accepted
 * who we are (a 403 or 404 is judged after authentication); 429 and 5xx say nothing.
 */
function classifyForGuard(response: IncomingResponse): AuthOutcome {
  if (response.status === 401) return 'auth-failed';
  if (response.status === 403 && BLOCK_REASON.test(reasonOf(response))) return 'blocked';
  if (response.status === 429 || response.status >= 500) return 'other';
  return 'ok';
}

function errorFromResponse(operation: string, response: IncomingResponse, retryAfterMs?: number): HelpdeskError {
  const reason = reasonOf(response);
  const kind = kindForStatus(response.status);
  return new HelpdeskError(kind, `${operation}: ${reason || `HTTP ${response.status}`}`, {
    operation,
    status: response.status,
    reason: reason || undefined,
    retryAfterMs,
  });
}

/** The reason text of an error body: plain text, or the message field of a JSON/HTML body. */
export function reasonOf(response: IncomingResponse): string {
  const text = stripBom(response.body.toString('utf8')).trim();
  if (!text) return '';
  const type = response.headers['content-type'] ?? '';
  if (type.includes('json') || text.startsWith('{')) {
    try {
      const body: unknown = JSON.parse(text);
      // ASP.NET Web API serialises a plain message as a JSON string: the reason is inside the quotes.
      if (typeof body === 'string') return body.slice(0, 500);
      const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      for (const key of ['error', 'message', 'Message', 'reason', 'title', 'detail']) {
        const value = record[key];
        if (typeof value === 'string' && value) return value.slice(0, 500);
      }
    } catch {
      // not JSON after all: fall through to the text
    }
  }
  const plain = type.includes('html') ? text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : text;
  return plain.slice(0, 500);
}

function parseRetryAfter(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function withOperation(error: unknown, operation: string): HelpdeskError {
  if (!(error instanceof HelpdeskError)) {
    return new HelpdeskError('unavailable', `${operation}: ${error instanceof Error ? error.message : String(error)}`, {
      operation,
      cause: error,
    });
  }
  if (error.operation) return error;
  return new HelpdeskError(error.kind, error.message, { ...error.details(), operation, cause: error });
}

/** A call that is not idempotent went out and no usable answer came back: it may or may not have been done. */
function unknownOutcome(target: Target, error: HelpdeskError, sentAt: Date | undefined): HelpdeskError {
  const what = error.status === undefined ? error.message.replace(/^\w+: /, '') : `HTTP ${error.status}`;
  return new HelpdeskError(
    'unknown-outcome',
    `${target.operation}: sent, but no answer came (${what}); the help desk may have done it. Not re-sent.`,
    {
      ...error.details(),
      operation: target.operation,
      requestSent: true,
      sentAt,
      params: target.callParams,
      cause: error,
    },
  );
}

/**
 * The parameters of an `unknown-outcome` call of `operation`, typed, to look for its effect (e.g. the
 * talep with that subject); undefined for any other error.
 */
export function unknownOutcomeParams<K extends OperationName>(error: unknown, operation: K): ParamsOf<K> | undefined {
  return error instanceof HelpdeskError && error.kind === 'unknown-outcome' && error.operation === operation
    ? (error.params as ParamsOf<K>)
    : undefined;
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

function parseJsonBody(operation: string, response: IncomingResponse): unknown {
  const text = stripBom(response.body.toString('utf8')).trim();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HelpdeskError('invalid-response', `${operation}: the help desk did not answer with JSON.`, {
      operation,
      status: response.status,
      cause: error,
    });
  }
}

function decodeResponse(operation: string, def: EndpointDef, params: unknown, response: IncomingResponse): unknown {
  switch (def.response.kind) {
    case 'none':
      return undefined;
    case 'unknown': {
      const text = stripBom(response.body.toString('utf8')).trim();
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    case 'bytes':
      return toDownload(response);
    case 'xml':
      try {
        return parseRuleXml((params as { id: number }).id, response.body);
      } catch (error) {
        if (!(error instanceof RuleXmlError)) throw error;
        throw new HelpdeskError('invalid-response', `${operation}: ${error.message}`, {
          operation,
          status: response.status,
          cause: error,
        });
      }
    case 'json': {
      const parsed = def.response.schema.safeParse(parseJsonBody(operation, response));
      if (parsed.success) return parsed.data;
      const first = parsed.error.issues[0];
      const issue = first ? preciseIssue(first) : undefined;
      const field = issue?.path.join('.') || '(body)';
      throw new HelpdeskError(
        'invalid-response',
        `${operation}: unexpected response at '${field}': ${issue?.message ?? 'invalid'}`,
        { operation, status: response.status, field, cause: parsed.error },
      );
    }
  }
}

/**
 * The issue that says most: for an answer that may take several forms (a bare id or `{"id": …}`), the
 * form that got furthest, so `{"id": "x"}` is reported at `id` rather than as "invalid input".
 */
function preciseIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, message: issue.message };
  const deepest = issue.errors
    .flat()
    .map(preciseIssue)
    .reduce((best, next) => (next.path.length > best.path.length ? next : best));
  return { path: [...issue.path, ...deepest.path], message: deepest.message };
}

function toDownload(response: IncomingResponse): Download {
  let filename: string | undefined;
  const disposition = response.headers['content-disposition'];
  if (disposition) {
    try {
      // `parse` prefers the RFC 5987 `filename*` (UTF-8, percent-encoded) over the plain `filename`.
      filename = parseContentDisposition(disposition).parameters.filename;
    } catch {
      filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    }
  }
  // A copy: small bodies are views into Node's shared buffer pool, which callers must not see.
  const data = new Uint8Array(response.body);
  return {
    data,
    filename,
    contentType: response.headers['content-type'] ?? 'application/octet-stream',
    size: data.byteLength,
  };
}
