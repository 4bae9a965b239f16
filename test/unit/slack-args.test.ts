import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import { parseDueDate } from '../../src/domain/dates.js';
import { parsePriority } from '../../src/domain/priority.js';
import { parseStatus } from '../../src/domain/status.js';
import { firstWord, parseAssignee, parseTalepId, parseUserMention } from '../../src/slack/args.js';

const now = new Date('2026-11-23T21:30:00Z'); // 00:30 on the 24th in Istanbul (UTC+3)
const istanbul = 3 * 3600;

describe('parseDueDate', () => {
  it('reads today/tomorrow as the end of that day in the user’s zone', () => {
    expect(parseDueDate('today', now, istanbul)).toEqual({ ok: true, value: new Date('2026-11-24T20:59:59.999Z') });
    expect(parseDueDate('tomorrow', now, istanbul)).toEqual({ ok: true, value: new Date('2026-11-25T20:59:59.999Z') });
    expect(parseDueDate('today', now, 0)).toEqual({ ok: true, value: new Date('2026-11-23T23:59:59.999Z') });
  });

  it('reads +Nd and +Nw', () => {
    expect(parseDueDate('+3d', now, 0)).toEqual({ ok: true, value: new Date('2026-11-26T23:59:59.999Z') });
    expect(parseDueDate('+2w', now, 0)).toEqual({ ok: true, value: new Date('2026-12-07T23:59:59.999Z') });
  });

  it('reads ISO dates and date-times in the user’s zone unless a zone is given', () => {
    expect(parseDueDate('2026-12-01', now, istanbul)).toEqual({ ok: true, value: new Date('2026-12-01T20:59:59.999Z') });
    expect(parseDueDate('2026-12-01 17:00', now, istanbul)).toEqual({ ok: true, value: new Date('2026-12-01T14:00:00Z') });
    expect(parseDueDate('2026-12-01T17:00Z', now, istanbul)).toEqual({ ok: true, value: new Date('2026-12-01T17:00:00Z') });
  });

  it('clears with none, and explains bad input', () => {
    expect(parseDueDate('none', now)).toEqual({ ok: true, value: null });
    expect(parseDueDate('2026-02-30', now)).toMatchObject({ ok: false });
    expect(worded(parseDueDate('next friday', now))).toEqual({ ok: false, error: expect.stringContaining('tomorrow') });
  });
});

describe('small parsers', () => {
  it('parseTalepId accepts 12 and #12 only', () => {
    expect(parseTalepId('#12')).toEqual({ ok: true, value: 12 });
    expect(parseTalepId(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseTalepId('0')).toMatchObject({ ok: false });
    expect(worded(parseTalepId('abc'))).toEqual({ ok: false, error: expect.stringContaining('“abc”') });
  });

  it('parseUserMention reads escaped mentions', () => {
    expect(parseUserMention('<@U123ABC|ayse>')).toBe('U123ABC');
    expect(parseUserMention('<@W99>')).toBe('W99');
    expect(parseUserMention('@ayse')).toBeUndefined();
  });

  it('parseAssignee understands me, none and mentions', () => {
    expect(parseAssignee('ME')).toEqual({ ok: true, value: { kind: 'me' } });
    expect(parseAssignee('none')).toEqual({ ok: true, value: { kind: 'none' } });
    expect(parseAssignee('<@U1|x>')).toEqual({ ok: true, value: { kind: 'slack', userId: 'U1' } });
    expect(parseAssignee('bob')).toMatchObject({ ok: false });
  });

  it('parseStatus and parsePriority map words to names', () => {
    expect(parseStatus('In-Progress')).toEqual({ ok: true, value: 'progress' });
    expect(parseStatus('done')).toEqual({ ok: true, value: 'closed' });
    expect(parseStatus('later')).toMatchObject({ ok: false });
    expect(parsePriority('Critical')).toEqual({ ok: true, value: 'critical' });
    expect(parsePriority('urgent')).toMatchObject({ ok: false });
  });

  it('firstWord splits off the sub-command', () => {
    expect(firstWord('  comment 12  hello there ')).toEqual(['comment', '12  hello there']);
    expect(firstWord('')).toEqual(['', '']);
  });
});
