import { describe, expect, it } from 'vitest';
import { problemOf } from '../support/parse-problems.js';
import { filterChips, parseSearchArgs, type SearchArgs, tokenize } from '../../src/commands/search/query.js';

function parsed(text: string): SearchArgs {
  const result = parseSearchArgs(text);
  if (!result.ok) throw new Error(`expected "${text}" to parse, got: ${problemOf(result)}`);
  return result.value;
}

function problem(text: string): string {
  const result = parseSearchArgs(text);
  if (result.ok) throw new Error(`expected "${text}" to be refused, got ${JSON.stringify(result.value)}`);
  return problemOf(result);
}

describe('parseSearchArgs: words', () => {
  it('keeps the words as the query and the original text for paging', () => {
    expect(parsed('  printer   jams ')).toEqual({ text: 'printer   jams', query: 'printer jams' });
  });

  it('unescapes what Slack escaped in the command text', () => {
    expect(parsed('R&amp;D &lt;urgent&gt;').query).toBe('R&D <urgent>');
  });

  it('groups quoted words and drops the quotes, straight or curly', () => {
    expect(parsed('"error 809" vpn').query).toBe('error 809 vpn');
    expect(parsed('“paper jam” kitchen').query).toBe('paper jam kitchen');
  });

  it('treats a quoted key:value and links as words, not filters', () => {
    expect(parsed('"error:809"')).toEqual({ text: '"error:809"', query: 'error:809' });
    expect(parsed('https://intranet.example.com/x').query).toBe('https://intranet.example.com/x');
    // Slack links what looks like a URL or e-mail; the search wants the text the user typed.
    expect(parsed('see <https://example.com/a|example.com/a>').query).toBe('see example.com/a');
    expect(parsed('<https://example.com/a> <mailto:can@example.com|can@example.com>').query).toBe('https://example.com/a can@example.com');
  });

  it('refuses an empty search and an overly long one', () => {
    expect(problem('   ')).toMatch(/what to search for/);
    expect(problem('x'.repeat(1501))).toMatch(/too long/);
  });
});

describe('parseSearchArgs: filters', () => {
  it('reads the example from the help text', () => {
    const args = parsed('printer status:new,progress category:Hardware assignee:me from:2026-01-01 to:2026-02-01 by:<@U0ALI|ali>');
    expect(args).toMatchObject({
      query: 'printer',
      statusIds: [1, 2],
      categories: ['Hardware'],
      assignee: { kind: 'me' },
      submitter: { kind: 'slack', userId: 'U0ALI' },
      from: { kind: 'date', date: '2026-01-01' },
      to: { kind: 'date', date: '2026-02-01' },
    });
  });

  it('allows filters without words (query "")', () => {
    expect(parsed('status:closed')).toEqual({ text: 'status:closed', query: '', statusIds: [3] });
  });

  it('reads status names, aliases, open/all, and merges repeated status filters', () => {
    expect(parsed('status:open').statusIds).toEqual([1, 2]);
    expect(parsed('status:all').statusIds).toEqual([1, 2, 3]);
    expect(parsed('status:closed status:NEW').statusIds).toEqual([1, 3]);
    expect(parsed('state:in-progress|done').statusIds).toEqual([2, 3]);
    expect(problem('status:pending')).toMatch(/`status:` expects new, progress, closed or open.*“pending”/);
  });

  it('reads quoted category names, lists and ids, and unescapes them', () => {
    expect(parsed('category:"Office Supplies"').categories).toEqual(['Office Supplies']);
    expect(parsed('cat:Hardware,Network category:3').categories).toEqual(['Hardware', 'Network', '3']);
    expect(parsed('category:R&amp;D').categories).toEqual(['R&D']);
  });

  it('reads assignee as me, none or a Slack mention (with or without the name part)', () => {
    expect(parsed('assignee:me').assignee).toEqual({ kind: 'me' });
    expect(parsed('assigned:none').assignee).toEqual({ kind: 'none' });
    expect(parsed('assignee:unassigned').assignee).toEqual({ kind: 'none' });
    expect(parsed('assignee:<@U123|ayse>').assignee).toEqual({ kind: 'slack', userId: 'U123' });
    expect(parsed('assignee:<@W42>').assignee).toEqual({ kind: 'slack', userId: 'W42' });
    // Display names with spaces stay inside the mention.
    expect(parsed('assignee:<@U123|Ayşe Yılmaz> vpn')).toMatchObject({ assignee: { kind: 'slack', userId: 'U123' }, query: 'vpn' });
  });

  it('reads by: as me or a mention; nobody is not a submitter', () => {
    expect(parsed('by:me').submitter).toEqual({ kind: 'me' });
    expect(parsed('submitter:<@U9|can>').submitter).toEqual({ kind: 'slack', userId: 'U9' });
    expect(problem('by:none')).toMatch(/`by:` expects/);
  });

  it('explains a plain @name that Slack did not turn into a mention', () => {
    expect(problem('assignee:@ayse')).toMatch(/did not turn into a mention/);
    expect(problem('by:@ali')).toMatch(/`by:`.*@ suggestions/);
  });

  it('reads dates: ISO days, today, yesterday, -Nd and -Nw', () => {
    expect(parsed('from:today').from).toEqual({ kind: 'daysAgo', days: 0 });
    expect(parsed('since:yesterday').from).toEqual({ kind: 'daysAgo', days: 1 });
    expect(parsed('from:-7d').from).toEqual({ kind: 'daysAgo', days: 7 });
    expect(parsed('from:2w').from).toEqual({ kind: 'daysAgo', days: 14 });
    expect(parsed('until:2026-02-28').to).toEqual({ kind: 'date', date: '2026-02-28' });
    expect(problem('to:2026-02-30')).toMatch(/not a calendar date/);
    expect(problem('from:last-week')).toMatch(/`from:` expects a date/);
    expect(problem('from:2026-02-01 to:2026-01-01')).toMatch(/after/);
  });

  it('takes the value from the next word after "key: "', () => {
    expect(parsed('status: new printer')).toMatchObject({ statusIds: [1], query: 'printer' });
    expect(problem('status:')).toMatch(/`status:` needs a value/);
    expect(problem('status: category:Hardware')).toMatch(/`status:` needs a value/);
  });

  it('names the unknown filter and lists the known ones', () => {
    expect(problem('printer foo:bar')).toBe(
      'Unknown filter `foo:` — use status:, category:, assignee:, by:, from:, to:. To search for the text itself, put it in "quotes".',
    );
  });

  it('refuses single-valued filters given twice', () => {
    expect(problem('assignee:me assignee:none')).toMatch(/`assignee:` can be given only once/);
    expect(problem('from:today from:yesterday')).toMatch(/`from:` can be given only once/);
  });
});

describe('tokenize', () => {
  it('records where quoting starts, so only unquoted keys count', () => {
    expect(tokenize('category:"Office Supplies" "a b"')).toEqual([
      { text: 'category:Office Supplies', plainPrefix: 9 },
      { text: 'a b', plainPrefix: 0 },
    ]);
  });

  it('reads an unterminated quote to the end', () => {
    expect(tokenize('"paper jam')).toEqual([{ text: 'paper jam', plainPrefix: 0 }]);
  });
});

describe('filterChips', () => {
  it('describes every filter, people as mentions', () => {
    expect(filterChips(parsed('status:open category:Hardware assignee:<@U1|x> by:me from:-3d to:2026-01-31'))).toEqual([
      { name: 'status', values: ['new', 'in progress'] },
      { name: 'category', values: ['Hardware'] },
      { name: 'assignee', values: [{ slackUserId: 'U1' }] },
      { name: 'by', values: ['you'] },
      { name: 'from', values: ['3 days ago'] },
      { name: 'to', values: ['2026-01-31'] },
    ]);
  });
});
