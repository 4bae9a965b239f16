/**
 * The one message a feed keeps per talep in a channel (updated in place), and the thread replies that
 * say what changed. Pure. Channel content: never a ForTechsOnly comment (the caller passes public ones
 * only), no attachment names, no work buttons: "Show" gives each viewer their own card, read with their
 * own token.
 */
import type { Talep } from '../../api/schemas.js';
import { priorityEmoji, priorityName } from '../../domain/priority.js';
import { statusDisplayName, statusEmoji, statusIdOf } from '../../domain/status.js';
import { talepUrl } from '../../domain/talep-link.js';
import { actions, button, context, escapeText, fields, linkButton, section, type SlackMessage, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
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

export function feedCard(data: FeedCardData): SlackMessage {
  const { talep } = data;
  const statusId = statusIdOf(talep);
  const status = `${statusEmoji(statusId)} ${statusDisplayName(talep)}`.trim();
  const priority = `${priorityEmoji(talep.Priority)} ${priorityName(talep.Priority)}`.trim();
  const assignee = talep.AssigneeUserInfo?.Username ?? (talep.AssigneeUserInfo ? `user ${talep.AssigneeUserInfo.UserID}` : 'nobody');
  const url = talepUrl(talep, data.talepUrlTemplate);
  const subject = escapeText(truncate(talep.Subject, 200));
  const facts = [
    `*Status*\n${escapeText(status)}`,
    `*Priority*\n${escapeText(priority)}`,
    `*Assignee*\n${escapeText(assignee)}`,
    `*Category*\n${escapeText(talep.CategoryName)}`,
  ];
  if (talep.DueDate) facts.push(`*Due*\n${slackDate(talep.DueDate)}`);
  const footer = [`Feed ${data.feedId}`, ...(data.lastChange ? [changeText(data.lastChange)] : [])].join(' · ');
  return {
    text: `Talep #${talep.TalepID}: ${truncate(talep.Subject, 200)} — ${statusDisplayName(talep)}`,
    blocks: [
      section(`*<${url}|#${talep.TalepID}> ${subject}*`),
      fields(facts),
      actions(`notify_card_${talep.TalepID}`, [
        button('Show', SharedActions.showTalep, String(talep.TalepID)),
        linkButton('Open in help desk', url, 'notify_card_open'),
      ]),
      context(footer),
    ],
  };
}

/** A thread reply under the card: what changed, one line each. */
export function feedReply(talepId: number, lines: readonly TalepChangeLine[]): SlackMessage {
  const text = lines.map(changeText).join('\n');
  return { text: `Talep #${talepId}: ${lines.map(changeText).join('; ').slice(0, 200)}`, blocks: [section(text)] };
}
