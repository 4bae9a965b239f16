/**
 * The one message a feed keeps per talep in a channel (updated in place), and the thread replies that
 * say what changed. Pure. Channel content: never a ForTechsOnly comment (the caller passes public ones
 * only), no attachment names, no work buttons: "Show" gives each viewer their own card, read with their
 * own token. In the channel's language (`m`).
 */
import type { Talep } from '../../api/schemas.js';
import { priorityEmoji } from '../../domain/priority.js';
import { statusEmoji, statusIdOf } from '../../domain/status.js';
import { talepUrl } from '../../domain/talep-link.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, button, context, escapeText, fields, linkButton, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { priorityLabel, statusName } from '../kit/words.js';
import { changeText, type TalepChangeLine } from './changes.js';

export interface FeedCardData {
  talep: Pick<Talep, 'TalepID' | 'Subject' | 'Status' | 'Priority' | 'CategoryName' | 'AssigneeUserInfo' | 'SubmitterUserInfo' | 'DueDate'> & {
    StatusID?: number | undefined;
    Url?: string | undefined;
  };
  talepUrlTemplate: string;
  /** The feed's number (`/talep feeds`), said in the footer. */
  feedId: number;
  /** The last change, said in the footer. */
  lastChange?: TalepChangeLine | undefined;
}

export function feedCard(data: FeedCardData, m: Messages = english): SlackMessage {
  const { talep } = data;
  const statusId = statusIdOf(talep);
  const status = `${statusEmoji(statusId)} ${statusName(talep, m)}`.trim();
  const priority = `${priorityEmoji(talep.Priority)} ${priorityLabel(talep.Priority, [], m)}`.trim();
  const assignee = talep.AssigneeUserInfo?.Username ?? (talep.AssigneeUserInfo ? m.t('feed.userNumber', { id: talep.AssigneeUserInfo.UserID }) : m.t('feed.nobody'));
  const url = talepUrl(talep, data.talepUrlTemplate);
  const subject = escapeText(truncate(talep.Subject, 200));
  const facts = [
    `*${m.t('feed.status')}*\n${escapeText(status)}`,
    `*${m.t('feed.priority')}*\n${escapeText(priority)}`,
    `*${m.t('feed.assignee')}*\n${escapeText(assignee)}`,
    `*${m.t('feed.category')}*\n${escapeText(talep.CategoryName)}`,
  ];
  if (talep.DueDate) facts.push(`*${m.t('feed.due')}*\n${slackDate(talep.DueDate)}`);
  const footer = [m.t('feed.footer', { id: data.feedId }), ...(data.lastChange ? [changeText(data.lastChange, m)] : [])].join(' · ');
  return {
    text: m.t('feed.cardText', { id: talep.TalepID, subject: truncate(talep.Subject, 200), status: statusName(talep, m) }),
    blocks: [
      section(`*<${url}|#${talep.TalepID}> ${subject}*`),
      fields(facts),
      actions(`notify_card_${talep.TalepID}`, [
        button(m.t('feed.showButton'), SharedActions.showTalep, String(talep.TalepID)),
        linkButton(m.t('feed.openButton'), url, 'notify_card_open'),
      ]),
      context(footer),
    ],
  };
}

/** A thread reply under the card: what changed, one line each. */
export function feedReply(talepId: number, lines: readonly TalepChangeLine[], m: Messages = english): SlackMessage {
  const texts = lines.map((line) => changeText(line, m));
  return { text: m.t('feed.replyText', { id: talepId, changes: texts.join('; ').slice(0, 200) }), blocks: [section(texts.join('\n'))] };
}
