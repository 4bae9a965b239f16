/**
 * A tiny stand-in of the documentation site that sits next to the help desk (the spec's appendix:
 * "site-management REST index of the documentation site"): a few pages, the REST index's root route,
 * and its oEmbed proxy — enough for the bot's documentation-link previews to run over real HTTP in
 * tests and try-outs. The sandbox serves it under `/docs-site` (REST root `/docs-site/wp-json`).
 *
 * The oEmbed proxy takes what the appendix lists — `url` (uri, required), `format` (json or xml,
 * default json), `maxwidth` (int, default 600), `maxheight` (int), `discover` (bool, default true) —
 * and answers for this site's own pages; other routes of the index are "not shown" in the spec and
 * are not served. Errors have the REST index's shape (`{code, message, data: {status}}`).
 */
import * as z from 'zod';
import { htmlReply, jsonReply, type Reply, textReply } from './respond.js';

export const DOCS_SITE_PATH = '/docs-site';
export const DOCS_REST_PATH = '/wp-json';

interface DocPage {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  body: string;
}

const PAGES: readonly DocPage[] = [
  {
    slug: 'connect-to-the-vpn',
    title: 'Connect to the VPN',
    excerpt: 'Install the VPN client, sign in with your company account and pick the nearest gateway.',
    author: 'Ayla Demir',
    body: 'Install the VPN client from the software portal, sign in with your company account and pick the nearest gateway.',
  },
  {
    slug: 'clear-a-printer-jam',
    title: 'Clear a printer jam',
    excerpt: 'Open tray 2, remove the jammed sheet <strong>slowly</strong> and close the rear cover.',
    author: 'Mehmet Kaya',
    body: 'Open tray 2, remove the jammed sheet slowly and close the rear cover before printing again.',
  },
  {
    slug: 'open-a-talep-from-slack',
    title: 'Open a talep from Slack',
    excerpt: 'Use /talep new, the “Open a talep” shortcut on any message, or a Workflow Builder step.',
    author: 'Zeynep Arslan',
    body: 'Use /talep new, the “Open a talep” shortcut on any message, or a Workflow Builder step.',
  },
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const restError = (status: number, code: string, message: string, params?: Record<string, string>): Reply =>
  jsonReply({ code, message, data: { status, ...(params ? { params } : {}) } }, status);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const proxyParams = z.object({
  url: z.url({ protocol: /^https?$/, error: 'url is not a valid URI.' }),
  format: z.enum(['json', 'xml'], { error: 'format is not one of json and xml.' }).default('json'),
  maxwidth: z.coerce.number({ error: 'maxwidth is not of type integer.' }).int().min(1).default(600),
  maxheight: z.coerce.number({ error: 'maxheight is not of type integer.' }).int().min(1).optional(),
  discover: flag.default(true),
});

/**
 * A request under `/docs-site`: `path` is what follows it, `origin` the address the site is reached at
 * (for the links it hands out).
 */
export function docsSiteReply(method: string, path: string, query: URLSearchParams, origin: string): Reply {
  if (method !== 'GET' && method !== 'HEAD') return textReply(405, 'The documentation stand-in only serves GET.', { allow: 'GET' });
  const site = `${origin}${DOCS_SITE_PATH}`;
  const route = path.replace(/\/+$/, '') || '/';
  if (route === DOCS_REST_PATH) return jsonReply(restIndex(site));
  if (route === `${DOCS_REST_PATH}/oembed/1.0/proxy`) return oembedProxy(query, site);
  if (route.startsWith(`${DOCS_REST_PATH}/`)) return restError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  if (route === '/') return htmlReply(indexPage(site));
  const page = PAGES.find((candidate) => route === `/${candidate.slug}`);
  return page ? htmlReply(pageHtml(page)) : textReply(404, `No documentation page at ${DOCS_SITE_PATH}${path}.`);
}

function oembedProxy(query: URLSearchParams, site: string): Reply {
  if (!query.has('url')) return restError(400, 'rest_missing_callback_param', 'Missing parameter(s): url', { url: 'url is required.' });
  const parsed = proxyParams.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'url');
    return restError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { [name]: issue?.message ?? 'invalid' });
  }
  const { url, format, maxwidth, maxheight } = parsed.data;
  const page = pageAt(url, site);
  if (!page) return restError(404, 'oembed_invalid_url', 'Not Found');
  const width = Math.min(600, maxwidth);
  const height = Math.min(Math.round(width * 0.5625), maxheight ?? Number.POSITIVE_INFINITY);
  const answer = {
    version: '1.0',
    provider_name: 'Help-desk documentation',
    provider_url: site,
    author_name: page.author,
    author_url: `${site}/`,
    title: page.title,
    type: 'rich',
    width,
    height,
    html: `<blockquote class="wp-embedded-content"><a href="${escapeHtml(`${site}/${page.slug}/`)}">${escapeHtml(page.title)}</a></blockquote>`,
    description: page.excerpt,
  };
  if (format === 'json') return jsonReply(answer);
  const xml = Object.entries(answer)
    .map(([name, value]) => `<${name}>${escapeHtml(String(value))}</${name}>`)
    .join('');
  return { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: Buffer.from(`<?xml version="1.0" encoding="utf-8"?><oembed>${xml}</oembed>`) };
}

/** The page a URL names: this site's address, a page's slug, with or without the final slash, any query. */
function pageAt(url: string, site: string): DocPage | undefined {
  const link = new URL(url);
  const base = new URL(site);
  if (link.origin !== base.origin) return undefined;
  const path = link.pathname.replace(/\/+$/, '');
  return PAGES.find((page) => path === `${base.pathname}/${page.slug}`);
}

function restIndex(site: string) {
  return {
    name: 'Help-desk documentation',
    url: site,
    home: site,
    namespaces: ['oembed/1.0'],
    authentication: { 'application-passwords': { endpoints: { authorization: `${site}/wp-admin/authorize-application.php` } } },
    routes: {
      '/oembed/1.0/proxy': {
        namespace: 'oembed/1.0',
        methods: ['GET'],
        args: {
          url: { type: 'string', format: 'uri', required: true },
          format: { type: 'string', enum: ['json', 'xml'], default: 'json', required: false },
          maxwidth: { type: 'integer', default: 600, required: false },
          maxheight: { type: 'integer', required: false },
          discover: { type: 'boolean', default: true, required: false },
        },
      },
    },
  };
}

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

const indexPage = (site: string) =>
  layout(
    'Help-desk documentation',
    `<h1>Help-desk documentation</h1><ul>${PAGES.map((page) => `<li><a href="${escapeHtml(`${site}/${page.slug}/`)}">${escapeHtml(page.title)}</a></li>`).join('')}</ul>`,
  );

const pageHtml = (page: DocPage) =>
  layout(page.title, `<h1>${escapeHtml(page.title)}</h1><p>By ${escapeHtml(page.author)}</p><p>${escapeHtml(page.body)}</p>`);
