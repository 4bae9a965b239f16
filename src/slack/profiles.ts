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
}

const cache = new LRUCache<string, SlackProfile>({ max: 5000, ttl: 30 * 60_000 });

export async function slackProfile(client: webApi.WebClient, userId: string): Promise<SlackProfile> {
  const cached = cache.get(userId);
  if (cached) return cached;
  const result = await client.users.info({ user: userId });
  const user = result.user;
  const profile: SlackProfile = {
    userId,
    name: user?.profile?.display_name || user?.real_name || user?.name || userId,
    email: user?.profile?.email || undefined,
    tzOffset: user?.tz_offset ?? 0,
  };
  cache.set(userId, profile);
  return profile;
}

/** Tests and `/talep disconnect` can drop a cached profile. */
export function forgetSlackProfile(userId: string): void {
  cache.delete(userId);
}
