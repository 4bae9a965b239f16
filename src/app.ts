/**
 * Builds the Bolt app and registers every command module. No I/O happens at import; `start()` listens
 * (the bot's hardened HTTP receiver on PORT at /slack/events, or Socket Mode when an app token is
 * configured) and starts the durable-job worker; `stop()` stops both.
 */
import type { AddressInfo } from 'node:net';
import { App, type Logger } from '@slack/bolt';
import { allAreas } from './commands/index.js';
import type { Config } from './config.js';
import { quietFrameworkLogger } from './logger.js';
import { loggingFetch } from './slack/call-log.js';
import { type Area, registerAreas, SLASH_COMMAND } from './slack/dispatch.js';
import { SlackHttpReceiver } from './slack/http-receiver.js';
import type { ReplayCache } from './slack/replay-cache.js';
import type { Router } from './slack/routes.js';
import type { Services } from './slack/services.js';

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
}

export function createTalepApp({ config, services, logger, areas = allAreas(), replayCache }: CreateAppOptions): TalepApp {
  const socketMode = config.slack.mode === 'socket';
  // Bolt, its WebClient and Socket Mode log whole payloads at debug level: they get a logger without
  // debug, and every Slack call is logged by loggingFetch as method, status and time.
  const frameworkLogger = quietFrameworkLogger(logger);
  const receiver = socketMode
    ? undefined
    : new SlackHttpReceiver({
        signingSecret: config.slack.signingSecret ?? '',
        logger,
        routes: [
          {
            method: 'GET',
            path: '/healthz',
            handler: (_req, res) => {
              res.writeHead(200, { 'content-type': 'text/plain' });
              res.end('ok');
            },
          },
        ],
        replayCache,
      });
  const app = new App({
    token: config.slack.botToken,
    logger: frameworkLogger,
    ...(socketMode ? { socketMode: true, appToken: config.slack.appToken } : { receiver }),
    clientOptions: { ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}), fetch: loggingFetch(logger) },
  });

  const router = registerAreas(app, services, areas);

  return {
    app,
    router,
    receiver,
    async start() {
      const server: unknown = socketMode ? await app.start() : await app.start(config.port);
      await services.jobs.start();
      const address = (server as { address?: () => AddressInfo | string | null })?.address?.();
      return { port: typeof address === 'object' && address ? address.port : undefined };
    },
    async stop() {
      // No new requests first; then running jobs finish or are handed back for the next start.
      await app.stop();
      await services.jobs.stop({ deadlineMs: 8_000 });
    },
  };
}
