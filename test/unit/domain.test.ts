import { describe, expect, it } from 'vitest';
import type { Parsed } from '../../src/domain/parsed.js';
import { problemOf } from '../support/parse-problems.js';
import { parseDueDate, parseReminderTime, parseWhen } from '../../src/domain/dates.js';
import { isStandardPriority, parsePriority, priorityName } from '../../src/domain/priority.js';
import { isAdminRole, isAgentRole, roleOf } from '../../src/domain/roles.js';
import { mentionedUserIds, slackTextToPlain } from '../../src/domain/slack-text.js';
import { isClosed, parseStatus, statusDisplayName, statusIdOf } from '../../src/domain/status.js';
import { parseTags, sameTag } from '../../src/domain/tags.js';
import { lookupKey, sameWord } from '../../src/domain/text-case.js';

const value = <T>(parsed: Parsed<T>): T => {
  if (!parsed.ok) throw new Error(`expected ok, got: ${problemOf(parsed)}`);
  return parsed.value;
};

describe('status', () => {
  it('reads what people type, in English and Turkish, in any case', () => {
    expect(value(parseStatus('Progress'))).toBe('progress');
    expect(value(parseStatus('YENİ'))).toBe('new');
    expect(value(parseStatus('KAPALI'))).toBe('closed');
    expect(value(parseStatus('kapalı'))).toBe('closed');
    expect(parseStatus('maybe').ok).toBe(false);
  });

  it('takes the id from StatusID, else from the name, and always shows one spelling', () => {
    expect(statusIdOf({ Status: 'whatever', StatusID: 2 })).toBe(2);
    expect(statusIdOf({ Status: 'In Progress' })).toBe(2);
    expect(statusIdOf({ Status: 'Devam Ediyor' })).toBe(2);
    expect(statusIdOf({ Status: 'KAPALI' })).toBe(3);
    expect(isClosed({ Status: 'Resolved' })).toBe(true);
    expect(statusDisplayName({ Status: 'In Progress' })).toBe('In progress');
    expect(statusDisplayName({ Status: 'Waiting for vendor' })).toBe('Waiting for vendor');
  });
});

describe('priority', () => {
  it('parses the four levels and names custom ones from the list', () => {
    expect(value(parsePriority('HIGH'))).toBe('high');
    expect(value(parsePriority('yüksek'))).toBe('high');
    expect(parsePriority('urgent').ok).toBe(false);
    expect(priorityName(10, [{ PriorityID: 10, Name: 'VIP' }])).toBe('VIP');
    expect(priorityName(2)).toBe('Critical');
    expect(priorityName(7)).toBe('Priority 7');
    expect(isStandardPriority(-1)).toBe(true);
    expect(isStandardPriority(10)).toBe(false);
  });
});

describe('roles', () => {
  it('admins are agents too', () => {
    expect(isAgentRole('admin')).toBe(true);
    expect(isAgentRole('user')).toBe(false);
    expect(isAdminRole('agent')).toBe(false);
    expect(roleOf({ IsAdmin: false, IsTech: true })).toBe('agent');
  });
});

describe('tags', () => {
  it('splits on commas, collapses spaces, drops duplicates in English or Turkish case', () => {
    expect(value(parseTags('printer,  Toner  cartridge ,, PRINTER, ışık, IŞIK'))).toEqual(['printer', 'Toner cartridge', 'ışık']);
    expect(value(parseTags(''))).toEqual([]);
    expect(parseTags('x'.repeat(51)).ok).toBe(false);
    expect(sameTag('İstanbul', 'istanbul')).toBe(true);
  });
});

describe('text case', () => {
  it('folds Turkish and English capitals alike for lookups', () => {
    expect(lookupKey('YENİ')).toBe('yeni');
    expect(lookupKey('IŞIK')).toBe('işik');
    expect(sameWord('Çay', 'çay')).toBe(true);
    expect(sameWord('çay', 'cay')).toBe(false);
  });
});

describe('dates', () => {
  const now = new Date('2026-11-23T10:00:00Z'); // 13:00 at UTC+3
  const tz = 3 * 3600;

  it('anchors day-only answers explicitly: the end of the day for due dates, the morning for reminders', () => {
    expect(value(parseDueDate('tomorrow', now, tz))?.toISOString()).toBe('2026-11-24T20:59:59.999Z');
    expect(value(parseReminderTime('tomorrow', now, tz)).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(value(parseDueDate('2026-12-01', now, tz))?.toISOString()).toBe('2026-12-01T20:59:59.999Z');
    expect(value(parseDueDate('none', now, tz))).toBeNull();
  });

  it('reads relative times, clock times and moments with offsets', () => {
    expect(value(parseWhen('+2h', { now, tzOffsetSeconds: tz, anchor: 'end-of-day' })).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(value(parseReminderTime('17:30', now, tz)).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    // 09:00 local has passed: the next 09:00.
    expect(value(parseReminderTime('09:00', now, tz)).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(value(parseDueDate('2026-12-01 17:00', now, tz))?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(value(parseDueDate('2026-12-01T17:00Z', now, tz))?.toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });

  it('refuses impossible dates and reminders in the past', () => {
    expect(parseDueDate('2026-02-30', now, tz).ok).toBe(false);
    expect(parseDueDate('2026-02-30 10:00', now, tz).ok).toBe(false);
    expect(parseDueDate('25:00', now, tz).ok).toBe(false);
    expect(parseReminderTime('2020-01-01', now, tz).ok).toBe(false);
    expect(parseDueDate('someday', now, tz).ok).toBe(false);
  });
});

describe('slackTextToPlain', () => {
  it('turns Slack markup into what a person would have typed', () => {
    expect(slackTextToPlain('ask <@U1|ali> in <#C1|general>')).toBe('ask @ali in #general');
    expect(slackTextToPlain('<@U1>', new Map([['U1', 'Ayşe']]))).toBe('@Ayşe');
    expect(slackTextToPlain('see <https://x.example/a|the doc> or <https://x.example/b>')).toBe('see the doc (https://x.example/a) or https://x.example/b');
    expect(slackTextToPlain('<mailto:a@b.example|a@b.example>')).toBe('a@b.example');
    expect(slackTextToPlain('<!here> <!subteam^S1|@ops> <!subteam^S2>')).toBe('@here @ops @team');
    expect(slackTextToPlain('<!date^1700000000^{date}|Nov 14>')).toBe('Nov 14');
    expect(slackTextToPlain('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 < 2 && 3 > 2');
    expect(mentionedUserIds('<@U1> <@W2|x> <@U1>')).toEqual(['U1', 'W2']);
  });

  it('stays linear on pathological input', () => {
    const inputs = ['<'.repeat(100_000), `<@U${'A'.repeat(100_000)}`, `${'<@U1|'.repeat(20_000)}`, ' '.repeat(100_000)];
    for (const input of inputs) {
      const started = performance.now();
      slackTextToPlain(input);
      mentionedUserIds(input);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });
});
