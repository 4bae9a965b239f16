/**
 * The talep's extras as messages: its subscribers, its custom fields (with an Edit button that opens the
 * shared custom-fields form), and the sentences the tag and secondary-assignee commands answer with.
 * Pure: data → Block Kit JSON.
 */
import type { TalepCustomFieldValue, UserListItem } from '../api/schemas.js';
import { CustomFieldType } from '../api/schemas.js';
import { actions, type Block, button, context, escapeText, fields, section, type SlackMessage, truncate } from './kit/blocks.js';
import type { RecordField } from './custom-fields/form.js';

export const ExtrasIds = {
  /** Subscribers list; value: talep id. */
  subscribe: 'talep_subs_subscribe',
  unsubscribe: 'talep_subs_unsubscribe',
  /** Custom fields list → the form; value: talep id. */
  editFields: 'talep_fields_edit',
  fieldsCallback: 'talep_fields',
} as const;

// ── Subscribers ────────────────────────────────────────────────────────────────────────────────

export interface SubscribersData {
  talepId: number;
  subscribers: readonly UserListItem[];
  /** The viewer's help-desk user id. */
  viewerId: number;
  /** The submitter hears about their talep anyway: no Subscribe button for them. */
  viewerIsSubmitter: boolean;
}

function personLine(user: UserListItem): string {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  const email = user.Email ? ` · ${escapeText(user.Email)}` : '';
  return `• *${escapeText(name || user.Username)}* (\`${escapeText(user.Username)}\`)${email}`;
}

export const onlyAgentsSubscribeOthersText =
  ':no_entry: Only agents can subscribe or unsubscribe someone else. `/talep subscribe <id>` subscribes you.';

export function subscribersMessage(data: SubscribersData, notice?: string): SlackMessage {
  const { talepId, subscribers } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (subscribers.length === 0) {
    blocks.push(section(`:bell: Nobody is subscribed to talep #${talepId}.`));
  } else {
    const lines = subscribers.slice(0, 50).map(personLine);
    const more = subscribers.length > lines.length ? `\n…and ${subscribers.length - lines.length} more.` : '';
    blocks.push(section(`:bell: *Subscribers of talep #${talepId}* (${subscribers.length})\n${lines.join('\n')}${more}`));
  }
  const subscribed = subscribers.some((user) => user.UserID === data.viewerId);
  const id = String(talepId);
  if (subscribed) blocks.push(actions('talep_subscribers', [button('Unsubscribe me', ExtrasIds.unsubscribe, id)]));
  else if (!data.viewerIsSubmitter) blocks.push(actions('talep_subscribers', [button('Subscribe me', ExtrasIds.subscribe, id, 'primary')]));
  blocks.push(context('Subscribers get the help desk’s e-mails about the talep (new comments, closing).'));
  return { text: `Subscribers of talep #${talepId}: ${subscribers.length}`, blocks };
}

// ── Custom fields ──────────────────────────────────────────────────────────────────────────────

/** TalepCustomFields rows as the shared form's fields (dropdown options come with them). */
export function talepRecordField(field: TalepCustomFieldValue): RecordField {
  return {
    id: field.FieldID,
    name: field.FieldName,
    type: field.Type,
    mandatory: field.Mandatory ?? false,
    ...(field.Options ? { options: field.Options.map((choice) => ({ id: choice.OptionID, name: choice.Name })) } : {}),
    current: field.Value,
  };
}

/** How a value reads in a message: checkboxes as Yes/No, unset as _not set_. */
export function fieldValueText(field: RecordField): string {
  const value = field.current?.trim();
  if (!value) return field.type === CustomFieldType.Checkbox ? 'No' : '_not set_';
  if (field.type === CustomFieldType.Checkbox) return value.toLowerCase() === 'true' ? 'Yes' : 'No';
  return escapeText(truncate(value, 500));
}

export interface TalepFieldsData {
  talepId: number;
  subject: string;
  fields: readonly RecordField[];
  /** The submitter and agents may change them; the help desk decides. */
  canEdit: boolean;
}

export function talepFieldsMessage(data: TalepFieldsData, notice?: string): SlackMessage {
  const { talepId } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(`:clipboard: *Custom fields of talep #${talepId}* ${escapeText(truncate(data.subject.replace(/\s+/g, ' ').trim(), 150))}`));
  if (data.fields.length === 0) {
    blocks.push(section("This talep's category has no custom fields."));
    return { text: `Talep #${talepId} has no custom fields.`, blocks };
  }
  // A fields section holds 10 items; more fields take more sections.
  for (let start = 0; start < Math.min(data.fields.length, 40); start += 10) {
    const slice = data.fields.slice(start, start + 10);
    blocks.push(fields(slice.map((field) => `*${escapeText(field.name)}*${field.mandatory ? ' _(required)_' : ''}\n${fieldValueText(field)}`)));
  }
  if (data.canEdit) blocks.push(actions('talep_fields', [button('Edit', ExtrasIds.editFields, String(talepId), 'primary')]));
  return { text: `Custom fields of talep #${talepId}`, blocks };
}

/** The form's heading line: `:ticket: *Talep #3* Excel crashes…` (escaped). */
export const talepFormSubject = (talepId: number, subject: string): string =>
  `:ticket: *Talep #${talepId}* ${escapeText(truncate(subject.replace(/\s+/g, ' ').trim(), 150))}`;

// ── Tags and secondary assignees ───────────────────────────────────────────────────────────────

const tagList = (tags: readonly string[]) => tags.map((tag) => `\`${escapeText(tag.replaceAll('`', "'"))}\``).join(', ');

export const taggedNotice = (talepId: number, tags: readonly string[]): string =>
  `:label: Tagged #${talepId} with ${tagList(tags)}.`;

export const tagsReplacedNotice = (talepId: number, tags: readonly string[]): string =>
  tags.length > 0 ? `:label: The tags of #${talepId} are now ${tagList(tags)}.` : `:label: Talep #${talepId} has no tags now.`;

export const untaggedNotice = (talepId: number, removed: readonly string[]): string =>
  `:label: Removed ${tagList(removed)} from #${talepId}.`;

export const tagsMissingText = (talepId: number, wanted: readonly string[], has: readonly string[]): string =>
  `:information_source: Talep #${talepId} has no tag ${tagList(wanted)}.${has.length > 0 ? ` Its tags: ${tagList(has)}.` : ' It has no tags.'}`;

/** `who`: `you` or a mention with the help-desk user name (escaped mrkdwn). */
export const secondaryAssigneeNotice = (talepId: number, who: string): string =>
  `:busts_in_silhouette: Added ${who} as a secondary assignee of #${talepId}.`;

export const secondaryAssigneeOffText =
  ":gear: Cannot add a secondary assignee: the help desk's secondary-assignee setting is off, so a talep has one assignee only. " +
  'A help-desk admin can turn on `AllowSecondaryAssignee` in its settings.';
