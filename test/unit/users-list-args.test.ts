import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import { parseUserListArgs, readPageValue } from '../../src/commands/users/args.js';
import { listPageValue } from '../../src/views/users/list.js';

describe('parseUserListArgs', () => {
  it('defaults to everyone, page 1', () => {
    expect(parseUserListArgs('')).toEqual({ ok: true, value: { mode: 'all', page: 1 } });
    expect(parseUserListArgs('   ')).toEqual({ ok: true, value: { mode: 'all', page: 1 } });
  });

  it('takes the spec’s listMode names and friendlier words for them', () => {
    for (const mode of ['all', 'techs', 'admins', 'regular', 'disabled'] as const) {
      expect(parseUserListArgs(mode)).toEqual({ ok: true, value: { mode, page: 1 } });
    }
    expect(parseUserListArgs('agents')).toMatchObject({ value: { mode: 'techs' } });
    expect(parseUserListArgs('Temsilci')).toMatchObject({ value: { mode: 'techs' } });
    expect(parseUserListArgs('admin')).toMatchObject({ value: { mode: 'admins' } });
    expect(parseUserListArgs('users')).toMatchObject({ value: { mode: 'regular' } });
    expect(parseUserListArgs('inactive')).toMatchObject({ value: { mode: 'disabled' } });
  });

  it('reads a 1-based page before or after the kind, with or without the word page or a #', () => {
    expect(parseUserListArgs('2')).toEqual({ ok: true, value: { mode: 'all', page: 2 } });
    expect(parseUserListArgs('techs 3')).toEqual({ ok: true, value: { mode: 'techs', page: 3 } });
    expect(parseUserListArgs('3 techs')).toEqual({ ok: true, value: { mode: 'techs', page: 3 } });
    expect(parseUserListArgs('page #4')).toEqual({ ok: true, value: { mode: 'all', page: 4 } });
  });

  it('refuses page 0, two pages, two kinds and unknown words', () => {
    expect(worded(parseUserListArgs('0'))).toMatchObject({ ok: false, error: expect.stringContaining('start at 1') });
    expect(parseUserListArgs('1000000')).toMatchObject({ ok: false });
    expect(worded(parseUserListArgs('2 3'))).toMatchObject({ ok: false, error: expect.stringContaining('one page') });
    expect(worded(parseUserListArgs('techs admins'))).toMatchObject({ ok: false, error: expect.stringContaining('one kind') });
    expect(worded(parseUserListArgs('-1'))).toMatchObject({ ok: false, error: expect.stringContaining('page number') });
    expect(worded(parseUserListArgs('bosses'))).toMatchObject({ ok: false, error: expect.stringContaining('`disabled`') });
  });
});

describe('readPageValue', () => {
  it('reads back what the paging buttons carry', () => {
    expect(readPageValue(listPageValue('disabled', 3))).toEqual({ mode: 'disabled', page: 3 });
  });

  it('refuses anything else', () => {
    expect(readPageValue(undefined)).toBeUndefined();
    expect(readPageValue('not json')).toBeUndefined();
    expect(readPageValue('{"m":"everyone","p":2}')).toBeUndefined();
    expect(readPageValue('{"m":"all","p":0}')).toBeUndefined();
    expect(readPageValue('{"m":"all","p":1.5}')).toBeUndefined();
  });
});
