import { describe, expect, it } from 'vitest';
import type { AttachmentItem } from '../../src/api/schemas.js';
import { rowActionId, rowActionPattern, type SlackMessage } from '../../src/views/kit/blocks.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import { longText, many as manyOf } from './block-kit-fixtures.js';
import { elementsWithId, json as all } from '../support/e2e.js';
import { FilesIds, fileValue, parseFileValue } from '../../src/views/talep-files/ids.js';
import { fileSize, filesMessage, MAX_LISTED_FILES } from '../../src/views/talep-files/list.js';

interface Element {
  action_id?: string;
  value?: string;
  style?: string;
  confirm?: { text: { text: string } };
}

const withId = (message: SlackMessage, actionId: string) => elementsWithId<Element>(message, actionId);
/** Elements of one row control: the bare id or its per-row form (`rowActionId`). */
const rowsWithId = (message: SlackMessage, base: string) =>
  (message.blocks ?? []).flatMap((block) => ('elements' in block ? (block.elements as Element[]) : [])).filter((element) => rowActionPattern(base).test(element.action_id ?? ''));

// ── attachments ─────────────────────────────────────────────────────────────────────────────────

describe('attachments', () => {
  const file = (id: number, name = `file-${id}.txt`, size = 2048): AttachmentItem => ({ FileID: id, FileName: name, FileSize: size, Url: `https://hd/api/attachment?id=${id}` });

  it('formats sizes', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(12 * 1024 * 1024)).toBe('12 MB');
    expect(fileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('round-trips the button value and refuses malformed ones', () => {
    expect(parseFileValue(fileValue(1, 4))).toEqual({ talepId: 1, fileId: 4 });
    for (const bad of [undefined, '', '1', '0:4', '1:x', '1:4:5']) expect(parseFileValue(bad)).toBeUndefined();
  });

  it('offers Download per file and Delete (confirmed, danger) only to admins', () => {
    const files = [file(1, 'jam <photo>.png', 68), file(4)];
    const user = filesMessage({ talepId: 1, files, canDelete: false });
    expect(withId(user, FilesIds.download).map((element) => element.value)).toEqual(['1:1', '1:4']);
    expect(rowsWithId(user, FilesIds.deleteFile)).toEqual([]);
    expect(all(user)).toContain('*jam &lt;photo&gt;.png* · 68 B');
    const admin = filesMessage({ talepId: 1, files, canDelete: true });
    const deletes = rowsWithId(admin, FilesIds.deleteFile);
    expect(deletes.map((element) => element.value)).toEqual(['1:1', '1:4']);
    // All in one actions block: each Delete has its own action id (Slack refuses two alike in a block).
    expect(deletes.map((element) => element.action_id)).toEqual([rowActionId(FilesIds.deleteFile, 1), rowActionId(FilesIds.deleteFile, 4)]);
    expect(deletes.every((element) => element.style === 'danger' && element.confirm?.text.text.includes('cannot be undone'))).toBe(true);
  });

  it('offers "Attach files" for the talep, with or without attachments', () => {
    for (const files of [[file(1)], []]) {
      const buttons = withId(filesMessage({ talepId: 6, files, canDelete: false }), FilesIds.attach);
      expect(buttons.map((element) => element.value)).toEqual(['6']);
    }
  });

  it('lists at most MAX_LISTED_FILES and says when there are none', () => {
    const many = Array.from({ length: MAX_LISTED_FILES + 2 }, (_, index) => file(index + 1));
    const message = filesMessage({ talepId: 1, files: many, canDelete: true });
    expect(withId(message, FilesIds.download)).toHaveLength(MAX_LISTED_FILES);
    expect(all(message)).toContain('…and 2 more in the help desk.');
    expect(message.blocks?.length).toBeLessThanOrEqual(50);
    expect(all(filesMessage({ talepId: 1, files: [], canDelete: true }))).toContain('has no attachments');
  });
});

describe('Block Kit limits', () => {
  it('keeps 60 long-named attachments within the limits, with Delete for admins', () => {
    const files = manyOf(60, (i) => ({ FileID: i + 1, FileName: longText(400), FileSize: 10 ** (i % 11), Url: `https://hd/api/attachment?id=${i}` }));
    for (const canDelete of [true, false]) expect(checkMessage(filesMessage({ talepId: 1, files, canDelete }, longText(4000)))).toEqual([]);
  });
});
