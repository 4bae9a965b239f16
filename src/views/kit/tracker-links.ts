/**
 * Links to issues in external trackers (TalepIntegrationData: one `<Tracker>IssueUrl` field per
 * linked tracker). Shown where a person asked for a talep's relations, never on public posts: they
 * point into other teams' systems. Pure.
 */
import type { IntegrationData } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText } from './blocks.js';
import { safeUrl } from './links.js';

/** Linked tracker issues: one per `<Tracker>IssueUrl` that holds a plain web link, e.g. `{ tracker: 'Jira', url }`. */
export function trackerLinks(integrations: IntegrationData | undefined): { tracker: string; url: string }[] {
  return Object.entries(integrations ?? {}).flatMap(([key, value]) => {
    const tracker = /^(.+)IssueUrl$/.exec(key)?.[1];
    const url = safeUrl(typeof value === 'string' ? value : undefined);
    return tracker && url ? [{ tracker, url }] : [];
  });
}

/** The last path segment of an issue link (`NET-42`, `12`), so two links of one tracker can be told apart. */
function issueKey(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return /^[\w.-]{1,40}$/.test(segment) ? segment : '';
}

/** `:link: Linked issues: <url|Jira NET-42> · …` (mrkdwn), or undefined when there are none. */
export function trackerLinksText(integrations: IntegrationData | undefined, m: Messages = english): string | undefined {
  const links = trackerLinks(integrations).map(({ tracker, url }) => {
    const key = issueKey(url);
    return `<${url}|${escapeText(tracker)}${key ? ` ${escapeText(key)}` : ''}>`;
  });
  return links.length > 0 ? m.t('outbox.linkedIssues', { links: links.join(' · ') }) : undefined;
}
