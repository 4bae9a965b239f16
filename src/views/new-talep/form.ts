/**
 * The new-talep form: category, priority, subject, body, tags, files; for agents also assignee and "on
 * behalf of"; the chosen category's custom fields by type. Pure: data → Block Kit JSON. Its ids are
 * ./ids.ts, what it carries in private_metadata ./metadata.ts, the modal's other states ./states.ts.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { types } from '@slack/bolt';
import type { Category, CategoryCustomField, Priority, UserListItem } from '../../api/schemas.js';
import { CustomFieldType } from '../../api/schemas.js';
import { isStandardPriority } from '../../domain/priority.js';
import { type Block, context, type ModalView, modal, option, plain, type PlainTextOption, section, truncate } from '../kit/blocks.js';
import { filesInput, messageFilesBlock } from '../kit/slack-files.js';
import { assigneeBlockId, BODY_MAX, customFieldBlockId, NEW_TALEP_TITLE, NewTalepIds, SUBJECT_MAX } from './ids.js';
import type { NewTalepMetadata, RenderedField, SourceMessage } from './metadata.js';

/** Slack's limit for static_select options. */
const MAX_OPTIONS = 100;

/** What the person chose or typed (or what is prefilled); custom-field values in their wire encoding. */
export interface NewTalepValues {
  categoryId?: number;
  priorityId?: number;
  subject?: string;
  body?: string;
  /** As typed: comma separated. */
  tags?: string;
  assigneeId?: number;
  /** A Slack user id. */
  onBehalfOf?: string;
  /** fieldId → value: text, `YYYY-MM-DD`, option id, `true`/`false`. */
  customFields: Record<string, string>;
}

// ── the form ────────────────────────────────────────────────────────────────────────────────────

export interface NewTalepForm {
  categories: readonly Category[];
  priorities: readonly Priority[];
  isAgent: boolean;
  /** Agents of `values.categoryId` (agents only). */
  agents?: readonly UserListItem[];
  /** Custom fields of `values.categoryId`; undefined when not loaded. */
  customFields?: readonly CategoryCustomField[];
  values: NewTalepValues;
  channelId?: string;
  /** The message the talep is opened from; its files are listed (attached on submit, or why not). */
  source?: SourceMessage;
  maxUploadBytes: number;
  /** An error or note shown on top (mrkdwn, already escaped). */
  banner?: string;
}

export function categoryLabel(category: Category): string {
  return category.NameWithSection || category.Name;
}

export function categoryOptions(categories: readonly Category[]): PlainTextOption[] {
  return [...categories]
    .sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b)))
    .slice(0, MAX_OPTIONS)
    .map((category) => option(categoryLabel(category), String(category.CategoryID)));
}

/** Standard priorities in their natural order (low → critical), custom ones after them. */
export function priorityOptions(priorities: readonly Priority[]): PlainTextOption[] {
  const standard = (priority: Priority) => Number(isStandardPriority(priority.PriorityID));
  return [...priorities]
    .sort((a, b) => standard(b) - standard(a) || a.PriorityID - b.PriorityID)
    .slice(0, MAX_OPTIONS)
    .map((priority) => option(priority.Name, String(priority.PriorityID)));
}

export function agentLabel(agent: UserListItem): string {
  const name = [agent.FirstName, agent.LastName].filter(Boolean).join(' ');
  return name ? `${name} (${agent.Username})` : agent.Username;
}

const selected = (options: PlainTextOption[], value: number | string | undefined) =>
  value === undefined ? undefined : options.find((candidate) => candidate.value === String(value));

function input(
  blockId: string,
  label: string,
  element: types.InputBlockElement,
  extra: Partial<types.InputBlock> = {},
): types.InputBlock {
  return { type: 'input', block_id: blockId, label: plain(label, 2000), element, ...extra };
}

/** One custom field as an input block of its type; mandatory ones are not optional (Slack enforces them). */
export function customFieldBlock(field: CategoryCustomField, value: string | undefined, m: Messages = english): types.InputBlock | undefined {
  const blockId = customFieldBlockId(field.FieldID);
  const action_id = NewTalepIds.customFieldAction;
  const mandatory = field.Mandatory === true;
  const label = field.FieldName;
  switch (field.Type) {
    case CustomFieldType.Date: {
      const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
      return input(blockId, label, { type: 'datepicker', action_id, ...(date ? { initial_date: date } : {}) }, { optional: !mandatory });
    }
    case CustomFieldType.SelectionCombo: {
      const options = (field.Options ?? []).slice(0, MAX_OPTIONS).map((choice) => option(choice.Name, String(choice.OptionID)));
      // A select without options is invalid Block Kit; a combo with no options cannot be answered anyway.
      if (options.length === 0) return undefined;
      const initial = selected(options, value);
      return input(
        blockId,
        label,
        { type: 'static_select', action_id, placeholder: plain(m.t('newTalep.choosePlaceholder')), options, ...(initial ? { initial_option: initial } : {}) },
        { optional: !mandatory },
      );
    }
    case CustomFieldType.Checkbox: {
      const yes = option(label, 'true');
      // Unchecked is an answer ("false"), so the block is never required; mandatory ones send "false".
      return input(
        blockId,
        label,
        { type: 'checkboxes', action_id, options: [yes], ...(value === 'true' ? { initial_options: [yes] } : {}) },
        { optional: true, ...(mandatory ? { hint: plain(m.t('newTalep.checkboxRequired')) } : {}) },
      );
    }
    case CustomFieldType.MultilineText:
    case CustomFieldType.Text:
    default: {
      const multiline = field.Type === CustomFieldType.MultilineText;
      return input(
        blockId,
        label,
        {
          type: 'plain_text_input',
          action_id,
          multiline,
          max_length: BODY_MAX,
          ...(value ? { initial_value: truncate(value, BODY_MAX) } : {}),
        },
        { optional: !mandatory },
      );
    }
  }
}

export function newTalepFormView(form: NewTalepForm, m: Messages = english): ModalView {
  const { values } = form;
  const categoryId = values.categoryId;
  const categories = categoryOptions(form.categories);
  const priorities = priorityOptions(form.priorities);
  const blocks: Block[] = [];

  if (form.banner) blocks.push(section(form.banner));
  if (form.source) blocks.push(context(m.t('newTalep.fromMessage')));

  if (categories.length === 0) {
    blocks.push(section(m.t('newTalep.noCategories')));
    return modal({ title: m.t('newTalep.title'), close: m.t('kit.close'), blocks });
  }

  const initialCategory = selected(categories, categoryId);
  blocks.push(
    input(
      NewTalepIds.category.block,
      m.t('newTalep.category'),
      {
        type: 'static_select',
        action_id: NewTalepIds.category.action,
        placeholder: plain(m.t('newTalep.categoryPlaceholder')),
        options: categories,
        ...(initialCategory ? { initial_option: initialCategory } : {}),
      },
      // The category decides the custom fields and the agents: changing it reloads them.
      { dispatch_action: true },
    ),
  );

  const initialPriority = selected(priorities, values.priorityId ?? 0) ?? priorities[0];
  if (priorities.length > 0) {
    blocks.push(
      input(NewTalepIds.priority.block, m.t('newTalep.priority'), {
        type: 'static_select',
        action_id: NewTalepIds.priority.action,
        options: priorities,
        ...(initialPriority ? { initial_option: initialPriority } : {}),
      }),
    );
  }

  blocks.push(
    input(NewTalepIds.subject.block, m.t('newTalep.subject'), {
      type: 'plain_text_input',
      action_id: NewTalepIds.subject.action,
      max_length: SUBJECT_MAX,
      placeholder: plain(m.t('newTalep.subjectPlaceholder')),
      ...(values.subject ? { initial_value: truncate(values.subject, SUBJECT_MAX) } : {}),
    }),
    input(
      NewTalepIds.body.block,
      m.t('newTalep.description'),
      {
        type: 'plain_text_input',
        action_id: NewTalepIds.body.action,
        multiline: true,
        max_length: BODY_MAX,
        placeholder: plain(m.t('newTalep.descriptionPlaceholder')),
        ...(values.body ? { initial_value: truncate(values.body, BODY_MAX) } : {}),
      },
      { optional: true },
    ),
    input(
      NewTalepIds.tags.block,
      m.t('newTalep.tags'),
      {
        type: 'plain_text_input',
        action_id: NewTalepIds.tags.action,
        placeholder: plain(m.t('newTalep.tagsPlaceholder')),
        ...(values.tags ? { initial_value: values.tags } : {}),
      },
      { optional: true, hint: plain(m.t('newTalep.tagsHint')) },
    ),
  );

  if (form.isAgent) {
    if (categoryId === undefined) {
      blocks.push(context(m.t('newTalep.chooseCategoryFirst')));
    } else {
      const agents = (form.agents ?? []).slice(0, MAX_OPTIONS).map((agent) => option(agentLabel(agent), String(agent.UserID)));
      if (agents.length === 0) {
        blocks.push(context(m.t('newTalep.noAgents')));
      } else {
        const initialAgent = selected(agents, values.assigneeId);
        blocks.push(
          input(
            assigneeBlockId(categoryId),
            m.t('newTalep.assignee'),
            {
              type: 'static_select',
              action_id: NewTalepIds.assigneeAction,
              placeholder: plain(m.t('newTalep.assigneePlaceholder')),
              options: agents,
              ...(initialAgent ? { initial_option: initialAgent } : {}),
            },
            { optional: true },
          ),
        );
      }
    }
    blocks.push(
      input(
        NewTalepIds.onBehalfOf.block,
        m.t('newTalep.onBehalfOf'),
        {
          type: 'users_select',
          action_id: NewTalepIds.onBehalfOf.action,
          placeholder: plain(m.t('newTalep.onBehalfOfPlaceholder')),
          ...(values.onBehalfOf ? { initial_user: values.onBehalfOf } : {}),
        },
        { optional: true, hint: plain(m.t('newTalep.onBehalfOfHint')) },
      ),
    );
  }

  const renderedFields: RenderedField[] = [];
  if (categoryId !== undefined && form.customFields) {
    for (const field of form.customFields) {
      const block = customFieldBlock(field, values.customFields[String(field.FieldID)], m);
      if (!block) continue;
      blocks.push(block);
      renderedFields.push([field.FieldID, field.Type, field.Mandatory === true]);
    }
  } else if (categoryId !== undefined) {
    blocks.push(context(m.t('newTalep.loadingFields')));
  }

  blocks.push(filesInput(NewTalepIds.files, form.maxUploadBytes, { optional: true }, m));
  const fromMessage = messageFilesBlock(form.source?.files ?? [], m);
  if (fromMessage) blocks.push(fromMessage);

  const metadata: NewTalepMetadata = {
    ...(form.channelId ? { channelId: form.channelId } : {}),
    agent: form.isAgent,
    ...(categoryId !== undefined && form.customFields ? { categoryId } : {}),
    fields: renderedFields,
    ...(form.source ? { source: form.source } : {}),
  };
  return modal({
    callback_id: NewTalepIds.callbackId,
    title: m.t('newTalep.title'),
    submit: m.t('newTalep.createSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: JSON.stringify(metadata),
    blocks: blocks.slice(0, 100),
  });
}
