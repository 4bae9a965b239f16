/**
 * Every transform over user or help-desk text is linear: each one gets 100 KB pathological inputs (long
 * runs of spaces, tabs and newlines, unclosed and nested markup, runs of `<`, `*_~`, `&amp;`, Turkish
 * letters…) and must finish well inside a generous bound. A quadratic regex (`/[ \t]+\n/g` on a run of
 * 100,000 spaces) takes seconds here; a linear pass takes a millisecond or two.
 *
 * The figure: a knowledge-base article of two words with 40,000 spaces between them renders in
 * under 50 ms (it took 2–4.6 s with the quadratic trims). `npm run bench` reports the same figures
 * (bench/text.bench.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Article } from '../../src/api/schemas.js';
import { parseCompanyNameAndDomains, normaliseDomainsInput, unwrapSlackLinks } from '../../src/commands/companies/args.js';
import { parseNewCategoryArgs } from '../../src/commands/categories/args.js';
import { parseKbCommand } from '../../src/commands/kb/parse.js';
import { messageBody, subjectFromText } from '../../src/commands/message-shortcuts/message.js';
import { parseNewTalepArgs } from '../../src/commands/new-talep/index.js';
import { parseRemindArgs } from '../../src/commands/reminders/index.js';
import { parseSearchArgs, tokenize } from '../../src/commands/search/query.js';
import { parseCommentArgs, parseCommentsArgs } from '../../src/commands/talep-comments/args.js';
import { parseSecondaryArgs, parseSubscribeArgs, parseTagArgs } from '../../src/commands/talep-extras/args.js';
import { parseMergeArgs, parsePersonRef, parseUserListArgs } from '../../src/commands/users/args.js';
import { parseAssetQuery } from '../../src/commands/assets/args.js';
import { parseDueDate, parseReminderTime } from '../../src/domain/dates.js';
import { mentionedUserIds, slackTextToPlain, unescapeSlack } from '../../src/domain/slack-text.js';
import { parseTags } from '../../src/domain/tags.js';
import { lookupKey, searchKey } from '../../src/domain/text-case.js';
import { talepIdFromUrl } from '../../src/domain/talep-link.js';
import { firstWord, parseAssignee, parseTalepId, parseUserMention } from '../../src/slack/args.js';
import { withoutLeadingEmoji } from '../../src/slack/surface.js';
import { Router } from '../../src/slack/routes.js';
import { allAreas } from '../../src/commands/index.js';
import { articleListMessage, articleMessage } from '../../src/views/kb/articles.js';
import { escapeText, truncate } from '../../src/views/kit/blocks.js';
import { decodeEntities, htmlToMrkdwn, safeUrl, truncateMrkdwn } from '../../src/views/kit/html-mrkdwn.js';
import { escapeKeepingMentions } from '../../src/views/kit/states.js';
import { talepCard } from '../../src/views/talep-card/card.js';
import { commentPreview, commentsMessage } from '../../src/views/talep-comments/list.js';
import { commentRecord, talepRecord } from '../support/records.js';

const SIZE = 100_000;
/** Generous: a linear pass over 100 KB takes a few ms; a quadratic one, seconds. */
const BOUND_MS = 200;

const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** 100 KB each, shaped to hit backtracking regexes and per-character rescans. */
const pathological: Record<string, string> = {
  'spaces between two words': `word${fill(' ', SIZE - 8)}word`,
  'spaces, then a newline': `${fill(' ', SIZE - 2)}\nx`,
  'spaces without an end': `x${fill(' ', SIZE - 1)}`,
  tabs: `a${fill('\t', SIZE - 2)}b`,
  'blanks and newlines': fill(' \t \n'),
  'newline runs': `a${fill('\n', SIZE - 2)}b`,
  'space before every newline': fill(' \n'),
  'runs of spaces between words': fill(`x${' '.repeat(999)}`),
  'unclosed <': fill('<'),
  'unclosed <a': fill('<a '),
  '<<<< then >': `${fill('<', SIZE - 1)}>`,
  'nested unclosed tags': fill('<div><p><b><i><a href="http://x.test/">'),
  'nested tags, text, then closed': `${fill('<b>', 30_000)}${fill('word ', 40_000)}${fill('</b>', 30_000)}`,
  'nested lists': `${fill('<ul>', 50_000)}${fill('<li>x', 50_000)}`,
  'unclosed comment': `<!--${fill('-', SIZE - 4)}`,
  'unclosed attribute quote': `<a href="${fill('x', SIZE - 9)}`,
  'pre with blank lines': `<pre>${fill('  \n', SIZE - 11)}</pre>`,
  'many </pre>': fill('<pre>\n\n\n</pre>'),
  'mrkdwn marks': fill('*_~`'),
  '&amp; runs': fill('&amp;'),
  'unfinished entities': fill('&#x1'),
  'bare ampersands': fill('&'),
  'Slack links without an end': fill('<http://'),
  'Slack mentions': fill('<@U123|'),
  'mention ids': fill('<@UABC'),
  'section: runs': fill('section: '),
  'quotes without a close': `"${fill('x ', SIZE - 1)}`,
  'curly quotes': fill('“x'),
  'flags and dashes': fill('-- '),
  'emoji codes': fill(':a:'),
  'Turkish letters': fill('İıŞşĞğÜüÖöÇç '),
  'colons and filters': fill('status:'),
  'domains': fill('a.'),
};

function timeOf(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The best of up to 3 runs: a busy shared machine may slow one run, never all three by 100×. */
function bestTime(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && best >= BOUND_MS; attempt += 1) best = Math.min(best, timeOf(run));
  return best;
}

const NOW = new Date('2026-02-01T12:00:00Z');

const talep = (text: string) =>
  talepRecord({
    Subject: text,
    Body: text,
    CategoryName: text,
    Attachments: [{ FileName: text, Url: 'https://hd.example.com/api/attachment?id=1' }],
    Tags: [{ Name: text }],
    SubmitterUserInfo: { UserID: 4, Username: text },
    AssigneeUserInfo: { UserID: 2, Username: text },
  });

const comment = (text: string, id: number) => commentRecord(id, text, { UserName: text, ForTechsOnly: id % 2 === 0 });

const article = (body: string): Article =>
  ({
    ArticleId: 7,
    Subject: body.slice(0, 1000),
    Body: body,
    CategoryName: 'Network',
    DateCreated: NOW,
    Url: 'https://hd.example.com/helpdesk/KB/View/7',
  }) as unknown as Article;

const router = new Router();
for (const area of allAreas()) for (const entry of area.routes ?? []) router.add(entry);

/** Every transform over user or help-desk text, by name. */
const transforms: Record<string, (text: string) => unknown> = {
  // views/kit
  'htmlToMrkdwn': (text) => htmlToMrkdwn(text),
  'htmlToMrkdwn with a limit': (text) => htmlToMrkdwn(text, { maxLength: 2600, baseUrl: 'https://hd.example.com/kb/' }),
  'htmlToMrkdwn of the text as a paragraph': (text) => htmlToMrkdwn(`<p>${text}</p>`),
  decodeEntities,
  'truncateMrkdwn': (text) => truncateMrkdwn(text, 3000),
  escapeText,
  'truncate': (text) => truncate(text, 3000),
  escapeKeepingMentions,
  'safeUrl': (text) => safeUrl(`https://x.test/${text}`),
  // domain
  slackTextToPlain,
  'slackTextToPlain (search words)': (text) => slackTextToPlain(text, new Map(), { links: 'shown' }),
  unescapeSlack,
  mentionedUserIds,
  parseTags,
  lookupKey,
  searchKey,
  'parseDueDate': (text) => parseDueDate(text, NOW, 10_800),
  'parseReminderTime': (text) => parseReminderTime(text, NOW, 10_800),
  'talepIdFromUrl': (text) => talepIdFromUrl(`https://hd.example.com/Talep/${text}`, 'https://hd.example.com/Talep/{id}'),
  // kernel
  firstWord,
  parseTalepId,
  parseUserMention,
  parseAssignee,
  withoutLeadingEmoji,
  'the /talep router': (text) => router.resolve(text),
  'the /talep router after a verb': (text) => router.resolve(`comment 12 ${text}`),
  // areas' argument grammars
  tokenize,
  parseSearchArgs,
  parseKbCommand,
  parseCommentArgs: (text) => parseCommentArgs(`12 ${text} --private`),
  parseCommentsArgs: (text) => parseCommentsArgs(`12 ${text}`),
  parseNewCategoryArgs,
  'parseNewCategoryArgs with a section': (text) => parseNewCategoryArgs(`${text} section: 2`),
  parseCompanyNameAndDomains,
  'parseCompanyNameAndDomains quoted': (text) => parseCompanyNameAndDomains(`"Acme" ${text}`),
  normaliseDomainsInput,
  unwrapSlackLinks,
  parseNewTalepArgs,
  parseRemindArgs: (text) => parseRemindArgs(`12 ${text}`),
  parseTagArgs: (text) => parseTagArgs(`12 ${text}`),
  parseSubscribeArgs: (text) => parseSubscribeArgs(`12 ${text}`),
  parseSecondaryArgs: (text) => parseSecondaryArgs(`12 ${text}`),
  parsePersonRef,
  parseMergeArgs,
  parseUserListArgs,
  parseAssetQuery,
  subjectFromText,
  'messageBody': (text) => messageBody(text, 'Ayşe', 'https://test.slack.com/archives/C1/p1'),
  // views over help-desk text
  'the talep card (agent, ephemeral)': (text) =>
    talepCard(
      { talep: talep(text), comments: [comment(text, 1), comment(text, 2)], talepUrlTemplate: 'https://hd.example.com/T/{id}', now: NOW },
      { kind: 'ephemeral', viewer: { helpdeskUserId: 2, role: 'agent', worksOnCategory: true } },
    ),
  'the talep card (shared)': (text) =>
    talepCard({ talep: talep(text), comments: [comment(text, 1)], talepUrlTemplate: 'https://hd.example.com/T/{id}', now: NOW }, { kind: 'public', sharedBySlackUserId: 'U1' }),
  commentPreview,
  'the comments list': (text) =>
    commentsMessage({
      talepId: 12,
      subject: text,
      comments: [comment(text, 1), comment(text, 2), comment(text, 3)],
      page: 0,
      viewer: { helpdeskUserId: 2, agent: true, editsAll: true },
    }),
  'a knowledge-base article': (text) => articleMessage({ article: article(text), techOnly: false, helpdeskWebUrl: 'https://hd.example.com/' }),
  'the knowledge-base list': (text) =>
    articleListMessage({ words: [text], category: text, rows: [{ id: 1, subject: text, category: text, created: NOW, techOnly: true }] }),
};

describe('text transforms are linear on 100 KB pathological inputs', () => {
  it('has inputs of 100 KB', () => {
    for (const [name, text] of Object.entries(pathological)) expect(text.length, name).toBeGreaterThanOrEqual(SIZE - 1);
  });

  for (const [name, transform] of Object.entries(transforms)) {
    it(`${name}: every input in < ${BOUND_MS} ms`, () => {
      const slow: Record<string, number> = {};
      for (const [shape, text] of Object.entries(pathological)) {
        const ms = bestTime(() => transform(text));
        if (ms >= BOUND_MS) slow[shape] = Math.round(ms);
      }
      expect(slow).toEqual({});
    });
  }
});

describe('the issue-10 figure', () => {
  it('a knowledge-base article of 40,000 spaces between words renders in < 50 ms (shortened where Slack would cut it)', () => {
    const body = `Restart${' '.repeat(40_000)}router`;
    const render = () => articleMessage({ article: article(body), techOnly: false, helpdeskWebUrl: 'https://hd.example.com/' });
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && best >= 50; attempt += 1) best = Math.min(best, timeOf(render));
    expect(best).toBeLessThan(50);
    const shown = JSON.stringify(render().blocks);
    expect(shown).toContain('Restart');
    expect(shown).toContain('Shortened here');
  });

  it('the same text as HTML paragraphs, as an unclosed bold run and as preformatted text also render in < 50 ms', () => {
    const spaces = ' '.repeat(40_000);
    for (const body of [`<p>Restart${spaces}router</p>`, `<b>Restart${spaces}router`, `<pre>Restart${spaces}\n${spaces}router</pre>`]) {
      const render = () => articleMessage({ article: article(body), techOnly: false, helpdeskWebUrl: 'https://hd.example.com/' });
      let best = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3 && best >= 50; attempt += 1) best = Math.min(best, timeOf(render));
      expect(best, body.slice(0, 12)).toBeLessThan(50);
    }
  });
});

describe('what the linear rewrites keep', () => {
  it('trims blanks at line ends (and line starts in HTML), squeezes blank lines, and trims the whole text', () => {
    expect(htmlToMrkdwn('  one   \n   two \t\n\n\n\nthree  ').text).toBe('one\n   two\n\nthree');
    expect(htmlToMrkdwn('<p> one </p>\n<p>   two\t</p>').text).toBe('one\n\ntwo');
  });

  it('marks a bold run without its surrounding spaces, and leaves deeply nested marks as text', () => {
    expect(htmlToMrkdwn('<p>a <b> bold </b> b</p>').text).toBe('a *bold* b');
    const deep = `${'<i>'.repeat(40)}x${'</i>'.repeat(40)}`;
    expect(htmlToMrkdwn(deep).text).toBe('_x_');
  });

  it('indents nested lists up to a depth, not without end', () => {
    const text = htmlToMrkdwn(`${'<ul><li>x'.repeat(50)}`).text;
    const indents = text.split('\n').map((line) => line.length - line.trimStart().length);
    expect(Math.max(...indents)).toBe(24);
  });

  it('ends a code block without the blank lines before it', () => {
    expect(htmlToMrkdwn('<pre>code\n\n\n</pre>').text).toBe('```\ncode\n```');
  });

  it('reads the private flag at the end of a comment whatever the spacing', () => {
    expect(parseCommentArgs(`12 looks fine${' '.repeat(50)}--private`)).toEqual({ ok: true, value: { talepId: 12, agentsOnly: true, text: 'looks fine' } });
    expect(parseCommentArgs('12 use --force here')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: false, text: 'use --force here' } });
  });

  it('reads a trailing section of a new category, with or without a space or #', () => {
    expect(parseNewCategoryArgs(`Printers${' '.repeat(30)}section:   #4`)).toEqual({ ok: true, value: { name: 'Printers', sectionId: 4 } });
    expect(parseNewCategoryArgs('"Office supplies"')).toEqual({ ok: true, value: { name: 'Office supplies' } });
  });

  it('keeps a Slack link whole in a search word, and a lone < as text', () => {
    expect(tokenize('<https://x.test/a b|label> << b').map((token) => token.text)).toEqual(['<https://x.test/a b|label>', '<<', 'b']);
  });
});
