/**
 * The domains Slack must send `link_shared` for (manifest.yml `features.unfurl_domains`): the host of
 * the help desk's talep pages (`HELPDESK_TALEP_URL`, by default the help desk's own host) and of the
 * documentation site (`DOCS_SITE_URL`). Slack takes host names only — no scheme, port or path — and
 * not IP addresses or `localhost`, so a sandbox on 127.0.0.1 gets no previews in a real workspace.
 * Pure.
 */
import { TALEP_ID_PLACEHOLDER } from '../domain/talep-link.js';

export interface UnfurlDomains {
  domains: string[];
  /** Hosts Slack will not accept as unfurl domains (addresses, localhost). */
  unusable: string[];
}

const isAddressOrLocal = (host: string) => host === 'localhost' || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

export function unfurlDomains(talepUrlTemplate: string, docsSiteUrl?: string): UnfurlDomains {
  const hosts = new Set<string>();
  for (const url of [talepUrlTemplate.replaceAll(TALEP_ID_PLACEHOLDER, '1'), docsSiteUrl]) {
    if (!url) continue;
    try {
      hosts.add(new URL(url).hostname.toLowerCase());
    } catch {
      // A template the configuration check refused never gets here.
    }
  }
  const all = [...hosts];
  return { domains: all.filter((host) => !isAddressOrLocal(host)), unusable: all.filter(isAddressOrLocal) };
}
