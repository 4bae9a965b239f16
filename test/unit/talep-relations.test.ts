import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import type { HelpdeskClient } from '../../src/api/client.js';
import type { Actor } from '../../src/slack/actor.js';
import { parseTalepId } from '../../src/slack/args.js';
import { parseLinkArgs, parseMergeArgs, parseSubArgs, parseTalepPairArgs } from '../../src/commands/talep-relations/args.js';
import { loadRelations } from '../../src/commands/talep-relations/load.js';
import { openStores } from '../../src/store/index.js';

describe('parseTalepPairArgs / parseLinkArgs', () => {
  it('reads two ids, with or without #', () => {
    expect(parseLinkArgs('12 34')).toEqual({ ok: true, value: [12, 34] });
    expect(parseLinkArgs(' #12   #34 ')).toEqual({ ok: true, value: [12, 34] });
  });

  it('refuses one id, a word, a third id and the same talep twice', () => {
    expect(worded(parseLinkArgs('12'))).toMatchObject({ ok: false, error: expect.stringContaining('two taleps') });
    expect(worded(parseLinkArgs('12 printer'))).toMatchObject({ ok: false, error: expect.stringContaining('printer') });
    expect(worded(parseLinkArgs('12 34 56'))).toMatchObject({ ok: false, error: expect.stringContaining('56') });
    expect(worded(parseLinkArgs('12 12'))).toEqual({ ok: false, error: 'A talep cannot be related to itself.' });
    expect(parseLinkArgs('')).toMatchObject({ ok: false });
  });

  it('skips the joiner word only when one is given', () => {
    expect(parseTalepPairArgs('5 into 6', 'parse.relatedToItself', 'into')).toEqual({ ok: true, value: [5, 6] });
    expect(parseTalepPairArgs('5 into 6', 'parse.relatedToItself')).toMatchObject({ ok: false });
  });
});

describe('parseMergeArgs', () => {
  it('merges the first talep into the second', () => {
    expect(parseMergeArgs('9 1')).toEqual({ ok: true, value: { merged: 9, into: 1 } });
    expect(parseMergeArgs('9 INTO #1')).toEqual({ ok: true, value: { merged: 9, into: 1 } });
  });

  it('refuses merging a talep into itself or a missing target', () => {
    expect(worded(parseMergeArgs('3 3'))).toEqual({ ok: false, error: 'A talep cannot be merged into itself.' });
    expect(parseMergeArgs('3 into')).toMatchObject({ ok: false });
  });
});

describe('parseSubArgs', () => {
  it('reads add/remove with parent then child, and their aliases', () => {
    expect(parseSubArgs('add 6 5')).toEqual({ ok: true, value: { kind: 'add', parentId: 6, childId: 5 } });
    expect(parseSubArgs('remove #6 #5')).toEqual({ ok: true, value: { kind: 'remove', parentId: 6, childId: 5 } });
    expect(parseSubArgs('detach 6 5')).toEqual({ ok: true, value: { kind: 'remove', parentId: 6, childId: 5 } });
  });

  it('reads list, and a bare id as list', () => {
    expect(parseSubArgs('list 6')).toEqual({ ok: true, value: { kind: 'list', talepId: 6 } });
    expect(parseSubArgs('6')).toEqual({ ok: true, value: { kind: 'list', talepId: 6 } });
  });

  it('refuses an unknown verb, a talep under itself and a missing child', () => {
    expect(worded(parseSubArgs('move 6 5'))).toMatchObject({ ok: false, error: expect.stringContaining('sub add') });
    expect(worded(parseSubArgs('add 6 6'))).toEqual({ ok: false, error: 'A talep cannot be its own sub-talep.' });
    expect(parseSubArgs('add 6')).toMatchObject({ ok: false });
    expect(parseSubArgs('list x')).toMatchObject({ ok: false });
    expect(parseSubArgs('')).toMatchObject({ ok: false });
  });
});

describe('the single-talep routes (relations, parent) parse with parseTalepId', () => {
  it('takes one id and nothing else', () => {
    expect(parseTalepId('#7')).toEqual({ ok: true, value: 7 });
    expect(worded(parseTalepId('7 8'))).toMatchObject({ ok: false, error: expect.stringContaining('8') });
    expect(parseTalepId('seven')).toMatchObject({ ok: false });
  });
});

describe('loadRelations', () => {
  const talep = (id: number, extra: Record<string, unknown> = {}) => ({ TalepID: id, Subject: `Subject ${id}`, Status: 'New', ...extra });

  function sessionWith(hd: Partial<Record<keyof HelpdeskClient, unknown>>, isAgent = true): Pick<Actor, 'hd' | 'isAgent'> {
    return { hd: hd as unknown as HelpdeskClient, isAgent };
  }

  it('reads parent (bare id or record), sub-taleps and related taleps, keeping unreadable related ones by id', async () => {
    const session = sessionWith({
      getTalep: async ({ id }: { id: number }) => {
        if (id === 99) throw new Error('gone');
        return talep(id, id === 7 ? { RelatedTalepIDs: [3, 99] } : {});
      },
      parentTalep: async () => 6,
      subTaleps: async () => [],
      talepIntegrationData: async () => ({}),
    });
    const data = await loadRelations(session, 7);
    expect(data).toEqual({
      talepId: 7,
      parent: { id: 6 },
      subs: [],
      related: [{ id: 3, subject: 'Subject 3', status: 'New' }, { id: 99 }],
      canEdit: true,
    });
  });

  it('leaves related taleps undefined when the help desk does not report them', async () => {
    const session = sessionWith(
      {
        getTalep: async ({ id }: { id: number }) => talep(id),
        parentTalep: async () => talep(6),
        subTaleps: async () => [talep(8)],
        talepIntegrationData: async () => ({ JiraIssueUrl: 'https://jira.example.com/browse/NET-42' }),
      },
      false,
    );
    const data = await loadRelations(session, 7);
    expect(data.related).toBeUndefined();
    expect(data.parent).toEqual({ id: 6, subject: 'Subject 6', status: 'New' });
    expect(data.subs.map((row) => row.id)).toEqual([8]);
    expect(data.canEdit).toBe(false);
    // Tracker links are read here (More → Related), no longer for every card.
    expect(data.integrations).toEqual({ JiraIssueUrl: 'https://jira.example.com/browse/NET-42' });
  });
});

describe('MessageTalepStore.forgetTalep', () => {
  it('forgets every message link to a merged talep, and only those', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.messageTaleps.set('T1', 'C1', '1.1', 9, 'U1');
    await stores.messageTaleps.set('T2', 'C9', '2.2', 9, 'U2');
    await stores.messageTaleps.set('T1', 'C1', '3.3', 1, 'U1');
    expect(await stores.messageTaleps.forgetTalep(9)).toBe(2);
    expect(await stores.messageTaleps.get('T1', 'C1', '1.1')).toBeUndefined();
    expect(await stores.messageTaleps.get('T2', 'C9', '2.2')).toBeUndefined();
    expect((await stores.messageTaleps.get('T1', 'C1', '3.3'))?.talepId).toBe(1);
    expect(await stores.messageTaleps.forgetTalep(9)).toBe(0);
  });
});
