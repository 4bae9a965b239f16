/**
 * `npm run bench`: head-of-line blocking down to the socket. A loopback help desk answers creates after
 * 5 s and reads at once; while 10 slow creates are kept in flight (each one re-sent as soon as it is
 * answered), another user's read (`whoami`'s POST /Authorization) is timed. The mean is that user's
 * wait: the time of the read itself when connections are scheduled fairly, several seconds when the
 * read queues behind the creates.
 *
 * The rate budget is off here (the load is ~120 creates/min): this measures connections, not the throttle.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bench, describe } from 'vitest';
import { bearer } from '../src/api/auth.js';
import { HelpdeskClient } from '../src/api/client.js';

const CREATE_MS = 5_000;
const SLOW_CREATES = 10;

const me = { UserID: 7, Username: 'reader', Email: 'reader@example.com', IsAdmin: false, Disabled: false, LastSeen: null };

/** Creates (POST /api/talep) answer after CREATE_MS; everything else answers at once. */
function slowCreateHelpdesk(): Server {
  let nextId = 1;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const json = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && request.url?.toLowerCase().startsWith('/api/talep')) {
        const timer = setTimeout(() => json({ id: nextId++ }), CREATE_MS);
        response.on('close', () => clearTimeout(timer));
      } else {
        json(me);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/** 10 creates always in flight: `creators` users, each keeping SLOW_CREATES / creators of them going. */
function backgroundLoad(creators: number) {
  let server: Server | undefined;
  let helpdesk: HelpdeskClient | undefined;
  let reader: HelpdeskClient | undefined;
  let running = false;
  const loops: Promise<void>[] = [];

  async function start(): Promise<void> {
    if (running) return;
    server = slowCreateHelpdesk();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    helpdesk = new HelpdeskClient({ baseUrl: `http://127.0.0.1:${port}/api`, throttle: { enabled: false }, cache: false });
    const users = Array.from({ length: creators }, (_, i) =>
      helpdesk!.withCredential(bearer(`creator-token-${i}`), { fairnessKey: `T1:creator-${i}` }),
    );
    reader = helpdesk.withCredential(bearer('reader-token'), { fairnessKey: 'T1:reader' });
    // Every credential is verified first, as linked users' are: the lock-out guard then never holds them.
    await Promise.all([...users, reader].map((user) => user.authorization()));
    running = true;
    for (let i = 0; i < SLOW_CREATES; i++) {
      const user = users[i % creators]!;
      loops.push(
        (async () => {
          while (running) {
            await user.createTalep({ categoryId: 1, subject: `slow ${i}`, body: 'x', priorityId: 0 }).catch(() => undefined);
          }
        })(),
      );
    }
    // Let the creates reach the connections before the first read is timed.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  async function stop(): Promise<void> {
    if (!running) return;
    running = false;
    server?.closeAllConnections();
    await helpdesk?.close();
    await Promise.all(loops.splice(0));
    server?.close();
  }

  return {
    read: async () => {
      await reader!.authorization();
    },
    options: {
      time: 2_000,
      iterations: 5,
      warmupTime: 0,
      warmupIterations: 1,
      setup: start,
      teardown: async (_task: unknown, mode?: 'run' | 'warmup') => {
        if (mode !== 'warmup') await stop();
      },
    },
  };
}

describe(`another user's read while ${SLOW_CREATES} creates take ${CREATE_MS / 1000} s`, () => {
  const spread = backgroundLoad(SLOW_CREATES);
  bench(`whoami of an 11th user; ${SLOW_CREATES} users each with one slow create`, spread.read, spread.options);

  const single = backgroundLoad(1);
  bench(`whoami of a 2nd user; one user with ${SLOW_CREATES} slow creates`, single.read, single.options);
});
