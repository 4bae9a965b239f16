/**
 * A talep's link preview in Block Kit, for workspaces where Work Objects are not available (the
 * fallback of ./talep-entity.ts): the same allow-listed facts, and the latest public comment only when
 * the channel's setting allows comment bodies. Pure.
 */
import { type Block, context, escapeText, fields, section, slackDate, truncate } from '../kit/blocks.js';
import { htmlToMrkdwn } from '../kit/html-mrkdwn.js';
import { safeUrl } from '../kit/links.js';
import type { PublicComment, TalepFacts } from './facts.js';

/** One entry of `chat.unfurl`'s `unfurls` map. */
export interface BlockUnfurl {
  blocks: Block[];
}

export function talepUnfurlBlocks(facts: TalepFacts, latest?: PublicComment): BlockUnfurl {
  const title = `#${facts.id} ${escapeText(truncate(facts.subject, 200))}`;
  const link = safeUrl(facts.url);
  const blocks: Block[] = [
    section(`*${link ? `<${link}|${title}>` : title}*`),
    fields([
      `*Status*\n${escapeText(facts.status)}`,
      `*Priority*\n${escapeText(facts.priority)}`,
      `*Category*\n${escapeText(facts.category)}`,
      `*Assignee*\n${facts.assignee ? escapeText(facts.assignee) : '_Unassigned_'}`,
      ...(facts.dueDate ? [`*Due*\n${slackDate(facts.dueDate, '{date_short_pretty}')}`] : []),
      ...(facts.lastUpdate ? [`*Updated*\n${slackDate(facts.lastUpdate)}`] : []),
    ]),
  ];
  if (latest) {
    const { text } = htmlToMrkdwn(latest.body, { maxLength: 500 });
    blocks.push(context(`:speech_balloon: *${escapeText(latest.author)}*, ${slackDate(latest.at)}`), section(text || '_(empty)_'));
  }
  return { blocks };
}
