/**
 * The health endpoints: `GET /healthz` (alive: 200 `ok`) and `GET /readyz` (JSON of every readiness
 * check; 200 when all pass, else 503). In HTTP mode they are routes of the Slack receiver; in Socket
 * Mode, where the bot has no HTTP server of its own, `startHealthServer` serves them on PORT.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@slack/bolt';
import type { Route } from '../slack/http-receiver.js';
import type { Readiness } from './readiness.js';

export function healthRoutes(readiness: Readiness): Route[] {
  return [
    {
      method: 'GET',
      path: '/healthz',
      handler: (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end('ok');
      },
    },
    {
      method: 'GET',
      path: '/readyz',
      handler: async (_req, res) => {
        const report = await readiness.report();
        res.writeHead(report.status === 'ready' ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(`${JSON.stringify(report, null, 2)}\n`);
      },
    },
  ];
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/** The given routes (GET also answers HEAD), 404 elsewhere, 405 for other methods; nothing else is served. */
export function startHealthServer(options: { port: number; host?: string; routes: Route[]; logger: Pick<Logger, 'error'> }): Promise<HealthServer> {
  const byPath = new Map(options.routes.map((route) => [route.path, route]));
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = byPath.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found: this port serves /healthz and /readyz.');
      return;
    }
    const allowed = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
    if (!allowed.includes(req.method ?? 'GET')) {
      res.writeHead(405, { allow: allowed.join(', ') });
      res.end();
      return;
    }
    Promise.resolve(route.handler(req, res)).catch((error: unknown) => {
      options.logger.error(`health route ${path} failed`, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', (error) => options.logger.error('the health server failed', error));
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
