/**
 * Entry point: config → store and keys (refused if the keys do not open the stored tokens) →
 * (embedded sandbox when no HELPDESK_URL) → services → Bolt app and job worker → listen.
 */
import { join } from 'node:path';
import { createTalepApp } from './app.js';
import { buildServices } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { installProcessPolicy } from './process-policy.js';
import { startSandbox } from './sandbox/server.js';
import { KeyRingError } from './store/encryption-key.js';
import { openDatabaseWithKeys } from './store/key-check.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nSee the README's configuration table.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  // Until the app runs there is nothing to stop gracefully; afterwards this stops it.
  let stopAll: () => Promise<void> = async () => undefined;
  installProcessPolicy({ logger, shutdown: () => stopAll() });

  let opened;
  try {
    opened = await openDatabaseWithKeys({
      dataDir: config.dataDir,
      configured: config.tokenEncryptionKeys,
      warn: (message) => logger.warn(message),
      info: (message) => logger.info(message),
    });
  } catch (error) {
    if (error instanceof KeyRingError) {
      process.stderr.write(`talep-bot refused to start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let helpdeskUrl = config.helpdesk.url;
  let stopSandbox: (() => Promise<void>) | undefined;
  if (!helpdeskUrl) {
    const sandbox = await startSandbox({
      port: config.sandboxPort,
      dataFile: join(config.dataDir, 'sandbox.json'),
      settingsFile: join(config.dataDir, 'sandbox-settings.json'),
    });
    helpdeskUrl = sandbox.baseUrl;
    stopSandbox = () => sandbox.close();
    // Tokens stay out of the log (logs travel); people fetch theirs from the token page.
    const accounts = sandbox
      .demoAccounts()
      .map((account) => `    ${account.username.padEnd(7)} ${account.role.padEnd(6)} password "${account.password}"`)
      .join('\n');
    logger.info(
      `HELPDESK_URL is not set: started the sandbox help desk at ${sandbox.baseUrl}\n` +
        `  Demo accounts:\n${accounts}\n` +
        `  To link your Slack user: run \`/talep connect\` in Slack, open ${sandbox.rootUrl}/User/Token/ ` +
        '(sign in as one of these, e.g. agent / demo), and paste the token it shows.\n' +
        `  Or: curl -u agent:demo '${sandbox.rootUrl}/User/Token?json=true'`,
    );
  }

  const services = await buildServices({
    config,
    helpdeskUrl,
    logger,
    dataDir: config.dataDir,
    database: opened.db,
    encryptionKey: opened.ring.keys,
  });
  const talepApp = createTalepApp({ config, services, logger });
  stopAll = async () => {
    await talepApp.stop().catch((error: unknown) => logger.error('stopping the app failed', error));
    await services.helpdesk.close();
    await stopSandbox?.();
  };
  const { port } = await talepApp.start();
  logger.info(
    config.slack.mode === 'socket'
      ? `talep-bot is running in Socket Mode against ${helpdeskUrl}`
      : `talep-bot listens on http://0.0.0.0:${port}/slack/events (help desk: ${helpdeskUrl})`,
  );

  const shutdown = async (signal: string) => {
    logger.info(`${signal}: shutting down`);
    await stopAll();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`talep-bot failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
