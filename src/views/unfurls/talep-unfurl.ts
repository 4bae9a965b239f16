/**
 * A talep's link preview in Block Kit, for workspaces where Work Objects are not available (the
 * fallback of ./talep-entity.ts): the same allow-listed facts, and the latest public comment only when
 * the channel's setting allows comment bodies. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, escapeText, fields, section, slackDate, truncate } from '../kit/blocks.js';
import { htmlToMrkdwn } from '../kit/html-mrkdwn.js';
import { safeUrl } from '../kit/links.js';
import type { PublicComment, TalepFacts } from './facts.js';

/** One entry of `chat.unfurl`'s `unfurls` map. */
export interface BlockUnfurl {
  blocks: Block[];
}

export function talepUnfurlBlocks(facts: TalepFacts, latest?: PublicComment, m: Messages = english): BlockUnfurl {
  const title = `#${facts.id} ${escapeText(truncate(facts.subject, 200))}`;
  const link = safeUrl(facts.url);
  const blocks: Block[] = [
    section(`*${link ? `<${link}|${title}>` : title}*`),
    fields([
      `*${m.t('unfurl.status')}*\n${escapeText(facts.status)}`,
      `*${m.t('unfurl.priority')}*\n${escapeText(facts.priority)}`,
      `*${m.t('unfurl.category')}*\n${escapeText(facts.category)}`,
      `*${m.t('unfurl.assignee')}*\n${facts.assignee ? escapeText(facts.assignee) : `_${m.t('unfurl.unassigned')}_`}`,
      ...(facts.dueDate ? [`*${m.t('unfurl.due')}*\n${slackDate(facts.dueDate, '{date_short_pretty}')}`] : []),
      ...(facts.lastUpdate ? [`*${m.t('unfurl.updated')}*\n${slackDate(facts.lastUpdate)}`] : []),
    ]),
  ];
  if (latest) {
    const { text } = htmlToMrkdwn(latest.body, { maxLength: 500 });
    blocks.push(context(`:speech_balloon: *${escapeText(latest.author)}*, ${slackDate(latest.at)}`), section(text || `_${m.t('unfurl.emptyComment')}_`));
  }
  return { blocks };
}
