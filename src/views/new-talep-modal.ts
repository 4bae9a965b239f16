/**
 * The new-talep modal: loading state, the form (category, priority, subject, body, tags, files; for
 * agents also assignee and "on behalf of"; the chosen category's custom fields by type), and the
 * "creating", "created" and "already opened" states. Pure: data → Block Kit JSON.
 *
 * Block and action ids are stable across `views.update`, so Slack keeps what the user typed when the
 * form is re-rendered (category change, error banner). The two things that depend on the category get
 * category-specific ids on purpose: the assignee select (its options change) and the form metadata.
 */
import type { types, ViewStateValue } from '@slack/bolt';
import * as z from 'zod';
import type { Category, CategoryCustomField, Priority, UserListItem } from '../api/schemas.js';
import { CustomFieldType } from '../api/schemas.js';
import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  linkButton,
  type ModalView,
  modal,
  option,
  plain,
  type PlainTextOption,
  section,
  type SlackMessage,
  truncate,
} from './blocks.js';
import { SharedActions } from './shared-actions.js';

/** What Slack sends back as `view.state.values`: block id → action id → value. */
export type ViewStateValues = Record<string, Record<string, ViewStateValue>>;

export const NewTalepIds = {
  callbackId: 'new_talep_form',
  category: { block: 'nt_category', action: 'nt_category' },
  priority: { block: 'nt_priority', action: 'nt_priority' },
  subject: { block: 'nt_subject', action: 'nt_subject' },
  body: { block: 'nt_body', action: 'nt_body' },
  tags: { block: 'nt_tags', action: 'nt_tags' },
  files: { block: 'nt_files', action: 'nt_files' },
  onBehalfOf: { block: 'nt_behalf', action: 'nt_behalf' },
  /** The assignee select's block id carries the category: see `assigneeBlockId`. */
  assigneeAction: 'nt_assignee',
  customFieldAction: 'nt_cf',
  /** "Open in help desk" link buttons: Slack still sends an action, which must be acked. */
  openLink: 'nt_open_link',
} as const;

export const SUBJECT_MAX = 200;
/** Slack's limit for a plain_text_input. */
export const BODY_MAX = 3000;
/** Slack's limit for a file_input. */
export const MAX_FILES = 10;
/** Slack's limit for static_select options. */
const MAX_OPTIONS = 100;

export const assigneeBlockId = (categoryId: number) => `nt_assignee_${categoryId}`;
export const customFieldBlockId = (fieldId: number) => `nt_cf_${fieldId}`;

// ── metadata ────────────────────────────────────────────────────────────────────────────────────

/** A Slack file to download and attach on submit; `skip` says why one of the message's files will not be. */
export const fileRefSchema = z.object({
  name: z.string().min(1),
  url: z.url().optional(),
  type: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  skip: z.string().optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/** The message a talep is opened from ("Open a talep"). */
export const sourceMessageSchema = z.object({
  channelId: z.string().min(1),
  ts: z.string().min(1),
  /** Thread the message lives in, if it is a reply; the link is posted there. */
  threadTs: z.string().optional(),
  files: z.array(fileRefSchema).max(MAX_FILES),
});
export type SourceMessage = z.infer<typeof sourceMessageSchema>;

/** A custom field as rendered: id, type, mandatory. Enough to validate the submission. */
export const renderedFieldSchema = z.tuple([z.int().positive(), z.int(), z.boolean()]);

export const newTalepMetadataSchema = z.object({
  /** Where the user started (slash command, message): the confirmation goes there, else to a DM. */
  channelId: z.string().optional(),
  /** Whether the agent-only blocks (assignee, on behalf of) were shown. */
  agent: z.boolean(),
  /** The category whose custom fields and agents are rendered (undefined: none chosen or not loaded). */
  categoryId: z.int().positive().optional(),
  fields: z.array(renderedFieldSchema),
  source: sourceMessageSchema.optional(),
});
export type NewTalepMetadata = z.infer<typeof newTalepMetadataSchema>;

// ── the values of the form ──────────────────────────────────────────────────────────────────────

/** What the user chose or typed (or what is prefilled); custom-field values in their wire encoding. */
export interface NewTalepValues {
  categoryId?: number;
  priorityId?: number;
  subject?: string;
  body?: string;
  tags?: string;
  assigneeId?: number;
  /** A Slack user id. */
  onBehalfOf?: string;
  /** fieldId → value: text, `YYYY-MM-DD`, option id, `true`/`false`. */
  customFields: Record<string, string>;
}

const intValue = (text: string | null | undefined): number | undefined =>
  text && /^-?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/** Reads the form's values back from `view.state.values` (untrusted: everything is checked). */
export function valuesFromState(state: ViewStateValues): NewTalepValues {
  const read = (block: string, action: string) => state[block]?.[action];
  const text = (block: string, action: string) => {
    const value = read(block, action)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const values: NewTalepValues = { customFields: {} };
  const categoryId = intValue(read(NewTalepIds.category.block, NewTalepIds.category.action)?.selected_option?.value);
  if (categoryId !== undefined && categoryId > 0) values.categoryId = categoryId;
  const priorityId = intValue(read(NewTalepIds.priority.block, NewTalepIds.priority.action)?.selected_option?.value);
  if (priorityId !== undefined) values.priorityId = priorityId;
  const subject = text(NewTalepIds.subject.block, NewTalepIds.subject.action);
  if (subject !== undefined) values.subject = subject;
  const body = text(NewTalepIds.body.block, NewTalepIds.body.action);
  if (body !== undefined) values.body = body;
  const tags = text(NewTalepIds.tags.block, NewTalepIds.tags.action);
  if (tags !== undefined) values.tags = tags;
  const behalf = read(NewTalepIds.onBehalfOf.block, NewTalepIds.onBehalfOf.action)?.selected_user;
  if (typeof behalf === 'string' && /^[UW][A-Z0-9]+$/.test(behalf)) values.onBehalfOf = behalf;
  if (values.categoryId !== undefined) {
    const assigneeId = intValue(read(assigneeBlockId(values.categoryId), NewTalepIds.assigneeAction)?.selected_option?.value);
    if (assigneeId !== undefined && assigneeId > 0) values.assigneeId = assigneeId;
  }
  for (const [blockId, actionsOfBlock] of Object.entries(state)) {
    const fieldId = /^nt_cf_(\d+)$/.exec(blockId)?.[1];
    const value = actionsOfBlock[NewTalepIds.customFieldAction];
    if (!fieldId || !value) continue;
    const encoded = customFieldValueOf(value);
    if (encoded !== undefined) values.customFields[fieldId] = encoded;
  }
  return values;
}

/** One custom-field element's state in the help desk's encoding; undefined when empty. */
function customFieldValueOf(value: ViewStateValue): string | undefined {
  switch (value.type) {
    case 'datepicker':
      return value.selected_date ?? undefined;
    case 'static_select':
      return value.selected_option?.value ?? undefined;
    case 'checkboxes':
      return (value.selected_options ?? []).some((selected) => selected.value === 'true') ? 'true' : 'false';
    default:
      return typeof value.value === 'string' && value.value.trim() !== '' ? value.value : undefined;
  }
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
  const standard = (id: number) => id >= -1 && id <= 2;
  return [...priorities]
    .sort((a, b) => Number(standard(b.PriorityID)) - Number(standard(a.PriorityID)) || a.PriorityID - b.PriorityID)
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
export function customFieldBlock(field: CategoryCustomField, value: string | undefined): types.InputBlock | undefined {
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
        { type: 'static_select', action_id, placeholder: plain('Choose…'), options, ...(initial ? { initial_option: initial } : {}) },
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
        { optional: true, ...(mandatory ? { hint: plain('Required: leave unchecked for “no”.') } : {}) },
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

export function newTalepFormView(form: NewTalepForm): ModalView {
  const { values } = form;
  const categoryId = values.categoryId;
  const categories = categoryOptions(form.categories);
  const priorities = priorityOptions(form.priorities);
  const blocks: Block[] = [];

  if (form.banner) blocks.push(section(form.banner));
  if (form.source) blocks.push(context(':speech_balloon: Opening a talep from a Slack message. Edit anything before you submit.'));

  if (categories.length === 0) {
    blocks.push(section(':no_entry: The help desk offers you no category to open a talep in. Ask a help-desk admin for access.'));
    return modal({ title: 'New talep', close: 'Close', blocks });
  }

  const initialCategory = selected(categories, categoryId);
  blocks.push(
    input(
      NewTalepIds.category.block,
      'Category',
      {
        type: 'static_select',
        action_id: NewTalepIds.category.action,
        placeholder: plain('Choose a category'),
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
      input(NewTalepIds.priority.block, 'Priority', {
        type: 'static_select',
        action_id: NewTalepIds.priority.action,
        options: priorities,
        ...(initialPriority ? { initial_option: initialPriority } : {}),
      }),
    );
  }

  blocks.push(
    input(NewTalepIds.subject.block, 'Subject', {
      type: 'plain_text_input',
      action_id: NewTalepIds.subject.action,
      max_length: SUBJECT_MAX,
      placeholder: plain('A short summary'),
      ...(values.subject ? { initial_value: truncate(values.subject, SUBJECT_MAX) } : {}),
    }),
    input(
      NewTalepIds.body.block,
      'Description',
      {
        type: 'plain_text_input',
        action_id: NewTalepIds.body.action,
        multiline: true,
        max_length: BODY_MAX,
        placeholder: plain('What happened, what did you expect, what have you tried?'),
        ...(values.body ? { initial_value: truncate(values.body, BODY_MAX) } : {}),
      },
      { optional: true },
    ),
    input(
      NewTalepIds.tags.block,
      'Tags',
      {
        type: 'plain_text_input',
        action_id: NewTalepIds.tags.action,
        placeholder: plain('printer, floor-3'),
        ...(values.tags ? { initial_value: values.tags } : {}),
      },
      { optional: true, hint: plain('Separate tags with commas.') },
    ),
  );

  if (form.isAgent) {
    if (categoryId === undefined) {
      blocks.push(context(':bust_in_silhouette: Choose a category to pick an assignee from its agents.'));
    } else {
      const agents = (form.agents ?? []).slice(0, MAX_OPTIONS).map((agent) => option(agentLabel(agent), String(agent.UserID)));
      if (agents.length === 0) {
        blocks.push(context(':bust_in_silhouette: No agent can be assigned in this category.'));
      } else {
        const initialAgent = selected(agents, values.assigneeId);
        blocks.push(
          input(
            assigneeBlockId(categoryId),
            'Assignee',
            {
              type: 'static_select',
              action_id: NewTalepIds.assigneeAction,
              placeholder: plain('Unassigned'),
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
        'On behalf of',
        {
          type: 'users_select',
          action_id: NewTalepIds.onBehalfOf.action,
          placeholder: plain('Yourself'),
          ...(values.onBehalfOf ? { initial_user: values.onBehalfOf } : {}),
        },
        { optional: true, hint: plain('The Slack user this talep is for; found in the help desk by e-mail.') },
      ),
    );
  }

  const renderedFields: z.infer<typeof renderedFieldSchema>[] = [];
  if (categoryId !== undefined && form.customFields) {
    for (const field of form.customFields) {
      const block = customFieldBlock(field, values.customFields[String(field.FieldID)]);
      if (!block) continue;
      blocks.push(block);
      renderedFields.push([field.FieldID, field.Type, field.Mandatory === true]);
    }
  } else if (categoryId !== undefined) {
    blocks.push(context(':hourglass_flowing_sand: Loading this category’s fields…'));
  }

  blocks.push(
    input(
      NewTalepIds.files.block,
      'Files',
      { type: 'file_input', action_id: NewTalepIds.files.action, max_files: MAX_FILES },
      { optional: true, hint: plain(`Up to ${MAX_FILES} files, ${megabytes(form.maxUploadBytes)} MB each.`) },
    ),
  );
  const listed = form.source?.files ?? [];
  if (listed.length > 0) {
    const lines = listed.map(
      (file) => `• ${escapeText(truncate(file.name, 150))}${file.skip ? ` — _not attached: ${escapeText(file.skip)}_` : ''}`,
    );
    blocks.push(section(`:paperclip: *From the message* (attached on submit)\n${lines.join('\n')}`));
  }

  const metadata: NewTalepMetadata = {
    ...(form.channelId ? { channelId: form.channelId } : {}),
    agent: form.isAgent,
    ...(categoryId !== undefined && form.customFields ? { categoryId } : {}),
    fields: renderedFields,
    ...(form.source ? { source: form.source } : {}),
  };
  return modal({
    callback_id: NewTalepIds.callbackId,
    title: 'New talep',
    submit: 'Create',
    private_metadata: JSON.stringify(metadata),
    blocks: blocks.slice(0, 100),
  });
}

export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 10 ? String(Math.round(mb)) : String(Math.round(mb * 10) / 10);
}

// ── the other states ────────────────────────────────────────────────────────────────────────────

/** Shown at once (the trigger_id lasts 3 s) while the lists load. */
export function newTalepLoadingView(note = ':hourglass_flowing_sand: Loading your categories…', title = 'New talep'): ModalView {
  return modal({ title, close: 'Cancel', blocks: [section(note)] });
}

export function newTalepCreatingView(note = ':hourglass_flowing_sand: Creating your talep…'): ModalView {
  return modal({ title: 'New talep', close: 'Close', blocks: [section(note)] });
}

/** The form could not even be shown: one sentence saying why. */
export function newTalepProblemView(text: string, title = 'New talep'): ModalView {
  return modal({ title, close: 'Close', blocks: [section(text)] });
}

export interface CreatedTalep {
  id: number;
  subject: string;
  /** The talep's page in the help desk. */
  url: string;
  /** Things that did not work after the talep was created (e.g. a file that could not be attached). */
  warnings?: readonly string[];
}

function talepButtons(talep: { id: number; url?: string }, blockId: string): types.ActionsBlock {
  return actions(blockId, [
    button('Show talep', SharedActions.showTalep, String(talep.id), 'primary'),
    ...(talep.url ? [linkButton('Open in help desk', talep.url, NewTalepIds.openLink)] : []),
  ]);
}

export function newTalepCreatedView(talep: CreatedTalep): ModalView {
  const blocks: Block[] = [
    section(`:white_check_mark: *Talep #${talep.id} created*\n${escapeText(truncate(talep.subject, 500))}`),
    talepButtons(talep, 'nt_created'),
  ];
  for (const warning of talep.warnings ?? []) blocks.push(context(`:warning: ${escapeText(warning)}`));
  return modal({ title: 'New talep', close: 'Done', blocks });
}

/** The ephemeral (or DM) confirmation after the modal closed. */
export function newTalepCreatedMessage(talep: CreatedTalep): SlackMessage {
  return {
    text: `Talep #${talep.id} created: ${escapeText(talep.subject)}`,
    blocks: [
      section(`:white_check_mark: Talep *#${talep.id}* created: <${talep.url}|${escapeText(truncate(talep.subject, 200))}>`),
      talepButtons(talep, 'nt_created_message'),
    ],
  };
}

/** The public thread reply on the source message: id, subject and link only. */
export function talepOpenedThreadReply(talep: CreatedTalep): SlackMessage {
  return {
    text: `Talep #${talep.id} was opened from this message.`,
    blocks: [
      section(`:ticket: Talep <${talep.url}|*#${talep.id}* ${escapeText(truncate(talep.subject, 200))}> was opened from this message.`),
      talepButtons(talep, 'nt_thread_reply'),
    ],
  };
}

export interface ExistingTalep {
  id: number;
  /** Unknown when the help desk would not show the talep to this user. */
  subject?: string;
  url?: string;
}

/** "Open a talep" on a message that already opened one: offer it instead of a duplicate. */
export function alreadyOpenedView(talep: ExistingTalep): ModalView {
  const subject = talep.subject ? `\n${escapeText(truncate(talep.subject, 500))}` : '';
  return modal({
    title: 'Open a talep',
    close: 'Close',
    blocks: [
      section(`:information_source: *Talep #${talep.id} was already opened from this message.*${subject}`),
      talepButtons(talep, 'nt_existing'),
      context('Add to it with the *Add to a talep* shortcut instead of opening a duplicate.'),
    ],
  });
}
