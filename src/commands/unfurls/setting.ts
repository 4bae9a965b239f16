/**
 * `/talep unfurl [on|summary|off]`: how much link previews show in this conversation (stored per
 * channel; the channel modal of the conversations issue will offer the same). Anyone may look; anyone
 * with a linked account may turn previews down (`summary`, `off`); only agents and admins may let them
 * show comments (`on`), since that shows more to everyone in the conversation.
 */
import { DEFAULT_UNFURL_MODE, parseUnfurlMode, type UnfurlMode } from '../../domain/unfurl-mode.js';
import { ok, type Parsed } from '../../slack/args.js';
import { actAs } from '../../slack/middleware.js';
import { route } from '../../slack/routes.js';
import { messagesOf } from '../../slack/locale.js';
import { onlyAgentsShowCommentsMessage, unfurlSettingChangedMessage, unfurlSettingMessage } from '../../views/unfurls/messages.js';

export const parseUnfurlArgs = (text: string): Parsed<UnfurlMode | undefined> => (text.trim() ? parseUnfurlMode(text) : ok(undefined));

export const unfurlSettingRoute = route({
  path: 'unfurl',
  aliases: ['previews'],
  usage: 'unfurl [on|summary|off]',
  summary: 'Link previews in this conversation: with the latest comment, fields only (default), or none',
  group: 'Taleps',
  audience: 'everyone',
  parse: parseUnfurlArgs,
  run: async (ctx) => {
    const { services, who, channelId, args: mode } = ctx;
    const store = services.stores.channelSettings;
    if (mode === undefined) {
      const current = await store.get(who.teamId, channelId);
      const by = current?.changedBy.split(':')[1];
      await ctx.surface.send(
        unfurlSettingMessage(current?.unfurl ?? DEFAULT_UNFURL_MODE, current && by ? { by, at: current.changedAt } : undefined, messagesOf(ctx)),
      );
      return;
    }
    await actAs(ctx, async (actor) => {
      if (mode === 'on' && !actor.isAgent) return ctx.surface.send(onlyAgentsShowCommentsMessage(messagesOf(ctx)));
      await store.setUnfurl(who.teamId, channelId, mode, `${who.teamId}:${who.userId}`, services.now());
      services.logger.info(`link previews in ${who.teamId}:${channelId} set to ${mode} by ${who.teamId}:${who.userId}`);
      await ctx.surface.send(unfurlSettingChangedMessage(mode, messagesOf(ctx)));
    });
  },
});
