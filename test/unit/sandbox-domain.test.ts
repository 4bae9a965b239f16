/** The sandbox's small pure rules: text folding, date bounds, custom-field values, rules, gzip negotiation. */
import { describe, expect, test } from 'vitest';
import { normaliseFieldValue } from '../../src/sandbox/custom-field-values.js';
import { SandboxHttpError } from '../../src/sandbox/errors.js';
import { IpLockout } from '../../src/sandbox/lockout.js';
import { type CustomFieldRow, FieldType, type TalepRow } from '../../src/sandbox/model.js';
import { RateLimiter } from '../../src/sandbox/rate-limit.js';
import { acceptsGzip } from '../../src/sandbox/respond.js';
import { ruleMatches } from '../../src/sandbox/rules-engine.js';
import { seedData } from '../../src/sandbox/seed.js';
import { exclusiveUpperBound, foldText } from '../../src/sandbox/talep-search.js';

const field = (type: number): CustomFieldRow => ({
  id: 9,
  name: 'Field',
  type,
  usage: 1,
  mandatory: false,
  options: [{ id: 4, name: 'Four' }],
  categoryIds: null,
});

describe('custom-field values by type', () => {
  test('checkbox: true/false in any case, nothing else', () => {
    expect(normaliseFieldValue(field(FieldType.Checkbox), 'TRUE')).toBe('true');
    expect(() => normaliseFieldValue(field(FieldType.Checkbox), '1')).toThrow(SandboxHttpError);
  });

  test('dropdown: one of its option ids', () => {
    expect(normaliseFieldValue(field(FieldType.SelectionCombo), ' 4 ')).toBe('4');
    expect(() => normaliseFieldValue(field(FieldType.SelectionCombo), 'Four')).toThrow(/expected an option id \(4 Four\)/);
  });

  test('date: any parseable format, stored as the UTC day', () => {
    expect(normaliseFieldValue(field(FieldType.Date), '2026-03-05T23:30:00Z')).toBe('2026-03-05');
    expect(normaliseFieldValue(field(FieldType.Date), 'March 5, 2026')).toBe('2026-03-05');
    expect(normaliseFieldValue(field(FieldType.Date), '/Date(1772668800000)/')).toBe('2026-03-05');
    expect(() => normaliseFieldValue(field(FieldType.Date), 'next week')).toThrow(/expected a date/);
  });

  test('empty clears; text keeps its spacing', () => {
    expect(normaliseFieldValue(field(FieldType.Text), '  ')).toBeNull();
    expect(normaliseFieldValue(field(FieldType.MultilineText), ' a\nb ')).toBe(' a\nb ');
  });
});

describe('search helpers', () => {
  test('foldText ignores case, accents and the Turkish dotted/dotless i', () => {
    expect(foldText('İMZASI Öztürk ışık')).toBe('imzasi ozturk isik');
    expect(foldText('Imza')).toBe(foldText('ımza'));
  });

  test('a date-only dateTo covers the whole day; a timestamp is inclusive', () => {
    const day = new Date('2026-01-10T00:00:00Z');
    expect(exclusiveUpperBound(day, '2026-01-10').toISOString()).toBe('2026-01-11T00:00:00.000Z');
    expect(exclusiveUpperBound(day, '2026-01-10T00:00:00Z').toISOString()).toBe('2026-01-10T00:00:00.001Z');
  });
});

describe('automation rules', () => {
  const talep = { subject: 'Mail OUTAGE', body: '', categoryId: 2, priorityId: 0 } as TalepRow;
  test('All needs every condition, Any one of them; matching ignores case', () => {
    const [tagPrinters, escalate] = seedData().rules;
    expect(tagPrinters && ruleMatches(tagPrinters, talep)).toBe(false);
    expect(escalate && ruleMatches(escalate, talep)).toBe(true);
    expect(escalate && ruleMatches({ ...escalate, match: 'All' }, talep)).toBe(false);
  });
});

describe('limits', () => {
  test('the lock-out forgets failures older than its window', () => {
    const lockout = new IpLockout({ maxFailures: 2, windowMs: 1_000, blockMs: 5_000 });
    expect(lockout.recordFailure('a', 0)).toBe(false);
    expect(lockout.recordFailure('a', 1_500)).toBe(false);
    expect(lockout.recordFailure('a', 2_000)).toBe(true);
    expect(lockout.blockedFor('a', 3_000)).toBe(4_000);
    expect(lockout.blockedFor('b', 3_000)).toBe(0);
    expect(lockout.blockedFor('a', 7_000)).toBe(0);
  });

  test('the rate limiter keeps budgets and IPs apart and says when room returns', () => {
    const limiter = new RateLimiter({ general: 2, search: 1, windowMs: 10_000 });
    expect(limiter.admit('a', 'general', 0).allowed).toBe(true);
    expect(limiter.admit('a', 'general', 4_000).allowed).toBe(true);
    expect(limiter.admit('a', 'general', 5_000)).toEqual({ allowed: false, limit: 2, retryAfterMs: 5_000 });
    expect(limiter.admit('a', 'search', 5_000).allowed).toBe(true);
    expect(limiter.admit('b', 'general', 5_000).allowed).toBe(true);
    expect(limiter.admit('a', 'general', 10_000).allowed).toBe(true);
  });

  test('gzip negotiation honours q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('seed', () => {
  test('is deterministic apart from password salts', () => {
    const strip = (data: ReturnType<typeof seedData>) => ({
      ...data,
      users: data.users.map(({ passwordHash: _hash, passwordSalt: _salt, ...user }) => user),
    });
    expect(strip(seedData())).toEqual(strip(seedData()));
    const data = seedData();
    expect(data.taleps).toHaveLength(10);
    expect(data.assets.filter((asset) => asset.disabled)).toHaveLength(4);
    expect(data.articles.filter((article) => article.forTechsOnly)).toHaveLength(1);
    expect(new Set(data.customFields.map((row) => `${row.usage}:${row.type}`)).size).toBe(20);
    expect(data.lastIds.taleps).toBe(10);
  });
});
