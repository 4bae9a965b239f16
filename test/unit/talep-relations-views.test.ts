import { describe, expect, it } from 'vitest';
import { longText, many } from './block-kit-fixtures.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import { rowActionId, rowActionPattern } from '../../src/views/kit/blocks.js';
import type { SlackMessage } from '../../src/views/kit/blocks.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { parseTalepPair, RelationIds, talepPairValue } from '../../src/views/talep-relations/ids.js';
import { mergeCancelledMessage, mergeConfirmation } from '../../src/views/talep-relations/merge.js';
import {
  MAX_ROWS,
  noParentText,
  oneLevelText,
  type RelationsData,
  relationsMessage,
  rowOf,
  rowText,
  subTaleps,
  type TalepRow,
} from '../../src/views/talep-relations/relations.js';

interface Element {
  type: string;
  action_id?: string;
  value?: string;
  style?: string;
  confirm?: { text: { text: string } };
}
interface AnyBlock {
  type: string;
  elements?: Element[];
  accessory?: Element;
}

const blocksOf = (message: SlackMessage) => (message.blocks ?? []) as unknown as AnyBlock[];
const elements = (message: SlackMessage): Element[] =>
  blocksOf(message).flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : block.accessory ? [block.accessory] : []));
const values = (message: SlackMessage, actionId: string) =>
  elements(message).filter((element) => element.action_id === actionId).map((element) => element.value);
/** The values of a per-row button (`rowActionId(base, key)`), in order. */
const rowValues = (message: SlackMessage, base: string) =>
  elements(message).filter((element) => rowActionPattern(base).test(element.action_id ?? '')).map((element) => element.value);
const all = (message: SlackMessage) => JSON.stringify(message);

const row = (id: number, subject = `Talep ${id}`): TalepRow => ({ id, subject, status: 'New' });

const data = (overrides: Partial<RelationsData> = {}): RelationsData => ({
  talepId: 6,
  parent: null,
  subs: [row(7), row(8)],
  related: [row(9)],
  canEdit: true,
  ...overrides,
});

describe('talep pairs', () => {
  it('round-trips, and refuses malformed or identical pairs', () => {
    expect(parseTalepPair(talepPairValue(9, 1))).toEqual([9, 1]);
    for (const bad of [undefined, '', '9', '9:', '9:9', '0:1', 'a:b', '9:1:2', '1234567890:1']) expect(parseTalepPair(bad)).toBeUndefined();
  });
});

describe('rows', () => {
  it('escapes the subject, folds whitespace and shows the status', () => {
    expect(rowText({ id: 7, subject: 'A <b> &\nsubject', status: 'In Progress' })).toBe('*#7* A &lt;b&gt; &amp; subject · _In Progress_');
    expect(rowText({ id: 99 })).toBe('*#99*');
  });

  it('takes id, subject and status from a talep record', () => {
    expect(rowOf({ TalepID: 3, Subject: 'Excel', Status: 'New' })).toEqual({ id: 3, subject: 'Excel', status: 'New' });
    expect(rowOf({ TalepID: 3, Subject: 'Excel' })).toEqual({ id: 3, subject: 'Excel' });
  });

  it("names the status as the domain does, whatever the help desk's spelling", () => {
    expect(rowOf({ TalepID: 3, Subject: 'Excel', Status: 'In Progress' }).status).toBe('In progress');
    expect(rowOf({ TalepID: 3, Subject: 'Excel', StatusID: 2 }).status).toBe('In progress');
    expect(rowOf({ TalepID: 3, Subject: 'Excel', Status: 'Waiting for vendor' }).status).toBe('Waiting for vendor');
  });
});

describe('relationsMessage', () => {
  it('lists parent, sub-taleps and related taleps, each with Show', () => {
    const message = relationsMessage(data({ parent: row(5, 'Umbrella') }), ':link: Linked.');
    expect(blocksOf(message)[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: ':link: Linked.' } });
    expect(all(message)).toContain('Umbrella');
    expect(values(message, SharedActions.showTalep)).toEqual(['5', '7', '8', '9']);
  });

  it('gives agents Detach and Unlink buttons that confirm first', () => {
    const message = relationsMessage(data());
    expect(rowValues(message, RelationIds.detach)).toEqual(['6:7', '6:8']);
    expect(rowValues(message, RelationIds.unlink)).toEqual(['6:9']);
    // They share one actions block, so each has its own action id (Slack refuses two alike in a block).
    const editIds = elements(message).filter((element) => element.action_id !== SharedActions.showTalep).map((element) => element.action_id);
    expect(editIds).toEqual([rowActionId(RelationIds.detach, 7), rowActionId(RelationIds.detach, 8), rowActionId(RelationIds.unlink, 9)]);
    for (const element of elements(message).filter((candidate) => candidate.action_id !== SharedActions.showTalep)) {
      expect(element.confirm?.text.text).toContain('Both taleps stay');
    }
  });

  it('gives regular users no edit buttons', () => {
    const message = relationsMessage(data({ canEdit: false }));
    expect(rowValues(message, RelationIds.detach)).toEqual([]);
    expect(rowValues(message, RelationIds.unlink)).toEqual([]);
    expect(all(message)).not.toContain('/talep link');
  });

  it('says when there is nothing, and when related taleps cannot be listed', () => {
    const empty = relationsMessage(data({ subs: [], related: [] }));
    expect(all(empty)).toContain('no parent, no sub-taleps and no related taleps');
    const unknown = relationsMessage(data({ related: undefined }));
    expect(all(unknown)).toContain('does not list related taleps');
  });

  it('shows at most MAX_ROWS rows per list and says how many more', () => {
    const rows = Array.from({ length: MAX_ROWS + 3 }, (_, index) => row(100 + index));
    const message = relationsMessage(data({ subs: rows, related: [] }));
    expect(values(message, SharedActions.showTalep)).toHaveLength(MAX_ROWS);
    expect(all(message)).toContain('…and 3 more.');
    expect(blocksOf(message).length).toBeLessThanOrEqual(50);
  });
});

describe('subTaleps', () => {
  it('lists the sub-taleps with Show, and Detach for agents', () => {
    const message = subTaleps(6, [row(7), row(8)], true, ':evergreen_tree: Added.');
    expect(values(message, SharedActions.showTalep)).toEqual(['7', '8']);
    expect(rowValues(message, RelationIds.detach)).toEqual(['6:7', '6:8']);
    expect(message.text).toBe('Sub-taleps of talep #6: 2');
    expect(rowValues(subTaleps(6, [row(7)], false), RelationIds.detach)).toEqual([]);
  });

  it('says when there are none', () => {
    expect(all(subTaleps(5, [], false))).toContain('Talep #5 has no sub-taleps.');
  });
});

describe('texts', () => {
  it('explains the one-level rule with the help desk’s reason, escaped', () => {
    const text = oneLevelText(7, 5, 'Talep 7 is <a> sub-talep');
    expect(text).toContain('Talep #5 cannot become a sub-talep of #7');
    expect(text).toContain('“Talep 7 is &lt;a&gt; sub-talep”');
    expect(text).toContain('one level deep');
    expect(oneLevelText(7, 5, undefined)).not.toContain('said');
  });

  it('points from a talep without a parent to its sub-taleps', () => {
    expect(noParentText(6)).toContain('`/talep sub list 6`');
  });
});

describe('mergeConfirmation', () => {
  const message = mergeConfirmation(row(9, 'Battery <drains>'), row(1, 'Printer'));

  it('says it is irreversible, what moves, and which talep is deleted', () => {
    const text = all(message);
    expect(text).toContain('irreversible');
    expect(text).toContain('*#9* Battery &lt;drains&gt; · _New_ — *will be deleted*');
    expect(text).toContain('comments, attachments, tags');
    expect(message.text).toContain('deletes #9');
  });

  it('has a danger confirm button and a cancel button carrying merged:into', () => {
    const [confirmButton, cancel] = elements(message);
    expect(confirmButton).toMatchObject({ action_id: RelationIds.mergeConfirm, style: 'danger', value: '9:1' });
    expect(cancel).toMatchObject({ action_id: RelationIds.mergeCancel, value: '9:1' });
    expect(cancel?.style).toBeUndefined();
  });

  it('cancelling says nothing changed', () => {
    expect(mergeCancelledMessage(9, 1).text).toContain('nothing changed');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const longRow = (id: number): TalepRow => ({ id, subject: longText(1000), status: longText(100) });
  const subs = many(40, (i) => longRow(100 + i));
  const related = many(40, (i) => longRow(200 + i));

  it('keeps a talep with a parent, 40 sub-taleps and 40 related taleps within the limits, for agents and users', () => {
    for (const canEdit of [true, false]) {
      const message = relationsMessage({ talepId: 6, parent: longRow(5), subs, related, canEdit }, longText(4000));
      expect(checkMessage(message)).toEqual([]);
    }
    expect(checkMessage(subTaleps(6, subs, true, longText(4000)))).toEqual([]);
    expect(checkMessage(mergeConfirmation(longRow(7), longRow(8)))).toEqual([]);
  });

  it('keeps a Detach and an Unlink button for every row it shows (no actions block past 25 elements)', () => {
    const message = relationsMessage({ talepId: 6, parent: null, subs, related, canEdit: true });
    expect(rowValues(message, RelationIds.detach)).toHaveLength(MAX_ROWS);
    expect(rowValues(message, RelationIds.unlink)).toHaveLength(MAX_ROWS);
  });
});
