/**
 * Personal notifications: a DM per change (with "Mute this talep"), the digest after quiet hours, the
 * reconnect DM. Pure; in the person's language (`m`).
 */
import { talepUrl } from '../../domain/talep-link.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, button, context, escapeText, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';
import { CONNECT_ACTION } from '../kit/notices.js';
import { changeText, type TalepChangeLine } from './changes.js';
import { NotifyIds } from './ids.js';

export interface DmTalep {
  TalepID: number;
  Subject: string;
  Url?: string | undefined;
}

/** Why the person gets it: the kinds on App Home. */
export type DmReason = 'assigned' | 'comment' | 'status' | 'due-soon' | 'overdue';

const linkOf = (talep: DmTalep, template: string): string =>
  `<${talepUrl(talep, template)}|#${talep.TalepID}> ${escapeText(truncate(talep.Subject, 150))}`;

export function dmLine(talep: DmTalep, template: string, lines: readonly TalepChangeLine[], m: Messages = english): string {
  return `${linkOf(talep, template)}\n${lines.map((line) => changeText(line, m)).join('\n')}`;
}

/**
 * "Due <date> (in 3 hours)" / "Overdue since <date> (2 hours ago)": the date as Slack shows it to the
 * reader, and the distance from `now` (left out without one: a line held for a later digest).
 */
export function dueLine(talep: DmTalep, template: string, due: Date, overdue: boolean, now: Date | undefined, m: Messages = english): string {
  const date = slackDate(due);
  const text = now
    ? m.t(overdue ? 'notify.overdue' : 'notify.dueSoon', { date, relative: m.relative(due, now) })
    : m.t(overdue ? 'notify.overdueAt' : 'notify.dueSoonAt', { date });
  return `${linkOf(talep, template)}\n${text}`;
}

/**
 * A DM line as plain text (the push notification): links become their labels, and a Slack date its
 * wall-clock time in the person's zone (`tzOffset`, seconds east of UTC) when known, else Slack's UTC fallback.
 */
export function plainLine(line: string, m: Messages = english, tzOffset?: number): string {
  return line
    .replace(/<!date\^(\d{1,12})\^[^|>]*\|([^>]*)>/g, (_all, seconds: string, fallback: string) =>
      tzOffset === undefined ? fallback : m.dateTime(new Date(Number(seconds) * 1000), tzOffset))
    .replace(/<[^|>]+\|([^>]+)>/g, '$1');
}

export function notificationDm(talepId: number, line: string, m: Messages = english, tzOffset?: number): SlackMessage {
  return {
    text: plainLine(line, m, tzOffset).slice(0, 300),
    blocks: [
      section(line),
      actions(`notify_dm_${talepId}`, [button(m.t('notify.muteButton'), NotifyIds.mute, String(talepId))]),
    ],
  };
}

export function digestDm(lines: readonly string[], m: Messages = english): SlackMessage {
  const shown = lines.slice(0, 40);
  return {
    text: m.t('notify.digestText', { count: lines.length }),
    blocks: [
      section(m.t('notify.digestHeading', { count: lines.length })),
      ...shown.map((line) => section(line)),
      ...(lines.length > shown.length ? [context(m.t('notify.digestMore', { count: lines.length - shown.length }))] : []),
    ],
  };
}

export const mutedNotice = (talepId: number, m: Messages = english): SlackMessage => ({
  text: m.t('notify.mutedText', { id: talepId }),
  blocks: [
    section(m.t('notify.muted', { id: talepId })),
    actions(`notify_unmute_${talepId}`, [button(m.t('notify.unmuteButton'), NotifyIds.unmute, String(talepId))]),
  ],
});

export const unmutedNotice = (talepId: number, m: Messages = english): SlackMessage => ({ text: m.t('notify.unmuted', { id: talepId }) });

export function reconnectDm(pausedFeeds: number, m: Messages = english): SlackMessage {
  return {
    text: m.t('notify.reconnectText'),
    blocks: [
      section(m.t('notify.reconnect', { feeds: pausedFeeds })),
      actions('notify_reconnect', [button(m.t('notify.reconnectButton'), CONNECT_ACTION, 'connect', 'primary')]),
      context(m.t('notify.reconnectOnce')),
    ],
  };
}
