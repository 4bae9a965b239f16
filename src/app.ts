/**
 * Builds the Bolt app and registers every command module. No I/O happens at import; `start()` listens
 * (HTTP receiver on PORT at /slack/events, or Socket Mode when an app token is configured).
 */
import type { AddressInfo } from 'node:net';
import { App, type Logger, LogLevel } from '@slack/bolt';
import { areas as allAreas, commandModules } from './commands/index.js';
import type { CommandModule } from './commands/module.js';
import { legacyModule } from './commands/router.js';
import type { Config } from './config.js';
import { type Area, registerAreas, SLASH_COMMAND } from './slack/dispatch.js';
import type { Router } from './slack/routes.js';
import type { Services } from './slack/services.js';

export { SLASH_COMMAND };

export interface TalepApp {
  app: App;
  router: Router;
  /** Resolves with the HTTP port (HTTP mode) once the app listens. */
  start(): Promise<{ port?: number }>;
  stop(): Promise<void>;
}

export interface CreateAppOptions {
  config: Pick<Config, 'slack' | 'port' | 'logLevel'>;
  services: Services;
  logger: Logger;
  modules?: CommandModule[];
  areas?: readonly Area[];
}

export function createTalepApp({ config, services, logger, modules = commandModules, areas = allAreas }: CreateAppOptions): TalepApp {
  const socketMode = config.slack.mode === 'socket';
  const app = new App({
    token: config.slack.botToken,
    logger,
    logLevel: config.logLevel as LogLevel,
    ...(socketMode
      ? { socketMode: true, appToken: config.slack.appToken }
      : {
          signingSecret: config.slack.signingSecret ?? '',
          // ack() answers Slack's HTTP request at once; the listener keeps working afterwards.
          processBeforeResponse: false,
          customRoutes: [
            {
              path: '/healthz',
              method: ['GET'],
              handler: (_req, res) => {
                res.writeHead(200, { 'content-type': 'text/plain' });
                res.end('ok');
              },
            },
          ],
        }),
    clientOptions: config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {},
  });

  const router = registerAreas(app, services, areas, modules.map(legacyModule));

  return {
    app,
    router,
    async start() {
      const server: unknown = socketMode ? await app.start() : await app.start(config.port);
      const address = (server as { address?: () => AddressInfo | string | null })?.address?.();
      return { port: typeof address === 'object' && address ? address.port : undefined };
    },
    async stop() {
      await app.stop();
    },
  };
}
