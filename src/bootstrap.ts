/**
 * Wires the long-lived services from configuration: the store, the shared help-desk client (one
 * throttle and lock-out guard for the bot's IP; the guard remembers its state in the store, restored
 * here before the first call), and Slack file access. Used by the entry point and by the end-to-end
 * tests, so both run the same wiring.
 */
import type { Logger } from '@slack/bolt';
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
import { GuardMemoryStore, guardFingerprintKey } from './store/guard-memory-store.js';
import type { Database } from './store/database.js';
import { openStores } from './store/index.js';
import { talepChangeBus } from './events/talep-changes.js';

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
  /** The store, when the caller opened it already (the entry point checks the keys against it first). */
  database?: Database;
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
}

export async function buildServices(options: BuildServicesOptions): Promise<Services> {
  const { config, logger } = options;
  const maxUploadBytes = options.maxUploadBytes ?? 20 * 1024 * 1024;
  const stores = await openStores(options.database ?? options.dataDir, options.encryptionKey);
  const currentKey = Buffer.isBuffer(options.encryptionKey) ? options.encryptionKey : options.encryptionKey[0];
  if (!currentKey) throw new Error('No token encryption key.');
  const guard = new AuthGuard({
    ...options.guard,
    memory: new GuardMemoryStore(stores.db),
    fingerprintKey: guardFingerprintKey(currentKey),
    onMemoryError: (error) => logger.warn('lock-out guard memory: could not load or save its state (sign-ins stay guarded)', error),
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
    },
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
