/**
 * Everything one process under test talks to, fresh for each: the sandbox help desk (a copy of the
 * fixture's data, rate limits on, as a real help desk has them) behind the delaying proxy, the Slack
 * stand-in that records every Web API call and response_url post, and a copy of the bot's store with
 * the bench users linked. It starts talep-bot the production way (environment variables only) or a
 * bare Bolt baseline with the same Slack settings, and sends them signed requests.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import type { BareBoltSettings } from './bare-bolt.js';
import { freePort, ProcessUnderTest, type Role } from './child-process.js';
import { DelayingProxy } from './delaying-proxy.js';
import { type BenchUser, type Fixture, TEAM_ID } from './fixture.js';
import { BenchSlackRequests } from './load.js';
import { npmStart } from './start-script.js';

export interface WorldOptions {
  /** Its own directory (copies of the data, the child's log). */
  dir: string;
  helpdeskDelayMs: number;
  cpuProfile: boolean;
  /** Heap snapshots are written into `<dir>/heap-snapshots` (see `heapSnapshotDir`). */
  heapSnapshot?: boolean;
}

export class World {
  readonly signingSecret = randomBytes(16).toString('hex');
  readonly #children: ProcessUnderTest[] = [];
  readonly #senders: BenchSlackRequests[] = [];

  private constructor(
    readonly fixture: Fixture,
    readonly options: WorldOptions,
    readonly sandbox: Sandbox,
    readonly proxy: DelayingProxy,
    readonly slack: SlackStandIn,
  ) {}

  static async create(fixture: Fixture, options: WorldOptions): Promise<World> {
    await mkdir(options.dir, { recursive: true });
    if (options.heapSnapshot) await mkdir(join(options.dir, 'heap-snapshots'), { recursive: true });
    const dataFile = join(options.dir, 'sandbox.json');
    await copyFile(fixture.sandboxDataFile, dataFile);
    const sandbox = await startSandbox({ port: 0, dataFile, settings: { SharedSecret: fixture.sharedSecret, DisableRateLimit: false } });
    const proxy = await new DelayingProxy({ upstream: sandbox.baseUrl, delayMs: options.helpdeskDelayMs }).start();
    const slack = await new SlackStandIn().start();
    for (const user of fixture.everyone) {
      slack.users.set(user.slackUserId, { id: user.slackUserId, name: user.username, email: user.email, tzOffset: 10_800 });
    }
    return new World(fixture, options, sandbox, proxy, slack);
  }

  /**
   * talep-bot, configured through its environment as in production (HTTP mode, help desk via the proxy),
   * with the environment and node options `npm start` gives it (glibc's malloc settings, the GC's threads).
   * `env`: more settings for this bot (e.g. `NOTIFY_POLL: 'off'` where only an action's own calls count).
   */
  async startBot(name: string, env: Record<string, string> = {}): Promise<ProcessUnderTest> {
    const dataDir = join(this.options.dir, `${name}-data`);
    await cp(this.fixture.botDataDir, dataDir, { recursive: true });
    const start = npmStart();
    return this.#start(
      'bot',
      name,
      {
        ...start.environment,
        DATA_DIR: dataDir,
        TOKEN_ENCRYPTION_KEY: this.fixture.encryptionKeyHex,
        HELPDESK_URL: this.proxy.apiUrl,
        HELPDESK_RATE_LIMITS: 'on',
        ...env,
      },
      start.nodeOptions,
    );
  }

  /** The bare Bolt baseline with the same Slack settings. */
  startBare(name: string, settings: BareBoltSettings): Promise<ProcessUnderTest> {
    return this.#start('bare', name, { BENCH_BARE_BOLT: JSON.stringify(settings) });
  }

  /** Signed requests to a process under test (one keep-alive agent per process). */
  sender(child: ProcessUnderTest): BenchSlackRequests {
    const sender = new BenchSlackRequests(child.eventsUrl, this.signingSecret, this.slack);
    this.#senders.push(sender);
    return sender;
  }

  actor(user: BenchUser, channelId = 'C1') {
    return { userId: user.slackUserId, teamId: TEAM_ID, channelId };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#children.map((child) => child.stop()));
    await Promise.allSettled(this.#senders.map((sender) => sender.close()));
    await this.proxy.close();
    await this.slack.close();
    await this.sandbox.close();
  }

  /** Where heap snapshots go, when asked for (BENCH_HEAP_SNAPSHOT). */
  get heapSnapshotDir(): string | undefined {
    return this.options.heapSnapshot ? join(this.options.dir, 'heap-snapshots') : undefined;
  }

  async #start(role: Role, name: string, env: Record<string, string>, nodeOptions: string[] = []): Promise<ProcessUnderTest> {
    const port = await freePort();
    const child = await ProcessUnderTest.start({
      role,
      name,
      port,
      logFile: join(this.options.dir, `${name}.log`),
      execArgv: [
        ...nodeOptions,
        ...(this.options.cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', join(this.options.dir, 'cpu-profiles')] : []),
      ],
      env: {
        SLACK_BOT_TOKEN: this.slack.botToken,
        SLACK_SIGNING_SECRET: this.signingSecret,
        SLACK_API_URL: this.slack.apiUrl,
        PORT: String(port),
        ...env,
      },
    });
    this.#children.push(child);
    return child;
  }
}
