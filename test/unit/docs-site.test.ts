/**
 * Documentation-link previews: the oEmbed client (src/docs-site/oembed.ts) against undici's MockAgent
 * — validation, the strict time limit, the bounded body, redirects kept to the site's own host, the
 * short cache — and the sandbox's stand-in of the documentation site over loopback.
 */
import { MockAgent, type MockPool } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OembedDocsSite } from '../../src/docs-site/oembed.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

const SITE = 'https://docs.example.com';
const PROXY = '/wp-json/oembed/1.0/proxy';
const page = `${SITE}/guides/vpn/`;

const answer = {
  version: '1.0',
  type: 'rich',
  title: 'Connect to the VPN',
  author_name: 'Ayla Demir',
  provider_name: 'Docs',
  html: '<blockquote><a href="https://docs.example.com/guides/vpn/">Connect to the VPN</a></blockquote>',
  description: 'Install the client, then sign in.',
};

const logs: string[] = [];
const logger = { debug: (...parts: unknown[]) => logs.push(parts.join(' ')), info: (...parts: unknown[]) => logs.push(parts.join(' ')) };

let agent: MockAgent;
let pool: MockPool;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  pool = agent.get(SITE);
  logs.length = 0;
});
afterEach(async () => {
  await agent.close();
});

const site = (options: Partial<ConstructorParameters<typeof OembedDocsSite>[0]> = {}) => new OembedDocsSite({ siteUrl: SITE, logger, dispatcher: agent, ...options });
const json = { 'content-type': 'application/json; charset=UTF-8' };

describe('the oEmbed client', () => {
  it('asks the proxy for the page and gives title, excerpt and author', async () => {
    let asked: URL | undefined;
    pool.intercept({ path: (path) => ((asked = new URL(path, SITE)), path.startsWith(PROXY)) }).reply(200, answer, { headers: json });
    expect(await site().preview(page)).toEqual({ url: page, title: 'Connect to the VPN', excerpt: 'Install the client, then sign in.', authorName: 'Ayla Demir', providerName: 'Docs' });
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ url: page, format: 'json', maxwidth: '600' });
  });

  it('covers only links into the site', () => {
    const docs = site({ siteUrl: `${SITE}/kb` });
    expect(docs.covers(`${SITE}/kb/guides/vpn/`)).toBe(true);
    expect(docs.covers(`${SITE}/kbx/guides`)).toBe(false);
    expect(docs.covers(`${SITE}/other`)).toBe(false);
    expect(docs.covers('https://evil.example.com/kb/x')).toBe(false);
    expect(docs.covers('javascript:alert(1)')).toBe(false);
  });

  it('keeps answers a short while, and one request serves concurrent askers', async () => {
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(200, answer, { headers: json });
    const docs = site();
    const [a, b] = await Promise.all([docs.preview(page), docs.preview(page)]);
    expect(a).toEqual(b);
    // The one interceptor is used up: a fourth request would fail with "no mock" and give undefined.
    expect((await docs.preview(page))?.title).toBe('Connect to the VPN');
  });

  it('never follows a redirect to another host, follows one within the site', async () => {
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(302, '', { headers: { location: 'https://evil.example.net/steal' } });
    expect(await site().preview(page)).toBeUndefined();
    expect(logs.join('\n')).toContain('a redirect to another host (evil.example.net) was not followed');

    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(301, '', { headers: { location: '/index.php?rest_route=/oembed/1.0/proxy' } });
    pool.intercept({ path: (path) => path.startsWith('/index.php') }).reply(200, answer, { headers: json });
    expect((await site().preview(`${SITE}/moved/`))?.title).toBe('Connect to the VPN');
  });

  it('gives nothing for an answer that is not oEmbed JSON, too large, or too late', async () => {
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(200, { title: 'no type' }, { headers: json });
    expect(await site().preview(`${SITE}/a/`)).toBeUndefined();
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(200, '<html>login</html>', { headers: { 'content-type': 'text/html' } });
    expect(await site().preview(`${SITE}/b/`)).toBeUndefined();
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(200, { ...answer, html: 'x'.repeat(50_000) }, { headers: json });
    expect(await site({ maxBodyBytes: 10_000 }).preview(`${SITE}/c/`)).toBeUndefined();
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(200, answer, { headers: json }).delay(500);
    expect(await site({ timeoutMs: 100 }).preview(`${SITE}/d/`)).toBeUndefined();
    pool.intercept({ path: (path) => path.startsWith(PROXY) }).reply(404, { code: 'oembed_invalid_url' }, { headers: json });
    expect(await site().preview(`${SITE}/e/`)).toBeUndefined();
    expect(logs.join('\n')).toMatch(/not oEmbed[\s\S]*not JSON[\s\S]*over 10000 bytes[\s\S]*no answer in time[\s\S]*HTTP 404/);
  });

  it('sends the application password to the site only', async () => {
    let authorization: unknown;
    pool.intercept({ path: (path) => path.startsWith(PROXY), headers: (headers) => ((authorization = headers.authorization), true) }).reply(200, answer, { headers: json });
    await site({ credentials: { user: 'bot', password: 'abcd efgh' } }).preview(page);
    expect(authorization).toBe(`Basic ${Buffer.from('bot:abcd efgh').toString('base64')}`);
  });
});

describe("the sandbox's documentation-site stand-in", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  const proxy = (query: Record<string, string>) => send(sandbox, `${sandbox.docsSiteUrl}/wp-json/oembed/1.0/proxy`, { query });

  it('answers oEmbed JSON for its own pages, sized to maxwidth', async () => {
    const response = await proxy({ url: `${sandbox.docsSiteUrl}/clear-a-printer-jam/`, maxwidth: '300' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ version: '1.0', type: 'rich', title: 'Clear a printer jam', author_name: 'Mehmet Kaya', width: 300, height: 169 });
    const xml = await proxy({ url: `${sandbox.docsSiteUrl}/clear-a-printer-jam`, format: 'xml' });
    expect(xml.headers['content-type']).toContain('text/xml');
    expect(xml.text).toContain('<title>Clear a printer jam</title>');
  });

  it("refuses what the appendix's parameters do not allow, in the REST index's error shape", async () => {
    expect((await proxy({})).json()).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400 } });
    expect((await proxy({ url: 'not a url' })).json()).toMatchObject({ code: 'rest_invalid_param', data: { params: { url: 'url is not a valid URI.' } } });
    expect((await proxy({ url: `${sandbox.docsSiteUrl}/x`, format: 'yaml' })).status).toBe(400);
    expect((await proxy({ url: `${sandbox.docsSiteUrl}/x`, maxwidth: 'wide' })).status).toBe(400);
    const elsewhere = await proxy({ url: 'https://example.org/clear-a-printer-jam/' });
    expect([elsewhere.status, elsewhere.json()]).toEqual([404, { code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } }]);
  });

  it('serves its REST index root and its pages, and needs no help-desk sign-in', async () => {
    const index = await send(sandbox, `${sandbox.docsSiteUrl}/wp-json`);
    expect(index.json()).toMatchObject({ namespaces: ['oembed/1.0'], routes: { '/oembed/1.0/proxy': { methods: ['GET'] } } });
    expect((await send(sandbox, `${sandbox.docsSiteUrl}/connect-to-the-vpn/`)).text).toContain('<h1>Connect to the VPN</h1>');
  });
});
