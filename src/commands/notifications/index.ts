/**
 * Help desk → Slack: `/talep feed …`, `/talep feeds`, `/talep feed remove <n>`, the DMs' "Mute this
 * talep", the App Home work queue's paging and notification settings, and the background engine
 * (engine.ts) that follows every change the webhook or the poller reports.
 */
import type { Area } from '../../slack/dispatch.js';
import { fail, ok } from '../../slack/args.js';
import { buttonValue, onAction, selectedOptionValue } from '../../slack/listeners.js';
import type { Interaction } from '../../slack/interaction.js';
import { timeZoneOffsetOf } from '../../slack/profiles.js';
import { messagesOf } from '../../slack/locale.js';
import { route } from '../../slack/routes.js';
import { rowActionPattern } from '../../views/kit/blocks.js';
import { QUIET_CHOICES } from '../../views/notifications/home-queue.js';
import { feedCreatedMessage, feedGoneNotice, feedNotYoursNotice, feedRemovedNotice, feedsMessage, type FeedRow } from '../../views/notifications/feeds.js';
import { mutedNotice, unmutedNotice } from '../../views/notifications/dm.js';
import { NotifyIds } from '../../views/notifications/ids.js';
import type { Feed } from '../../store/notify-store.js';
import { publishHome } from '../account/public.js';
import { NotificationEngine } from './engine.js';
import { parseFeedArgs, parseFeedNumber } from './feed-args.js';
import { dropQueueCache, setQueuePage } from './work-queue.js';

const toRow = (feed: Feed): FeedRow => ({ id: feed.id, channelId: feed.channelId, createdBy: feed.createdBy, filter: feed.filter, paused: feed.pausedAt !== undefined });

async function listFeeds(ix: Interaction, notice?: string) {
  return feedsMessage((await ix.services.stores.notify.feeds(ix.who.teamId)).map(toRow), notice, messagesOf(ix));
}

/** Removes a feed when the person may (its creator, or an admin); says what happened. */
async function removeFeed(ix: Interaction, id: number, isAdmin: boolean): Promise<string> {
  const { notify } = ix.services.stores;
  const m = messagesOf(ix);
  const feed = (await notify.feeds(ix.who.teamId)).find((candidate) => candidate.id === id);
  if (!feed) return feedGoneNotice(id, m);
  if (feed.createdBy !== ix.who.userId && !isAdmin) return feedNotYoursNotice(id, m);
  await notify.removeFeed(ix.who.teamId, id);
  return feedRemovedNotice(id, m);
}

const isAdminWho = async (ix: Interaction): Promise<boolean> => (await ix.services.stores.accounts.get(ix.who.teamId, ix.who.userId))?.role === 'admin';

async function refreshHomeTab(ix: Interaction): Promise<void> {
  dropQueueCache(ix.services, ix.who);
  await publishHome(ix.services, ix.client, ix.who).catch((error: unknown) => ix.services.logger.warn('home publish failed', error));
}

/** The values of a checkboxes action (`selected_options`). */
const checkedValues = (action: unknown): string[] => {
  const selected = (action as { selected_options?: { value?: unknown }[] } | undefined)?.selected_options;
  return Array.isArray(selected) ? selected.map((choice) => String(choice.value ?? '')) : [];
};

export const notificationsArea: Area = {
  name: 'notifications',
  routes: [
    route({
      path: 'feed',
      usage: 'feed [#channel] [category:…] [priority:high+] [assignee:me|none|name] [events:new,assigned,status,comment,closed]',
      summary: 'Post taleps and their changes to a channel: one message per talep, updated in place, changes in its thread',
      group: 'Notifications',
      audience: 'everyone',
      parse: parseFeedArgs,
      needs: { linked: true },
      run: async (ctx) => {
        const channelId = ctx.args.channelId ?? ctx.channelId;
        if (/^D/.test(channelId)) return ctx.surface.send({ text: messagesOf(ctx).t('feed.notInDm') });
        const feed = await ctx.services.stores.notify.addFeed({
          teamId: ctx.who.teamId,
          channelId,
          createdBy: ctx.who.userId,
          filter: ctx.args.filter,
          createdAt: ctx.services.now(),
        });
        await ctx.surface.send(feedCreatedMessage(toRow(feed), messagesOf(ctx)));
      },
    }),
    route({
      path: 'feeds',
      usage: 'feeds',
      summary: 'The channel feeds of this workspace, with Remove buttons',
      group: 'Notifications',
      audience: 'everyone',
      parse: (text) => (text.trim() ? fail('parse.takesNothing', { command: 'feeds' }) : ok(undefined)),
      run: async (ctx) => ctx.surface.send(await listFeeds(ctx)),
    }),
    route({
      path: 'feed remove',
      aliases: ['feed delete'],
      usage: 'feed remove <n>',
      summary: 'Remove a channel feed (yours; admins: any)',
      group: 'Notifications',
      audience: 'everyone',
      parse: parseFeedNumber,
      run: async (ctx) => ctx.surface.send({ text: await removeFeed(ctx, ctx.args, await isAdminWho(ctx)) }),
    }),
  ],
  listeners: [
    onAction(rowActionPattern(NotifyIds.removeFeed), async (ctx) => {
      const id = Number(buttonValue(ctx.action));
      const notice = Number.isInteger(id) && id > 0 ? await removeFeed(ctx, id, await isAdminWho(ctx)) : feedGoneNotice(0, messagesOf(ctx));
      await ctx.surface.replace(await listFeeds(ctx, notice));
    }),
    onAction(NotifyIds.mute, async (ctx) => {
      const talepId = Number(buttonValue(ctx.action));
      if (!Number.isInteger(talepId) || talepId < 1) return;
      await ctx.services.stores.notify.changePrefs(ctx.who.teamId, ctx.who.userId, (prefs) => {
        if (!prefs.muted.includes(talepId)) prefs.muted.push(talepId);
      });
      await ctx.surface.send(mutedNotice(talepId, messagesOf(ctx)));
    }),
    onAction(NotifyIds.unmute, async (ctx) => {
      const talepId = Number(buttonValue(ctx.action));
      await ctx.services.stores.notify.changePrefs(ctx.who.teamId, ctx.who.userId, (prefs) => {
        prefs.muted = prefs.muted.filter((id) => id !== talepId);
      });
      await ctx.surface.send(unmutedNotice(talepId, messagesOf(ctx)));
    }),
    onAction(NotifyIds.kinds, async (ctx) => {
      const checked = new Set(checkedValues(ctx.action));
      await ctx.services.stores.notify.changePrefs(ctx.who.teamId, ctx.who.userId, (prefs) => {
        prefs.kinds = { assigned: checked.has('assigned'), comment: checked.has('comment'), status: checked.has('status'), due: checked.has('due') };
      });
    }),
    onAction(NotifyIds.digestOnly, async (ctx) => {
      const digestOnly = checkedValues(ctx.action).includes('digest');
      await ctx.services.stores.notify.changePrefs(ctx.who.teamId, ctx.who.userId, (prefs) => {
        prefs.digestOnly = digestOnly;
      });
    }),
    onAction(NotifyIds.quietHours, async (ctx) => {
      const choice = QUIET_CHOICES.find((candidate) => candidate.value === selectedOptionValue(ctx.action));
      if (!choice) return;
      // The zone is looked up before the change: nothing waits between reading and saving the settings.
      const tzOffset = choice.hours ? await timeZoneOffsetOf(ctx) : undefined;
      await ctx.services.stores.notify.changePrefs(ctx.who.teamId, ctx.who.userId, (prefs) => {
        if (choice.hours) {
          prefs.quietHours = choice.hours;
          prefs.tzOffset = tzOffset;
        } else delete prefs.quietHours;
      });
    }),
    onAction(new RegExp(`^(${NotifyIds.page}_prev|${NotifyIds.page}_next)$`), async (ctx) => {
      const page = Number(buttonValue(ctx.action));
      if (!Number.isInteger(page)) return;
      setQueuePage(ctx.services, ctx.who, page);
      await refreshHomeTab(ctx);
    }),
  ],
  background: (services, client) => new NotificationEngine(services, client),
};

