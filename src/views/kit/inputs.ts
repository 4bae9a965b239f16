/**
 * Form inputs every modal shares: one action id for every input (blocks are told apart by their
 * block_id), labels, hints and placeholders cut to Slack's limits.
 */
import type { types } from '@slack/bolt';
import { plain, truncate } from './blocks.js';

/** The action id of every form input; blocks are told apart by their block_id. */
export const FORM_VALUE = 'value';

/** Slack's limit for a plain_text_input's value (and so for what a form can prefill). */
export const TEXT_INPUT_MAX = 3000;

export interface InputOptions {
  optional?: boolean;
  hint?: string;
  placeholder?: string;
}

export function inputBlock(blockId: string, label: string, element: types.InputBlockElement, options: InputOptions): types.InputBlock {
  return {
    type: 'input',
    block_id: blockId,
    label: plain(label, 2000),
    element,
    optional: options.optional ?? true,
    ...(options.hint ? { hint: plain(options.hint, 2000) } : {}),
  };
}

export function textInput(
  blockId: string,
  label: string,
  initial: string | null | undefined,
  options: InputOptions & { multiline?: boolean; maxLength?: number } = {},
): types.InputBlock {
  const element: types.PlainTextInput = {
    type: 'plain_text_input',
    action_id: FORM_VALUE,
    ...(options.multiline ? { multiline: true } : {}),
    ...(initial ? { initial_value: truncate(initial, options.maxLength ?? TEXT_INPUT_MAX) } : {}),
    ...(options.maxLength ? { max_length: options.maxLength } : {}),
    ...(options.placeholder ? { placeholder: plain(options.placeholder, 150) } : {}),
  };
  return inputBlock(blockId, label, element, options);
}

export function checkboxInput(blockId: string, label: string, optionText: string, checked: boolean, hint?: string): types.InputBlock {
  const only = { text: plain(optionText, 75), value: 'true' };
  const element: types.Checkboxes = {
    type: 'checkboxes',
    action_id: FORM_VALUE,
    options: [only],
    ...(checked ? { initial_options: [only] } : {}),
  };
  return inputBlock(blockId, label, element, { optional: true, ...(hint ? { hint } : {}) });
}
