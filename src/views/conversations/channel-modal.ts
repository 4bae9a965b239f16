/** The `/talep channel` modal and the "Edit details" modal of a talep opened with the emoji. Pure. */
import type { types } from '@slack/bolt';
import { CHANNEL_MODES, type ChannelMode } from '../../domain/channel-mode.js';
import { standardPriorities } from '../../domain/priority.js';
import { modal, type ModalView, option, type PlainTextOption, plain, section, truncate } from '../kit/blocks.js';
import { checkboxInput, inputBlock, textInput } from '../kit/inputs.js';
import { ConversationIds } from './ids.js';

export interface ChannelForm {
  channelId: string;
  mode: ChannelMode;
  categoryId: number | undefined;
  priorityId: number | undefined;
  emoji: string;
  sync: boolean;
  categories: readonly { id: number; name: string }[];
}

const MODE_TEXT: Record<ChannelMode, string> = {
  off: 'Off — taleps only with the emoji or the shortcuts',
  request: 'Request channel — every new message becomes a talep',
  triage: 'Triage — new messages get an “Open a talep” button for agents',
};

function select(blockId: string, label: string, options: PlainTextOption[], initial: string | undefined, optional: boolean, hint?: string): types.InputBlock {
  const chosen = options.find((each) => each.value === initial);
  const element: types.StaticSelect = {
    type: 'static_select',
    action_id: 'value',
    options: options.slice(0, 100),
    ...(chosen ? { initial_option: chosen } : {}),
    placeholder: plain('Choose', 150),
  };
  return inputBlock(blockId, label, element, { optional, ...(hint ? { hint } : {}) });
}

export function channelSettingsModal(form: ChannelForm): ModalView {
  const categories = form.categories.map((category) => option(truncate(category.name, 75), String(category.id)));
  const priorities = standardPriorities.map((level) => option(level.label, String(level.id)));
  return modal({
    title: 'Channel settings',
    submit: 'Save',
    callback_id: ConversationIds.channelCallback,
    private_metadata: JSON.stringify({ channelId: form.channelId }),
    blocks: [
      section(`Settings of <#${form.channelId}>. Taleps are always opened as the person who wrote (or reacted), with their own help-desk account.`),
      select(ConversationIds.mode.block, 'Mode', CHANNEL_MODES.map((mode) => option(MODE_TEXT[mode], mode)), form.mode, false),
      ...(categories.length > 0
        ? [select(ConversationIds.category.block, 'Default category', categories, form.categoryId === undefined ? undefined : String(form.categoryId), true, 'Else each person’s last used category.')]
        : []),
      select(ConversationIds.priority.block, 'Default priority', priorities, String(form.priorityId ?? 0), true),
      textInput(ConversationIds.emoji.block, 'Emoji that opens a talep', `:${form.emoji}:`, { optional: false, maxLength: 100, hint: 'Reacting with it on a message opens a talep from it.' }),
      checkboxInput(ConversationIds.sync.block, 'Thread sync', 'Replies in linked threads become comments, and public help-desk comments appear there', form.sync),
    ],
  });
}

export interface EditDetailsForm {
  talepId: number;
  subject: string;
  categoryId: number | undefined;
  priorityId: number;
  categories: readonly { id: number; name: string }[];
}

export function editDetailsModal(form: EditDetailsForm): ModalView {
  const categories = form.categories.map((category) => option(truncate(category.name, 75), String(category.id)));
  return modal({
    title: `Talep #${form.talepId}`,
    submit: 'Save',
    callback_id: ConversationIds.editCallback,
    private_metadata: JSON.stringify({ talepId: form.talepId }),
    blocks: [
      textInput(ConversationIds.subject.block, 'Subject', form.subject, { optional: false, maxLength: 250 }),
      ...(categories.length > 0
        ? [select(ConversationIds.category.block, 'Category', categories, form.categoryId === undefined ? undefined : String(form.categoryId), false)]
        : []),
      select(
        ConversationIds.priority.block,
        'Priority',
        standardPriorities.map((level) => option(level.label, String(level.id))),
        String(form.priorityId),
        false,
      ),
    ],
  });
}
