/** `POST /helpdesk/events` (the bot's side) and the sandbox's "HTTP POST to URL" rule action (the help desk's side). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { talepChangeBus, type TalepChange } from '../../src/events/talep-changes.js';
import { helpdeskWebhookRoute } from '../../src/events/webhook.js';
import { startHealthServer } from '../../src/health/http.js';
import { startSandbox } from '../../src/sandbox/server.js';

const SECRET = 'a-webhook-secret-of-some-length';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the webhook route', () => {
  const published: TalepChange[] = [];
  const warnings: string[] = [];
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const changes = talepChangeBus();
    changes.subscribe((change) => void published.push(change));
    const route = helpdeskWebhookRoute({ secret: SECRET, changes, logger: { info: () => undefined, warn: (line) => void warnings.push(line) } });
    ({ server, url } = await listen((req, res) => void route.handler(req, res)));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string, headers: Record<string, string> = {}, query = `?secret=${SECRET}`) =>
    fetch(`${url}/helpdesk/events${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('takes the talep ids and the event from JSON or a form, and answers 202', async () => {
    expect((await post('{"TalepID": 12, "Event": "commented"}')).status).toBe(202);
    expect((await post('{"ids": [3, 4]}', { 'x-helpdesk-secret': SECRET }, '')).status).toBe(202);
    expect((await post('talepId=9&event=closed', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(published.map((change) => `${change.talepId}:${change.kind}:${change.via}`)).toEqual(['12:commented:push', '3:updated:push', '4:updated:push', '9:closed:push']);
  });

  it('refuses a missing or wrong secret (401) without logging it, a large body (413), no talep id (400)', async () => {
    expect((await post('{"TalepID": 1}', {}, '')).status).toBe(401);
    expect((await post('{"TalepID": 1}', {}, '?secret=guess-1234')).status).toBe(401);
    expect((await post('{"TalepID": 1}', { authorization: `Bearer ${SECRET}x` }, '')).status).toBe(401);
    expect((await post('x'.repeat(20_000))).status).toBe(413);
    expect((await post('{"Subject": "no id"}')).status).toBe(400);
    expect((await post('{"TalepID": -4}')).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect(warnings.join('\n')).not.toContain(SECRET);
    expect(warnings.join('\n')).not.toContain('guess-1234');
  });
});

describe('Socket Mode: the health listener serves the webhook too', () => {
  it('answers POST /helpdesk/events beside /healthz, and 405 for a GET of it', async () => {
    const changes = talepChangeBus();
    const seen: number[] = [];
    changes.subscribe((change) => void seen.push(change.talepId));
    const route = helpdeskWebhookRoute({ secret: SECRET, changes, logger: { info: () => undefined, warn: () => undefined } });
    const health = await startHealthServer({ port: 0, host: '127.0.0.1', routes: [route], logger: { error: () => undefined } });
    try {
      const base = `http://127.0.0.1:${health.port}/helpdesk/events`;
      const posted = await fetch(`${base}?secret=${SECRET}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"TalepID": 5}' });
      expect(posted.status).toBe(202);
      expect((await fetch(base)).status).toBe(405);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([5]);
    } finally {
      await health.close();
    }
  });
});

describe("the sandbox's HttpPost rule action", () => {
  it('posts after create, update, comment, assignment and close; an Event condition narrows it', async () => {
    const received: { url: string; body: unknown }[] = [];
    const sink = await listen((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(text) as unknown });
        res.end('ok');
      });
    });
    const sandbox = await startSandbox({ port: 0, settings: { DisableRateLimit: true } });
    const hd = new HelpdeskClient({ baseUrl: sandbox.baseUrl, cache: false });
    try {
      await sandbox.addRule({ name: 'all', enabled: true, match: 'All', conditions: [], actions: [{ type: 'HttpPost', value: `${sink.url}/all?id={TalepID}&e={Event}` }] });
      await sandbox.addRule({
        name: 'closes',
        enabled: true,
        match: 'All',
        conditions: [{ field: 'Event', operator: 'equals', value: 'closed' }],
        actions: [{ type: 'HttpPost', value: `${sink.url}/closed` }],
      });
      const admin = hd.withCredential(bearer(sandbox.tokenFor('admin')));
      const { id } = await admin.createTalep({ categoryId: 1, subject: 'Webhook me', body: 'x', priorityId: 0 });
      await admin.addComment({ id, body: 'hello' });
      await admin.updateTalep({ id, assignedUserId: 2 });
      await admin.updateTalep({ id, priority: 1 });
      await admin.closeTalep({ id });
      await admin.getTalep({ id }); // a read posts nothing
      const deadline = Date.now() + 3_000;
      while (received.length < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const all = received.filter((post) => post.url.startsWith('/all')).map((post) => post.url);
      expect(all).toEqual([`/all?id=${id}&e=created`, `/all?id=${id}&e=commented`, `/all?id=${id}&e=assigned`, `/all?id=${id}&e=updated`, `/all?id=${id}&e=closed`]);
      expect(received.filter((post) => post.url === '/closed').map((post) => post.body)).toEqual([{ TalepID: id, Event: 'closed', Status: 'Closed' }]);
    } finally {
      await hd.close();
      await sandbox.close();
      await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    }
  });
});
