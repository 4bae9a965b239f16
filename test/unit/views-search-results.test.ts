import { describe, expect, it } from 'vitest';
import type { TalepListItem } from '../../src/api/schemas.js';
import type { Block } from '../../src/views/kit/blocks.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import {
  describeSearch,
  listRow,
  mineMessage,
  SearchIds,
  searchResultsMessage,
  type SearchResultsView,
  type TalepListRow,
  talepRowText,
} from '../../src/views/search/results.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { longText, many } from './block-kit-fixtures.js';

const rows = (count: number, from = 1): TalepListRow[] =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    subject: `Talep ${from + index}`,
    status: 'New',
    statusId: 1,
    priority: 0,
    assignee: null,
  }));

const view = (overrides: Partial<SearchResultsView>): SearchResultsView => ({
  query: 'printer',
  filters: [],
  rows: rows(3),
  page: 0,
  audience: 'agent',
  pagingValue: (page) => `page-${page}`,
  ...overrides,
});

const buttonsOf = (blocks: Block[] | undefined) =>
  (blocks ?? []).flatMap((block): unknown[] => {
    if (block.type === 'actions') return block.elements;
    if (block.type === 'section' && block.accessory) return [block.accessory];
    return [];
  }) as { action_id?: string; value?: string }[];

const showValues = (blocks: Block[] | undefined) =>
  buttonsOf(blocks).filter((button) => button.action_id === SharedActions.showTalep).map((button) => button.value);
const pagingButtons = (blocks: Block[] | undefined) =>
  buttonsOf(blocks).filter((button) => button.action_id === SearchIds.previousPage || button.action_id === SearchIds.nextPage);
const allText = (blocks: Block[] | undefined) => JSON.stringify(blocks ?? []);

describe('listRow', () => {
  const template = 'https://hd.example.com/Ticket/{id}';

  it('keeps what a row shows and tells "nobody assigned" from "not said"', () => {
    const summary: TalepListItem = {
      TalepID: 7,
      Subject: 'VPN',
      Status: 'In progress',
      StatusID: 2,
      Priority: 1,
      CategoryName: 'Network',
      AssigneeID: 2,
      AssigneeName: 'agent',
      Url: 'https://hd.example.com/Talep/7',
    };
    expect(listRow(summary, template)).toEqual({
      id: 7, subject: 'VPN', status: 'In progress', statusId: 2, priority: 1, category: 'Network', assignee: 'agent',
      url: 'https://hd.example.com/Talep/7',
    });
    expect(listRow({ TalepID: 8, Subject: 'x', AssigneeID: null, AssigneeName: null }, template).assignee).toBeNull();
    expect(listRow({ TalepID: 8, Subject: 'x', AssigneeID: 5 }, template).assignee).toBe('user #5');
    expect(listRow({ TalepID: 8, Subject: 'x' }, template)).toEqual({ id: 8, subject: 'x', url: 'https://hd.example.com/Ticket/8' });
  });
});

describe('talepRowText', () => {
  it('shows #id, the escaped subject, status, priority, assignee and category', () => {
    const text = talepRowText({
      id: 12, subject: 'Printer <b> & co', status: 'In progress', statusId: 2, priority: 2, assignee: 'mehmet', category: 'R&D',
    });
    expect(text).toContain('*#12* Printer &lt;b&gt; &amp; co');
    expect(text).toContain('In progress');
    expect(text).toContain('Critical');
    expect(text).toContain('mehmet');
    expect(text).toContain('R&amp;D');
  });

  it('marks unassigned taleps and names custom priorities', () => {
    const text = talepRowText({ id: 1, subject: 's', priority: 10, assignee: null });
    expect(text).toContain('_unassigned_');
    expect(text).toContain('Priority 10');
  });

  it('links the id only to a plain web URL', () => {
    expect(talepRowText({ id: 3, subject: 's', url: 'https://hd.example.com/Talep/3' })).toContain('*<https://hd.example.com/Talep/3|#3>*');
    expect(talepRowText({ id: 3, subject: 's', url: 'javascript:alert(1)' })).toContain('*#3*');
    expect(talepRowText({ id: 3, subject: 's', url: 'https://x.example/a|evil' })).toContain('*#3*');
  });
});

describe('searchResultsMessage', () => {
  it('says how many matched and shows one Show button per talep', () => {
    const message = searchResultsMessage(view({ rows: rows(3) }));
    expect(allText(message.blocks)).toContain('*3 taleps* match “printer”');
    expect(message.text).toBe('3 taleps found.');
    expect(showValues(message.blocks)).toEqual(['1', '2', '3']);
    expect(pagingButtons(message.blocks)).toEqual([]);
  });

  it('pages by ten: Next only on the first page, both in the middle, Previous only on the last', () => {
    const all = rows(25);
    const first = searchResultsMessage(view({ rows: all, page: 0 }));
    expect(showValues(first.blocks)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(pagingButtons(first.blocks)).toMatchObject([{ action_id: SearchIds.nextPage, value: 'page-1' }]);
    expect(allText(first.blocks)).toContain('Showing 1–10 of 25');

    const middle = searchResultsMessage(view({ rows: all, page: 1 }));
    expect(showValues(middle.blocks)?.[0]).toBe('11');
    expect(pagingButtons(middle.blocks)).toMatchObject([
      { action_id: SearchIds.previousPage, value: 'page-0' },
      { action_id: SearchIds.nextPage, value: 'page-2' },
    ]);

    const last = searchResultsMessage(view({ rows: all, page: 2 }));
    expect(showValues(last.blocks)).toEqual(['21', '22', '23', '24', '25']);
    expect(pagingButtons(last.blocks)).toMatchObject([{ action_id: SearchIds.previousPage, value: 'page-1' }]);
    expect(last.text).toBe('25 taleps found (page 3 of 3).');
  });

  it('clamps a page that no longer exists to the last one', () => {
    const message = searchResultsMessage(view({ rows: rows(12), page: 9 }));
    expect(showValues(message.blocks)).toEqual(['11', '12']);
  });

  it('stays within Slack’s 50-block limit', () => {
    expect(searchResultsMessage(view({ rows: rows(500), page: 3 })).blocks?.length).toBeLessThanOrEqual(50);
  });

  it('describes the filters, escaping text and rendering people as mentions', () => {
    const message = searchResultsMessage(view({
      query: 'a<b',
      filters: [
        { name: 'status', values: ['new', 'in progress'] },
        { name: 'category', values: ['R&D'] },
        { name: 'assignee', values: [{ slackUserId: 'U123' }] },
      ],
      rows: rows(1),
    }));
    const text = allText(message.blocks);
    expect(text).toContain('*1 talep* match “a&lt;b”  ·  status: new, in progress  ·  category: R&amp;D  ·  assignee: <@U123>');
  });

  it('answers an empty result plainly, telling regular users they only find their own taleps', () => {
    const agent = searchResultsMessage(view({ rows: [] }));
    expect(agent.text).toBe('No taleps found.');
    expect(allText(agent.blocks)).toContain('*No taleps* match “printer”');
    expect(allText(agent.blocks)).not.toContain('only taleps you submitted');
    expect(pagingButtons(agent.blocks)).toEqual([]);
    const user = searchResultsMessage(view({ rows: [], audience: 'user' }));
    expect(allText(user.blocks)).toContain('Search finds only taleps you submitted');
  });

  it('omits the query quotes when only filters were given', () => {
    expect(describeSearch('', [{ name: 'status', values: ['closed'] }])).toBe('status: closed');
  });
});

describe('mineMessage', () => {
  const closed = (id: number): TalepListRow => ({ id, subject: `Closed ${id}`, status: 'Closed', statusId: 3 });
  const open = (id: number): TalepListRow => ({ id, subject: `Open ${id}`, status: 'New', statusId: 1 });

  it('shows both sections for agents, open submitted taleps first', () => {
    const message = mineMessage({ assigned: [open(2)], submitted: [closed(5), open(4), closed(3), open(1)] });
    const text = allText(message.blocks);
    expect(text).toContain('*Assigned to you, open* (1)');
    expect(text).toContain('*Submitted by you* (4, 2 open)');
    expect(showValues(message.blocks)).toEqual(['2', '4', '1', '5', '3']);
    expect(message.text).toBe('1 open talep assigned to you, 4 taleps submitted by you.');
  });

  it('shows only "submitted by you" for regular users', () => {
    const message = mineMessage({ submitted: [open(1)] });
    expect(allText(message.blocks)).not.toContain('Assigned to you');
    expect(showValues(message.blocks)).toEqual(['1']);
  });

  it('says when a section is empty', () => {
    const text = allText(mineMessage({ assigned: [], submitted: [] }).blocks);
    expect(text).toContain('Nothing open is assigned to you.');
    expect(text).toContain('You have not submitted any taleps.');
  });

  it('lists at most the limit and points to the search for the rest', () => {
    const many = Array.from({ length: 14 }, (_, index) => open(index + 1));
    const message = mineMessage({ assigned: many, submitted: many, limit: 10 });
    expect(showValues(message.blocks)).toHaveLength(20);
    const text = allText(message.blocks);
    expect(text).toContain('Showing 10 of 14. `/talep search assignee:me status:open` lists them all.');
    expect(text).toContain('`/talep search by:me`');
    expect(message.blocks?.length).toBeLessThanOrEqual(50);
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const longRows = (count: number, statusId = 1): TalepListRow[] =>
    many(count, (i) => ({
      id: 100_000 + i,
      subject: longText(1000),
      status: longText(100),
      statusId: i % 2 ? statusId : 3,
      priority: (i % 4) - 1,
      category: longText(300),
      assignee: i % 3 ? longText(100) : null,
      url: `https://hd.example.com/Talep/${i}?${'x'.repeat(300)}`,
    }));
  const filters = many(12, (i) => ({ name: longText(30), values: many(10, (j) => (j % 2 ? longText(100) : { slackUserId: `U${i}${j}` })) }));

  it('keeps every page of 500 long rows within the limits, with long words and filters', () => {
    const rowsOf500 = longRows(500);
    for (const page of [0, 1, 24, 49]) {
      for (const audience of ['agent', 'user'] as const) {
        expect(checkMessage(searchResultsMessage(view({ query: longText(2000), filters, rows: rowsOf500, page, audience, pagingValue: (p) => JSON.stringify({ q: longText(500), p }) })))).toEqual([]);
      }
    }
    expect(checkMessage(searchResultsMessage(view({ query: longText(2000), filters, rows: [] })))).toEqual([]);
  });

  it('keeps "mine" within the limits with 300 assigned and 300 submitted taleps', () => {
    expect(checkMessage(mineMessage({ assigned: longRows(300), submitted: longRows(300, 2) }))).toEqual([]);
    expect(checkMessage(mineMessage({ submitted: [] }))).toEqual([]);
  });
});
