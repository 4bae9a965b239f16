import type { types } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import { addToTalepStatusView } from '../../src/views/message-shortcuts/add-to-talep.js';
import { readAddToTalepForm as addToTalepValuesFromState } from '../../src/commands/message-shortcuts/add-to-talep-form.js';
import type { StateValues as ViewStateValues } from '../../src/slack/forms.js';
import { decodeMetadata } from '../../src/slack/metadata.js';
import type { ModalView } from '../../src/views/kit/blocks.js';
import { checkMessage, checkOptions, checkView } from '../../src/slack/block-kit-limits.js';
import {
  addedToTalepMessage,
  addedToTalepView,
  addToTalepMetadataSchema,
  AddToTalepIds,
  addToTalepView,
  explanationOption,
  talepOption,
} from '../../src/views/message-shortcuts/add-to-talep.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { longText, many } from './block-kit-fixtures.js';

const metadata = { channelId: 'C1', ts: '1700000000.000100', threadTs: '1700000000.000001', agent: true };
const inputs = (view: ModalView) => view.blocks.filter((block): block is types.InputBlock => block.type === 'input');

describe('addToTalepView', () => {
  test('an external select searches taleps from 2 typed characters; the comment is prefilled', () => {
    const view = addToTalepView({ isAgent: true, metadata, values: { comment: 'The message\n\n— Posted in Slack by Ayla' } });
    const picker = inputs(view).find((block) => block.block_id === AddToTalepIds.talep.block)?.element as types.ExternalSelect;
    expect(picker).toMatchObject({ type: 'external_select', action_id: AddToTalepIds.talep.action, min_query_length: 2 });
    const comment = inputs(view).find((block) => block.block_id === AddToTalepIds.comment.block)?.element as types.PlainTextInput;
    expect(comment.initial_value).toBe('The message\n\n— Posted in Slack by Ayla');
    expect(view.callback_id).toBe(AddToTalepIds.callbackId);
    expect(decodeMetadata(addToTalepMetadataSchema, view.private_metadata)).toEqual(metadata);
  });

  test('agents get the "agents only" checkbox; regular users are told who may comment', () => {
    const agentView = addToTalepView({ isAgent: true, metadata, values: {} });
    expect(inputs(agentView).some((block) => block.block_id === AddToTalepIds.techsOnly.block)).toBe(true);
    const userView = addToTalepView({ isAgent: false, metadata: { ...metadata, agent: false }, values: {} });
    expect(inputs(userView).some((block) => block.block_id === AddToTalepIds.techsOnly.block)).toBe(false);
    expect(JSON.stringify(userView.blocks)).toContain('only admins and agents');
  });

  test('values survive a re-render with a banner, and read back from the state', () => {
    const values = { talep: { id: 3, label: '#3 Excel crashes' }, comment: 'hi', techsOnly: true };
    const view = addToTalepView({ isAgent: true, metadata, values, banner: ':no_entry: refused' });
    expect(view.blocks[0]).toMatchObject({ type: 'section', text: { text: ':no_entry: refused' } });
    const element = (blockId: string) => inputs(view).find((block) => block.block_id === blockId)?.element as unknown as Record<string, unknown>;
    const picked = element(AddToTalepIds.talep.block).initial_option as types.PlainTextOption;
    const checked = element(AddToTalepIds.techsOnly.block).initial_options as types.PlainTextOption[];
    const state: ViewStateValues = {
      [AddToTalepIds.talep.block]: { [AddToTalepIds.talep.action]: { type: 'external_select', selected_option: { text: picked.text, value: picked.value ?? '' } } },
      [AddToTalepIds.comment.block]: { [AddToTalepIds.comment.action]: { type: 'plain_text_input', value: element(AddToTalepIds.comment.block).initial_value as string } },
      [AddToTalepIds.techsOnly.block]: { [AddToTalepIds.techsOnly.action]: { type: 'checkboxes', selected_options: checked.map((box) => ({ text: box.text, value: box.value ?? '' })) } },
    };
    expect(addToTalepValuesFromState(state)).toEqual(values);
  });

  test('an explanatory option (value 0) is not a talep', () => {
    const state = {
      [AddToTalepIds.talep.block]: {
        [AddToTalepIds.talep.action]: { type: 'external_select', selected_option: { text: { type: 'plain_text' as const, text: 'slow' }, value: '0' } },
      },
    };
    expect(addToTalepValuesFromState(state).talep).toBeUndefined();
  });
});

test('talep options fit Slack’s 75 characters and keep the id as value', () => {
  const option = talepOption({ TalepID: 12345, Subject: 'x'.repeat(200), Status: 'Closed' });
  expect(option.text.text.length).toBeLessThanOrEqual(75);
  expect(option.text.text.startsWith('#12345 x')).toBe(true);
  expect(option.text.text.endsWith(' · Closed')).toBe(true);
  expect(option.value).toBe('12345');
});

test('the confirmation names the talep, says when it was agents only, and offers Show', () => {
  const message = addedToTalepMessage({ talepId: 3, label: '#3 Excel <crash>', techsOnly: true });
  const text = JSON.stringify(message.blocks);
  expect(text).toContain('#3 Excel &lt;crash&gt;');
  expect(text).toContain('agents-only');
  expect(text).toContain(SharedActions.showTalep);
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  // As the shortcut carries them: names cut to 80 characters, at most 2,000 characters of file list.
  const files = [
    ...many(8, (i) => ({ name: longText(80), url: `https://files.slack.com/files-pri/T0123456789-F0123456789${i}/download/${'x'.repeat(40)}.png`, type: 'image/png', size: 5_000_000 })),
    { name: '2 more files', skip: 'at most 10 files are carried over' },
  ];

  test('keeps the form within the limits with a long message, its files and a long picked talep', () => {
    for (const isAgent of [true, false]) {
      const values = { talep: { id: 123456789, label: longText(75) }, comment: longText(40_000), techsOnly: true };
      expect(checkView(addToTalepView({ isAgent, metadata: { ...metadata, agent: isAgent, files }, values, banner: longText(5000) }))).toEqual([]);
    }
  });

  test('keeps the talep options (what the picker answers) within the limits for 100 long subjects', () => {
    const options = many(100, (i) => talepOption({ TalepID: 100_000 + i, Subject: longText(1000), Status: longText(100) }));
    expect(checkOptions({ options })).toEqual([]);
    expect(checkOptions({ options: [explanationOption(longText(500))] })).toEqual([]);
  });

  test('keeps the results within the limits with every file and warning', () => {
    const added = { talepId: 123456789, label: longText(500), url: `https://hd.example.com/Talep/${'x'.repeat(1000)}`, techsOnly: true, files: many(10, () => longText(200)), warnings: many(11, () => longText(3000)) };
    expect(checkView(addedToTalepView(added))).toEqual([]);
    expect(checkMessage(addedToTalepMessage(added))).toEqual([]);
    expect(checkView(addToTalepStatusView(longText(5000)))).toEqual([]);
  });
});
