/**
 * An HTTP refusal with its reason. Handlers throw these; the server turns them into a
 * `text/plain; charset=utf-8` body carrying the reason (the spec: "the response body states the reason").
 */
export class SandboxHttpError extends Error {
  override readonly name = 'SandboxHttpError';

  constructor(
    readonly status: number,
    readonly reason: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(reason);
  }
}

export const badRequest = (reason: string) => new SandboxHttpError(400, reason);

export const forbidden = (reason: string) => new SandboxHttpError(403, reason);

/** `notFound('Talep', 99)` → 404 "Talep 99 was not found." */
export const notFound = (what: string, id: number | string) => new SandboxHttpError(404, `${what} ${id} was not found.`);

export const requiresPermission = (permission: 'agent' | 'admin') =>
  forbidden(`This operation requires ${permission} permission.`);
