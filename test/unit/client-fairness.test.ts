/**
 * Fairness down to the socket, with the real undici pool: a loopback help desk that holds every
 * create until the test lets it go (a help desk taking its time) and answers everything else at once.
 * Another user's read must be answered while the creates are still held.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient, type HelpdeskClientOptions } from '../../src/api/client.js';

const me = { UserID: 7, Username: 'reader', Email: 'reader@example.com', IsAdmin: false, Disabled: false, LastSeen: null };

interface SlowHelpdesk {
  client: HelpdeskClient;
  /** Creates that reached the server and wait for an answer, by the token that sent them. */
  held: { token: string; answer: () => void }[];
  /** Answers every held create, and every later one at once. */
  releaseCreates(): void;
  close(): Promise<void>;
}

let open: SlowHelpdesk | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function slowHelpdesk(options: Partial<HelpdeskClientOptions>): Promise<SlowHelpdesk> {
  const held: SlowHelpdesk['held'] = [];
  let released = false;
  let nextId = 1;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const answer = (body: unknown) => () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && request.url === '/api/talep') {
        const reply = answer({ id: nextId++ });
        if (released) reply();
        else held.push({ token: request.headers.authorization ?? '', answer: reply });
      } else {
        answer(me)();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = new HelpdeskClient({ baseUrl: `http://127.0.0.1:${port}/api`, throttle: { enabled: false }, cache: false, ...options });
  open = {
    client,
    held,
    releaseCreates: () => {
      released = true;
      for (const { answer } of held.splice(0)) answer();
    },
    close: async () => {
      server.closeAllConnections();
      await client.close();
      server.close();
    },
  };
  return open;
}

/** A user of the bot whose token the help desk has accepted before (the guard never holds them). */
async function linkedUser(client: HelpdeskClient, name: string): Promise<HelpdeskClient> {
  const user = client.withCredential(bearer(`${name}-token`), { fairnessKey: `T1:${name}` });
  await user.authorization();
  return user;
}

const create = (user: HelpdeskClient, subject: string) => user.createTalep({ categoryId: 1, subject, body: 'x', priorityId: 0 });

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** 'answered', or 'stuck' when the read is still waiting after a few seconds (it would wait for the creates). */
async function answeredWhileCreatesAreHeld(read: Promise<unknown>): Promise<'answered' | 'stuck'> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), 4_000)));
  try {
    return await Promise.race([read.then(() => 'answered' as const), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

describe('fairness down to the socket', () => {
  it("answers another user's read while 10 users' creates hold the help desk, and never queues in the pool", async () => {
    const hd = await slowHelpdesk({ connections: 4, scheduling: { readReserve: 1, perKey: 2 } });
    const creators = await Promise.all(Array.from({ length: 10 }, (_, i) => linkedUser(hd.client, `creator-${i}`)));
    const reader = await linkedUser(hd.client, 'reader');

    const creates = creators.map((user, i) => create(user, `slow ${i}`));
    await until(() => hd.held.length === 3, 'three creates at the help desk');

    expect(await answeredWhileCreatesAreHeld(reader.authorization())).toBe('answered');
    // Writes never had more than the shared connections (4 minus the read reserve).
    expect(hd.held).toHaveLength(3);

    hd.releaseCreates();
    expect((await Promise.all(creates)).map(({ id }) => id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("lets another user's create through while one user's 10 creates wait, and that user's read too", async () => {
    const hd = await slowHelpdesk({ connections: 8, scheduling: { readReserve: 2, perKey: 2 } });
    const busy = await linkedUser(hd.client, 'busy');
    const other = await linkedUser(hd.client, 'other');

    const creates = Array.from({ length: 10 }, (_, i) => create(busy, `busy ${i}`));
    await until(() => hd.held.length === 2, "two of busy's creates at the help desk");
    const otherCreate = create(other, 'other');
    await until(() => hd.held.length === 3, "the other user's create at the help desk");

    expect(hd.held.map(({ token }) => token)).toEqual(['Bearer busy-token', 'Bearer busy-token', 'Bearer other-token']);
    expect(await answeredWhileCreatesAreHeld(busy.authorization())).toBe('answered');

    hd.releaseCreates();
    await Promise.all([...creates, otherCreate]);
  });
});
