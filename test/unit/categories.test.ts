import { describe, expect, it } from 'vitest';
import type { Category } from '../../src/api/schemas.js';
import { categoriesArea } from '../../src/commands/categories/index.js';
import { existingCategory } from '../../src/commands/categories/create.js';
import { categoryListMessage, groupBySection } from '../../src/views/categories/list.js';
import { categoryCreatedText, categoryExistsText, sectionLabel } from '../../src/views/categories/messages.js';
import { resolverOf } from '../support/area-routes.js';

const resolve = resolverOf(categoriesArea);
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import { longText, many } from './block-kit-fixtures.js';

const category = (CategoryID: number, Name: string, section?: [number, string], extra: Partial<Category> = {}): Category => ({
  CategoryID,
  Name,
  ...(section ? { SectionID: section[0], Section: section[1] } : {}),
  ...extra,
});

describe('the category routes', () => {
  it('lists by default', () => {
    expect(resolve('category')).toEqual({ path: 'category list', ok: true, value: undefined });
    expect(resolve('categories')).toEqual({ path: 'category list', ok: true, value: undefined });
    expect(resolve('category LIST')).toEqual({ path: 'category list', ok: true, value: undefined });
    expect(resolve('category list extra')).toMatchObject({ path: 'category list', ok: false });
  });

  it('takes a name of several words and an optional section', () => {
    expect(resolve('category new  Office   printers ')).toEqual({ path: 'category new', ok: true, value: { name: 'Office printers' } });
    expect(resolve('category new Office printers section:2')).toEqual({ path: 'category new', ok: true, value: { name: 'Office printers', sectionId: 2 } });
    expect(resolve('categories add "Section: odd" section: #3')).toEqual({ path: 'category new', ok: true, value: { name: 'Section: odd', sectionId: 3 } });
  });

  it('explains what is wrong', () => {
    expect(resolve('category new')).toMatchObject({ ok: false, error: expect.stringContaining('Name the category') });
    expect(resolve('category new Printers section:abc')).toMatchObject({ ok: false, error: expect.stringContaining('section is a number') });
    expect(resolve('category new Printers section:0')).toMatchObject({ ok: false });
    expect(resolve(`category new ${'x'.repeat(101)}`)).toMatchObject({ ok: false, error: expect.stringContaining('100 characters') });
    expect(resolve('category delete 3')).toMatchObject({ ok: false, error: expect.stringMatching(/use `list`.* or `new/) });
  });
});

describe('existingCategory', () => {
  const categories = [category(1, 'Hardware', [1, 'IT Support']), category(9, 'Misc')];
  it('matches the name case-insensitively within the same section only', () => {
    expect(existingCategory(categories, 'hardware', 1)?.CategoryID).toBe(1);
    expect(existingCategory(categories, 'Hardware', 2)).toBeUndefined();
    expect(existingCategory(categories, 'Hardware', undefined)).toBeUndefined();
    expect(existingCategory(categories, ' MISC ', undefined)?.CategoryID).toBe(9);
    expect(existingCategory([category(4, 'Işıklandırma')], 'IŞIKLANDIRMA', undefined)?.CategoryID).toBe(4);
  });
});

describe('category views', () => {
  const categories = [
    category(3, 'Software', [1, 'IT Support']),
    category(1, 'Hardware', [1, 'IT Support']),
    category(7, 'Orphans'),
    category(5, 'Chairs <new>', [2, 'Facilities'], { ForTechsOnly: true }),
  ];

  it('groups by section alphabetically, without a section last', () => {
    expect(groupBySection(categories).map((group) => [group.title, group.categories.map((item) => item.CategoryID)])).toEqual([
      ['Facilities (section 2)', [5]],
      ['IT Support (section 1)', [1, 3]],
      ['No section', [7]],
    ]);
  });

  it('lists ids, escapes names, marks agents-only ones; the admin footer only for admins', () => {
    const admin = JSON.stringify(categoryListMessage(categories, { isAdmin: true }).blocks);
    expect(admin).toContain('*Categories* (4)');
    expect(admin).toContain('• Chairs &lt;new&gt; · `5` · _agents only_');
    expect(admin).toContain('category new <name> [section:<id>]');
    expect(JSON.stringify(categoryListMessage(categories, { isAdmin: false }).blocks)).not.toContain('category new');
    expect(categoryListMessage([], { isAdmin: false }).text).toBe('No categories.');
  });

  it('keeps a long list within Slack’s block and text limits', () => {
    const many = Array.from({ length: 5000 }, (_, index) => category(index + 1, `Category number ${index + 1}`, [1, 'Big']));
    const blocks = categoryListMessage(many, { isAdmin: true }).blocks ?? [];
    expect(blocks.length).toBeLessThanOrEqual(50);
    for (const block of blocks) if (block.type === 'section') expect(block.text?.text.length).toBeLessThanOrEqual(3000);
    expect(JSON.stringify(blocks)).toContain('the list goes on');
  });

  it('passes the Block Kit limits with 200 categories of long, escaped names in 50 sections, and with 5000', () => {
    const long = many(200, (i) => category(i + 1, longText(300), i % 4 ? [i % 50, longText(200)] : undefined, { ForTechsOnly: i % 2 === 0 }));
    const huge = many(5000, (i) => category(i + 1, longText(60), [i % 7, longText(40)]));
    for (const list of [long, huge, [category(1, longText(5000))]]) {
      for (const isAdmin of [true, false]) expect(checkMessage(categoryListMessage(list, { isAdmin }))).toEqual([]);
    }
  });

  it('names the section and what happened', () => {
    expect(sectionLabel(2, categories)).toBe('*Facilities* (section 2)');
    expect(sectionLabel(8, categories)).toBe('section 8');
    expect(categoryCreatedText('A&B', 12, 'section 8')).toContain('Category *A&amp;B* (`12`) created in section 8.');
    expect(categoryExistsText(categories[3] as Category)).toContain('already exists in *Facilities*; nothing was added');
  });
});
