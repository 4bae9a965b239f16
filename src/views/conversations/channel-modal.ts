/** The `/talep channel` modal and the "Edit details" modal of a talep opened with the emoji. Pure. */
import type { types } from '@slack/bolt';
import { CHANNEL_MODES, type ChannelMode } from '../../domain/channel-mode.js';
import { standardPriorities } from '../../domain/priority.js';
import { english, type Messages } from '../../i18n/messages.js';
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

const MODE_TEXT: Record<ChannelMode, `conversations.mode${'Off' | 'Request' | 'Triage'}Option`> = {
  off: 'conversations.modeOffOption',
  request: 'conversations.modeRequestOption',
  triage: 'conversations.modeTriageOption',
};

/** The standard priorities as options, named in the reader's language. */
const priorityOptions = (m: Messages): PlainTextOption[] =>
  standardPriorities.map((level) => option(m.t(`priority.${level.key}`), String(level.id)));

function select(
  blockId: string,
  label: string,
  options: PlainTextOption[],
  initial: string | undefined,
  optional: boolean,
  m: Messages,
  hint?: string,
): types.InputBlock {
  const chosen = options.find((each) => each.value === initial);
  const element: types.StaticSelect = {
    type: 'static_select',
    action_id: 'value',
    options: options.slice(0, 100),
    ...(chosen ? { initial_option: chosen } : {}),
    placeholder: plain(m.t('conversations.choosePlaceholder'), 150),
  };
  return inputBlock(blockId, label, element, { optional, ...(hint ? { hint } : {}) });
}

export function channelSettingsModal(form: ChannelForm, m: Messages = english): ModalView {
  const categories = form.categories.map((category) => option(truncate(category.name, 75), String(category.id)));
  const modes = CHANNEL_MODES.map((mode) => option(m.t(MODE_TEXT[mode]), mode));
  const initialCategory = form.categoryId === undefined ? undefined : String(form.categoryId);
  return modal({
    title: m.t('conversations.channelTitle'),
    submit: m.t('conversations.saveSubmit'),
    close: m.t('kit.cancel'),
    callback_id: ConversationIds.channelCallback,
    private_metadata: JSON.stringify({ channelId: form.channelId }),
    blocks: [
      section(m.t('conversations.channelIntro', { channel: form.channelId })),
      select(ConversationIds.mode.block, m.t('conversations.modeLabel'), modes, form.mode, false, m),
      ...(categories.length > 0
        ? [select(ConversationIds.category.block, m.t('conversations.defaultCategory'), categories, initialCategory, true, m, m.t('conversations.defaultCategoryHint'))]
        : []),
      select(ConversationIds.priority.block, m.t('conversations.defaultPriority'), priorityOptions(m), String(form.priorityId ?? 0), true, m),
      textInput(ConversationIds.emoji.block, m.t('conversations.emojiLabel'), `:${form.emoji}:`, {
        optional: false,
        maxLength: 100,
        hint: m.t('conversations.emojiHint'),
      }),
      checkboxInput(ConversationIds.sync.block, m.t('conversations.syncLabel'), m.t('conversations.syncOption'), form.sync, m.t('conversations.syncHint')),
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

export function editDetailsModal(form: EditDetailsForm, m: Messages = english): ModalView {
  const categories = form.categories.map((category) => option(truncate(category.name, 75), String(category.id)));
  const initialCategory = form.categoryId === undefined ? undefined : String(form.categoryId);
  return modal({
    title: m.t('conversations.editTitle', { id: form.talepId }),
    submit: m.t('conversations.saveSubmit'),
    close: m.t('kit.cancel'),
    callback_id: ConversationIds.editCallback,
    private_metadata: JSON.stringify({ talepId: form.talepId }),
    blocks: [
      textInput(ConversationIds.subject.block, m.t('conversations.subject'), form.subject, { optional: false, maxLength: 250 }),
      ...(categories.length > 0
        ? [select(ConversationIds.category.block, m.t('conversations.category'), categories, initialCategory, false, m)]
        : []),
      select(ConversationIds.priority.block, m.t('conversations.priority'), priorityOptions(m), String(form.priorityId), false, m),
    ],
  });
}
