import { describe, expect, it } from 'vitest';
import { problemOf } from '../support/parse-problems.js';
import type { ArticleList } from '../../src/api/schemas.js';
import { categoryChoices, matchingArticles } from '../../src/commands/kb/articles.js';
import { readNewArticleForm } from '../../src/commands/kb/form.js';
import { articleIdOf, type KbCommand, parseKbCommand } from '../../src/commands/kb/parse.js';
import { kbArea } from '../../src/commands/kb/index.js';
import { Router } from '../../src/slack/routes.js';
import { NewArticleBlocks } from '../../src/views/kb/articles.js';
import { FORM_VALUE } from '../../src/views/kit/inputs.js';

function parsed(text: string): KbCommand {
  const result = parseKbCommand(text);
  if (!result.ok) throw new Error(`expected "${text}" to parse, got: ${problemOf(result)}`);
  return result.value;
}

function problem(text: string): string {
  const result = parseKbCommand(text);
  if (result.ok) throw new Error(`expected "${text}" to be refused, got ${JSON.stringify(result.value)}`);
  return problemOf(result);
}

describe('parseKbCommand', () => {
  it('reads a number alone as an article id', () => {
    expect(parsed('12')).toEqual({ kind: 'show', articleId: 12 });
    expect(parsed(' #7 ')).toEqual({ kind: 'show', articleId: 7 });
    expect(problem('0')).toContain('start at 1');
  });

  it('routes `new` alone to the form, and new among other words to a search', () => {
    const router = new Router();
    for (const entry of kbArea.routes ?? []) router.add(entry);
    const pathOf = (text: string) => {
      const resolved = router.resolve(text);
      return 'route' in resolved ? resolved.route.path : undefined;
    };
    expect(pathOf('kb new')).toBe('kb new');
    expect(pathOf('KB NEW')).toBe('kb new');
    expect(pathOf('article write')).toBe('kb new');
    expect(pathOf('kb new laptop')).toBe('kb');
    expect(parsed('new laptop')).toEqual({ kind: 'search', words: ['new', 'laptop'] });
  });

  it('takes everything else as words; nothing lists the newest articles', () => {
    expect(parsed('')).toEqual({ kind: 'search', words: [] });
    expect(parsed('vpn  "error 809" R&amp;D')).toEqual({ kind: 'search', words: ['vpn', 'error 809', 'R&D'] });
    expect(parsed('"42"')).toEqual({ kind: 'search', words: ['42'] });
    expect(parsed('error:809 http://x.example')).toEqual({ kind: 'search', words: ['error:809', 'http://x.example'] });
  });

  it('reads a category filter, quoted or after a space, and only once', () => {
    expect(parsed('printer category:Hardware')).toEqual({ kind: 'search', words: ['printer'], category: 'Hardware' });
    expect(parsed('cat: "Office Supplies" toner')).toEqual({ kind: 'search', words: ['toner'], category: 'Office Supplies' });
    expect(parsed('category:"IT Support / Network"')).toEqual({ kind: 'search', words: [], category: 'IT Support / Network' });
    expect(parsed('"category:x" y')).toEqual({ kind: 'search', words: ['category:x', 'y'] });
    expect(problem('category:')).toContain('needs a name');
    expect(problem('category:a category:b')).toContain('only once');
  });

  it('refuses very long text', () => {
    expect(problem('x'.repeat(501))).toContain('too long');
  });
});

const list: ArticleList = {
  Articles: [
    { ArticleId: 1, Subject: 'How to connect to the VPN', ForTechsOnly: false, CategoryID: 3, Url: 'u1', DateCreated: new Date('2025-12-06T09:00:00Z') },
    { ArticleId: 2, Subject: 'Clearing a printer jam', ForTechsOnly: false, CategoryID: 1, Url: 'u2', DateCreated: new Date('2025-12-16T09:00:00Z') },
    { ArticleId: 3, Subject: 'Core switch recovery procedure', ForTechsOnly: true, CategoryID: 3, Url: 'u3', DateCreated: new Date('2025-12-26T09:00:00Z') },
    { ArticleId: 4, Subject: 'İmza ayarları (Outlook)', ForTechsOnly: false, CategoryID: 2, Url: 'u4', DateCreated: new Date('2025-12-26T09:00:00Z') },
    { ArticleId: 5, Subject: 'Orphan article', ForTechsOnly: false, CategoryID: 99, Url: 'u5', DateCreated: new Date('2025-11-01T09:00:00Z') },
  ],
  Categories: [
    { CategoryID: 1, Name: 'Hardware', Section: 'IT Support', NameWithSection: 'IT Support / Hardware' },
    { CategoryID: 2, Name: 'Yazılım', Section: 'IT Support', NameWithSection: 'IT Support / Yazılım' },
    { CategoryID: 3, Name: 'Network', Section: null, NameWithSection: '' },
  ],
  Tags: [],
};

const ids = (words: string[], agent = true) => matchingArticles(list, words, { agent }).map((row) => row.id);

describe('matchingArticles', () => {
  it('lists everything the viewer may see, newest first (ties: higher id first)', () => {
    expect(ids([])).toEqual([4, 3, 2, 1, 5]);
  });

  it('hides agents-only articles from regular users, even when the help desk sent them', () => {
    expect(ids([], false)).toEqual([4, 2, 1, 5]);
    expect(ids(['switch'], false)).toEqual([]);
    expect(ids(['switch'], true)).toEqual([3]);
  });

  it('needs every word, each in the subject or the category name', () => {
    expect(ids(['printer', 'hardware'])).toEqual([2]);
    expect(ids(['printer', 'network'])).toEqual([]);
    expect(ids(['network'])).toEqual([3, 1]);
    expect(ids(['it support'])).toEqual([4, 2]);
  });

  it('ignores case, accents and the Turkish dotted/dotless i', () => {
    expect(ids(['YAZILIM'])).toEqual([4]);
    expect(ids(['imza', 'AYARLARI'])).toEqual([4]);
    expect(ids(['vpn', 'CONNECT'])).toEqual([1]);
  });

  it('names the category with its section, or by id when the list does not have it', () => {
    const rows = matchingArticles(list, [], { agent: true });
    expect(rows.find((row) => row.id === 2)?.category).toBe('IT Support / Hardware');
    expect(rows.find((row) => row.id === 1)?.category).toBe('Network');
    expect(rows.find((row) => row.id === 5)?.category).toBe('Category #99');
    expect(rows.find((row) => row.id === 3)).toMatchObject({ techOnly: true, subject: 'Core switch recovery procedure' });
  });
});

describe('categoryChoices', () => {
  it('offers each category by its name with section', () => {
    expect(categoryChoices(list)).toEqual([
      { id: 1, name: 'IT Support / Hardware', section: 'IT Support' },
      { id: 2, name: 'IT Support / Yazılım', section: 'IT Support' },
      { id: 3, name: 'Network', section: null },
    ]);
  });
});

type Values = Parameters<typeof readNewArticleForm>[0];
const text = (value: string | null) => ({ [FORM_VALUE]: { type: 'plain_text_input', value } });
const form = (values: { category?: string; subject?: string | null; body?: string | null; techOnly?: boolean }): Values => ({
  [NewArticleBlocks.category]: {
    [FORM_VALUE]: { type: 'static_select', selected_option: values.category ? { text: { type: 'plain_text', text: 'x' }, value: values.category } : null },
  },
  [NewArticleBlocks.subject]: text(values.subject ?? null),
  [NewArticleBlocks.body]: text(values.body ?? null),
  [NewArticleBlocks.techOnly]: {
    [FORM_VALUE]: { type: 'checkboxes', selected_options: values.techOnly ? [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] : [] },
  },
}) as unknown as Values;

describe('readNewArticleForm', () => {
  it('reads category, subject, body and the agents-only box', () => {
    expect(readNewArticleForm(form({ category: '3', subject: ' VPN ', body: 'Step 1\nStep 2', techOnly: true }))).toEqual({
      ok: true,
      values: { categoryId: 3, subject: 'VPN', body: 'Step 1\nStep 2', techOnly: true },
    });
    expect(readNewArticleForm(form({ category: '1', subject: 'a', body: 'b' }))).toMatchObject({ values: { techOnly: false } });
  });

  it('answers empty or blank fields inline, keyed by block', () => {
    expect(readNewArticleForm(form({ subject: '   ', body: '' }))).toEqual({
      ok: false,
      errors: {
        [NewArticleBlocks.category]: 'Choose a category.',
        [NewArticleBlocks.subject]: 'Write a subject.',
        [NewArticleBlocks.body]: 'Write the article.',
      },
    });
  });

  it('re-checks the length limits and the category value', () => {
    const result = readNewArticleForm(form({ category: 'x1', subject: 's'.repeat(251), body: 'b'.repeat(3001) }));
    expect(result).toEqual({
      ok: false,
      errors: {
        [NewArticleBlocks.category]: 'Choose a category.',
        [NewArticleBlocks.subject]: 'At most 250 characters.',
        [NewArticleBlocks.body]: 'At most 3000 characters.',
      },
    });
  });
});

describe('articleIdOf', () => {
  it('accepts a positive id and nothing else', () => {
    expect(articleIdOf('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', '12; DROP', '9999999999']) expect(articleIdOf(bad)).toBeUndefined();
  });
});
