/**
 * The playground: the bot as it runs in production (the same `buildServices` and `createTalepApp`, in
 * HTTP mode on its hardened receiver), against the embedded sandbox help desk, with its Web API client
 * pointed at a local Slack stand-in whose workspace a web page shows and drives. Nothing reaches Slack or
 * the internet; everything listens on 127.0.0.1.
 *
 *   page (browser) ──JSON──▶ page server ──signed Slack request──▶ bot /slack/events
 *        ▲                                                               │ Web API, response_url
 *        └──────────── workspace snapshot ◀── Slack stand-in + workspace ◀┘
 *
 * The sandbox's `user`, `agent` and `admin` are linked to Slack people as if each had run
 * `/talep connect`; the newcomer is not, so the connect flow can be tried too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@slack/bolt';
import { bearer } from '../api/auth.js';
import { createTalepApp, type TalepApp } from '../app.js';
import { buildServices } from '../bootstrap.js';
import { identify } from '../commands/account/public.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { type Sandbox, startSandbox } from '../sandbox/server.js';
import { openDatabaseWithKeys } from '../store/key-check.js';
import type { Services } from '../slack/services.js';
import { SlackInteractions } from './interactions.js';
import { type PageServer, pageLocations, startPageServer } from './page-server.js';
import { APP, COMMAND, HELPDESK_CHANNEL, PEOPLE, SHORTCUTS, seedMessages, TEAM } from './seed.js';
import { SlackStandIn } from './slack-stand-in.js';
import { Workspace } from './workspace.js';

export interface PlaygroundOptions {
  /** The page's port; 0 (the default) picks a free one. */
  port?: number;
  /** Keep the bot's store and the sandbox's data here; unset keeps everything in memory. */
  dataDir?: string;
  /** Where log lines go (default: stderr, warnings and errors only). */
  logger?: Logger;
  /** Overrides where the page's files are (tests). */
  locations?: ReturnType<typeof pageLocations>;
}

export interface Playground {
  /** The page, e.g. http://127.0.0.1:3300. */
  url: string;
  sandbox: Sandbox;
  standIn: SlackStandIn;
  workspace: Workspace;
  services: Services;
  interactions: SlackInteractions;
  close(): Promise<void>;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const logger = options.logger ?? createLogger('warn');
  const { dataDir } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const sandbox = await startSandbox({
    port: 0,
    ...(dataDir ? { dataFile: join(dataDir, 'sandbox.json'), settingsFile: join(dataDir, 'sandbox-settings.json') } : {}),
  });
  const standIn = await new SlackStandIn().start();
  const signingSecret = randomBytes(16).toString('hex');
  const config = {
    slack: { botToken: standIn.botToken, signingSecret, appToken: undefined, apiUrl: standIn.apiUrl, mode: 'http' as const },
    helpdesk: { url: sandbox.baseUrl, rateLimits: { enabled: true, general: 90, search: 60 } },
    port: 0,
    logLevel: logger.getLevel(),
  } satisfies Pick<Config, 'slack' | 'helpdesk' | 'port' | 'logLevel'>;
  // Kept data keeps its token key too (the key file beside it, as `npm start` does); in memory a fresh one will do.
  const opened = dataDir
    ? await openDatabaseWithKeys({ dataDir, configured: undefined, warn: (message) => logger.warn(message), info: (message) => logger.info(message) })
    : undefined;
  const services = await buildServices({
    config,
    helpdeskUrl: sandbox.baseUrl,
    logger,
    dataDir,
    ...(opened ? { database: opened.db } : {}),
    encryptionKey: opened ? opened.ring.keys : randomBytes(32),
  });
  const app: TalepApp = createTalepApp({ config, services, logger });
  const { port: botPort } = await app.start();

  // The demo people are linked as if each had pasted their token into /talep connect (kept data keeps their links).
  for (const person of PEOPLE) {
    if (!person.helpdesk || (await services.stores.accounts.lookup(TEAM.id, person.id)).state !== 'unlinked') continue;
    const token = sandbox.tokenFor(person.helpdesk);
    const identity = await identify(services.helpdesk.withCredential(bearer(token), { knownGood: true }));
    await services.stores.accounts.link(TEAM.id, person.id, token, identity);
  }

  let pageUrl = '';
  const workspace = new Workspace(standIn, {
    team: { id: TEAM.id, name: TEAM.name },
    app: APP,
    people: PEOPLE,
    channels: [HELPDESK_CHANNEL],
    shortcuts: SHORTCUTS,
    command: COMMAND,
    // The page is drawn synchronously, so this reads the playground's embedded store directly: the
    // name a link was made as (also for a link the current key cannot open, which the page does not tell apart).
    linkedAs: (userId) => services.stores.db?.data.accounts[`${TEAM.id}:${userId}`]?.username,
    pageUrl: () => pageUrl,
  });
  seedMessages(workspace);
  const interactions = new SlackInteractions({
    workspace,
    standIn,
    bot: { eventsUrl: `http://127.0.0.1:${botPort}/slack/events`, signingSecret },
    team: { id: TEAM.id, domain: TEAM.domain },
    appId: APP.id,
    botUserId: APP.botUserId,
    command: COMMAND.name,
  });
  const page: PageServer = await startPageServer({
    workspace,
    interactions,
    standIn,
    defaultPerson: PEOPLE[0]?.id ?? '',
    port: options.port ?? 0,
    ...(options.locations ? { locations: options.locations } : {}),
  });
  pageUrl = page.url;

  return {
    url: page.url,
    sandbox,
    standIn,
    workspace,
    services,
    interactions,
    async close() {
      await page.close();
      workspace.stop();
      await app.stop();
      await services.helpdesk.close();
      await standIn.close();
      await sandbox.close();
    },
  };
}
