/**
 * Reminders about taleps: the message Slack delivers at the chosen time (scheduled now, so it shows
 * what the talep was called when the reminder was set), the list with Cancel buttons, and the notices.
 * Pure: data → Block Kit.
 */
import { english, type Messages } from '../../i18n/messages.js';
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

const subjectText = (subject: string, m: Messages) => escapeText(truncate(subject.replace(/\s+/g, ' ').trim(), 150)) || m.t('reminders.noSubject');

/** What the person receives in their DM at the time: the talep and a Show button. */
export function reminderMessage(talep: { id: number; subject: string; url: string }, m: Messages = english): SlackMessage {
  const subject = subjectText(talep.subject, m);
  return {
    text: m.t('reminders.reminderText', { id: talep.id, subject }),
    blocks: [
      section(m.t('reminders.reminder', { url: talep.url, id: talep.id, subject })),
      actions('reminder_talep', [button(m.t('reminders.showButton'), SharedActions.showTalep, String(talep.id), 'primary')]),
      context(m.t('reminders.why')),
    ],
  };
}

export const reminderSetNotice = (talepId: number, postAt: Date, m: Messages = english): SlackMessage => ({
  text: m.t('reminders.set', { id: talepId, date: slackDate(postAt) }),
});

export function remindersMessage(reminders: readonly ReminderView[], notice?: string, m: Messages = english): SlackMessage {
  const blocks = [];
  if (notice) blocks.push(section(notice));
  if (reminders.length === 0) {
    blocks.push(section(m.t('reminders.none')));
    return { text: m.t('reminders.noneText'), blocks };
  }
  blocks.push(section(m.t('reminders.heading', { count: reminders.length })));
  reminders.slice(0, MAX_LISTED_REMINDERS).forEach((reminder, index) => {
    blocks.push(
      section(
        m.t('reminders.row', { date: slackDate(reminder.postAt), id: reminder.talepId, subject: subjectText(reminder.subject, m) }),
        button(m.t('reminders.cancelButton'), rowActionId(ReminderIds.cancel, index), reminder.scheduledMessageId),
      ),
    );
  });
  if (reminders.length > MAX_LISTED_REMINDERS) blocks.push(context(m.t('reminders.more', { count: reminders.length - MAX_LISTED_REMINDERS })));
  return { text: m.t('reminders.count', { count: reminders.length }), blocks };
}

export const reminderCancelledNotice = (talepId: number, m: Messages = english): string => m.t('reminders.cancelled', { id: talepId });
export const reminderGone = (m: Messages = english): string => m.t('reminders.gone');
export const reminderGoneNotice = reminderGone();
export const tooFar = (m: Messages = english): string => m.t('reminders.tooFar', { days: MAX_REMINDER_DAYS });
export const tooFarText = `Slack can schedule a reminder at most ${MAX_REMINDER_DAYS} days ahead.`;
