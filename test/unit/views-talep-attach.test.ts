import type { types } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { longText, many } from './block-kit-fixtures.js';
import { checkView } from '../../src/slack/block-kit-limits.js';
import { decodeMetadata, encodeMetadata } from '../../src/slack/metadata.js';
import { addedToTalepMessage, addToTalepView } from '../../src/views/message-shortcuts/add-to-talep.js';
import { filesInput, messageFilesBlock, MAX_FILES, megabytes } from '../../src/views/kit/slack-files.js';
import { attachedView, AttachIds, attachFilesModal, attachingText, attachMetadataSchema, attachStatusView } from '../../src/views/talep-files/attach.js';

const text = (value: unknown) => JSON.stringify(value);

describe('attachFilesModal', () => {
  it('is a form with a required file input for up to 10 files and the size limit', () => {
    const metadata = encodeMetadata({ talepId: 12, responseUrl: 'https://hooks.slack.test/respond/1' });
    const view = attachFilesModal({ talepId: 12, maxUploadBytes: 20 * 1024 * 1024, metadata });
    expect(view.callback_id).toBe(AttachIds.callbackId);
    const input = view.blocks.find((block): block is types.InputBlock => block.type === 'input');
    expect(input).toMatchObject({ block_id: AttachIds.files.block, optional: false, element: { type: 'file_input', max_files: MAX_FILES } });
    expect(input?.hint?.text).toBe('Up to 10 files, 20 MB each.');
    expect(text(view.blocks)).toContain('#12');
    expect(decodeMetadata(attachMetadataSchema, view.private_metadata)).toEqual({ talepId: 12, responseUrl: 'https://hooks.slack.test/respond/1' });
  });

  it('shows a banner on top when the first try failed', () => {
    const view = attachFilesModal({ talepId: 3, maxUploadBytes: 1024, metadata: '{}', banner: ':warning: refused' });
    expect(view.blocks[0]).toMatchObject({ type: 'section', text: { text: ':warning: refused' } });
  });

  it('refuses metadata that is not ours', () => {
    expect(decodeMetadata(attachMetadataSchema, '{"talepId":0}')).toBeUndefined();
    expect(decodeMetadata(attachMetadataSchema, '{"talepId":1,"responseUrl":"javascript:alert(1)"}')).toBeUndefined();
  });
});

describe('attachedView', () => {
  it('names the files, escaped, and lists a warning per file that did not go', () => {
    const view = attachedView({ talepId: 4, attached: ['a<b>.txt'], warnings: ['“c.exe” could not be attached: not allowed'] });
    expect(text(view.blocks)).toContain('Attached 1 file to talep #4: “a&lt;b&gt;.txt”.');
    expect(view.blocks.filter((block) => block.type === 'context')).toHaveLength(1);
    expect(text(view.blocks)).toContain(':warning: “c.exe” could not be attached: not allowed');
    expect(view.submit).toBeUndefined();
  });
});

describe('the shared file pieces', () => {
  it('megabytes rounds like people read sizes', () => {
    expect(megabytes(20 * 1024 * 1024)).toBe('20');
    expect(megabytes(1.5 * 1024 * 1024)).toBe('1.5');
  });

  it('filesInput may be optional', () => {
    expect(filesInput({ block: 'b', action: 'a' }, 1024 * 1024, { optional: true })).toMatchObject({ optional: true, label: { text: 'Files' } });
  });

  it("lists a message's files with the reason a file is skipped; nothing for no files", () => {
    const block = messageFilesBlock([{ name: 'a.png', url: 'https://f.test/a' }, { name: 'Doc <1>', skip: 'not stored in Slack' }]);
    expect(block?.text?.text).toContain('• a.png\n• Doc &lt;1&gt; — _not attached: not stored in Slack_');
    expect(messageFilesBlock([])).toBeUndefined();
  });
});

describe('"Add to a talep" with files', () => {
  const metadata = { channelId: 'C1', ts: '1.2', agent: true, files: [{ name: 'log.txt', url: 'https://f.test/log' }] };

  it("lists the message's files in the form", () => {
    expect(text(addToTalepView({ isAgent: true, metadata, values: {} }).blocks)).toContain('log.txt');
  });

  it('says how many files went, and warns about the others', () => {
    const message = addedToTalepMessage({ talepId: 2, label: '#2 VPN', techsOnly: true, files: ['a', 'b'], warnings: ['“c” could not be added'] });
    expect(text(message.blocks)).toContain('as an agents-only comment with 2 files.');
    expect(text(message.blocks)).toContain(':warning: “c” could not be added');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  it('keeps the attach form, its states and its result within the limits', () => {
    const metadata = encodeMetadata({ talepId: 123456789, responseUrl: `https://hooks.slack.com/actions/T0123456789/1234567890123/${'x'.repeat(24)}` });
    expect(checkView(attachFilesModal({ talepId: 123456789, maxUploadBytes: 1024 ** 3, metadata, banner: longText(5000) }))).toEqual([]);
    expect(checkView(attachStatusView(attachingText(123456789, MAX_FILES)))).toEqual([]);
    expect(checkView(attachedView({ talepId: 123456789, attached: many(MAX_FILES, () => longText(300)), warnings: many(MAX_FILES, () => longText(3000)) }))).toEqual([]);
  });
});
