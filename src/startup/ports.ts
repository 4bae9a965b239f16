/**
 * A port that cannot be listened on, in one sentence naming the variable that chose it and what to do
 * (Node's own error is `listen EADDRINUSE: address already in use :::8080`).
 */
export interface ListenTarget {
  /** The environment variable that set the port, e.g. `PORT` or `SANDBOX_PORT`. */
  variable: string;
  port: number;
  host?: string | undefined;
  /** The variable that set the host, when there is one. */
  hostVariable?: string | undefined;
  /** Who else usually holds this port. */
  usualSuspects?: string;
}

/** Undefined when `error` is not a listening problem. */
export function listenProblem(error: unknown, target: ListenTarget): string | undefined {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined && syscall !== 'listen' && syscall !== 'bind') return undefined;
  const where = `${target.variable}=${target.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return (
        `${where} is already in use by another program${target.usualSuspects ? ` (${target.usualSuspects}?)` : ''}: ` +
        `stop it, or set ${target.variable} to a free port.`
      );
    case 'EACCES':
      return `${where} may not be used by this user (ports below 1024 need privileges): set ${target.variable} to a port above 1024.`;
    case 'EADDRNOTAVAIL':
      return `${target.host ?? 'the host'} is not an address of this machine${target.hostVariable ? ` (${target.hostVariable})` : ''}: use 127.0.0.1, 0.0.0.0 or one of its addresses.`;
    default:
      return undefined;
  }
}
