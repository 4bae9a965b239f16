import type { types } from '@slack/bolt';
import { describe, expect, test } from 'vitest';
import { readAddToTalepForm as addToTalepValuesFromState } from '../../src/commands/message-shortcuts/add-to-talep-form.js';
import type { StateValues as ViewStateValues } from '../../src/slack/forms.js';
import { decodeMetadata } from '../../src/slack/metadata.js';
import type { ModalView } from '../../src/views/kit/blocks.js';
import {
  addedToTalepMessage,
  addToTalepMetadataSchema,
  AddToTalepIds,
  addToTalepView,
  talepOption,
} from '../../src/views/message-shortcuts/add-to-talep.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';

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
