/**
 * The playground page keeps what a person entered as Slack's client does (src/playground/web/state.ts):
 * `state.values` in Slack's shapes, input kept across a view update with the same block and action ids,
 * the new initial values elsewhere, and required inputs checked before a submission is sent.
 */
import { describe, expect, it } from 'vitest';
import { initialState, missingRequiredInputs, SurfaceState } from '../../src/playground/web/state.js';

const option = (value: string) => ({ text: { type: 'plain_text', text: value }, value });
const input = (blockId: string, element: Record<string, unknown>, optional = false) => ({ type: 'input', block_id: blockId, optional, label: { type: 'plain_text', text: blockId }, element });

describe('the page’s surface state', () => {
  it('starts from the elements’ initial values, in Slack’s shapes', () => {
    expect(initialState({ type: 'plain_text_input', action_id: 'a', initial_value: 'hi' })).toEqual({ type: 'plain_text_input', value: 'hi' });
    expect(initialState({ type: 'static_select', action_id: 'a' })).toEqual({ type: 'static_select', selected_option: null });
    expect(initialState({ type: 'checkboxes', action_id: 'a', initial_options: [option('x')] })).toEqual({ type: 'checkboxes', selected_options: [option('x')] });
    expect(initialState({ type: 'datepicker', action_id: 'a', initial_date: '2026-12-01' })).toEqual({ type: 'datepicker', selected_date: '2026-12-01' });
    expect(initialState({ type: 'users_select', action_id: 'a', initial_user: 'U1' })).toEqual({ type: 'users_select', selected_user: 'U1' });
    expect(initialState({ type: 'file_input', action_id: 'a' })).toEqual({ type: 'file_input', files: [] });
    expect(initialState({ type: 'button', action_id: 'a' })).toBeUndefined();
  });

  it('keeps what the person entered across an update with the same ids; takes new initial values for the rest', () => {
    const state = new SurfaceState();
    state.adopt([
      input('subject', { type: 'plain_text_input', action_id: 'value', initial_value: 'from the message' }),
      input('category', { type: 'static_select', action_id: 'value', options: [option('1'), option('2')] }),
      { type: 'actions', block_id: 'row', elements: [{ type: 'datepicker', action_id: 'due' }, { type: 'button', action_id: 'go' }] },
    ]);
    state.set('subject', 'value', { type: 'plain_text_input', value: 'typed by the person' });
    state.set('category', 'value', { type: 'static_select', selected_option: option('2') });
    state.adopt([
      input('subject', { type: 'plain_text_input', action_id: 'value', initial_value: 'a new prefill' }),
      input('category', { type: 'static_select', action_id: 'other', options: [option('1')], initial_option: option('1') }),
      input('fields', { type: 'checkboxes', action_id: 'value', options: [option('x')] }),
    ]);
    expect(state.values()).toEqual({
      subject: { value: { type: 'plain_text_input', value: 'typed by the person' } },
      category: { other: { type: 'static_select', selected_option: option('1') } },
      fields: { value: { type: 'checkboxes', selected_options: [] } },
    });
  });

  it('lists the required inputs left empty', () => {
    const blocks = [
      input('subject', { type: 'plain_text_input', action_id: 'value' }),
      input('tags', { type: 'plain_text_input', action_id: 'value' }, true),
      input('category', { type: 'static_select', action_id: 'value', options: [option('1')] }),
      input('files', { type: 'file_input', action_id: 'value' }),
    ];
    const state = new SurfaceState();
    state.adopt(blocks);
    const missing = () => missingRequiredInputs(blocks, (block, action) => state.get(block, action));
    expect(missing()).toEqual(['subject', 'category', 'files']);
    state.set('subject', 'value', { type: 'plain_text_input', value: 'Printer' });
    state.set('category', 'value', { type: 'static_select', selected_option: option('1') });
    expect(missing()).toEqual(['files']);
  });
});
