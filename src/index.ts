/**
 * Entry point: config → (embedded sandbox when no HELPDESK_URL) → services → Bolt app → listen.
 */
import { join } from 'node:path';
import { createTalepApp } from './app.js';
import { buildServices } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startSandbox } from './sandbox/server.js';
import { loadOrCreateKey } from './store/encryption-key.js';

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

  const key = await loadOrCreateKey(config.dataDir, config.tokenEncryptionKey, (message) => logger.warn(message));
  const services = await buildServices({ config, helpdeskUrl, logger, dataDir: config.dataDir, encryptionKey: key });
  const talepApp = createTalepApp({ config, services, logger });
  const { port } = await talepApp.start();
  logger.info(
    config.slack.mode === 'socket'
      ? `talep-bot is running in Socket Mode against ${helpdeskUrl}`
      : `talep-bot listens on http://0.0.0.0:${port}/slack/events (help desk: ${helpdeskUrl})`,
  );

  const shutdown = async (signal: string) => {
    logger.info(`${signal}: shutting down`);
    await talepApp.stop().catch((error: unknown) => logger.error('stopping the app failed', error));
    await services.helpdesk.close();
    await stopSandbox?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`talep-bot failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
