/**
 * The playground end to end without a browser: the real bot (HTTP mode, its own receiver) against the
 * sandbox and the workspace, driven through the page's JSON API exactly as the page drives it. The same
 * flows in a real browser are test/browser/playground.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { HELPDESK_CHANNEL, PEOPLE } from '../../src/playground/seed.js';
import type { JsonObject, Snapshot } from '../../src/playground/web/protocol.js';
import { SurfaceState } from '../../src/playground/web/state.js';

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
});
afterAll(async () => pg?.close());

const id = (name: string) => PEOPLE.find((person) => person.name === name)?.id ?? name;
const state = async (as: string): Promise<Snapshot> => (await fetch(`${pg.url}/api/state?as=${id(as)}`)).json() as Promise<Snapshot>;
const call = async (path: string, body: unknown) => {
  const response = await fetch(`${pg.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as JsonObject };
};
const channel = (snapshot: Snapshot) => snapshot.conversations.find((c) => c.id === HELPDESK_CHANNEL.id)?.messages ?? [];

async function until<T>(as: string, probe: (snapshot: Snapshot) => T | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = probe(await state(as));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the page server', () => {
  it('serves the page and the emoji table on 127.0.0.1 only', async () => {
    expect(pg.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await fetch(pg.url);
    expect(await page.text()).toMatch(/<script\s+type="module"\s+src="\/app\/main\.js"/);
    const emoji = await fetch(`${pg.url}/vendor/slack-to-html/emoji.mjs`);
    expect([emoji.status, emoji.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await fetch(`${pg.url}/vendor/slack-to-html/../package.json`)).status).toBe(404);
  });

  it('refuses requests for another host name (DNS rebinding) and malformed bodies', async () => {
    const { request } = await import('undici');
    const foreign = await request(`${pg.url}/api/state`, { headers: { host: 'evil.example:80' } });
    expect(foreign.statusCode).toBe(421);
    await foreign.body.dump();
    expect((await call('command', { as: id('user'), channel: HELPDESK_CHANNEL.id })).status).toBe(400);
    expect((await call('command', { as: 'UNOBODY', channel: HELPDESK_CHANNEL.id, text: 'help' })).status).toBe(409);
  });
});

describe('people and the bot', () => {
  it('user, agent and admin are linked; the newcomer is not', async () => {
    const people = (await state('user')).people.filter((person) => !person.isBot);
    expect(Object.fromEntries(people.map((person) => [person.name, person.linkedAs ?? null]))).toEqual({ user: 'user', agent: 'agent', admin: 'admin', newcomer: null });
  });

  it('/talep whoami answers the person who typed it, and only them', async () => {
    await call('command', { as: id('agent'), channel: HELPDESK_CHANNEL.id, text: 'whoami' });
    const answer = await until('agent', (s) => channel(s).find((m) => m.ephemeral && m.user === pg.workspace.snapshotFor(id('agent')).app.botUserId), 'the whoami answer');
    expect(JSON.stringify(answer)).toContain('agent');
    expect(channel(await state('user')).some((m) => m.ts === answer.ts)).toBe(false);
  });

  it('the newcomer’s "Open a talep" gets the connect prompt, not a modal', async () => {
    const message = channel(await state('newcomer')).find((m) => m.text.includes('VPN'));
    await call('shortcut', { as: id('newcomer'), callbackId: 'open_talep', message: { channel: HELPDESK_CHANNEL.id, ts: message?.ts } });
    const prompt = await until('newcomer', (s) => channel(s).find((m) => m.ephemeral && JSON.stringify(m.blocks).includes('Connect')), 'the connect prompt');
    expect(prompt.text).toMatch(/connect/i);
    expect((await state('newcomer')).modals).toEqual([]);
  });

  it('opening the Home tab makes the bot publish it', async () => {
    await call('home', { as: id('admin') });
    const home = await until('admin', (s) => s.home, 'the Home tab');
    expect(JSON.stringify(home.view.blocks)).toContain('Connected as *admin*');
  });
});

describe('the app’s direct messages', () => {
  it('"Download" on a talep’s files sends the file to the person’s DM with the app', async () => {
    await call('command', { as: id('agent'), channel: HELPDESK_CHANNEL.id, text: 'files 2' });
    const list = await until('agent', (s) => channel(s).find((m) => m.ephemeral && JSON.stringify(m.blocks).includes('talep_file_download')), 'the file list');
    const row = (list.blocks ?? []).find((block) => JSON.stringify(block).includes('talep_file_download')) as { block_id: string; accessory: { action_id: string } };
    await call('action', { as: id('agent'), place: { kind: 'message', channel: HELPDESK_CHANNEL.id, ts: list.ts }, action: { action_id: row.accessory.action_id, block_id: row.block_id, type: 'button' }, state: {} });
    const dm = await until('agent', (s) => s.conversations.find((c) => c.kind === 'dm')?.messages.find((m) => m.files?.length), 'the DM with the file');
    expect(dm).toMatchObject({ user: pg.workspace.snapshotFor(id('agent')).app.botUserId, text: 'From talep #2' });
    const file = dm.files?.[0];
    const served = await fetch(`${pg.url}/files/${file?.id}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(file?.size);
    // Only the agent's DM has it.
    expect((await state('user')).conversations.find((c) => c.kind === 'dm')?.messages ?? []).toEqual([]);
  });
});

describe('"Open a talep" through the page’s API', () => {
  it('opens the form, reloads it for the chosen category, creates the talep with the message’s file, and replies in the thread', async () => {
    const message = channel(await state('agent')).find((m) => m.text.includes('VPN'));
    expect(message?.files?.[0]?.name).toBe('vpn-client.log');
    await call('shortcut', { as: id('agent'), callbackId: 'open_talep', message: { channel: HELPDESK_CHANNEL.id, ts: message?.ts } });
    const form = await until('agent', (s) => s.modals.find((m) => m.view.callback_id === 'new_talep_form'), 'the new-talep form');
    const surface = new SurfaceState();
    surface.adopt(form.view.blocks);
    const network = { text: { type: 'plain_text', text: 'IT Support / Network' }, value: '3' };
    surface.set('nt_category', 'nt_category', { type: 'static_select', selected_option: network });
    await call('action', { as: id('agent'), place: { kind: 'view', viewId: form.id }, action: { action_id: 'nt_category', block_id: 'nt_category', type: 'static_select', selected_option: network }, state: surface.values() });
    const reloaded = await until('agent', (s) => s.modals.find((m) => m.id === form.id && m.hash !== form.hash && String(m.view.private_metadata).includes('"categoryId":3')), 'the form for Network');
    surface.adopt(reloaded.view.blocks);
    // What the person chose survives the update (same block and action ids), as in Slack.
    expect(surface.get('nt_category', 'nt_category')).toMatchObject({ selected_option: { value: '3' } });
    const submitted = await call('submit', { as: id('agent'), viewId: form.id, state: surface.values() });
    expect(submitted.body).toEqual({ outcome: 'updated' });
    const created = await until('agent', (s) => /Talep #(\d+) created/.exec(JSON.stringify(s.modals.at(-1)?.view.blocks ?? []))?.[1], 'the created view');
    const talepId = Number(created);

    const talep = await pg.services.helpdesk.withCredential(bearer(pg.sandbox.tokenFor('agent'))).getTalep({ id: talepId });
    expect(talep.Attachments.map((file) => file.FileName)).toEqual(['vpn-client.log']);
    expect(talep.CategoryID).toBe(3);
    const reply = await until('user', (s) => channel(s).find((m) => m.threadTs === message?.ts && m.text.includes(`#${talepId}`)), 'the thread reply');
    expect(reply.ephemeral).toBeUndefined();
  });
});
