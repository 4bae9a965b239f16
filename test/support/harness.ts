/**
 * End-to-end harness: the sandbox help desk (in memory), the Slack stand-in (the playground's,
 * src/playground/slack-stand-in.ts, here with its canned answers), and the real Bolt app in HTTP mode on
 * an ephemeral port, wired by the same `buildServices` as production. Tests send signed requests and
 * assert on the stand-in's recorded calls and on the sandbox's data.
 *
 * Every payload the bot sends is checked against Slack's Block Kit limits by the stand-in; a test
 * during which the bot broke one fails (the check below runs after each test of every file that
 * imports this harness), unless the test took the violations it expected with
 * `h.slack.takeViolations()`. `close()` fails the same way for what arrived after the last test.
 */
import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import { createTalepApp, type TalepApp } from '../../src/app.js';
import { buildServices } from '../../src/bootstrap.js';
import { dropTestSchemasOf, openTestPostgres } from './postgres.js';
import { identify } from '../../src/commands/account/public.js';
import type { Services } from '../../src/slack/services.js';
import type { Config } from '../../src/config.js';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import type { AuthGuardOptions } from '../../src/api/auth-guard.js';
import { createLogger } from '../../src/logger.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';
import type { BuildServicesOptions } from '../../src/bootstrap.js';
import { HelpdeskProxy } from './helpdesk-proxy.js';
import { type Actor, SlackRequests } from './slack-requests.js';

/** Slack users of the tests, mapped by e-mail to the sandbox's demo accounts. */
export const people = {
  admin: { userId: 'UADMIN', username: 'admin', email: 'admin@example.com' },
  agent: { userId: 'UAGENT', username: 'agent', email: 'agent@example.com' },
  agent2: { userId: 'UAGENT2', username: 'agent2', email: 'agent2@example.com' },
  user: { userId: 'UUSER', username: 'user', email: 'user@example.com' },
  /** Has a Slack account but no help-desk link. */
  stranger: { userId: 'USTRANGER', username: 'stranger', email: 'stranger@example.com' },
} as const;
export type Person = keyof typeof people;

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  /** Client-side rate limits (off by default so suites run fast; turn on to test queueing). */
  rateLimits?: { enabled: boolean; general: number; search: number };
  /** Link these people's Slack users to their demo accounts before the test. Default: all but stranger. */
  linked?: Person[];
  /** Lock-out guard timings for the bot's client. */
  guard?: AuthGuardOptions;
  /** The connect modal offers "user name and password" (`CONNECT_WITH_PASSWORD=on`). Default off. */
  connectWithPassword?: boolean;
  /** Put a controllable proxy between the bot and the sandbox (`h.proxy`: freeze, stall, down…). */
  proxy?: boolean;
  /** The bot's help-desk timeouts (fault tests shorten the 30 s wait for an answer). */
  transport?: BuildServicesOptions['transport'];
  /** The job worker's settings, e.g. a manual clock that drives retries and back-off. */
  jobRunner?: BuildServicesOptions['jobRunner'];
  /**
   * Which store: embedded (in memory) or PostgreSQL (a schema of its own on TEST_DATABASE_URL).
   * Default: `TALEP_TEST_STORE` (so the whole e2e suite can run on PostgreSQL), else embedded.
   */
  store?: 'embedded' | 'postgres';
  /** Help desk → Slack settings (webhook secret, polling, coalescing); default: no webhook, no polling. */
  notify?: BuildServicesOptions['notify'];
  /** The bot's data directory (default: in memory), e.g. to restart the bot on the same store. */
  dataDir?: string;
  /** The token key (default: a fresh one), with `dataDir` to reopen a store. */
  encryptionKey?: Buffer;
}

export interface Harness {
  sandbox: Sandbox;
  /** The proxy in front of the sandbox (with `proxy: true`). */
  proxy: HelpdeskProxy | undefined;
  slack: SlackStandIn;
  app: TalepApp;
  services: Services;
  send: SlackRequests;
  signingSecret: string;
  /** The Slack actor (user + team + channel) of a person. */
  as(person: Person, channelId?: string): Actor;
  /** A help-desk client acting as a demo account, to check what changed in the sandbox. */
  helpdeskAs(person: Exclude<Person, 'stranger'>): ReturnType<Services['helpdesk']['withCredential']>;
  /** The same, straight to the sandbox (past the proxy, with its own connections): checks while the proxy is down. */
  sandboxAs(person: Exclude<Person, 'stranger'>): ReturnType<Services['helpdesk']['withCredential']>;
  link(person: Exclude<Person, 'stranger'>): Promise<void>;
  logs: string[];
  close(): Promise<void>;
}

/** The Slack stand-ins of the harnesses started in this test file and not closed yet. */
const openSlacks = new Set<SlackStandIn>();

/** Throws one error listing every Block Kit violation recorded and not taken by the test. */
function failOnViolations(slack: SlackStandIn, when: string): void {
  const found = slack.takeViolations();
  if (found.length === 0) return;
  const lines = found.map((v) => `  ${v.via}: ${v.rule} (${v.effect}) at ${v.path} — ${v.message} (found ${String(v.actual)})`);
  throw new Error(`The bot sent ${found.length} payload part(s) past Slack's Block Kit limits (${when}):\n${lines.join('\n')}`);
}

// Registered when a test file imports this module, so it runs after each test of every e2e file.
afterEach(() => {
  for (const slack of openSlacks) failOnViolations(slack, 'during this test');
});

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox, settings: { DisableRateLimit: true, ...options.sandbox?.settings } });
  const proxy = options.proxy ? await new HelpdeskProxy(sandbox.baseUrl).start() : undefined;
  const helpdeskUrl = proxy?.baseUrl ?? sandbox.baseUrl;
  const slack = await new SlackStandIn().start();
  openSlacks.add(slack);
  for (const person of Object.values(people)) {
    slack.users.set(person.userId, { id: person.userId, name: person.username, email: person.email, tzOffset: 10_800 });
  }
  const signingSecret = randomBytes(16).toString('hex');
  const config = {
    slack: { botToken: slack.botToken, signingSecret, appToken: undefined, apiUrl: slack.apiUrl, mode: 'http' as const },
    helpdesk: { url: helpdeskUrl, rateLimits: options.rateLimits ?? { enabled: false, general: 90, search: 60 } },
    port: 0,
    logLevel: 'debug' as const,
  } satisfies Pick<Config, 'slack' | 'helpdesk' | 'port' | 'logLevel'>;
  const logs: string[] = [];
  const logger = createLogger('debug', (line) => logs.push(line));
  const store = options.store ?? (process.env.TALEP_TEST_STORE === 'postgres' ? 'postgres' : 'embedded');
  const postgres = store === 'postgres' ? await openTestPostgres() : undefined;
  const services = await buildServices({
    config,
    helpdeskUrl,
    logger,
    dataDir: options.dataDir,
    ...(postgres ? { postgres } : {}),
    encryptionKey: options.encryptionKey ?? randomBytes(32),
    guard: options.guard,
    connectWithPassword: options.connectWithPassword ?? false,
    // Documentation links are previewed through the sandbox's stand-in of the documentation site.
    docsSite: { url: sandbox.docsSiteUrl, restRoot: undefined, credentials: undefined },
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.jobRunner ? { jobRunner: options.jobRunner } : {}),
    notify: options.notify ?? { webhookSecret: undefined, poll: false, pollShare: 0.25, coalesceMs: 700, dueSoonHours: 24 },
  });
  const app = createTalepApp({ config, services, logger });
  const { port } = await app.start();
  const direct = new HelpdeskClient({ baseUrl: sandbox.baseUrl, cache: false });
  const send = new SlackRequests(`http://127.0.0.1:${port}/slack/events`, signingSecret, slack);

  const harness: Harness = {
    sandbox,
    proxy,
    slack,
    app,
    services,
    send,
    signingSecret,
    logs,
    as: (person, channelId = 'C1') => ({ userId: people[person].userId, teamId: 'T1', channelId }),
    helpdeskAs: (person) => services.helpdesk.withCredential(bearer(sandbox.tokenFor(people[person].username))),
    sandboxAs: (person) => direct.withCredential(bearer(sandbox.tokenFor(people[person].username))),
    async link(person) {
      const token = sandbox.tokenFor(people[person].username);
      // Linked earlier: the store's token was accepted then, as the connect flow checks it.
      const identity = await identify(services.helpdesk.withCredential(bearer(token), { knownGood: true }));
      await services.stores.accounts.link('T1', people[person].userId, token, identity);
    },
    async close() {
      openSlacks.delete(slack);
      await app.stop();
      await services.helpdesk.close();
      await direct.close();
      await slack.close();
      await proxy?.close();
      await sandbox.close();
      if (postgres) await dropTestSchemasOf([postgres]);
      failOnViolations(slack, 'after the last test of the file');
    },
  };
  for (const person of options.linked ?? (['admin', 'agent', 'agent2', 'user'] as const)) {
    if (person !== 'stranger') await harness.link(person);
  }
  return harness;
}
