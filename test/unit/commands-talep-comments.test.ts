import { describe, expect, it } from 'vitest';
import { editMetadataSchema, parseCommentsArgs } from '../../src/commands/talep-comments.js';
import { decodeMetadata } from '../../src/slack/metadata.js';

describe('parseCommentsArgs', () => {
  it('takes a talep id and an optional page counted from 1', () => {
    expect(parseCommentsArgs('12')).toEqual({ ok: true, value: { talepId: 12, page: 0 } });
    expect(parseCommentsArgs('#12 2')).toEqual({ ok: true, value: { talepId: 12, page: 1 } });
    expect(parseCommentsArgs('12 page 3')).toEqual({ ok: true, value: { talepId: 12, page: 2 } });
    expect(parseCommentsArgs('12 p4')).toEqual({ ok: true, value: { talepId: 12, page: 3 } });
  });

  it('refuses a bad id', () => {
    for (const bad of ['', 'abc', '0', '-3', '12abc']) {
      expect(parseCommentsArgs(bad)).toMatchObject({ ok: false, error: expect.stringContaining('Expected a talep id') });
    }
  });

  it('refuses a bad page', () => {
    for (const bad of ['12 0', '12 -1', '12 next', '12 2 3', '12 99999']) {
      expect(parseCommentsArgs(bad)).toMatchObject({ ok: false, error: expect.stringContaining('page number') });
    }
  });
});

describe('the edit form metadata', () => {
  it('reads what the Edit button stored, and refuses anything else', () => {
    const stored = { talepId: 12, commentId: 5, page: 1, responseUrl: 'https://hooks.slack.com/actions/T1/1/x' };
    expect(decodeMetadata(editMetadataSchema, JSON.stringify(stored))).toEqual(stored);
    expect(decodeMetadata(editMetadataSchema, JSON.stringify({ talepId: 12, commentId: 5, page: 0 }))).toEqual({ talepId: 12, commentId: 5, page: 0 });
    for (const bad of ['', 'not json', JSON.stringify({ talepId: 12, page: 0 }), JSON.stringify({ ...stored, responseUrl: 'javascript:alert(1)' })]) {
      expect(decodeMetadata(editMetadataSchema, bad)).toBeUndefined();
    }
  });
});
