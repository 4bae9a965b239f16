/**
 * Every failure of a help-desk call is a HelpdeskError with a `kind`, so callers switch on the kind
 * instead of parsing messages. The Slack layer maps each kind to one short user-facing sentence.
 */
export type HelpdeskErrorKind =
  /** 400, or parameters the client refused to send (see `source`). */
  | 'invalid'
  /** 401: the credential was refused (or is remembered as refused and was not sent again). */
  | 'unauthorized'
  /** 403: the caller lacks the permission (agent, admin) the operation needs. */
  | 'forbidden'
  /** 404: the talep, user or other entity does not exist. */
  | 'not-found'
  /** 429: the help desk's rate limit was hit and the call could not be retried in time. */
  | 'rate-limited'
  /** 5xx, network failure, timeout. */
  | 'unavailable'
  /** A 2xx body that does not match the operation's response schema. */
  | 'invalid-response'
  /** The lock-out guard refused to send an unverified credential: too many recent sign-in failures. */
  | 'auth-paused'
  /** The caller cancelled the call (AbortSignal) before it was sent or answered. */
  | 'cancelled';

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

  constructor(kind: HelpdeskErrorKind, message: string, details: HelpdeskErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.operation = details.operation;
    this.status = details.status;
    this.reason = details.reason;
    this.retryAfterMs = details.retryAfterMs;
    this.field = details.field;
    this.source = details.source ?? (details.status === undefined ? 'client' : 'server');
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
