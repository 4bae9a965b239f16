/**
 * `npm run sandbox`: the sandbox help desk on its own.
 *   PORT (default 8080), HOST (default 127.0.0.1), DATA_DIR (default ./data), SANDBOX_PREFIX (default /api),
 *   SANDBOX_PUBLIC_URL (the address people reach it at, for the links it hands out),
 *   SANDBOX_DEBUG_ROUTES (on|off; default on only when HOST is a loopback address).
 * Data lives in `<DATA_DIR>/sandbox.json`, settings in `<DATA_DIR>/sandbox-settings.json`.
 * SIGTERM and SIGINT close the server and exit.
 */
import { join, resolve } from 'node:path';
import { debugRoutesWarning, isLoopbackHost } from './loopback.js';
import { listenProblem } from '../startup/ports.js';
import { startSandbox } from './server.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`PORT must be a port number, got '${process.env.PORT}'.`);
  const debugSetting = process.env.SANDBOX_DEBUG_ROUTES?.trim().toLowerCase();
  if (debugSetting && debugSetting !== 'on' && debugSetting !== 'off') fail(`SANDBOX_DEBUG_ROUTES must be on or off, got '${debugSetting}'.`);
  const host = process.env.HOST?.trim() || '127.0.0.1';
  const debugRoutes = debugSetting ? debugSetting === 'on' : isLoopbackHost(host);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const sandbox = await startSandbox({
    port,
    host,
    prefix: process.env.SANDBOX_PREFIX ?? '/api',
    dataFile: join(dataDir, 'sandbox.json'),
    settingsFile: join(dataDir, 'sandbox-settings.json'),
    debugRoutes,
    ...(process.env.SANDBOX_PUBLIC_URL?.trim() ? { publicUrl: process.env.SANDBOX_PUBLIC_URL.trim() } : {}),
  }).catch((error: unknown) => {
    const problem = listenProblem(error, { variable: 'PORT', port, host, hostVariable: 'HOST', usualSuspects: 'another sandbox, or `npm start` with its embedded sandbox on SANDBOX_PORT' });
    if (problem) fail(problem);
    throw error;
  });
  if (debugRoutes && !isLoopbackHost(host)) process.stderr.write(`${debugRoutesWarning(host, sandbox.port)}\n`);
  const settings = sandbox.settings();
  const accounts = sandbox
    .demoAccounts()
    .map((account) => `  ${account.username.padEnd(7)} ${account.role.padEnd(6)} password "${account.password}"  token ${account.token}`)
    .join('\n');
  process.stdout.write(
    `Help-desk sandbox listening.\n` +
      `  API base URL: ${sandbox.baseUrl}\n` +
      `  Web root:     ${sandbox.publicRootUrl}  (token page: ${sandbox.publicRootUrl}/User/Token)\n` +
      `  Data:         ${join(dataDir, 'sandbox.json')}\n` +
      `  Rate limits:  ${settings.DisableRateLimit ? 'off (DisableRateLimit)' : 'on (90/min, 60/min for Search and UserByEmail)'}\n` +
      `  Debug routes: ${debugRoutes ? '/__sandbox/* (outbox, settings, accounts)' : 'off (HOST is not a loopback address; SANDBOX_DEBUG_ROUTES=on turns them on)'}\n` +
      `Demo accounts (Basic auth or Bearer token):\n${accounts}\n` +
      `Try: curl -u agent:demo '${sandbox.baseUrl}/talep?id=2'\n`,
  );
  let stoppingSince: number | undefined;
  const stop = async (signal: string) => {
    // Ctrl-C under `npm run sandbox` arrives twice at once (the terminal, and npm forwarding it).
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince >= 2_000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    process.stdout.write(`${signal}: stopping the sandbox\n`);
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
