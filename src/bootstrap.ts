/**
 * Wires the long-lived services from configuration: the store, the shared help-desk client (one
 * throttle and lock-out guard for the bot's IP; the guard remembers its state in the store, restored
 * here before the first call), and Slack file access. Used by the entry point and by the end-to-end
 * tests, so both run the same wiring.
 */
import type { Logger } from '@slack/bolt';
import type pg from 'pg';
import type { Dispatcher } from 'undici';
import { AuthGuard, type AuthGuardOptions } from './api/auth-guard.js';
import { applicationRoot } from './api/auth.js';
import { HelpdeskClient } from './api/client.js';
import type { TransportOptions } from './api/transport.js';
import { talepUrlTemplate } from './domain/talep-link.js';
import type { Services } from './slack/services.js';
import type { Config } from './config.js';
import { OembedDocsSite } from './docs-site/oembed.js';
import { JobRunner, type JobRunnerOptions } from './jobs/runner.js';
import { createSlackFileFetcher } from './slack/files.js';
import { guardFingerprintKey } from './store/guard-memory-store.js';
import type { Database } from './store/database.js';
import { openStores } from './store/index.js';
import { talepChangeBus } from './events/talep-changes.js';
import { egressScope, PgBudgetLedger } from './cluster/budget-ledger.js';
import { PgDeliveries } from './cluster/deliveries.js';
import { PgSignInLedger } from './cluster/sign-in-ledger.js';
import { singletonWork } from './cluster/singleton.js';
import type { BackgroundWork } from './slack/dispatch.js';
import { hostname } from 'node:os';

export interface BuildServicesOptions {
  config: Pick<Config, 'helpdesk' | 'slack'> & Partial<Pick<Config, 'defaultLanguage'>>;
  /** The help-desk API root actually used (the configured URL or the embedded sandbox's). */
  helpdeskUrl: string;
  /**
   * The same API root as people reach it, for the links the bot hands out (token page, talep pages,
   * "Open help desk"): the embedded sandbox's `SANDBOX_PUBLIC_URL`. Default: `helpdeskUrl`.
   */
  publicHelpdeskUrl?: string;
  /** The connect modal offers "user name and password" (exchanged once for the token). Default false. */
  connectWithPassword?: boolean;
  logger: Logger;
  /** Undefined keeps the store in memory. */
  dataDir: string | undefined;
  /**
   * The shared PostgreSQL store (`DATABASE_URL`), migrated: used instead of the embedded one; the
   * help-desk budget, the lock-out guard and Slack delivery claims are then shared with the other instances.
   */
  postgres?: pg.Pool;
  /** The store, when the caller opened it already (the entry point checks the keys against it first). */
  database?: Database;
  /** This instance's name in the shared ledgers (diagnostics). Default `host:pid`. */
  instanceName?: string;
  /** The token key, or the key ring: the current key first, then older keys that still open stored tokens. */
  encryptionKey: Buffer | readonly Buffer[];
  dispatcher?: Dispatcher;
  /** Help-desk timeouts (tests shorten the 30 s wait for an answer to see a stalled help desk quickly). */
  transport?: Pick<TransportOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs'>;
  /** Lock-out guard timings (tests shorten the 5-minute block pause). */
  guard?: AuthGuardOptions;
  maxUploadBytes?: number;
  now?: () => Date;
  /** Job worker settings (tests use a manual clock and short back-off). */
  jobRunner?: Omit<JobRunnerOptions, 'queue' | 'logger'>;
  /** Documentation-link previews (`DOCS_SITE_URL`); none when undefined. */
  docsSite?: Config['docsSite'];
  /** Help desk → Slack settings (webhook secret, poll share, coalescing, due reminders). */
  notify?: Config['notify'];
  /** How long the help desk took to answer the start-up probe: the first measure of a call's time. */
  helpdeskAnswerMs?: number;
}

export async function buildServices(options: BuildServicesOptions): Promise<Services> {
  const { config, logger } = options;
  const maxUploadBytes = options.maxUploadBytes ?? 20 * 1024 * 1024;
  const stores = await openStores(
    options.postgres ? { postgres: options.postgres } : (options.database ?? options.dataDir),
    options.encryptionKey,
  );
  const shared = stores.pool ? sharedCoordination(stores.pool, options, logger) : undefined;
  const currentKey = Buffer.isBuffer(options.encryptionKey) ? options.encryptionKey : options.encryptionKey[0];
  if (!currentKey) throw new Error('No token encryption key.');
  const guard = new AuthGuard({
    ...options.guard,
    memory: stores.guardMemory,
    fingerprintKey: guardFingerprintKey(currentKey),
    onMemoryError: (error) => logger.warn('lock-out guard memory: could not load or save its state (sign-ins stay guarded)', error),
    ...(shared ? { shared: shared.signIns, onSharedError: shared.onError('the shared sign-in budget') } : {}),
  });
  await guard.ready();
  const helpdesk = new HelpdeskClient({
    baseUrl: options.helpdeskUrl,
    dispatcher: options.dispatcher,
    ...options.transport,
    guard,
    throttle: {
      enabled: config.helpdesk.rateLimits.enabled,
      limits: { general: config.helpdesk.rateLimits.general, search: config.helpdesk.rateLimits.search },
      ...(config.helpdesk.rateLimits.windowMs ? { windowMs: config.helpdesk.rateLimits.windowMs } : {}),
      ...(shared ? { shared: shared.budget, onSharedError: shared.onError('the shared rate budget') } : {}),
    },
    ...(options.helpdeskAnswerMs !== undefined ? { typicalCallMs: options.helpdeskAnswerMs } : {}),
    onCall: ({ operation, method, status, ms, attempt, errorKind }) =>
      logger.debug(`help-desk ${method} ${operation} → ${status ?? errorKind} in ${ms} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`),
  });
  const publicUrl = options.publicHelpdeskUrl ?? options.helpdeskUrl;
  return {
    helpdesk,
    stores,
    jobs: new JobRunner({ ...options.jobRunner, queue: stores.jobs, logger }),
    talepChanges: talepChangeBus((error, change) => logger.warn(`talep ${change.talepId} change (${change.kind}): a listener failed`, error)),
    logger,
    helpdeskWebUrl: applicationRoot(publicUrl),
    talepUrlTemplate: talepUrlTemplate(publicUrl, config.helpdesk.talepUrl),
    connect: { withPassword: options.connectWithPassword ?? false, tokenPageUrl: `${applicationRoot(publicUrl)}/User/Token/` },
    slackFiles: createSlackFileFetcher(config.slack.botToken, maxUploadBytes),
    maxUploadBytes,
    now: options.now ?? (() => new Date()),
    ...(config.defaultLanguage ? { defaultLanguage: config.defaultLanguage } : {}),
    ...(shared ? { sharedDeliveries: shared.deliveries, runAlone: shared.runAlone } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.docsSite
      ? {
          docsSite: new OembedDocsSite({
            siteUrl: options.docsSite.url,
            ...(options.docsSite.restRoot ? { restRoot: options.docsSite.restRoot } : {}),
            ...(options.docsSite.credentials ? { credentials: options.docsSite.credentials } : {}),
            logger,
          }),
        }
      : {}),
  };
}

/**
 * With PostgreSQL, what instances share beyond the stores: instances in one egress group (one IP at the
 * help desk) take their sends from one budget and their sign-ins from one failure budget; Slack
 * deliveries are claimed once across all instances.
 */
function sharedCoordination(pool: pg.Pool, options: BuildServicesOptions, logger: Logger) {
  const instance = options.instanceName ?? `${hostname()}:${process.pid}`;
  const scope = egressScope(options.helpdeskUrl, options.config.helpdesk.egressGroup ?? 'shared');
  // Logged at most once a minute per part: a database that is away would otherwise flood the log.
  const lastLogged = new Map<string, number>();
  const onError = (what: string) => (error: unknown) => {
    const now = Date.now();
    if (now - (lastLogged.get(what) ?? -Infinity) < 60_000) return;
    lastLogged.set(what, now);
    logger.warn(`${what}: PostgreSQL did not answer (help-desk calls wait until it does)`, error);
  };
  return {
    budget: new PgBudgetLedger({ pool, scope, instance, onError: onError('the shared rate budget') }),
    signIns: new PgSignInLedger({ pool, scope, instance }),
    deliveries: new PgDeliveries({ pool, instance }),
    // The notifications poller and other work for one instance at a time: a lease that moves when its holder dies.
    runAlone: (name: string, work: BackgroundWork) =>
      singletonWork(pool, name, work, {
        log: (line) => logger.info(line),
        onError: (error) => logger.debug(`singleton ${name}: ${error instanceof Error ? error.message : String(error)}`),
      }),
    onError,
  };
}
