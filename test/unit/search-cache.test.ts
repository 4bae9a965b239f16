import { describe, expect, it } from 'vitest';
import { decodePagingValue, encodePagingValue, SearchResultCache } from '../../src/commands/search/cache.js';

describe('paging values', () => {
  it('round-trips the key, the page and the text', () => {
    const value = encodePagingValue({ k: 'abc_DEF-123', p: 2, t: 'printer status:open' });
    expect(value.length).toBeLessThanOrEqual(2000);
    expect(decodePagingValue(value)).toEqual({ k: 'abc_DEF-123', p: 2, t: 'printer status:open' });
  });

  it('drops the text rather than exceed Slack’s 2000 characters', () => {
    const text = '"'.repeat(1500); // each quote doubles when JSON-escaped
    const value = encodePagingValue({ k: 'key', p: 1, t: text });
    expect(value.length).toBeLessThanOrEqual(2000);
    expect(decodePagingValue(value)).toEqual({ k: 'key', p: 1 });
  });

  it('refuses anything that is not a valid state', () => {
    expect(decodePagingValue(undefined)).toBeUndefined();
    expect(decodePagingValue('not json')).toBeUndefined();
    expect(decodePagingValue('{"k":"a b","p":1}')).toBeUndefined();
    expect(decodePagingValue('{"k":"ab","p":-1}')).toBeUndefined();
  });
});

describe('SearchResultCache', () => {
  const entry = (owner: string, rows = 1) => ({
    owner,
    args: { text: 'x', query: 'x' },
    rows: Array.from({ length: rows }, (_, index) => ({ id: index + 1, subject: `s${index}` })),
    audience: 'agent' as const,
  });

  it('serves matches only to the user who searched', () => {
    const cache = new SearchResultCache();
    const key = cache.put(entry('T1:U1'));
    expect(key).toMatch(/^[\w-]{12}$/);
    expect(cache.get(key, 'T1:U1')?.rows).toHaveLength(1);
    expect(cache.get(key, 'T1:U2')).toBeUndefined();
    expect(cache.get('missing', 'T1:U1')).toBeUndefined();
  });

  it('evicts the oldest searches when the row budget is used up', () => {
    const cache = new SearchResultCache({ maxRows: 25 });
    const first = cache.put(entry('T1:U1', 10));
    const second = cache.put(entry('T1:U1', 10));
    const third = cache.put(entry('T1:U1', 10));
    expect(cache.get(first, 'T1:U1')).toBeUndefined();
    expect(cache.get(second, 'T1:U1')).toBeDefined();
    expect(cache.get(third, 'T1:U1')).toBeDefined();
  });
});
