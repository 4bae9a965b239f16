import { describe, expect, it } from 'vitest';
import type { Article } from '../../src/api/schemas.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import {
  AGENTS_ONLY,
  type ArticleCardData,
  articleCreatedView,
  articleListMessage,
  articleMessage,
  articleModal,
  type ArticleRow,
  BODY_LIMIT,
  KbIds,
  MAX_LISTED,
  NewArticleBlocks,
  newArticleModal,
  shareRefusedMessage,
} from '../../src/views/kb/articles.js';
import { longText, many } from './block-kit-fixtures.js';

const json = (value: unknown) => JSON.stringify(value);

interface AnyElement {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
}
type AnyBlock = { type: string; block_id?: string; elements?: AnyElement[]; accessory?: AnyElement; element?: Record<string, unknown> };
const buttonsOf = (blocks: unknown) =>
  (blocks as AnyBlock[]).flatMap((block) => [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])]).filter((e) => e.type === 'button');
const actionIds = (blocks: unknown) => buttonsOf(blocks).map((button) => button.action_id);

const row = (id: number, extra: Partial<ArticleRow> = {}): ArticleRow => ({
  id,
  subject: `Article ${id}`,
  category: 'IT Support / Network',
  created: new Date(Date.UTC(2026, 0, id)),
  techOnly: false,
  ...extra,
});

describe('articleListMessage', () => {
  it('lists each match with subject, category, date and a Show button carrying the id', () => {
    const message = articleListMessage({ words: ['vpn'], rows: [row(1, { subject: 'VPN <setup> & you' })] });
    const text = json(message.blocks);
    expect(message.text).toBe('Knowledge base: 1 article matching “vpn”');
    expect(text).toContain('*VPN &lt;setup&gt; &amp; you*');
    expect(text).toContain('IT Support / Network');
    expect(text).toContain('<!date^');
    expect(buttonsOf(message.blocks)).toEqual([expect.objectContaining({ action_id: KbIds.show, value: '1' })]);
  });

  it(`shows at most ${MAX_LISTED} and counts the rest`, () => {
    const rows = Array.from({ length: 22 }, (_, index) => row(index + 1));
    const message = articleListMessage({ words: [], rows });
    expect(buttonsOf(message.blocks)).toHaveLength(MAX_LISTED);
    expect(json(message.blocks)).toContain('…and 7 more articles');
    expect(json(message.blocks)).toContain('The newest knowledge-base articles (22 in all)');
  });

  it('marks agents-only articles', () => {
    const message = articleListMessage({ words: ['switch'], rows: [row(3, { techOnly: true }), row(1)] });
    const sections = (message.blocks as { text?: { text: string } }[]).map((block) => block.text?.text ?? '');
    expect(sections.find((text) => text.includes('Article 3'))).toContain(AGENTS_ONLY);
    expect(sections.find((text) => text.includes('Article 1'))).not.toContain(AGENTS_ONLY);
  });

  it('says when nothing matches, naming the words and the category (escaped)', () => {
    const message = articleListMessage({ words: ['<x>'], category: 'A&B', rows: [] });
    expect(message.text).toBe(':mag: No knowledge-base article matching “&lt;x&gt;” in *A&amp;B*.');
    expect(buttonsOf(message.blocks)).toEqual([]);
  });
});

const article = (extra: Partial<Article> = {}): Article => ({
  ArticleId: 7,
  Subject: 'Printer <jam>',
  Body: '<p>Open tray 2 &amp; pull the <b>green</b> lever.</p>',
  CategoryName: 'Hardware',
  Url: 'https://hd.example/KB/View/7',
  DateCreated: new Date('2026-01-01T10:00:00Z'),
  ...extra,
});
const card = (extra: Partial<ArticleCardData> = {}): ArticleCardData => ({
  article: article(),
  techOnly: false,
  helpdeskWebUrl: 'https://hd.example/',
  ...extra,
});

describe('articleMessage', () => {
  it('shows subject, category, date and the converted body, with Open and Share for a public article', () => {
    const message = articleMessage(card());
    const text = json(message.blocks);
    expect(message.text).toBe('Article #7: Printer &lt;jam&gt;');
    expect(text).toContain('Hardware');
    expect(text).toContain('<!date^');
    expect(text).toContain('Open tray 2 &amp; pull the *green* lever.');
    const buttons = buttonsOf(message.blocks);
    expect(buttons.find((button) => button.action_id === KbIds.openLink)?.url).toBe('https://hd.example/KB/View/7');
    expect(buttons.find((button) => button.action_id === KbIds.share)?.value).toBe('7');
  });

  it('marks an agents-only article and offers no Share button, saying why', () => {
    const message = articleMessage(card({ techOnly: true }));
    const text = json(message.blocks);
    expect(text).toContain(AGENTS_ONLY);
    expect(text).toContain('cannot be shared in a channel');
    expect(actionIds(message.blocks)).toEqual([KbIds.openLink]);
  });

  it('offers no Share button when the help desk did not say who may read it', () => {
    const message = articleMessage(card({ techOnly: undefined }));
    expect(actionIds(message.blocks)).not.toContain(KbIds.share);
    expect(json(message.blocks)).not.toContain(AGENTS_ONLY);
  });

  it('links to the whole article when the body is shortened', () => {
    const message = articleMessage(card({ article: article({ Body: 'x '.repeat(5000) }) }));
    const text = json(message.blocks);
    expect(text).toContain('<https://hd.example/KB/View/7|Read the whole article in the help desk>');
    const body = (message.blocks as { text?: { text: string } }[])[2]?.text?.text ?? '';
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT);
    expect(body.endsWith('…')).toBe(true);
  });

  it('leaves out the link button for a URL that is not http(s), and resolves relative ones', () => {
    expect(actionIds(articleMessage(card({ article: article({ Url: 'javascript:alert(1)' }) })).blocks)).toEqual([KbIds.share]);
    const relative = articleMessage(card({ article: article({ Url: '/KB/View/7' }) }));
    expect(buttonsOf(relative.blocks).find((button) => button.action_id === KbIds.openLink)?.url).toBe('https://hd.example/KB/View/7');
  });

  it('public: says who shared it, without Share button', () => {
    const message = articleMessage(card(), { kind: 'public', sharedBySlackUserId: 'U42' });
    expect(message.text).toContain('shared by <@U42>');
    expect(json(message.blocks)).toContain(':mega: Shared by <@U42>');
    expect(actionIds(message.blocks)).toEqual([KbIds.openLink]);
  });

  it('public: refuses to render an article that is or may be for agents only', () => {
    expect(() => articleMessage(card({ techOnly: true }), { kind: 'public', sharedBySlackUserId: 'U42' })).toThrow(/must not be posted/);
    expect(() => articleMessage(card({ techOnly: undefined }), { kind: 'public', sharedBySlackUserId: 'U42' })).toThrow();
  });

  it('in a modal: the article without Share, with a hint to share from a channel', () => {
    const view = articleModal(card());
    expect(view.type).toBe('modal');
    expect(actionIds(view.blocks)).toEqual([KbIds.openLink]);
    expect(json(view.blocks)).toContain('/talep kb 7');
  });
});

describe('shareRefusedMessage', () => {
  it('explains the refusal', () => {
    expect(shareRefusedMessage(3, true).text).toBe(':lock: Article #3 is for agents only, so it cannot be shared in a channel.');
    expect(shareRefusedMessage(3, undefined).text).toContain('did not say');
  });
});

describe('newArticleModal', () => {
  const categories = [
    { id: 1, name: 'IT Support / Hardware', section: 'IT Support' },
    { id: 3, name: 'IT Support / Network', section: 'IT Support' },
  ];
  const blockById = (blocks: unknown, id: string) => (blocks as AnyBlock[]).find((block) => block.block_id === id);

  it('has category, subject, body and the agents-only box', () => {
    const view = newArticleModal({ categories });
    expect(view.callback_id).toBe(KbIds.newCallback);
    expect((view.blocks as AnyBlock[]).map((block) => block.block_id)).toEqual(Object.values(NewArticleBlocks));
    const select = blockById(view.blocks, NewArticleBlocks.category)?.element as { options: { value: string }[]; initial_option?: unknown };
    expect(select.options.map((choice) => choice.value)).toEqual(['1', '3']);
    expect(select.initial_option).toBeUndefined();
    expect(blockById(view.blocks, NewArticleBlocks.body)?.element).toMatchObject({ multiline: true });
  });

  it('keeps what was typed and shows the problem (escaped) above the form', () => {
    const view = newArticleModal({
      categories,
      values: { categoryId: 3, subject: 'VPN', body: 'Steps', techOnly: true },
      problem: 'The help desk refused: <nope>',
    });
    const select = blockById(view.blocks, NewArticleBlocks.category)?.element as { initial_option?: { value: string } };
    expect(select.initial_option?.value).toBe('3');
    expect(json(view.blocks)).toContain('The help desk refused: &lt;nope&gt;');
    expect(blockById(view.blocks, NewArticleBlocks.subject)?.element).toMatchObject({ initial_value: 'VPN' });
    expect(blockById(view.blocks, NewArticleBlocks.techOnly)?.element).toHaveProperty('initial_options');
  });

  it('warns a regular user up front', () => {
    expect(json(newArticleModal({ categories, warnNotAgent: true }).blocks)).toContain('*agent* (Temsilci) permission');
    expect(json(newArticleModal({ categories }).blocks)).not.toContain('Temsilci');
  });

  it('groups more than 100 categories by section', () => {
    const many = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, name: `C${index}`, section: index < 120 ? 'A' : 'B' }));
    const select = blockById(newArticleModal({ categories: many }).blocks, NewArticleBlocks.category)?.element as {
      options?: unknown;
      option_groups: { options: unknown[] }[];
    };
    expect(select.options).toBeUndefined();
    expect(select.option_groups.map((group) => group.options.length)).toEqual([100, 30]);
  });
});

describe('articleCreatedView', () => {
  it('confirms with the new id and a Show button', () => {
    const view = articleCreatedView({ id: 12, subject: 'VPN & you', techOnly: true });
    expect(json(view.blocks)).toContain('Created article #12 “VPN &amp; you” (:lock: agents only)');
    expect(buttonsOf(view.blocks)).toEqual([expect.objectContaining({ action_id: KbIds.show, value: '12' })]);
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const html = `<h1>${longText(200)}</h1>${many(400, (i) => `<p>${longText(80)} <a href="https://hd.example/kb/${i}">link ${i}</a></p><ul><li>${longText(40)}</li></ul>`).join('')}`;
  const big = card({ article: article({ Subject: longText(2000), Body: html, CategoryName: longText(500), Url: `https://hd.example/KB/${'x'.repeat(2000)}` }) });

  it('keeps a list of 200 long articles within the limits', () => {
    const rows = many(200, (i) => row(i + 1, { subject: longText(1000), category: longText(300), techOnly: i % 2 === 0 }));
    expect(checkMessage(articleListMessage({ words: many(30, () => longText(50)), category: longText(500), rows }))).toEqual([]);
  });

  it('keeps a long article within the limits, private, public and in a modal', () => {
    expect(checkMessage(articleMessage(big))).toEqual([]);
    expect(checkMessage(articleMessage(big, { kind: 'public', sharedBySlackUserId: 'U1' }))).toEqual([]);
    expect(checkView(articleModal(big))).toEqual([]);
    expect(checkView(articleCreatedView({ id: 9, subject: longText(5000), techOnly: true }))).toEqual([]);
  });

  it('keeps the new-article form within the limits with 250 categories, whichever one is chosen', () => {
    // 150 in one section (more than a group holds), 100 more in sections of their own, some without one.
    const categories = [
      ...many(150, (i) => ({ id: i + 1, name: `${i + 1} ${longText(100)}`, section: 'IT Support' })),
      ...many(100, (i) => ({ id: 200 + i, name: `${200 + i} ${longText(100)}`, section: i % 10 === 0 ? null : `Section ${i}` })),
    ];
    const values = { subject: longText(1000), body: longText(40_000), techOnly: true };
    for (const categoryId of [undefined, 1, 140, 250, 299]) {
      expect(checkView(newArticleModal({ categories, values: { ...values, categoryId }, problem: longText(5000), warnNotAgent: true }))).toEqual([]);
    }
    expect(checkView(newArticleModal({ categories: categories.slice(0, 100), values: { categoryId: 42 } }))).toEqual([]);
    // More sections than a select holds groups: the chosen one's section is still listed.
    const scattered = many(130, (i) => ({ id: i + 1, name: `${i + 1} ${longText(100)}`, section: `Section ${i}` }));
    expect(checkView(newArticleModal({ categories: scattered, values: { categoryId: 120 } }))).toEqual([]);
  });
});
