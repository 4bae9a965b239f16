/**
 * A talep's page in the help desk's web interface ("Open in help desk" buttons, links in lists, later link
 * unfurls), and the way back from such a link to the talep's id. One template drives both directions:
 * `HELPDESK_TALEP_URL`, by default `<root>/Talep/{id}`, where `<root>` is the application root (the API
 * base URL without its final `/api`).
 *
 * A record's own `Url` wins when the help desk gives a plain http(s) one (real servers point at
 * `<root>/Ticket/<id>`); real list rows carry none, and then the template still makes every talep a link.
 * Pure: no I/O, no configuration read here.
 */

/**
 * The application root: the API base URL without its final `/api` segment. The token page
 * (`/User/Token`) lives there, not under the API.
 */
export function applicationRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '') || '/';
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export const TALEP_ID_PLACEHOLDER = '{id}';

/** A talep, a list row, or just an id. */
export type TalepLinkable = number | { readonly TalepID: number; readonly Url?: string | undefined };

/** Only plain web links are used: anything else could break Slack's `<url|text>` syntax or be a script. */
const webUrl = (url: string | undefined): string | undefined => (url && /^https?:\/\/[^\s<>|]+$/i.test(url) ? url : undefined);

export function defaultTalepUrlTemplate(apiBaseUrl: string): string {
  return `${applicationRoot(apiBaseUrl)}/Talep/${TALEP_ID_PLACEHOLDER}`;
}

/** Why a template cannot be used (for the configuration check), or undefined when it can. */
export function talepUrlTemplateProblem(template: string): string | undefined {
  if (!template.includes(TALEP_ID_PLACEHOLDER)) return `must contain ${TALEP_ID_PLACEHOLDER} where the talep's id goes`;
  if (!webUrl(fill(template, 1))) return 'must be an http(s) URL without spaces';
  return undefined;
}

/** The template in use: the configured one (already checked), else `<root>/Talep/{id}` of this help desk. */
export function talepUrlTemplate(apiBaseUrl: string, configured?: string): string {
  return configured?.trim() || defaultTalepUrlTemplate(apiBaseUrl);
}

const fill = (template: string, id: number) => template.replaceAll(TALEP_ID_PLACEHOLDER, String(id));

/** The talep's page: the record's own `Url` when it is a web link, else the template with the id. */
export function talepUrl(talep: TalepLinkable, template: string): string {
  if (typeof talep === 'number') return fill(template, talep);
  return webUrl(talep.Url) ?? fill(template, talep.TalepID);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ID = '(\\d{1,9})';
/** The paths help desks give their talep pages (`Url`): this sandbox's, its older one, and the real product's. */
const RECORD_URL_PATH = new RegExp(`/(?:Talep|Ticket)(?:/View)?/${ID}/?$`, 'i');

/**
 * The talep a link points at: the template's form (a trailing slash, query or fragment tolerated), or a
 * record-`Url` form on the template's site (`<root>/Talep/<id>`, `<root>/Ticket/<id>`, `<root>/Talep/View/<id>`).
 * Undefined for anything else, including other sites.
 */
export function talepIdFromUrl(url: string, template: string): number | undefined {
  const link = url.trim();
  const [before, after] = splitTemplate(template);
  const tail = after.includes('?') ? '/?(?:#.*)?' : '/?(?:[?#].*)?';
  const fromTemplate = new RegExp(`^${escapeRegExp(before)}${ID}${escapeRegExp(after)}${tail}$`, 'i').exec(link);
  if (fromTemplate?.[1]) return positive(fromTemplate[1]);
  const parsed = parseWebUrl(link);
  const site = parseWebUrl(fill(template, 1));
  if (!parsed || !site || parsed.origin !== site.origin) return undefined;
  const fromRecord = RECORD_URL_PATH.exec(parsed.pathname);
  return fromRecord?.[1] ? positive(fromRecord[1]) : undefined;
}

function splitTemplate(template: string): [string, string] {
  const at = template.indexOf(TALEP_ID_PLACEHOLDER);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + TALEP_ID_PLACEHOLDER.length).replaceAll(TALEP_ID_PLACEHOLDER, '')];
}

function parseWebUrl(text: string): URL | undefined {
  if (!webUrl(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function positive(digits: string): number | undefined {
  const id = Number(digits);
  return id >= 1 ? id : undefined;
}
