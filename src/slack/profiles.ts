/**
 * Slack user profiles (e-mail, time zone, name) via users.info, cached in memory for a while: assign,
 * due dates and "on behalf of" all need them, and users.info is rate-limited by Slack too.
 */
import type { webApi } from '@slack/bolt';
import { LRUCache } from 'lru-cache';

export interface SlackProfile {
  userId: string;
  name: string;
  email: string | undefined;
  /** Seconds east of UTC, as Slack reports it. */
  tzOffset: number;
  /** The person's Slack language (`tr-TR`, `en-US`), asked for with `include_locale`; undefined when Slack did not say. */
  locale?: string;
}

const cache = new LRUCache<string, SlackProfile>({ max: 5000, ttl: 30 * 60_000 });
/** Lookups on the way: simultaneous ones for one person share one users.info (50 forms at once: issue 13). */
const pending = new Map<string, Promise<SlackProfile>>();

export async function slackProfile(client: webApi.WebClient, userId: string): Promise<SlackProfile> {
  const cached = cache.get(userId);
  if (cached) return cached;
  let lookup = pending.get(userId);
  if (!lookup) {
    lookup = fetchProfile(client, userId).finally(() => pending.delete(userId));
    pending.set(userId, lookup);
  }
  return lookup;
}

async function fetchProfile(client: webApi.WebClient, userId: string): Promise<SlackProfile> {
  const result = await client.users.info({ user: userId, include_locale: true });
  const user = result.user;
  const profile: SlackProfile = {
    userId,
    name: user?.profile?.display_name || user?.real_name || user?.name || userId,
    email: user?.profile?.email || undefined,
    tzOffset: user?.tz_offset ?? 0,
    ...(user?.locale ? { locale: user.locale } : {}),
  };
  cache.set(userId, profile);
  return profile;
}

/** The cached profile, if any (no Slack call). */
export const cachedSlackProfile = (userId: string): SlackProfile | undefined => cache.get(userId);

/** A message's permalink never changes: kept (bounded), and simultaneous asks share one chat.getPermalink. */
const permalinks = new LRUCache<string, Promise<string | undefined>>({ max: 2000, ttl: 60 * 60_000 });

export function messagePermalink(client: webApi.WebClient, channel: string, messageTs: string): Promise<string | undefined> {
  const key = `${channel}/${messageTs}`;
  let link = permalinks.get(key);
  if (!link) {
    link = client.chat.getPermalink({ channel, message_ts: messageTs }).then((answer) => answer.permalink);
    // A failure is not kept: the next ask tries again.
    link.catch(() => permalinks.delete(key));
    permalinks.set(key, link);
  }
  return link;
}

/** Tests and `/talep disconnect` can drop a cached profile. */
export function forgetSlackProfile(userId: string): void {
  cache.delete(userId);
  pending.delete(userId);
}

/**
 * Seconds east of UTC where the person who acted is ("tomorrow", "17:00" and days in filters are
 * theirs); UTC, with a warning in the log, when Slack cannot tell.
 */
export async function timeZoneOffsetOf(ix: { client: webApi.WebClient; who: { userId: string }; services: { logger: { warn(...args: unknown[]): void } } }): Promise<number> {
  try {
    return (await slackProfile(ix.client, ix.who.userId)).tzOffset;
  } catch (error) {
    ix.services.logger.warn(`no Slack time zone for ${ix.who.userId}; reading times in UTC`, error);
    return 0;
  }
}
