import { describe, expect, it } from 'vitest';
import { extended } from '../../src/objects.js';

describe('extended', () => {
  it('is { ...base, ...addition }: a new object, the addition winning on a shared key', () => {
    const base = { a: 1, b: 'base', nested: { deep: true } };
    const result = extended(base, { b: 'addition', c: 3 });
    expect(result).toEqual({ a: 1, b: 'addition', c: 3, nested: { deep: true } });
    expect(result).not.toBe(base);
    expect(base).toEqual({ a: 1, b: 'base', nested: { deep: true } });
    // Shallow, as a spread: the nested object is the same one.
    expect(result.nested).toBe(base.nested);
  });

  it('keeps a key the addition sets to undefined, as a spread does', () => {
    const result = extended({ signal: 'caller' as string | undefined, other: 1 }, { signal: undefined });
    expect('signal' in result).toBe(true);
    expect(result.signal).toBeUndefined();
    expect(result.other).toBe(1);
  });
});
