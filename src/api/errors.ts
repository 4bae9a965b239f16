/**
 * Every failure of a help-desk call is a HelpdeskError with a `kind`, so callers switch on the kind
 * instead of parsing messages. The Slack layer maps each kind to one short user-facing sentence.
 * This file is the one list of kinds: a new kind is added here (and gets its sentence in the views).
 */
export const helpdeskErrorKinds = [
  /** 400, or parameters the client refused to send (see `source`). */
  'invalid',
  /** 401: the credential was refused (or is remembered as refused and was not sent again). */
  'unauthorized',
  /** 403: the caller lacks the permission (agent, admin) the operation needs. */
  'forbidden',
  /** 404: the talep, user or other entity does not exist. */
  'not-found',
  /** 429: the help desk's rate limit was hit and the call could not be retried in time. */
  'rate-limited',
  /**
   * 5xx, network failure, timeout — of a call that is safe to make again: a read or an idempotent
   * write, or any call that never reached the help desk (see `requestSent`).
   */
  'unavailable',
  /**
   * A call that is not idempotent (it creates, comments, attaches, merges, deletes…) was sent and no
   * answer came (timeout, dropped connection, gateway error): the help desk may or may not have done
   * it. Never retried automatically; look for its effect before trying again (`params`, `sentAt`).
   */
  'unknown-outcome',
  /** A 2xx body that does not match the operation's response schema. */
  'invalid-response',
  /** The lock-out guard refused to send an unverified credential: too many recent sign-in failures. */
  'auth-paused',
  /** The caller cancelled the call (AbortSignal) before it was sent or answered. */
  'cancelled',
] as const;

export type HelpdeskErrorKind = (typeof helpdeskErrorKinds)[number];

export interface HelpdeskErrorDetails {
  /** Operation name from the endpoint table, when the error belongs to one call. */
  operation?: string;
  /** HTTP status when the help desk answered. */
  status?: number;
  /** The reason text the help desk put in the body (the spec says clients check the body). */
  reason?: string;
  /** When to try again, for `rate-limited`, `auth-paused` and `unavailable` during a suspected IP block. */
  retryAfterMs?: number;
  /** For `invalid` / `invalid-response`: the parameter or response field at fault, as a dotted path. */
  field?: string;
  /** `client` when the client refused before sending; `server` when the help desk answered. */
  source?: 'client' | 'server';
  /**
   * For failures without an answer (network, timeout, cancel): whether the whole request had been
   * written to the connection, so the help desk may have received it. `false`: it certainly did not.
   */
  requestSent?: boolean;
  /** For `unknown-outcome`: when the request was written to the connection. */
  sentAt?: Date;
  /**
   * For `unknown-outcome`: the call's parameters as the caller gave them, to look for its effect
   * (e.g. a talep with that subject). Not enumerable, so logging the error never prints them.
   */
  params?: unknown;
  cause?: unknown;
}

export class HelpdeskError extends Error {
  override readonly name = 'HelpdeskError';
  readonly kind: HelpdeskErrorKind;
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly field: string | undefined;
  readonly source: 'client' | 'server';
  readonly requestSent: boolean | undefined;
  readonly sentAt: Date | undefined;
  declare readonly params: unknown;

  constructor(kind: HelpdeskErrorKind, message: string, details: HelpdeskErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.operation = details.operation;
    this.status = details.status;
    this.reason = details.reason;
    this.retryAfterMs = details.retryAfterMs;
    this.field = details.field;
    this.source = details.source ?? (details.status === undefined ? 'client' : 'server');
    this.requestSent = details.requestSent;
    this.sentAt = details.sentAt;
    // Parameters can hold user text, file bytes or a password (updateUser): keep them out of
    // JSON.stringify and util.inspect, which only show enumerable properties.
    Object.defineProperty(this, 'params', { value: details.params, enumerable: false });
  }

  /** The details this error was made with, to derive another error from it (e.g. adding the operation). */
  details(): HelpdeskErrorDetails {
    return {
      operation: this.operation,
      status: this.status,
      reason: this.reason,
      retryAfterMs: this.retryAfterMs,
      field: this.field,
      source: this.source,
      requestSent: this.requestSent,
      sentAt: this.sentAt,
      params: this.params,
    };
  }
}

export function isHelpdeskError(value: unknown, kind?: HelpdeskErrorKind): value is HelpdeskError {
  return value instanceof HelpdeskError && (kind === undefined || value.kind === kind);
}

/** The error kind a help-desk HTTP status maps to. */
export function kindForStatus(status: number): HelpdeskErrorKind {
  if (status === 400) return 'invalid';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  // A redirect (often to a sign-in page) is not an answer the API client can use: HELPDESK_URL is
  // probably wrong, or a proxy is in the way.
  if (status >= 300 && status < 400) return 'invalid-response';
  // Other 4xx (405, 409, 413, 422...) are still "the request was wrong".
  return 'invalid';
}
