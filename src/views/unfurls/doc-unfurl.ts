/** A documentation page's link preview (from the site's oEmbed answer). Pure. */
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, escapeText, section, truncate } from '../kit/blocks.js';
import { htmlToMrkdwn } from '../kit/html-mrkdwn.js';
import { safeUrl } from '../kit/links.js';
import type { BlockUnfurl } from './talep-unfurl.js';

/** What the documentation site said of a page (src/slack/services.ts `DocPreview`). */
export interface DocPage {
  url: string;
  title: string;
  excerpt?: string | undefined;
  authorName?: string | undefined;
  providerName?: string | undefined;
}

/** `m`: the channel's words (everyone in the conversation reads the preview). */
export function docUnfurlBlocks(page: DocPage, m: Messages = english): BlockUnfurl {
  const title = escapeText(truncate(page.title, 200));
  const link = safeUrl(page.url);
  const excerpt = page.excerpt ? htmlToMrkdwn(page.excerpt, { maxLength: 400, baseUrl: page.url }).text : '';
  // An oEmbed `html` often only repeats the title as a link: that is no excerpt.
  const usefulExcerpt = excerpt && !excerpt.includes(title) ? excerpt : '';
  const byline = [page.authorName && m.t('docUnfurl.by', { author: escapeText(page.authorName) }), page.providerName && escapeText(page.providerName)].filter(Boolean);
  const blocks: Block[] = [section(`:book: *${link ? `<${link}|${title}>` : title}*${usefulExcerpt ? `\n${usefulExcerpt}` : ''}`)];
  if (byline.length > 0) blocks.push(context(byline.join(' · ')));
  return { blocks };
}
