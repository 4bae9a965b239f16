/** Everything a command module needs, built once at start-up (or by a test) and passed in. */
import type { Logger } from '@slack/bolt';
import type { HelpdeskClient } from '../api/client.js';
import type { JobRunner } from '../jobs/runner.js';
import type { TalepChanges } from '../events/talep-changes.js';
import type { Stores } from '../store/index.js';
import type { SharedDeliveries } from './deliveries.js';
import type { BackgroundWork } from './dispatch.js';
import type { NotifyConfig } from '../config.js';

export interface Services {
  /** The shared client (no credential): one throttle and one lock-out guard for the whole bot. */
  helpdesk: HelpdeskClient;
  stores: Stores;
  /** The durable-job worker: register a handler per job kind, enqueue accepted work (`stores.jobs` is its queue). */
  jobs: JobRunner;
  /** "A talep changed" hints (webhook, poller, the bot's own writes) for feeds, notifications and thread sync. */
  talepChanges: TalepChanges;
  logger: Logger;
  /** The help desk's web root (for "Open in help desk" links and the token page). */
  helpdeskWebUrl: string;
  /** A talep's web page, `{id}` for its id (`HELPDESK_TALEP_URL`; see api/talep-link.ts). */
  talepUrlTemplate: string;
  /** Downloads Slack-hosted files (message attachments, file inputs) with the bot token. */
  slackFiles: SlackFileFetcher;
  /** Uploads above this size are refused with a clear message. */
  maxUploadBytes: number;
  now: () => Date;
  /** How people link their account (default: token paste only, the help desk's own token page). */
  connect?: ConnectOptions;
  /** The workspace's language (`DEFAULT_LANGUAGE`): people whose Slack language the bot does not speak, channels nobody set. Unset: English. */
  defaultLanguage?: 'en' | 'tr';
  /** Previews of the documentation site's pages (`DOCS_SITE_URL`); absent when it is not configured. */
  docsSite?: DocsSite;
  /** Slack deliveries claimed across instances (`DATABASE_URL`); absent: this process's own log only. */
  sharedDeliveries?: SharedDeliveries;
  /**
   * Runs `work` on one instance at a time (`DATABASE_URL`: a PostgreSQL lease that moves to another
   * instance within seconds when its holder dies); absent: one process, the work just runs.
   */
  runAlone?: (name: string, work: BackgroundWork) => BackgroundWork;
  /** Help desk → Slack settings (webhook secret, poll share, coalescing); absent: the defaults, no webhook. */
  notify?: NotifyConfig;
}

/** The documentation site next to the help desk, read through its oEmbed proxy (src/docs-site/). */
export interface DocsSite {
  /** Whether a link points into the documentation site. */
  covers(url: string): boolean;
  /** The page's preview; undefined when the site has none for it or does not answer in time (never throws). */
  preview(url: string): Promise<DocPreview | undefined>;
}

/** What the documentation site says of one of its pages (from its oEmbed answer, validated). */
export interface DocPreview {
  url: string;
  title: string;
  /** A short excerpt, as the site gave it (plain text or HTML). */
  excerpt?: string;
  authorName?: string;
  providerName?: string;
}

export interface ConnectOptions {
  /** Also offer "help-desk user name and password", exchanged once for the token (`CONNECT_WITH_PASSWORD`). */
  withPassword: boolean;
  /** Where people get their token, as they reach it (`SANDBOX_PUBLIC_URL` for the embedded sandbox). */
  tokenPageUrl: string;
}

export interface SlackFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface SlackFileFetcher {
  /** `url` is a file's `url_private_download` (or `url_private`). */
  download(url: string, filename: string, contentType?: string): Promise<SlackFile>;
}
