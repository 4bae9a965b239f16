/**
 * `npm run bench`: text transforms over hostile help-desk text (issue 10, finding 8). The article of two
 * words with 40,000 spaces between them blocked the bot for 2–4.6 s with the quadratic trims
 * (`/^\s+|\s+$/g`, `/[ \t]+\n/g`, `/^(\s*)([\s\S]*?)(\s*)$/`); the linear rewrite renders it in about a
 * millisecond. For comparison, the replaced end-trim regex alone on 10,000 spaces (a quarter of the
 * article: quadratic, so about a sixteenth of its time).
 */
import { bench, describe } from 'vitest';
import type { Article } from '../src/api/schemas.js';
import { articleMessage } from '../src/views/kb/articles.js';
import { htmlToMrkdwn } from '../src/views/kit/html-mrkdwn.js';

const article = (body: string): Article =>
  ({ ArticleId: 7, Subject: 'Router', Body: body, CategoryName: 'Network', DateCreated: new Date(), Url: 'https://hd.example.com/kb/7' }) as unknown as Article;
const render = (body: string) => articleMessage({ article: article(body), techOnly: false, helpdeskWebUrl: 'https://hd.example.com/' });

describe('a knowledge-base article', () => {
  const spaces = `Restart${' '.repeat(40_000)}router`;
  bench('40,000 spaces between two words (plain text)', () => {
    render(spaces);
  });
  bench('40,000 spaces inside an unclosed <b>', () => {
    render(`<b>Restart${' '.repeat(40_000)}router`);
  });
  bench('100 KB of nested lists', () => {
    render(`${'<ul>'.repeat(12_500)}${'<li>x'.repeat(10_000)}`);
  });
  bench('100 KB of <b>x</b>', () => {
    htmlToMrkdwn('<b>x</b> '.repeat(11_000));
  });
});

describe('reference: the replaced regex', () => {
  const quarter = `Restart${' '.repeat(10_000)}router`;
  bench('/^\\s+|\\s+$/g on 10,000 spaces between two words', () => {
    quarter.replace(/^\s+|\s+$/g, '');
  }, { iterations: 3 });
});
