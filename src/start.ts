/**
 * Starting and stopping the bot. Each start-up step either works or stops the start with one sentence
 * (a `StartupError`): the store (embedded, or PostgreSQL with DATABASE_URL, migrated) and its keys → Slack's `auth.test` → the embedded sandbox (when there is
 * no HELPDESK_URL) → the help desk answers as this API → services → the health endpoints and the Bolt
 * app (HTTP receiver on PORT, or Socket Mode plus a health listener on PORT) → the job runner.
 *
 * SIGTERM and SIGINT stop it gracefully within 10 s: no new Slack requests, requests in progress and
 * running jobs get to finish (a job that cannot is handed back and runs at the next start), then the
 * help-desk client, the sandbox and the health listener close. A second signal (2 s or more after the
 * first) exits at once.
 */
import { join } from 'node:path';
import { probeHelpdesk } from './api/probe.js';
import { createTalepApp } from './app.js';
import { buildServices } from './bootstrap.js';
import { unfurlDomains, type UnfurlDomains } from './slack/unfurl-domains.js';
import type { Config } from './config.js';
import { helpdeskCheck, jobsCheck, postgresCheck, storeCheck } from './health/checks.js';
import { housekeeping } from './cluster/housekeeping.js';
import { runAsSingleton } from './cluster/singleton.js';
import { healthRoutes, startHealthServer } from './health/http.js';
import { helpdeskWebhookRoute, WEBHOOK_PATH } from './events/webhook.js';
import { Readiness } from './health/readiness.js';
import { SlackStatus } from './health/slack-status.js';
import { createLogger } from './logger.js';
import { installProcessPolicy } from './process-policy.js';
import { debugRoutesWarning, isLoopbackHost } from './sandbox/loopback.js';
// The embedded sandbox is loaded only when configured (memory: most installs use a real help desk).
import type { startSandbox } from './sandbox/server.js';
import { checkSlack, slackFailure } from './startup/slack-check.js';
import { listenProblem } from './startup/ports.js';
import { StartupError } from './startup/startup-error.js';
import { KeyRingError } from './store/encryption-key.js';
import type pg from 'pg';
import { type Database, openDatabase } from './store/database.js';
import { databaseFilePath } from './store/index.js';
import { openDatabaseWithKeys } from './store/key-check.js';
import { checkKeysAgainstPostgres } from './store/postgres/key-check.js';
import { describeUrl, openPostgres } from './store/postgres/open.js';

/** The whole graceful stop must fit in a process manager's usual 10 s. */
const STOP_DEADLINE_MS = 9_500;

export async function startBot(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  // Output going to a closed pipe (the terminal or log collector went away) must not turn every log
  // line into an uncaught EPIPE that is logged again, in a loop: those lines are lost, the bot goes on.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  // What has started, to stop in reverse order (also when a later start-up step fails).
  const closers: { name: string; close: () => Promise<void> }[] = [];
  const stopAll = async () => {
    for (const { name, close } of closers.splice(0).reverse()) {
      await close().catch((error: unknown) => logger.error(`stopping ${name} failed`, error));
    }
  };
  const stopWithin = async (deadlineMs: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const done = await Promise.race([stopAll().then(() => true as const), late]);
    clearTimeout(timer);
    return done;
  };
  installProcessPolicy({ logger, shutdown: () => stopAll() });

  let stoppingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // Ctrl-C under `npm start` reaches the bot twice at once (from the terminal and forwarded by npm):
      // only a signal sent later means "do not wait".
      if (Date.now() - stoppingSince < 2_000) return;
      process.stderr.write(`${signal} again: exiting without waiting.\n`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info(`${signal}: stopping (requests in progress and running jobs get up to 8 s)`);
    void stopWithin(STOP_DEADLINE_MS).then((clean) => {
      if (!clean) logger.warn(`the stop took longer than ${STOP_DEADLINE_MS / 1000} s; exiting anyway`);
      else logger.info('stopped');
      process.exit(clean ? 0 : 1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  try {
    await start(config, logger, closers);
  } catch (error) {
    await stopWithin(STOP_DEADLINE_MS);
    if (error instanceof StartupError) {
      process.stderr.write(`talep-bot cannot start: ${error.message}\n`);
    } else {
      logger.error('talep-bot failed to start', error);
      process.stderr.write(`talep-bot failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  }
}

type Closers = { name: string; close: () => Promise<void> }[];

interface OpenedStore {
  database?: Database;
  postgres?: pg.Pool;
  keys: readonly Buffer[];
}

/** The embedded store in DATA_DIR, or with DATABASE_URL the shared PostgreSQL one (migrated first); either way its keys proven. */
async function openStore(config: Config, logger: ReturnType<typeof createLogger>, closers: Closers): Promise<OpenedStore> {
  const asStartupError = (error: unknown) => {
    throw error instanceof KeyRingError ? new StartupError(error.message) : error;
  };
  if (!config.databaseUrl) {
    const opened = await openDatabaseWithKeys({
      dataDir: config.dataDir,
      configured: config.tokenEncryptionKeys,
      warn: (message) => logger.warn(message),
      info: (message) => logger.info(message),
    }).catch(asStartupError);
    return { database: opened.db, keys: opened.ring.keys };
  }
  const where = `PostgreSQL at ${describeUrl(config.databaseUrl)}`;
  const keys = config.tokenEncryptionKeys;
  if (!keys) throw new StartupError('DATABASE_URL needs TOKEN_ENCRYPTION_KEY: every instance sharing the database must seal tokens with the same key.');
  const pool = await openPostgres(config.databaseUrl, {
    onMigrated: (migration) => logger.info(`${where}: applied migration ${migration.version} (${migration.name})`),
  }).catch((error: unknown) => {
    throw new StartupError(`the store cannot be opened — ${error instanceof Error ? error.message : String(error)}; check DATABASE_URL and that PostgreSQL is up.`);
  });
  closers.push({ name: 'the PostgreSQL pool', close: () => pool.end() });
  const census = await checkKeysAgainstPostgres(pool, keys, where).catch(asStartupError);
  if (census.older > 0) logger.info(`re-encrypted ${census.older} stored help-desk token(s) under the current key`);
  if (census.unreadable > 0) logger.warn(`${census.unreadable} of ${census.total} stored help-desk token(s) open with no configured key (stored link unreadable, key changed).`);
  logger.info(`store: ${where}, shared by every instance`);
  return { postgres: pool, keys };
}

async function start(config: Config, logger: ReturnType<typeof createLogger>, closers: Closers): Promise<void> {
  const opened = await openStore(config, logger, closers);

  const slack = new SlackStatus(config.slack.mode);
  const identity = await checkSlack({
    botToken: config.slack.botToken,
    appToken: config.slack.appToken,
    apiUrl: config.slack.apiUrl,
    logger,
  });
  slack.authChecked(identity);
  logger.info(`Slack: auth.test passed — bot ${identity.botUserId} of app ${identity.appId ?? '(unknown)'} in ${identity.team} (${identity.teamId})`);

  let helpdeskUrl = config.helpdesk.url;
  let publicHelpdeskUrl: string | undefined;
  let embeddedSandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let healthPort: number | undefined;
  if (!helpdeskUrl) {
    const { startSandbox } = await import('./sandbox/server.js');
    const sandbox = await startSandbox({
      port: config.sandbox.port,
      host: config.sandbox.host,
      debugRoutes: config.sandbox.debugRoutes,
      ...(config.sandbox.publicUrl ? { publicUrl: config.sandbox.publicUrl } : {}),
      dataFile: join(config.dataDir, 'sandbox.json'),
      settingsFile: join(config.dataDir, 'sandbox-settings.json'),
    }).catch((error: unknown) => {
      const problem = listenProblem(error, {
        variable: 'SANDBOX_PORT',
        port: config.sandbox.port,
        host: config.sandbox.host,
        hostVariable: 'SANDBOX_HOST',
        usualSuspects: 'another talep-bot, or `npm run sandbox`',
      });
      throw problem ? new StartupError(problem) : error;
    });
    closers.push({ name: 'the sandbox help desk', close: () => sandbox.close() });
    embeddedSandbox = sandbox;
    helpdeskUrl = sandbox.baseUrl;
    publicHelpdeskUrl = `${sandbox.publicRootUrl}/api`;
    if (sandbox.debugRoutes && !isLoopbackHost(config.sandbox.host)) logger.warn(debugRoutesWarning(config.sandbox.host, sandbox.port));
    logger.info(sandboxWelcome(sandbox, config));
  }

  const probe = await probeHelpdesk(helpdeskUrl);
  if (probe.status === 'unreachable') {
    throw new StartupError(`the help desk at HELPDESK_URL (${helpdeskUrl}) cannot be reached — ${probe.detail}; check the address, and that the help desk is up and reachable from this host.`);
  }
  if (probe.status === 'not-this-api') {
    throw new StartupError(`HELPDESK_URL (${helpdeskUrl}) answers, but not as the help desk's API — ${probe.detail}.`);
  }
  if (probe.status === 'refused') logger.warn(`the help desk refuses this address for now: ${probe.detail}`);
  else logger.info(`help desk: ${probe.detail}`);

  const services = await buildServices({
    config,
    helpdeskUrl,
    ...(publicHelpdeskUrl ? { publicHelpdeskUrl } : {}),
    ...(probe.answeredInMs !== undefined ? { helpdeskAnswerMs: probe.answeredInMs } : {}),
    connectWithPassword: config.connectWithPassword,
    logger,
    dataDir: config.dataDir,
    ...(opened.database ? { database: opened.database } : {}),
    ...(opened.postgres ? { postgres: opened.postgres } : {}),
    encryptionKey: opened.keys,
    docsSite: config.docsSite,
    ...(config.notify ? { notify: config.notify } : {}),
  });
  closers.push({ name: 'the help-desk client', close: () => services.helpdesk.close() });
  logger.info(unfurlDomainsLine(unfurlDomains(services.talepUrlTemplate, config.docsSite?.url)));

  const readiness = new Readiness()
    .add('slack', () => slack.check())
    .add('helpdesk', (() => {
      const check = helpdeskCheck(helpdeskUrl, { initial: probe });
      return () => check.get();
    })())
    .add('store', (() => {
      const check = opened.postgres ? postgresCheck(opened.postgres) : storeCheck(config.dataDir);
      return () => check.get();
    })())
    .add('jobs', jobsCheck(services.jobs));
  const routes = healthRoutes(readiness);
  if (opened.postgres) {
    // Work for one instance at a time moves to another within seconds when its instance dies.
    const sweeps = runAsSingleton(
      opened.postgres,
      'housekeeping',
      housekeeping({
        pool: opened.postgres,
        pruneIdempotency: () => services.stores.idempotency.prune(),
        log: (line) => logger.info(line),
        onError: (error) => logger.warn('housekeeping failed (tried again later)', error),
      }),
      { onError: (error) => logger.debug(`singleton housekeeping: ${error instanceof Error ? error.message : String(error)}`) },
    );
    closers.push({ name: 'the singleton work', close: () => sweeps.stop() });
  }
  const webhookSecret = config.notify?.webhookSecret;
  if (webhookSecret) {
    routes.push(helpdeskWebhookRoute({ secret: webhookSecret, changes: services.talepChanges, logger }));
    logger.info(`help-desk webhook: POST ${WEBHOOK_PATH} on PORT (a rule's "HTTP POST to URL" action; see README "Webhook set-up")`);
  }

  const portTaken = (error: unknown) => {
    const problem = listenProblem(error, {
      variable: 'PORT',
      port: config.port,
      usualSuspects: 'another talep-bot, or `npm run sandbox` (whose port is also called PORT)',
    });
    return problem ? new StartupError(problem) : error;
  };
  if (config.slack.mode === 'socket') {
    // Socket Mode has no HTTP server of its own: a small one on PORT serves the health endpoints (and the webhook).
    const health = await startHealthServer({ port: config.port, routes, logger }).catch((error: unknown) => {
      throw portTaken(error);
    });
    closers.push({ name: 'the health listener', close: () => health.close() });
    healthPort = health.port;
    logger.info(`health endpoints: http://0.0.0.0:${health.port}/healthz and /readyz`);
  }

  const talepApp = createTalepApp({
    config,
    services,
    logger,
    // The webhook is in `routes` already; createTalepApp adds it from the services otherwise.
    routes: routes.filter((route) => route.path !== WEBHOOK_PATH),
    slackIdentity: identity,
    onSocketState: (state) => slack.socket(state),
  });
  closers.push({ name: 'the Slack app and the job runner', close: () => talepApp.stop() });
  const { port } = await talepApp.start().catch((error: unknown) => {
    if (config.slack.mode === 'http') throw portTaken(error);
    const apiUrl = config.slack.apiUrl ?? 'https://slack.com/api/';
    throw new StartupError(`Socket Mode could not connect: ${slackFailure('apps.connections.open', 'SLACK_APP_TOKEN', apiUrl, config.slack.apiUrl !== undefined, error)}`);
  });
  if (embeddedSandbox && webhookSecret) {
    // The embedded sandbox calls the webhook like a real help desk's rule would (README "Webhook set-up").
    const webhookPort = config.slack.mode === 'socket' ? healthPort : port;
    await embeddedSandbox.addRule({
      name: 'talep-bot webhook (added by the bot at start)',
      enabled: true,
      match: 'All',
      conditions: [],
      actions: [{ type: 'HttpPost', value: `http://127.0.0.1:${webhookPort}${WEBHOOK_PATH}?secret=${encodeURIComponent(webhookSecret)}` }],
    });
    logger.info('the embedded sandbox calls the webhook on every talep change (its rule "talep-bot webhook")');
  }
  logger.info(
    config.slack.mode === 'socket'
      ? `talep-bot is running in Socket Mode (help desk: ${helpdeskUrl}). In Slack, try /talep help or /talep connect.`
      : `talep-bot listens on http://0.0.0.0:${port}/slack/events, health at /healthz and /readyz (help desk: ${helpdeskUrl}). In Slack, try /talep help or /talep connect.`,
  );
}

function sandboxWelcome(sandbox: Awaited<ReturnType<typeof startSandbox>>, config: Config): string {
  // Tokens stay out of the log (logs travel); people sign in with these or fetch theirs from the token page.
  const accounts = sandbox
    .demoAccounts()
    .map((account) => `    ${account.username.padEnd(7)} ${account.role.padEnd(6)} password "${account.password}"`)
    .join('\n');
  const signIn = config.connectWithPassword
    ? 'run `/talep connect` in Slack and sign in with one of these (e.g. agent / demo)'
    : `run \`/talep connect\` in Slack, open ${sandbox.publicRootUrl}/User/Token/ (sign in as one of these), and paste the token it shows`;
  const localOnly = !config.sandbox.publicUrl && isLoopbackHost(config.sandbox.host)
    ? `\n  Its pages (token page, talep links) open only on this machine: on a server, set SANDBOX_HOST=0.0.0.0 and SANDBOX_PUBLIC_URL.`
    : '';
  return (
    `HELPDESK_URL is not set: started the sandbox help desk at ${sandbox.baseUrl} (pages at ${sandbox.publicRootUrl})\n` +
    `  Demo accounts:\n${accounts}\n` +
    `  To link your Slack user: ${signIn}.${localOnly}`
  );
}

/** Where link previews come from: the domains manifest.yml must list (README "Link previews"). */
function unfurlDomainsLine({ domains, unusable }: UnfurlDomains): string {
  const listed = domains.length > 0 ? `list ${domains.join(', ')} under features.unfurl_domains in manifest.yml` : 'no domain Slack accepts';
  const refused = unusable.length > 0 ? ` (${unusable.join(', ')}: Slack takes no addresses or localhost, so those links get no previews)` : '';
  return `link previews: Slack sends talep and documentation links only for the app's unfurl domains — ${listed}${refused}`;
}
