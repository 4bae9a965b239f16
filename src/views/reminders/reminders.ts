/**
 * Reminders about taleps: the message Slack delivers at the chosen time (scheduled now, so it shows
 * what the talep was called when the reminder was set), the list with Cancel buttons, and the notices.
 * Pure: data → Block Kit.
 */
import { actions, button, context, escapeText, rowActionId, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';

export const ReminderIds = {
  /** One per reminder (`rowActionId(cancel, n)`); value: the scheduled message id. */
  cancel: 'reminder_cancel',
} as const;

export interface ReminderView {
  scheduledMessageId: string;
  talepId: number;
  subject: string;
  postAt: Date;
}

/** Slack schedules messages at most 120 days ahead. */
export const MAX_REMINDER_DAYS = 120;
/** Listed per message (each with its own actions block). */
export const MAX_LISTED_REMINDERS = 20;

const subjectText = (subject: string) => escapeText(truncate(subject.replace(/\s+/g, ' ').trim(), 150)) || '_(no subject)_';

/** What the person receives in their DM at the time: the talep and a Show button. */
export function reminderMessage(talep: { id: number; subject: string; url: string }): SlackMessage {
  return {
    text: `Reminder: talep #${talep.id} ${subjectText(talep.subject)}`,
    blocks: [
      section(`:alarm_clock: *Reminder:* <${talep.url}|talep #${talep.id}> ${subjectText(talep.subject)}`),
      actions('reminder_talep', [button('Show', SharedActions.showTalep, String(talep.id), 'primary')]),
      context('You asked for this reminder with `/talep remind`. `/talep reminders` lists the others.'),
    ],
  };
}

export const reminderSetNotice = (talepId: number, postAt: Date): SlackMessage => ({
  text: `:alarm_clock: I will remind you about talep #${talepId} ${slackDate(postAt)} (in a DM). \`/talep reminders\` lists and cancels reminders.`,
});

export function remindersMessage(reminders: readonly ReminderView[], notice?: string): SlackMessage {
  const blocks = [];
  if (notice) blocks.push(section(notice));
  if (reminders.length === 0) {
    blocks.push(section(':alarm_clock: You have no reminders. Set one with `/talep remind <id> <when>`, e.g. `/talep remind 12 tomorrow`.'));
    return { text: 'You have no reminders.', blocks };
  }
  blocks.push(section(`:alarm_clock: *Your reminders* (${reminders.length})`));
  reminders.slice(0, MAX_LISTED_REMINDERS).forEach((reminder, index) => {
    blocks.push(
      section(`${slackDate(reminder.postAt)} — talep *#${reminder.talepId}* ${subjectText(reminder.subject)}`, button('Cancel', rowActionId(ReminderIds.cancel, index), reminder.scheduledMessageId)),
    );
  });
  if (reminders.length > MAX_LISTED_REMINDERS) blocks.push(context(`…and ${reminders.length - MAX_LISTED_REMINDERS} more, after these.`));
  return { text: `You have ${reminders.length} reminder${reminders.length === 1 ? '' : 's'}.`, blocks };
}

export const reminderCancelledNotice = (talepId: number): string => `:white_check_mark: The reminder about talep #${talepId} is cancelled.`;
export const reminderGoneNotice = ':information_source: That reminder was already sent or cancelled.';
export const tooFarText = `Slack can schedule a reminder at most ${MAX_REMINDER_DAYS} days ahead.`;
