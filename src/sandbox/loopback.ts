/** Whether a listening host is reachable from this machine only: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return value === 'localhost' || value === '::1' || /^127(\.\d{1,3}){3}$/.test(value);
}

/** The loud line for debug routes served beyond this machine. */
export function debugRoutesWarning(host: string, port: number): string {
  return (
    `WARNING: the sandbox's debug routes (/__sandbox/*) are ON while it listens on ${host}:${port}: anyone who can reach ` +
    'this port can read every demo user\'s token (GET /__sandbox/accounts) and change its settings. ' +
    'Unset SANDBOX_DEBUG_ROUTES unless this network is yours alone.'
  );
}
