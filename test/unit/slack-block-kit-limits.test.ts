/**
 * The Block Kit limits checker: for every rule one payload right at the limit (or otherwise valid)
 * that passes, and one just past it that fails with that rule at the right JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import {
  BLOCK_KIT_LIMITS as L,
  checkBlocks,
  checkMessage,
  checkOptions,
  checkView,
  describeViolation,
  type Violation,
} from '../../src/slack/block-kit-limits.js';

type Json = Record<string, unknown>;

const text = (n: number, char = 'a'): string => char.repeat(n);
const plain = (value: string): Json => ({ type: 'plain_text', text: value });
const mrkdwn = (value: string): Json => ({ type: 'mrkdwn', text: value });
const option = (label: string, value = label, extra: Json = {}): Json => ({ text: plain(label), value, ...extra });
const options = (n: number): Json[] => Array.from({ length: n }, (_, i) => option(`Option ${i}`, `v${i}`));

const section = (body = 'Hello', extra: Json = {}): Json => ({ type: 'section', text: mrkdwn(body), ...extra });
const button = (extra: Json = {}): Json => ({ type: 'button', text: plain('Go'), action_id: 'go', ...extra });
const actionsBlock = (elements: Json[], extra: Json = {}): Json => ({ type: 'actions', elements, ...extra });
const input = (element: Json, extra: Json = {}): Json => ({ type: 'input', label: plain('Label'), element, ...extra });
const textInput = (extra: Json = {}): Json => ({ type: 'plain_text_input', action_id: 'value', ...extra });
const select = (extra: Json = {}): Json => ({ type: 'static_select', action_id: 'pick', options: options(3), ...extra });
const modal = (blocks: Json[], extra: Json = {}): Json => ({ type: 'modal', title: plain('Title'), submit: plain('Save'), blocks, ...extra });

/** The blocks of a message with one block. */
const one = (block: Json): Json => ({ text: 'fallback', blocks: [block] });
/** A message whose only block is an actions block holding `element`. */
const inActions = (element: Json): Json => one(actionsBlock([element]));
/** A modal whose only block is an input block holding `element`. */
const inInput = (element: Json): Json => modal([input(element)]);

const rules = (violations: Violation[]): string[] => violations.map((violation) => violation.rule);

interface Case {
  name: string;
  check: (payload: unknown) => Violation[];
  ok: unknown;
  bad: unknown;
  rule: string;
  path: string;
}

const cases: Case[] = [
  // ── surfaces ──
  { name: '50 blocks in a message', check: checkMessage, ok: { blocks: Array.from({ length: 50 }, () => ({ type: 'divider' })) }, bad: { blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }, rule: 'blocks.count', path: '/blocks' },
  { name: '100 blocks in a modal', check: checkView, ok: modal(Array.from({ length: 100 }, () => ({ type: 'divider' }))), bad: modal(Array.from({ length: 101 }, () => ({ type: 'divider' }))), rule: 'blocks.count', path: '/blocks' },
  { name: '100 blocks in a Home tab', check: checkView, ok: { type: 'home', blocks: Array.from({ length: 100 }, () => ({ type: 'divider' })) }, bad: { type: 'home', blocks: Array.from({ length: 101 }, () => ({ type: 'divider' })) }, rule: 'blocks.count', path: '/blocks' },
  { name: 'message text of 40,000 beside blocks', check: checkMessage, ok: { text: text(40_000), blocks: [section()] }, bad: { text: text(40_001), blocks: [section()] }, rule: 'message.text.length', path: '/text' },
  { name: 'message text of 4,000 without blocks', check: checkMessage, ok: { text: text(4000) }, bad: { text: text(4001) }, rule: 'message.text_without_blocks.length', path: '/text' },
  { name: 'view type', check: checkView, ok: modal([]), bad: { type: 'dialog', blocks: [] }, rule: 'view.type', path: '/type' },
  { name: 'view blocks are required', check: checkView, ok: modal([]), bad: { type: 'modal', title: plain('Title') }, rule: 'blocks.required', path: '/blocks' },
  { name: 'modal title of 24', check: checkView, ok: modal([], { title: plain(text(24)) }), bad: modal([], { title: plain(text(25)) }), rule: 'modal.title.length', path: '/title/text' },
  { name: 'modal title is required', check: checkView, ok: modal([]), bad: { type: 'modal', blocks: [] }, rule: 'modal.title.required', path: '/title' },
  { name: 'modal title is plain_text', check: checkView, ok: modal([]), bad: modal([], { title: mrkdwn('Title') }), rule: 'modal.title.plain_text', path: '/title/type' },
  { name: 'modal close of 24', check: checkView, ok: modal([], { close: plain(text(24)) }), bad: modal([], { close: plain(text(25)) }), rule: 'modal.close.length', path: '/close/text' },
  { name: 'modal submit of 24', check: checkView, ok: modal([], { submit: plain(text(24)) }), bad: modal([], { submit: plain(text(25)) }), rule: 'modal.submit.length', path: '/submit/text' },
  { name: 'submit is required with input blocks', check: checkView, ok: modal([input(textInput())]), bad: { type: 'modal', title: plain('Title'), blocks: [input(textInput())] }, rule: 'modal.submit.required_with_inputs', path: '/submit' },
  { name: 'private_metadata of 3000', check: checkView, ok: modal([], { private_metadata: text(3000) }), bad: modal([], { private_metadata: text(3001) }), rule: 'view.private_metadata.length', path: '/private_metadata' },
  { name: 'callback_id of 255', check: checkView, ok: modal([], { callback_id: text(255) }), bad: modal([], { callback_id: text(256) }), rule: 'view.callback_id.length', path: '/callback_id' },
  { name: 'external_id of 255', check: checkView, ok: modal([], { external_id: text(255) }), bad: modal([], { external_id: text(256) }), rule: 'view.external_id.length', path: '/external_id' },

  // ── blocks ──
  { name: 'block_id of 255', check: checkMessage, ok: one(section('x', { block_id: text(255) })), bad: one(section('x', { block_id: text(256) })), rule: 'block_id.length', path: '/blocks/0/block_id' },
  { name: 'block_ids unique in a surface', check: checkView, ok: modal([section('a', { block_id: 'a' }), section('b', { block_id: 'b' })]), bad: modal([section('a', { block_id: 'a' }), section('b', { block_id: 'a' })]), rule: 'block_id.unique', path: '/blocks/1/block_id' },
  { name: 'known block types', check: checkMessage, ok: one({ type: 'divider' }), bad: one({ type: 'carousel_of_doom' }), rule: 'block.type.unknown', path: '/blocks/0/type' },
  { name: 'section text of 3000', check: checkMessage, ok: one(section(text(3000))), bad: one(section(text(3001))), rule: 'section.text.length', path: '/blocks/0/text/text' },
  { name: 'section text not empty', check: checkMessage, ok: one(section('x')), bad: one(section('')), rule: 'section.text.length', path: '/blocks/0/text/text' },
  { name: 'section text or fields', check: checkMessage, ok: one({ type: 'section', fields: [mrkdwn('a')] }), bad: one({ type: 'section' }), rule: 'section.text_or_fields.required', path: '/blocks/0' },
  { name: '10 section fields', check: checkMessage, ok: one({ type: 'section', fields: Array.from({ length: 10 }, () => mrkdwn('f')) }), bad: one({ type: 'section', fields: Array.from({ length: 11 }, () => mrkdwn('f')) }), rule: 'section.fields.count', path: '/blocks/0/fields' },
  { name: 'section field of 2000', check: checkMessage, ok: one({ type: 'section', fields: [mrkdwn(text(2000))] }), bad: one({ type: 'section', fields: [mrkdwn(text(2001))] }), rule: 'section.field.length', path: '/blocks/0/fields/0/text' },
  { name: 'section accessory types', check: checkMessage, ok: one(section('x', { accessory: button() })), bad: one(section('x', { accessory: textInput() })), rule: 'section.accessory.type', path: '/blocks/0/accessory/type' },
  { name: 'header of 150', check: checkMessage, ok: one({ type: 'header', text: plain(text(150)) }), bad: one({ type: 'header', text: plain(text(151)) }), rule: 'header.text.length', path: '/blocks/0/text/text' },
  { name: 'header is plain_text', check: checkMessage, ok: one({ type: 'header', text: plain('H') }), bad: one({ type: 'header', text: mrkdwn('H') }), rule: 'header.text.plain_text', path: '/blocks/0/text/type' },
  { name: '10 context elements', check: checkMessage, ok: one({ type: 'context', elements: Array.from({ length: 10 }, () => mrkdwn('c')) }), bad: one({ type: 'context', elements: Array.from({ length: 11 }, () => mrkdwn('c')) }), rule: 'context.elements.count', path: '/blocks/0/elements' },
  { name: 'at least 1 context element', check: checkMessage, ok: one({ type: 'context', elements: [mrkdwn('c')] }), bad: one({ type: 'context', elements: [] }), rule: 'context.elements.count', path: '/blocks/0/elements' },
  { name: 'context element types', check: checkMessage, ok: one({ type: 'context', elements: [{ type: 'image', image_url: 'https://x/i.png', alt_text: 'i' }] }), bad: one({ type: 'context', elements: [button()] }), rule: 'context.element.type', path: '/blocks/0/elements/0/type' },
  { name: 'context image alt_text of 2000', check: checkMessage, ok: one({ type: 'context', elements: [{ type: 'image', image_url: 'https://x/i.png', alt_text: text(2000) }] }), bad: one({ type: 'context', elements: [{ type: 'image', image_url: 'https://x/i.png', alt_text: text(2001) }] }), rule: 'image_element.alt_text.length', path: '/blocks/0/elements/0/alt_text' },
  { name: 'context text of 3000', check: checkMessage, ok: one({ type: 'context', elements: [mrkdwn(text(3000))] }), bad: one({ type: 'context', elements: [mrkdwn(text(3001))] }), rule: 'context.text.length', path: '/blocks/0/elements/0/text' },
  { name: '25 actions elements', check: checkMessage, ok: one(actionsBlock(Array.from({ length: 25 }, (_, i) => button({ action_id: `b${i}` })))), bad: one(actionsBlock(Array.from({ length: 26 }, (_, i) => button({ action_id: `b${i}` })))), rule: 'actions.elements.count', path: '/blocks/0/elements' },
  { name: 'actions element types', check: checkMessage, ok: inActions(select()), bad: inActions(textInput()), rule: 'actions.element.type', path: '/blocks/0/elements/0/type' },
  { name: 'action_ids unique in a block', check: checkMessage, ok: one(actionsBlock([button({ action_id: 'a' }), button({ action_id: 'b' })])), bad: one(actionsBlock([button({ action_id: 'a' }), button({ action_id: 'a' })])), rule: 'action_id.unique_in_block', path: '/blocks/0/elements/1/action_id' },
  { name: 'input label of 2000', check: checkView, ok: modal([input(textInput(), { label: plain(text(2000)) })]), bad: modal([input(textInput(), { label: plain(text(2001)) })]), rule: 'input.label.length', path: '/blocks/0/label/text' },
  { name: 'input label is required', check: checkView, ok: modal([input(textInput())]), bad: modal([{ type: 'input', element: textInput() }]), rule: 'input.label.required', path: '/blocks/0/label' },
  { name: 'input hint of 2000', check: checkView, ok: modal([input(textInput(), { hint: plain(text(2000)) })]), bad: modal([input(textInput(), { hint: plain(text(2001)) })]), rule: 'input.hint.length', path: '/blocks/0/hint/text' },
  { name: 'input element is required', check: checkView, ok: modal([input(textInput())]), bad: modal([{ type: 'input', label: plain('L') }]), rule: 'input.element.required', path: '/blocks/0/element' },
  { name: 'input element types', check: checkView, ok: inInput(select()), bad: inInput(button()), rule: 'input.element.type', path: '/blocks/0/element/type' },
  { name: 'no dispatch_action on a file input', check: checkView, ok: inInput({ type: 'file_input', action_id: 'files' }), bad: modal([input({ type: 'file_input', action_id: 'files' }, { dispatch_action: true })]), rule: 'input.dispatch_action.file_input', path: '/blocks/0/dispatch_action' },
  { name: 'image alt_text of 2000', check: checkMessage, ok: one({ type: 'image', image_url: 'https://x/i.png', alt_text: text(2000) }), bad: one({ type: 'image', image_url: 'https://x/i.png', alt_text: text(2001) }), rule: 'image.alt_text.length', path: '/blocks/0/alt_text' },
  { name: 'image_url of 3000', check: checkMessage, ok: one({ type: 'image', image_url: text(3000), alt_text: 'i' }), bad: one({ type: 'image', image_url: text(3001), alt_text: 'i' }), rule: 'image.image_url.length', path: '/blocks/0/image_url' },
  { name: 'image title of 2000', check: checkMessage, ok: one({ type: 'image', image_url: 'https://x/i.png', alt_text: 'i', title: plain(text(2000)) }), bad: one({ type: 'image', image_url: 'https://x/i.png', alt_text: 'i', title: plain(text(2001)) }), rule: 'image.title.length', path: '/blocks/0/title/text' },
  { name: 'image has a source', check: checkMessage, ok: one({ type: 'image', slack_file: { id: 'F1' }, alt_text: 'i' }), bad: one({ type: 'image', alt_text: 'i' }), rule: 'image.source.required', path: '/blocks/0' },
  { name: 'rich_text has elements', check: checkMessage, ok: one({ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [] }] }), bad: one({ type: 'rich_text' }), rule: 'rich_text.elements.required', path: '/blocks/0/elements' },
  { name: 'one focus_on_load in a view', check: checkView, ok: modal([input(textInput({ focus_on_load: true }), { block_id: 'a' }), input(textInput(), { block_id: 'b' })]), bad: modal([input(textInput({ focus_on_load: true }), { block_id: 'a' }), input(textInput({ focus_on_load: true }), { block_id: 'b' })]), rule: 'focus_on_load.unique', path: '/blocks' },

  // ── elements ──
  { name: 'known element types', check: checkMessage, ok: one(section('x', { accessory: button() })), bad: { blocks: [{ type: 'section', text: mrkdwn('x'), accessory: { type: 'workflow_button', text: plain('W'), action_id: 'w' } }, actionsBlock([{ type: 'hologram', action_id: 'h' }])] }, rule: 'actions.element.type', path: '/blocks/1/elements/0/type' },
  { name: 'workflow button text of 75', check: checkMessage, ok: one(section('x', { accessory: { type: 'workflow_button', text: plain(text(75)), action_id: 'w' } })), bad: one(section('x', { accessory: { type: 'workflow_button', text: plain(text(76)), action_id: 'w' } })), rule: 'workflow_button.text.length', path: '/blocks/0/accessory/text/text' },
  { name: 'action_id of 255', check: checkMessage, ok: inActions(button({ action_id: text(255) })), bad: inActions(button({ action_id: text(256) })), rule: 'action_id.length', path: '/blocks/0/elements/0/action_id' },
  { name: 'button text of 75', check: checkMessage, ok: inActions(button({ text: plain(text(75)) })), bad: inActions(button({ text: plain(text(76)) })), rule: 'button.text.length', path: '/blocks/0/elements/0/text/text' },
  { name: 'button text is plain_text', check: checkMessage, ok: inActions(button()), bad: inActions(button({ text: mrkdwn('Go') })), rule: 'button.text.plain_text', path: '/blocks/0/elements/0/text/type' },
  { name: 'button value of 2000', check: checkMessage, ok: inActions(button({ value: text(2000) })), bad: inActions(button({ value: text(2001) })), rule: 'button.value.length', path: '/blocks/0/elements/0/value' },
  { name: 'button url of 3000', check: checkMessage, ok: inActions(button({ url: text(3000) })), bad: inActions(button({ url: text(3001) })), rule: 'button.url.length', path: '/blocks/0/elements/0/url' },
  { name: 'button style', check: checkMessage, ok: inActions(button({ style: 'danger' })), bad: inActions(button({ style: 'purple' })), rule: 'button.style', path: '/blocks/0/elements/0/style' },
  { name: 'button accessibility_label of 75', check: checkMessage, ok: inActions(button({ accessibility_label: text(75) })), bad: inActions(button({ accessibility_label: text(76) })), rule: 'button.accessibility_label.length', path: '/blocks/0/elements/0/accessibility_label' },
  { name: 'overflow of up to 5 options', check: checkMessage, ok: inActions({ type: 'overflow', action_id: 'o', options: options(5) }), bad: inActions({ type: 'overflow', action_id: 'o', options: options(6) }), rule: 'overflow.options.count', path: '/blocks/0/elements/0/options' },
  { name: 'overflow of at least 1 option', check: checkMessage, ok: inActions({ type: 'overflow', action_id: 'o', options: options(1) }), bad: inActions({ type: 'overflow', action_id: 'o', options: [] }), rule: 'overflow.options.count', path: '/blocks/0/elements/0/options' },
  { name: 'option url only in overflow menus', check: checkMessage, ok: inActions({ type: 'overflow', action_id: 'o', options: [option('A', 'a', { url: 'https://x' })] }), bad: inActions(select({ options: [option('A', 'a', { url: 'https://x' })] })), rule: 'option.url.overflow_only', path: '/blocks/0/elements/0/options/0/url' },
  { name: 'option url of 3000', check: checkMessage, ok: inActions({ type: 'overflow', action_id: 'o', options: [option('A', 'a', { url: text(3000) })] }), bad: inActions({ type: 'overflow', action_id: 'o', options: [option('A', 'a', { url: text(3001) })] }), rule: 'option.url.length', path: '/blocks/0/elements/0/options/0/url' },
  { name: '10 checkboxes', check: checkView, ok: inInput({ type: 'checkboxes', action_id: 'c', options: options(10) }), bad: inInput({ type: 'checkboxes', action_id: 'c', options: options(11) }), rule: 'checkboxes.options.count', path: '/blocks/0/element/options' },
  { name: 'checkbox options may be mrkdwn', check: checkView, ok: inInput({ type: 'checkboxes', action_id: 'c', options: [{ text: mrkdwn('*A*'), value: 'a' }] }), bad: inInput(select({ options: [{ text: mrkdwn('*A*'), value: 'a' }] })), rule: 'option.text.plain_text', path: '/blocks/0/element/options/0/text/type' },
  { name: '10 radio buttons', check: checkView, ok: inInput({ type: 'radio_buttons', action_id: 'r', options: options(10) }), bad: inInput({ type: 'radio_buttons', action_id: 'r', options: options(11) }), rule: 'radio_buttons.options.count', path: '/blocks/0/element/options' },
  { name: '100 static select options', check: checkView, ok: inInput(select({ options: options(100) })), bad: inInput(select({ options: options(101) })), rule: 'static_select.options.count', path: '/blocks/0/element/options' },
  { name: '100 multi-select options', check: checkView, ok: inInput(select({ type: 'multi_static_select', options: options(100) })), bad: inInput(select({ type: 'multi_static_select', options: options(101) })), rule: 'multi_static_select.options.count', path: '/blocks/0/element/options' },
  { name: '100 option groups', check: checkView, ok: inInput(select({ options: undefined, option_groups: Array.from({ length: 100 }, (_, i) => ({ label: plain(`G${i}`), options: [option(`O${i}`)] })) })), bad: inInput(select({ options: undefined, option_groups: Array.from({ length: 101 }, (_, i) => ({ label: plain(`G${i}`), options: [option(`O${i}`)] })) })), rule: 'static_select.option_groups.count', path: '/blocks/0/element/option_groups' },
  { name: 'options or option groups, not both', check: checkView, ok: inInput(select()), bad: inInput(select({ option_groups: [{ label: plain('G'), options: options(1) }] })), rule: 'static_select.options.exactly_one', path: '/blocks/0/element' },
  { name: 'option group label of 75', check: checkView, ok: inInput(select({ options: undefined, option_groups: [{ label: plain(text(75)), options: options(1) }] })), bad: inInput(select({ options: undefined, option_groups: [{ label: plain(text(76)), options: options(1) }] })), rule: 'option_group.label.length', path: '/blocks/0/element/option_groups/0/label/text' },
  { name: '100 options in a group', check: checkView, ok: inInput(select({ options: undefined, option_groups: [{ label: plain('G'), options: options(100) }] })), bad: inInput(select({ options: undefined, option_groups: [{ label: plain('G'), options: options(101) }] })), rule: 'option_group.options.count', path: '/blocks/0/element/option_groups/0/options' },
  { name: 'option text of 75', check: checkView, ok: inInput(select({ options: [option(text(75), 'a')] })), bad: inInput(select({ options: [option(text(76), 'a')] })), rule: 'option.text.length', path: '/blocks/0/element/options/0/text/text' },
  { name: 'option value of 150', check: checkView, ok: inInput(select({ options: [option('A', text(150))] })), bad: inInput(select({ options: [option('A', text(151))] })), rule: 'option.value.length', path: '/blocks/0/element/options/0/value' },
  { name: 'option value is required', check: checkView, ok: inInput(select({ options: [option('A', 'a')] })), bad: inInput(select({ options: [{ text: plain('A') }] })), rule: 'option.value.required', path: '/blocks/0/element/options/0/value' },
  { name: 'option description of 75', check: checkView, ok: inInput(select({ options: [option('A', 'a', { description: plain(text(75)) })] })), bad: inInput(select({ options: [option('A', 'a', { description: plain(text(76)) })] })), rule: 'option.description.length', path: '/blocks/0/element/options/0/description/text' },
  { name: 'initial_option among the options', check: checkView, ok: inInput(select({ initial_option: option('Option 1', 'v1') })), bad: inInput(select({ initial_option: option('Option 9', 'v9') })), rule: 'initial_option.in_options', path: '/blocks/0/element/initial_option' },
  { name: 'initial_option matches text as well as value', check: checkView, ok: inInput(select({ initial_option: { text: { type: 'plain_text', text: 'Option 1', emoji: true }, value: 'v1' } })), bad: inInput(select({ initial_option: option('Renamed', 'v1') })), rule: 'initial_option.in_options', path: '/blocks/0/element/initial_option' },
  { name: 'initial_option among grouped options', check: checkView, ok: inInput(select({ options: undefined, option_groups: [{ label: plain('G'), options: [option('A')] }, { label: plain('H'), options: [option('B')] }], initial_option: option('B') })), bad: inInput(select({ options: undefined, option_groups: [{ label: plain('G'), options: [option('A')] }], initial_option: option('B') })), rule: 'initial_option.in_options', path: '/blocks/0/element/initial_option' },
  { name: 'radio initial_option among the options', check: checkView, ok: inInput({ type: 'radio_buttons', action_id: 'r', options: options(2), initial_option: option('Option 0', 'v0') }), bad: inInput({ type: 'radio_buttons', action_id: 'r', options: options(2), initial_option: option('Option 5', 'v5') }), rule: 'initial_option.in_options', path: '/blocks/0/element/initial_option' },
  { name: 'initial_options a subset of the options', check: checkView, ok: inInput({ type: 'checkboxes', action_id: 'c', options: options(3), initial_options: [option('Option 2', 'v2')] }), bad: inInput({ type: 'checkboxes', action_id: 'c', options: options(3), initial_options: [option('Option 2', 'v2'), option('Option 7', 'v7')] }), rule: 'initial_options.in_options', path: '/blocks/0/element/initial_options/1' },
  { name: 'initial_options not empty', check: checkView, ok: inInput(select({ type: 'multi_static_select', initial_options: [option('Option 0', 'v0')] })), bad: inInput(select({ type: 'multi_static_select', initial_options: [] })), rule: 'initial_options.in_options', path: '/blocks/0/element/initial_options' },
  { name: 'placeholder of 150', check: checkView, ok: inInput(textInput({ placeholder: plain(text(150)) })), bad: inInput(textInput({ placeholder: plain(text(151)) })), rule: 'placeholder.length', path: '/blocks/0/element/placeholder/text' },
  { name: 'placeholder is plain_text', check: checkView, ok: inInput(select({ placeholder: plain('Pick') })), bad: inInput(select({ placeholder: mrkdwn('Pick') })), rule: 'placeholder.plain_text', path: '/blocks/0/element/placeholder/type' },
  { name: 'external select initial option shape', check: checkView, ok: inInput({ type: 'external_select', action_id: 'x', initial_option: option('A', 'a') }), bad: inInput({ type: 'external_select', action_id: 'x', initial_option: option(text(76), 'a') }), rule: 'option.text.length', path: '/blocks/0/element/initial_option/text/text' },
  { name: 'max_selected_items at least 1', check: checkView, ok: inInput({ type: 'multi_users_select', action_id: 'u', max_selected_items: 1 }), bad: inInput({ type: 'multi_users_select', action_id: 'u', max_selected_items: 0 }), rule: 'max_selected_items.range', path: '/blocks/0/element/max_selected_items' },
  { name: 'datepicker initial_date YYYY-MM-DD', check: checkView, ok: inInput({ type: 'datepicker', action_id: 'd', initial_date: '2024-02-29' }), bad: inInput({ type: 'datepicker', action_id: 'd', initial_date: '2023-02-29' }), rule: 'datepicker.initial_date.format', path: '/blocks/0/element/initial_date' },
  { name: 'datepicker initial_date has no time', check: checkView, ok: inInput({ type: 'datepicker', action_id: 'd', initial_date: '2026-12-01' }), bad: inInput({ type: 'datepicker', action_id: 'd', initial_date: '2026-12-01T17:00' }), rule: 'datepicker.initial_date.format', path: '/blocks/0/element/initial_date' },
  { name: 'timepicker initial_time HH:mm', check: checkView, ok: inInput({ type: 'timepicker', action_id: 't', initial_time: '23:59' }), bad: inInput({ type: 'timepicker', action_id: 't', initial_time: '24:00' }), rule: 'timepicker.initial_time.format', path: '/blocks/0/element/initial_time' },
  { name: 'plain_text_input max_length up to 3000', check: checkView, ok: inInput(textInput({ max_length: 3000 })), bad: inInput(textInput({ max_length: 3001 })), rule: 'plain_text_input.max_length.range', path: '/blocks/0/element/max_length' },
  { name: 'plain_text_input max_length at least 1', check: checkView, ok: inInput(textInput({ max_length: 1 })), bad: inInput(textInput({ max_length: 0 })), rule: 'plain_text_input.max_length.range', path: '/blocks/0/element/max_length' },
  { name: 'plain_text_input min_length up to 3000', check: checkView, ok: inInput(textInput({ min_length: 3000 })), bad: inInput(textInput({ min_length: 3001 })), rule: 'plain_text_input.min_length.range', path: '/blocks/0/element/min_length' },
  { name: 'plain_text_input min_length not above max_length', check: checkView, ok: inInput(textInput({ min_length: 5, max_length: 5 })), bad: inInput(textInput({ min_length: 6, max_length: 5 })), rule: 'plain_text_input.min_length.above_max', path: '/blocks/0/element/min_length' },
  { name: 'plain_text_input initial_value within max_length', check: checkView, ok: inInput(textInput({ max_length: 10, initial_value: text(10) })), bad: inInput(textInput({ max_length: 10, initial_value: text(11) })), rule: 'plain_text_input.initial_value.length', path: '/blocks/0/element/initial_value' },
  { name: 'plain_text_input initial_value within 3000', check: checkView, ok: inInput(textInput({ initial_value: text(3000) })), bad: inInput(textInput({ initial_value: text(3001) })), rule: 'plain_text_input.initial_value.length', path: '/blocks/0/element/initial_value' },
  { name: 'number_input needs is_decimal_allowed', check: checkView, ok: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false }), bad: inInput({ type: 'number_input', action_id: 'n' }), rule: 'number_input.is_decimal_allowed.required', path: '/blocks/0/element/is_decimal_allowed' },
  { name: 'number_input whole numbers unless decimals are allowed', check: checkView, ok: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: true, initial_value: '2.5' }), bad: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false, initial_value: '2.5' }), rule: 'number_input.initial_value.format', path: '/blocks/0/element/initial_value' },
  { name: 'number_input min_value not above max_value', check: checkView, ok: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false, min_value: '1', max_value: '1' }), bad: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false, min_value: '2', max_value: '1' }), rule: 'number_input.min_value.above_max', path: '/blocks/0/element/min_value' },
  { name: 'number_input initial_value within min..max', check: checkView, ok: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false, min_value: '1', max_value: '9', initial_value: '9' }), bad: inInput({ type: 'number_input', action_id: 'n', is_decimal_allowed: false, min_value: '1', max_value: '9', initial_value: '10' }), rule: 'number_input.initial_value.range', path: '/blocks/0/element/initial_value' },
  { name: 'file_input max_files 1..10', check: checkView, ok: inInput({ type: 'file_input', action_id: 'f', max_files: 10 }), bad: inInput({ type: 'file_input', action_id: 'f', max_files: 11 }), rule: 'file_input.max_files.range', path: '/blocks/0/element/max_files' },

  // ── composition objects ──
  { name: 'text type plain_text or mrkdwn', check: checkMessage, ok: one(section('x')), bad: one({ type: 'section', text: { type: 'markdown', text: 'x' } }), rule: 'section.text.type', path: '/blocks/0/text/type' },
  { name: 'emoji only on plain_text', check: checkMessage, ok: one({ type: 'header', text: { ...plain('H'), emoji: true } }), bad: one({ type: 'section', text: { ...mrkdwn('x'), emoji: true } }), rule: 'text.emoji.plain_text_only', path: '/blocks/0/text/emoji' },
  { name: 'verbatim only on mrkdwn', check: checkMessage, ok: one({ type: 'section', text: { ...mrkdwn('x'), verbatim: true } }), bad: one({ type: 'header', text: { ...plain('H'), verbatim: true } }), rule: 'text.verbatim.mrkdwn_only', path: '/blocks/0/text/verbatim' },
  { name: 'confirm title of 100', check: checkMessage, ok: inActions(button({ confirm: confirmDialog({ title: plain(text(100)) }) })), bad: inActions(button({ confirm: confirmDialog({ title: plain(text(101)) }) })), rule: 'confirm.title.length', path: '/blocks/0/elements/0/confirm/title/text' },
  { name: 'confirm text of 300', check: checkMessage, ok: inActions(button({ confirm: confirmDialog({ text: mrkdwn(text(300)) }) })), bad: inActions(button({ confirm: confirmDialog({ text: mrkdwn(text(301)) }) })), rule: 'confirm.text.length', path: '/blocks/0/elements/0/confirm/text/text' },
  { name: 'confirm button of 30', check: checkMessage, ok: inActions(button({ confirm: confirmDialog({ confirm: plain(text(30)) }) })), bad: inActions(button({ confirm: confirmDialog({ confirm: plain(text(31)) }) })), rule: 'confirm.confirm.length', path: '/blocks/0/elements/0/confirm/confirm/text' },
  { name: 'deny button of 30', check: checkMessage, ok: inActions(button({ confirm: confirmDialog({ deny: plain(text(30)) }) })), bad: inActions(button({ confirm: confirmDialog({ deny: plain(text(31)) }) })), rule: 'confirm.deny.length', path: '/blocks/0/elements/0/confirm/deny/text' },
  { name: 'confirm style', check: checkMessage, ok: inActions(button({ confirm: confirmDialog({ style: 'primary' }) })), bad: inActions(button({ confirm: confirmDialog({ style: 'loud' }) })), rule: 'confirm.style', path: '/blocks/0/elements/0/confirm/style' },

  // ── options responses ──
  { name: 'options response: options or option_groups', check: checkOptions, ok: { options: options(1) }, bad: {}, rule: 'options_response.exactly_one', path: '/' },
  { name: 'options response: 100 options', check: checkOptions, ok: { options: options(100) }, bad: { options: options(101) }, rule: 'options_response.options.count', path: '/options' },
  { name: 'options response: 100 option groups', check: checkOptions, ok: { option_groups: Array.from({ length: 100 }, (_, i) => ({ label: plain(`G${i}`), options: [option('A')] })) }, bad: { option_groups: Array.from({ length: 101 }, (_, i) => ({ label: plain(`G${i}`), options: [option('A')] })) }, rule: 'options_response.option_groups.count', path: '/option_groups' },
  { name: 'options response: option lengths', check: checkOptions, ok: { options: [option(text(75), text(150))] }, bad: { options: [option('A', text(151))] }, rule: 'option.value.length', path: '/options/0/value' },
];

function confirmDialog(overrides: Json = {}): Json {
  return { title: plain('Sure?'), text: mrkdwn('Really.'), confirm: plain('Yes'), deny: plain('No'), ...overrides };
}

describe('Block Kit limits: one passing and one failing payload per rule', () => {
  it.each(cases)('$name', ({ check, ok, bad, rule, path }) => {
    expect(check(ok)).toEqual([]);
    const found = check(bad);
    expect(found.map((violation) => [violation.rule, violation.path])).toContainEqual([rule, path]);
  });
});

describe('Block Kit limits: how it counts and reports', () => {
  it('counts characters as Slack does: an emoji is one character, not two UTF-16 units', () => {
    const emoji = '🎉'.repeat(75); // length 150 in JavaScript
    expect(checkMessage(inActions(button({ text: plain(emoji) })))).toEqual([]);
    expect(rules(checkMessage(inActions(button({ text: plain(`${emoji}x`) }))))).toEqual(['button.text.length']);
  });

  it('reports the found value and the limit', () => {
    const [violation] = checkMessage(one({ type: 'header', text: plain(text(151)) }));
    expect(violation).toEqual({
      path: '/blocks/0/text/text',
      rule: 'header.text.length',
      effect: 'refused',
      actual: 151,
      limit: L.headerText,
      message: 'must be at most 150 characters',
    });
    expect(describeViolation(violation!, '/view')).toBe(
      '[ERROR] must be at most 150 characters (header.text.length: 151) [json-pointer:/view/blocks/0/text/text]',
    );
  });

  it('tells what Slack does about each violation: refuse, truncate, split, or take a form that cannot be sent as is', () => {
    const effects = (violations: Violation[]) => violations.map((violation) => [violation.rule, violation.effect]);
    expect(effects(checkMessage({ text: text(40_001), blocks: [section(text(3001))] }))).toEqual([
      ['section.text.length', 'refused'],
      ['message.text.length', 'truncated'],
    ]);
    expect(effects(checkMessage({ text: text(4001) }))).toEqual([['message.text_without_blocks.length', 'split']]);
    expect(effects(checkView(inInput(textInput({ max_length: 10, initial_value: text(11) }))))).toEqual([['plain_text_input.initial_value.length', 'unusable']]);
  });

  it('treats a missing payload or a wrong shape as a violation instead of throwing', () => {
    expect(rules(checkMessage(undefined))).toEqual(['message.type']);
    expect(rules(checkView('modal'))).toEqual(['view.type']);
    expect(rules(checkOptions(null))).toEqual(['options_response.type']);
    expect(rules(checkMessage({ blocks: 'nope' }))).toEqual(['blocks.type']);
    expect(rules(checkMessage({ blocks: [null, { type: 'actions', elements: [42] }] }))).toEqual(['block.type', 'actions.element.type']);
    // An element where it does not belong is reported once, not also as whatever it breaks inside.
    expect(rules(checkMessage(one(section('x', { accessory: { type: 'plain_text_input' } }))))).toEqual(['section.accessory.type']);
  });

  it('checks a blocks array on its own for a given surface', () => {
    const blocks = Array.from({ length: 60 }, () => ({ type: 'divider' }));
    expect(rules(checkBlocks(blocks, 'message'))).toEqual(['blocks.count']);
    expect(checkBlocks(blocks, 'modal')).toEqual([]);
  });

  it('passes a realistic card: header, fields, actions with a select and an overflow, context', () => {
    const card = {
      text: 'Talep #3',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Talep #3', emoji: true } },
        { type: 'section', block_id: 'fields', fields: [mrkdwn('*Status*\nNew'), mrkdwn('*Priority*\nHigh')] },
        actionsBlock([button({ action_id: 'comment', style: 'primary' }), select({ action_id: 'change' })], { block_id: 'work' }),
        section('More', { block_id: 'more', accessory: { type: 'overflow', action_id: 'extras', options: options(5) } }),
        { type: 'context', elements: [mrkdwn('Shared by <@U1>')] },
      ],
    };
    expect(checkMessage(card)).toEqual([]);
  });
});
