import { describe, expect, it } from 'vitest';
import { problemOf, worded } from '../support/parse-problems.js';
import type { Category } from '../../src/api/schemas.js';
import { resolveDateRange } from '../../src/commands/search/criteria.js';
import { resolveCategoryIds } from '../../src/domain/categories.js';

describe('resolveCategoryIds', () => {
  const categories: Category[] = [
    { CategoryID: 1, Name: 'Hardware' },
    { CategoryID: 2, Name: 'Software' },
    { CategoryID: 4, Name: 'Office Supplies', NameWithSection: 'Facilities / Office Supplies' },
    { CategoryID: 6, Name: 'Yazılım Destek' },
    { CategoryID: 7, Name: 'Network' },
    { CategoryID: 8, Name: 'Network Security' },
  ];

  it('matches names case-, accent- and dotless-i-insensitively', () => {
    expect(resolveCategoryIds(['hardware', 'OFFICE SUPPLIES', 'yazilim destek'], categories)).toEqual({ ok: true, value: [1, 4, 6] });
  });

  it('prefers an exact name over prefixes, and accepts a unique prefix or an id', () => {
    expect(resolveCategoryIds(['network'], categories)).toEqual({ ok: true, value: [7] });
    expect(resolveCategoryIds(['soft', '4'], categories)).toEqual({ ok: true, value: [2, 4] });
  });

  it('says which categories exist, or which ones an ambiguous prefix matched', () => {
    const unknown = resolveCategoryIds(['Printers'], categories);
    expect(worded(unknown)).toEqual({ ok: false, error: expect.stringMatching(/No category “Printers”\. Your categories: Hardware, Software,/) });
    const ambiguous = resolveCategoryIds(['net'], categories);
    expect(worded(ambiguous)).toEqual({ ok: false, error: expect.stringMatching(/matches several categories: Network, Network Security/) });
  });

  it('says what was typed as plain text; the message that shows it escapes it', () => {
    const result = resolveCategoryIds(['<b>'], categories);
    expect(problemOf(result)).toContain('“<b>”');
  });
});

describe('resolveDateRange', () => {
  const now = new Date('2026-01-20T22:30:00Z'); // already the 21st in Istanbul (UTC+3)
  const istanbul = 3 * 3600;

  it('makes from: the start and to: the end of the day in the user’s zone', () => {
    expect(resolveDateRange({ kind: 'date', date: '2026-01-01' }, { kind: 'date', date: '2026-02-01' }, now, istanbul)).toEqual({
      ok: true,
      value: { dateFrom: new Date('2025-12-31T21:00:00Z'), dateTo: new Date('2026-02-01T20:59:59.999Z') },
    });
  });

  it('counts relative days from the user’s today', () => {
    expect(resolveDateRange({ kind: 'daysAgo', days: 0 }, undefined, now, istanbul)).toEqual({
      ok: true,
      value: { dateFrom: new Date('2026-01-20T21:00:00Z') },
    });
    expect(resolveDateRange(undefined, { kind: 'daysAgo', days: 1 }, now, 0)).toEqual({
      ok: true,
      value: { dateTo: new Date('2026-01-19T23:59:59.999Z') },
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(worded(resolveDateRange({ kind: 'daysAgo', days: 0 }, { kind: 'daysAgo', days: 3 }, now, 0))).toEqual({ ok: false, error: expect.stringMatching(/after/) });
  });
});
