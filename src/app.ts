/**
 * Builds the Bolt app and registers every command module. No I/O happens at import; `start()` listens
 * (the bot's hardened HTTP receiver on PORT at /slack/events, or Socket Mode when an app token is
 * configured) and starts the durable-job worker; `stop()` stops both, together, within 8 s: the
 * receiver finishes the requests in progress (5 s grace) while running jobs finish or are handed back.
 */
import type { AddressInfo } from 'node:net';
import { App, type Logger, SocketModeReceiver } from '@slack/bolt';
import { allAreas } from './commands/index.js';
import { helpdeskWebhookRoute } from './events/webhook.js';
import type { Config } from './config.js';
import { quietFrameworkLogger } from './logger.js';
import { AckFirst } from './slack/ack-first.js';
import { loggingFetch } from './slack/call-log.js';
import { keepAliveFetch } from './slack/keep-alive-fetch.js';
import { type Area, registerAreas, SLASH_COMMAND } from './slack/dispatch.js';
import type { SocketState } from './health/slack-status.js';
import { type Route, SlackHttpReceiver } from './slack/http-receiver.js';
import type { ReplayCache } from './slack/replay-cache.js';
import type { Router } from './slack/routes.js';
import type { Services } from './slack/services.js';
import { watchSocketMode } from './slack/socket-mode-watch.js';
import type { SlackIdentity } from './startup/slack-check.js';

export { SLASH_COMMAND };

export interface TalepApp {
  app: App;
  router: Router;
  /** HTTP mode: the receiver, where other routes (readiness, webhooks) are added with `addRoute`. */
  receiver: SlackHttpReceiver | undefined;
  /** Resolves with the HTTP port (HTTP mode) once the app listens. */
  start(): Promise<{ port?: number }>;
  stop(): Promise<void>;
}

export interface CreateAppOptions {
  config: Pick<Config, 'slack' | 'port' | 'logLevel'>;
  services: Services;
  logger: Logger;
  areas?: readonly Area[];
  /** HTTP mode: where seen signatures are kept (default: in memory). */
  replayCache?: ReplayCache;
  /** HTTP mode: routes beside Slack's (default: `GET /healthz`; the entry point adds `/readyz`). */
  routes?: Route[];
  /** The start-up `auth.test`'s answer: Bolt then does not call it again. */
  slackIdentity?: Pick<SlackIdentity, 'botId' | 'botUserId'>;
  /** Socket Mode: the connection's state as it changes (readiness). */
  onSocketState?: (state: SocketState) => void;
}

const aliveRoute: Route = {
  method: 'GET',
  path: '/healthz',
  handler: (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  },
};

/** The event types some area asked to be answered only after its listener's work (`onEvent(…, { answerAfterWork })`). */
const heldEventTypes = (areas: readonly Area[]): ReadonlySet<string> =>
  new Set(areas.flatMap((area) => (area.listeners ?? []).flatMap((listener) => (listener.kind === 'event' && listener.answerAfterWork ? [listener.id] : []))));

export function createTalepApp(options: CreateAppOptions): TalepApp {
  const { config, services, logger, areas = allAreas(), replayCache } = options;
  const socketMode = config.slack.mode === 'socket';
  // Bolt, its WebClient and Socket Mode log whole payloads at debug level: they get a logger without
  // debug, and every Slack call is logged by loggingFetch as method, status and time. Calls go through
  // a lean keep-alive client (./slack/keep-alive-fetch.ts), not Node's built-in fetch.
  const frameworkLogger = quietFrameworkLogger(logger);
  const clientOptions = { ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}), fetch: loggingFetch(logger, keepAliveFetch()) };
  let stopping = false;
  // Acks before the work after them (./slack/ack-first.ts): the receiver counts what it has read and answered.
  const ackFirst = new AckFirst();
  const receiver = socketMode
    ? undefined
    : new SlackHttpReceiver({
        signingSecret: config.slack.signingSecret ?? '',
        logger,
        routes: options.routes ?? [aliveRoute],
        replayCache,
        // Events whose listeners store durable work before they return are answered after them.
        holdEventAnswers: { types: heldEventTypes(areas) },
        ackFirst,
      });
  const socketReceiver = socketMode
    ? new SocketModeReceiver({ appToken: config.slack.appToken ?? '', logger: frameworkLogger, installerOptions: { clientOptions } })
    : undefined;
  if (socketReceiver) watchSocketMode(socketReceiver.client, logger, options.onSocketState, { stopping: () => stopping });
  const app = new App({
    token: config.slack.botToken,
    logger: frameworkLogger,
    receiver: socketReceiver ?? receiver,
    clientOptions,
    // No conversation store: nothing reads `context.conversation`, and Bolt's default runs a middleware on every request.
    convoStore: false,
    ...(options.slackIdentity ? { botId: options.slackIdentity.botId, botUserId: options.slackIdentity.botUserId } : {}),
  });

  const router = registerAreas(app, services, areas, ackFirst);
  const background = areas.flatMap((area) => (area.background ? [area.background(services, app.client)] : []));
  // The help desk's webhook (HTTP mode; Socket Mode serves it on the health listener, see start.ts).
  const secret = services.notify?.webhookSecret;
  if (receiver && secret) receiver.addRoute(helpdeskWebhookRoute({ secret, changes: services.talepChanges, logger }));

  return {
    app,
    router,
    receiver,
    async start() {
      const server: unknown = socketMode ? await app.start() : await app.start(config.port);
      await services.jobs.start();
      await Promise.all(background.map((work) => work.start()));
      const address = (server as { address?: () => AddressInfo | string | null })?.address?.();
      return { port: typeof address === 'object' && address ? address.port : undefined };
    },
    async stop() {
      // Both at once, so the whole stop fits a process manager's 10 s: no new requests (those in
      // progress get the receiver's 5 s grace), and running jobs finish or are handed back for the next start.
      stopping = true;
      // The work after acks (answers being made) gets the same grace as the requests in progress.
      await Promise.all([
        app.stop(),
        ackFirst.settled(5_000),
        services.jobs.stop({ deadlineMs: 8_000 }),
        ...background.map((work) => work.stop()),
      ]);
    },
  };
}
