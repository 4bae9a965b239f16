import { describe, expect, it, vi } from 'vitest';
import { worded } from '../support/parse-problems.js';
import type { HelpdeskClient } from '../../src/api/client.js';
import { parseSecondaryArgs, parseSubscribeArgs, parseTagArgs, parseTagList, parseTagsArgs } from '../../src/commands/talep-extras/args.js';
import { talepFieldsTarget, talepRecordField } from '../../src/commands/talep-extras/fields.js';
import { MAX_TAG_LENGTH, sameTag } from '../../src/domain/tags.js';

describe('parseSubscribeArgs', () => {
  it('subscribes the acting user by default, or a mentioned user', () => {
    expect(parseSubscribeArgs('12')).toEqual({ ok: true, value: { talepId: 12 } });
    expect(parseSubscribeArgs('12 me')).toEqual({ ok: true, value: { talepId: 12 } });
    expect(parseSubscribeArgs('#12 <@U0AGENT|agent>')).toEqual({ ok: true, value: { talepId: 12, slackUserId: 'U0AGENT' } });
  });

  it('refuses a name that is not a mention, and a missing id', () => {
    expect(worded(parseSubscribeArgs('12 ayse'))).toMatchObject({ ok: false, error: expect.stringContaining('@someone') });
    expect(parseSubscribeArgs('')).toMatchObject({ ok: false });
  });
});

describe('tag parsing', () => {
  it('splits on commas, trims, collapses spaces and drops duplicates in any case', () => {
    expect(parseTagList('printer, Toner ,  printer,,  paper   jam ')).toEqual({ ok: true, value: ['printer', 'Toner', 'paper jam'] });
    expect(parseTagList('Toner, TONER')).toEqual({ ok: true, value: ['Toner'] });
  });

  it('reads Slack-escaped text as typed', () => {
    expect(parseTagList('r&amp;d, &lt;b&gt;')).toEqual({ ok: true, value: ['r&d', '<b>'] });
  });

  it('refuses no tags and over-long tags', () => {
    expect(worded(parseTagList(' , '))).toMatchObject({ ok: false, error: expect.stringContaining('commas') });
    expect(worded(parseTagList('x'.repeat(MAX_TAG_LENGTH + 1)))).toMatchObject({ ok: false, error: expect.stringContaining(String(MAX_TAG_LENGTH)) });
  });

  it('tag / untag: an id and at least one tag', () => {
    expect(parseTagArgs('5 urgent, vip')).toEqual({ ok: true, value: { talepId: 5, tags: ['urgent', 'vip'] } });
    expect(parseTagArgs('5')).toMatchObject({ ok: false });
    expect(worded(parseTagArgs('urgent 5'))).toMatchObject({ ok: false, error: expect.stringContaining('urgent') });
  });

  it('tags: a new list, or none to remove them all', () => {
    expect(parseTagsArgs('5 a, b')).toEqual({ ok: true, value: { talepId: 5, tags: ['a', 'b'] } });
    expect(parseTagsArgs('5 none')).toEqual({ ok: true, value: { talepId: 5, tags: [] } });
    expect(parseTagsArgs('5 -')).toEqual({ ok: true, value: { talepId: 5, tags: [] } });
    expect(worded(parseTagsArgs('5'))).toMatchObject({ ok: false, error: expect.stringContaining('none') });
  });

  it('compares tags without case, Turkish letters included', () => {
    expect(sameTag('Printer', 'printer')).toBe(true);
    expect(sameTag('PRINTER', 'printer')).toBe(true);
    expect(sameTag('IŞIK', 'ışık')).toBe(true);
    expect(sameTag('printer', 'printers')).toBe(false);
  });
});

describe('parseSecondaryArgs', () => {
  it('reads a mention or me', () => {
    expect(parseSecondaryArgs('3 <@U0AGENT|agent>')).toEqual({ ok: true, value: { talepId: 3, who: { kind: 'slack', userId: 'U0AGENT' } } });
    expect(parseSecondaryArgs('3 ME')).toEqual({ ok: true, value: { talepId: 3, who: { kind: 'me' } } });
  });

  it('refuses nobody and plain names', () => {
    expect(parseSecondaryArgs('3')).toMatchObject({ ok: false });
    expect(parseSecondaryArgs('3 agent')).toMatchObject({ ok: false });
  });
});

describe('talepFieldsTarget', () => {
  it('saves every change in one SetCustomFields call and reports each as stored', async () => {
    const setCustomFields = vi.fn(async () => undefined);
    const stored: string[] = [];
    await talepFieldsTarget.save(
      { setCustomFields } as unknown as HelpdeskClient,
      3,
      [
        { fieldId: 2, name: 'Needed by', value: '2026-02-01' },
        { fieldId: 3, name: 'Environment', value: '2' },
      ],
      (change) => stored.push(change.name),
    );
    expect(setCustomFields).toHaveBeenCalledTimes(1);
    expect(setCustomFields).toHaveBeenCalledWith({ talepId: 3, values: { '2': '2026-02-01', '3': '2' } });
    expect(stored).toEqual(['Needed by', 'Environment']);
  });

  it('reports nothing as stored when the help desk refuses', async () => {
    const stored: string[] = [];
    const hd = { setCustomFields: async () => Promise.reject(new Error('refused')) } as unknown as HelpdeskClient;
    await expect(talepFieldsTarget.save(hd, 3, [{ fieldId: 2, name: 'Needed by', value: 'x' }], (change) => stored.push(change.name))).rejects.toThrow();
    expect(stored).toEqual([]);
  });

  it('reads the fields with the unset ones, as form fields', async () => {
    const talepCustomFields = vi.fn(async () => [
      { FieldID: 3, FieldName: 'Environment', Type: 3, Value: 'Production', Mandatory: false, Options: [{ OptionID: 1, Name: 'Production' }] },
    ]);
    const fields = await talepFieldsTarget.load({ talepCustomFields } as unknown as HelpdeskClient, 3);
    expect(talepCustomFields).toHaveBeenCalledWith({ id: 3, returnUnset: true });
    expect(fields).toEqual([{ id: 3, name: 'Environment', type: 3, mandatory: false, options: [{ id: 1, name: 'Production' }], current: 'Production' }]);
    expect(talepFieldsTarget.errorSubject?.(3)).toEqual({ talepId: 3 });
  });
});

describe('talepRecordField', () => {
  it('turns TalepCustomFields rows into form fields with their options', () => {
    expect(
      talepRecordField({ FieldID: 3, FieldName: 'Environment', Type: 3, Value: 'Staging', Mandatory: true, Options: [{ OptionID: 2, Name: 'Staging' }] }),
    ).toEqual({ id: 3, name: 'Environment', type: 3, mandatory: true, options: [{ id: 2, name: 'Staging' }], current: 'Staging' });
    expect(talepRecordField({ FieldID: 2, FieldName: 'Needed by', Type: 2, Value: null })).toEqual({
      id: 2, name: 'Needed by', type: 2, mandatory: false, current: null,
    });
  });
});
