/** What the notification consumers share: the services, the bot's Web API client, the outgoing queue, settings. */
import { createHash } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { NotifyConfig } from '../../config.js';
import type { Messages } from '../../i18n/messages.js';
import type { Who } from '../../slack/actor.js';
import { channelMessages, personMessages as personMessagesOf } from '../../slack/locale.js';
import type { Services } from '../../slack/services.js';
import { reconnectDm } from '../../views/notifications/dm.js';
import type { SlackPacer } from './slack-queue.js';

export interface NotifyContext {
  services: Services;
  client: webApi.WebClient;
  pacer: SlackPacer;
  settings: NotifyConfig;
}

export const defaultNotifySettings: NotifyConfig = { webhookSecret: undefined, poll: false, pollShare: 0.25, coalesceMs: 700, dueSoonHours: 24 };

/** How long a DM waits for a person's first Slack look-up (their language); later ones use the cached profile. */
const DM_LOCALE_BUDGET_MS = 3_000;

/**
 * The words of a DM to `who` (no Slack request here): their choice, else their Slack language (the
 * cached profile, else one users.info), else the workspace default.
 */
export async function personMessages(ctx: Pick<NotifyContext, 'services' | 'client'>, who: Who): Promise<Messages> {
  return personMessagesOf({ services: ctx.services, client: ctx.client, who, budgetMs: DM_LOCALE_BUDGET_MS });
}

/** The words of a feed's posts in a channel: the channel's language, else the workspace default. */
export const feedMessages = (ctx: Pick<NotifyContext, 'services'>, teamId: string, channelId: string): Promise<Messages> =>
  channelMessages(ctx.services, teamId, channelId);

/** A short, stable digest of what a key stands for (a snapshot, change lines). */
export const digestOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/**
 * The help desk refused a person's token during background work: the link is marked (once, for that
 * link), their feeds pause, and they get ONE DM to reconnect — not one per failed poll.
 */
export async function tokenRefused(ctx: NotifyContext, who: Who): Promise<void> {
  const { stores, logger } = ctx.services;
  const found = await stores.accounts.lookup(who.teamId, who.userId);
  if (found.state !== 'linked') return;
  const { linkedAt } = found.account;
  await stores.accounts.markRejected(who.teamId, who.userId, linkedAt);
  const paused = await stores.notify.setFeedsPaused(who.teamId, who.userId, true, ctx.services.now());
  if (!(await stores.notify.claimReconnectNotice(who.teamId, who.userId, linkedAt))) return;
  logger.info(`notifications: the help desk refused the token of ${who.teamId}:${who.userId}; ${paused} feed(s) paused, told once`);
  const message = reconnectDm(paused, await personMessages(ctx, who));
  await ctx.pacer.post(who.userId, () => ctx.client.chat.postMessage({ channel: who.userId, text: message.text, blocks: message.blocks ?? [] }));
}

/** Feeds paused for a refused token run again once their creator has a working link. */
export async function resumeReconnectedFeeds(ctx: NotifyContext): Promise<void> {
  const { stores, logger } = ctx.services;
  for (const feed of await stores.notify.feeds()) {
    if (!feed.pausedAt) continue;
    const account = await stores.accounts.get(feed.teamId, feed.createdBy);
    if (account && !account.rejected) {
      const resumed = await stores.notify.setFeedsPaused(feed.teamId, feed.createdBy, false);
      if (resumed > 0) logger.info(`notifications: ${resumed} feed(s) of ${feed.teamId}:${feed.createdBy} resumed after a reconnect`);
    }
  }
}
