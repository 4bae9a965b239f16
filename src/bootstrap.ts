/**
 * Wires the long-lived services from configuration: the store, the shared help-desk client (one
 * throttle and lock-out guard for the bot's IP), and Slack file access. Used by the entry point and by
 * the end-to-end tests, so both run the same wiring.
 */
import type { Logger } from '@slack/bolt';
import type { Dispatcher } from 'undici';
import type { AuthGuardOptions } from './api/auth-guard.js';
import { applicationRoot } from './api/auth.js';
import { HelpdeskClient } from './api/client.js';
import { talepUrlTemplate } from './api/talep-link.js';
import type { Services } from './commands/services.js';
import type { Config } from './config.js';
import { createSlackFileFetcher } from './slack/files.js';
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
  const helpdesk = new HelpdeskClient({
    baseUrl: options.helpdeskUrl,
    dispatcher: options.dispatcher,
    guard: options.guard,
    throttle: {
      enabled: config.helpdesk.rateLimits.enabled,
      limits: { general: config.helpdesk.rateLimits.general, search: config.helpdesk.rateLimits.search },
    },
    onCall: ({ operation, method, status, ms, attempt, errorKind }) =>
      logger.debug(`help-desk ${method} ${operation} → ${status ?? errorKind} in ${ms} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`),
  });
  return {
    helpdesk,
    stores: await openStores(options.dataDir, options.encryptionKey),
    logger,
    helpdeskWebUrl: applicationRoot(options.helpdeskUrl),
    talepUrlTemplate: talepUrlTemplate(options.helpdeskUrl, config.helpdesk.talepUrl),
    slackFiles: createSlackFileFetcher(config.slack.botToken, maxUploadBytes),
    maxUploadBytes,
    now: options.now ?? (() => new Date()),
  };
}
