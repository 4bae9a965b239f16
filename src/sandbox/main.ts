/**
 * `npm run sandbox`: the sandbox help desk on its own.
 *   PORT (default 8080), HOST (default 127.0.0.1), DATA_DIR (default ./data), SANDBOX_PREFIX (default /api).
 * Data lives in `<DATA_DIR>/sandbox.json`, settings in `<DATA_DIR>/sandbox-settings.json`.
 */
import { join, resolve } from 'node:path';
import { startSandbox } from './server.js';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got '${process.env.PORT}'.`);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const sandbox = await startSandbox({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    prefix: process.env.SANDBOX_PREFIX ?? '/api',
    dataFile: join(dataDir, 'sandbox.json'),
    settingsFile: join(dataDir, 'sandbox-settings.json'),
  });
  const settings = sandbox.settings();
  const accounts = sandbox
    .demoAccounts()
    .map((account) => `  ${account.username.padEnd(7)} ${account.role.padEnd(6)} password "${account.password}"  token ${account.token}`)
    .join('\n');
  process.stdout.write(
    `Help-desk sandbox listening.\n` +
      `  API base URL: ${sandbox.baseUrl}\n` +
      `  Web root:     ${sandbox.rootUrl}  (token page: ${sandbox.rootUrl}/User/Token)\n` +
      `  Data:         ${join(dataDir, 'sandbox.json')}\n` +
      `  Rate limits:  ${settings.DisableRateLimit ? 'off (DisableRateLimit)' : 'on (90/min, 60/min for Search and UserByEmail)'}\n` +
      `Demo accounts (Basic auth or Bearer token):\n${accounts}\n` +
      `Try: curl -u agent:demo '${sandbox.baseUrl}/talep?id=2'\n`,
  );
  const stop = async (signal: string) => {
    process.stdout.write(`${signal}: stopping the sandbox\n`);
    await sandbox.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
