/** Personal notifications: a DM per change (with "Mute this talep"), the digest after quiet hours, the reconnect DM. Pure. */
import { talepUrl } from '../../domain/talep-link.js';
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

export function dmLine(talep: DmTalep, template: string, lines: readonly TalepChangeLine[]): string {
  const link = `<${talepUrl(talep, template)}|#${talep.TalepID}> ${escapeText(truncate(talep.Subject, 150))}`;
  return `${link}\n${lines.map(changeText).join('\n')}`;
}

export function dueLine(talep: DmTalep, template: string, due: Date, overdue: boolean): string {
  const link = `<${talepUrl(talep, template)}|#${talep.TalepID}> ${escapeText(truncate(talep.Subject, 150))}`;
  return overdue ? `${link}\n:rotating_light: Overdue since ${slackDate(due)}` : `${link}\n:alarm_clock: Due ${slackDate(due)}`;
}

export function notificationDm(talepId: number, line: string): SlackMessage {
  return {
    text: line.replace(/<[^|>]+\|([^>]+)>/g, '$1').slice(0, 300),
    blocks: [
      section(line),
      actions(`notify_dm_${talepId}`, [button('Mute this talep', NotifyIds.mute, String(talepId))]),
    ],
  };
}

export function digestDm(lines: readonly string[]): SlackMessage {
  const shown = lines.slice(0, 40);
  return {
    text: `While you were away: ${lines.length} help-desk update(s)`,
    blocks: [
      section(`*While you were away: ${lines.length} help-desk update(s)*`),
      ...shown.map((line) => section(line)),
      ...(lines.length > shown.length ? [context(`${lines.length - shown.length} more; see App Home for your queue.`)] : []),
    ],
  };
}

export const mutedNotice = (talepId: number): SlackMessage => ({
  text: `Muted talep #${talepId}.`,
  blocks: [
    section(`:mute: You will get no more DMs about talep #${talepId}.`),
    actions(`notify_unmute_${talepId}`, [button('Unmute', NotifyIds.unmute, String(talepId))]),
  ],
});

export const unmutedNotice = (talepId: number): SlackMessage => ({ text: `Unmuted talep #${talepId}: its DMs come again.` });

export function reconnectDm(pausedFeeds: number): SlackMessage {
  const feeds = pausedFeeds > 0 ? ` ${pausedFeeds} channel feed(s) that read with it are paused,` : '';
  return {
    text: 'The help desk refused your saved token: reconnect to get notifications again.',
    blocks: [
      section(`:warning: The help desk refused your saved token.${feeds} and your notifications are paused until you connect again.`),
      actions('notify_reconnect', [button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary')]),
      context('You get this message once; nothing is retried with the refused token.'),
    ],
  };
}
