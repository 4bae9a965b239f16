/**
 * `/talep remind <id> <when>` and `/talep reminders`: a DM about a talep at a time the person chooses,
 * in their Slack time zone. Slack's chat.scheduleMessage does the waiting, so a restart loses nothing;
 * the store keeps what is needed to list and cancel them.
 */
import { talepUrl } from '../../domain/talep-link.js';
import { parseReminderTime, WHEN_EXAMPLES } from '../../domain/dates.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import { fail, ok, type Parsed, withTalepId } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import type { Interaction } from '../../slack/interaction.js';
import { buttonValue, onAction } from '../../slack/listeners.js';
import { timeZoneOffsetOf } from '../../slack/profiles.js';
import { route } from '../../slack/routes.js';
import { slackErrorCode } from '../../slack/surface.js';
import { escapeText, rowActionPattern } from '../../views/kit/blocks.js';
import {
  MAX_REMINDER_DAYS,
  reminderCancelledNotice,
  reminderMessage,
  ReminderIds,
  reminderSetNotice,
  remindersMessage,
  reminderGone,
  tooFar,
} from '../../views/reminders/reminders.js';
import { messagesOf } from '../../slack/locale.js';

export interface RemindArgs {
  talepId: number;
  /** Checked here, turned into an instant when the command runs (it needs now and the person's zone). */
  when: string;
}

export function parseRemindArgs(text: string): Parsed<RemindArgs> {
  return withTalepId(text, (talepId, remainder) => {
    if (!remainder) return fail('parse.remindWhen');
    // The syntax does not depend on the clock or the zone: check it against a fixed past moment.
    const checked = parseReminderTime(remainder, new Date(0), 0);
    return checked.ok ? ok({ talepId, when: remainder.trim() }) : checked;
  });
}


async function listFor(ix: Interaction, notice?: string) {
  const reminders = await ix.services.stores.reminders.upcoming(ix.who.teamId, ix.who.userId, ix.services.now());
  return remindersMessage(reminders, notice, messagesOf(ix));
}

export const remindersArea: Area = {
  name: 'reminders',
  routes: [
    route({
      path: 'remind',
      usage: 'remind <id> <when>',
      summary: `A DM about a talep at a time in your zone: ${WHEN_EXAMPLES} (a day alone means 09:00)`,
      group: 'Taleps',
      audience: 'everyone',
      parse: parseRemindArgs,
      // Reading the talep first: a reminder is only set for a talep the person may see.
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => {
        const now = ctx.services.now();
        const when = parseReminderTime(ctx.args.when, now, await timeZoneOffsetOf(ctx));
        if (!when.ok) return ctx.surface.send({ text: `:warning: ${escapeText(parseProblemText(when.error, messagesOf(ctx)))}` });
        const m = messagesOf(ctx);
        if (when.value.getTime() - now.getTime() > MAX_REMINDER_DAYS * 86_400_000) return ctx.surface.send({ text: tooFar(m) });
        const talep = await ctx.actor.hd.getTalep({ id: ctx.talepId });
        const message = reminderMessage({ id: talep.TalepID, subject: talep.Subject, url: talepUrl(talep, ctx.services.talepUrlTemplate) }, m);
        const scheduled = await ctx.client.chat.scheduleMessage({
          channel: ctx.who.userId,
          post_at: Math.floor(when.value.getTime() / 1000),
          ...message,
          unfurl_links: false,
        });
        if (!scheduled.scheduled_message_id || !scheduled.channel) throw new Error('chat.scheduleMessage answered without an id');
        await ctx.services.stores.reminders.add(ctx.who.teamId, ctx.who.userId, {
          scheduledMessageId: scheduled.scheduled_message_id,
          channelId: scheduled.channel,
          talepId: talep.TalepID,
          subject: talep.Subject,
          postAt: when.value,
          createdAt: now,
        });
        await ctx.surface.send(reminderSetNotice(talep.TalepID, when.value, m));
      },
    }),
    route({
      path: 'reminders',
      usage: 'reminders',
      summary: 'Your reminders, with Cancel buttons',
      group: 'Taleps',
      audience: 'everyone',
      parse: (text) => (text.trim() ? fail('parse.takesNothing', { command: 'reminders' }) : ok(undefined)),
      run: async (ctx) => ctx.surface.send(await listFor(ctx)),
    }),
  ],
  listeners: [
    onAction(rowActionPattern(ReminderIds.cancel), async (ctx) => {
      const id = buttonValue(ctx.action);
      const { teamId, userId } = ctx.who;
      // Only the person's own reminders: the id comes from a button, so it is looked up, never trusted.
      const reminders = await ctx.services.stores.reminders.upcoming(teamId, userId, ctx.services.now());
      const reminder = reminders.find((candidate) => candidate.scheduledMessageId === id);
      const m = messagesOf(ctx);
      if (!reminder) return ctx.surface.replace(await listFor(ctx, reminderGone(m)));
      let notice = reminderCancelledNotice(reminder.talepId, m);
      try {
        await ctx.client.chat.deleteScheduledMessage({ channel: reminder.channelId, scheduled_message_id: reminder.scheduledMessageId });
      } catch (error) {
        // Already sent (or cancelled in Slack): nothing left to cancel, and nothing to keep.
        if (slackErrorCode(error) !== 'invalid_scheduled_message_id') throw error;
        notice = reminderGone(m);
      }
      await ctx.services.stores.reminders.remove(teamId, userId, reminder.scheduledMessageId);
      await ctx.surface.replace(await listFor(ctx, notice));
    }),
  ],
};
