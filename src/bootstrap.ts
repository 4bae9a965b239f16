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
import type { Services } from './slack/services.js';
import type { Config } from './config.js';
import { createSlackFileFetcher } from './slack/files.js';
import { GuardMemoryStore, guardFingerprintKey } from './store/guard-memory-store.js';
import { openStores } from './store/index.js';

export interface BuildServicesOptions {
  config: Pick<Config, 'helpdesk' | 'slack'>;
  /** The help-desk API root actually used (the configured URL or the embedded sandbox's). */
  helpdeskUrl: string;
  logger: Logger;
  /** Undefined keeps the store in memory. */
  dataDir: string | undefined;
  encryptionKey: Buffer;
  dispatcher?: Dispatcher;
  /** Lock-out guard timings (tests shorten the 5-minute block pause). */
  guard?: AuthGuardOptions;
  maxUploadBytes?: number;
  now?: () => Date;
}

export async function buildServices(options: BuildServicesOptions): Promise<Services> {
  const { config, logger } = options;
  const maxUploadBytes = options.maxUploadBytes ?? 20 * 1024 * 1024;
  const stores = await openStores(options.dataDir, options.encryptionKey);
  const guard = new AuthGuard({
    ...options.guard,
    memory: new GuardMemoryStore(stores.db),
    fingerprintKey: guardFingerprintKey(options.encryptionKey),
    onMemoryError: (error) => logger.warn('lock-out guard memory: could not load or save its state (sign-ins stay guarded)', error),
  });
  await guard.ready();
  const helpdesk = new HelpdeskClient({
    baseUrl: options.helpdeskUrl,
    dispatcher: options.dispatcher,
    guard,
    throttle: {
      enabled: config.helpdesk.rateLimits.enabled,
      limits: { general: config.helpdesk.rateLimits.general, search: config.helpdesk.rateLimits.search },
    },
    onCall: ({ operation, method, status, ms, attempt, errorKind }) =>
      logger.debug(`help-desk ${method} ${operation} → ${status ?? errorKind} in ${ms} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`),
  });
  return {
    helpdesk,
    stores,
    logger,
    helpdeskWebUrl: applicationRoot(options.helpdeskUrl),
    slackFiles: createSlackFileFetcher(config.slack.botToken, maxUploadBytes),
    maxUploadBytes,
    now: options.now ?? (() => new Date()),
  };
}
