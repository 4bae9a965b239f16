/**
 * A talep as a Slack Work Object (a `slack#/entities/task` entity): in a link preview (`chat.unfurl`'s
 * `metadata.entities`, seen by everyone in the conversation) and in the details side panel
 * (`entity.presentDetails`, seen by the one person who opened it, read with their own token). Both are
 * built from `TalepFacts` only (./facts.ts); comments come from `publicComments`. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { slackTextToPlain } from '../../domain/slack-text.js';
import type { types } from '@slack/bolt';
import { truncate } from '../kit/blocks.js';
import { htmlToMrkdwn } from '../kit/html-mrkdwn.js';
import type { PublicComment, TalepFacts } from './facts.js';

export type TalepEntity = types.EntityMetadata;
export type EntityAction = types.EntityActionButton;

export const TALEP_ENTITY_TYPE = 'slack#/entities/task';
/** `external_ref.type` of our entities: `entity_details_requested` carries it back. */
export const TALEP_REF_TYPE = 'talep';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A help-desk body (HTML or plain) → plain text for an entity field: no tags, no mrkdwn escapes. */
export function plainText(body: string, max: number): string {
  // The mrkdwn's links become "label (url)" and its escapes are undone: the one converter of Slack markup.
  return slackTextToPlain(htmlToMrkdwn(body, { maxLength: max }).text);
}

const statusColor = (statusId: number | undefined): string | undefined =>
  statusId === 1 ? 'blue' : statusId === 2 ? 'yellow' : statusId === 3 ? 'green' : undefined;

function commentFields(comments: readonly PublicComment[], max: number, m: Messages): types.EntityCustomField[] {
  return comments.map((comment, index) => ({
    key: `comment_${index + 1}`,
    label: truncate(`${comment.author}, ${isoDay(comment.at)}`, 100),
    type: 'string',
    value: plainText(comment.body, max) || m.t('unfurl.emptyComment'),
    long: true,
  }));
}

function entityOf(
  facts: TalepFacts,
  extraFields: types.EntityCustomField[],
  actions: { primary: EntityAction[]; overflow: EntityAction[] } | undefined,
  m: Messages,
): TalepEntity {
  const fields: types.TaskEntityFields = {
    status: { value: facts.status, ...(statusColor(facts.statusId) ? { tag_color: statusColor(facts.statusId) } : {}) },
    priority: { value: facts.priority },
    assignee: { type: 'string', value: facts.assignee ?? m.t('unfurl.unassigned') },
    ...(facts.dueDate ? { due_date: { type: 'slack#/types/date', value: isoDay(facts.dueDate) } } : {}),
    ...(facts.lastUpdate ? { date_updated: { value: seconds(facts.lastUpdate) } } : {}),
  };
  const customFields: types.EntityCustomField[] = [{ key: 'category', label: m.t('unfurl.category'), type: 'string', value: truncate(facts.category, 200) }, ...extraFields];
  return {
    entity_type: TALEP_ENTITY_TYPE,
    external_ref: { id: String(facts.id), type: TALEP_REF_TYPE },
    url: facts.url,
    entity_payload: {
      attributes: {
        title: { text: truncate(facts.subject, 200) || m.t('unfurl.talepTitle', { id: facts.id }) },
        display_type: 'Talep',
        display_id: `#${facts.id}`,
        product_name: 'Help desk',
        ...(facts.lastUpdate ? { metadata_last_modified: seconds(facts.lastUpdate) } : {}),
      },
      fields,
      custom_fields: customFields,
      display_order: ['status', 'priority', 'assignee', 'due_date', 'category', 'date_updated', ...extraFields.map((field) => field.key)],
      ...(actions && (actions.primary.length > 0 || actions.overflow.length > 0)
        ? { actions: { primary_actions: actions.primary.slice(0, 2), overflow_actions: actions.overflow.slice(0, 5) } }
        : {}),
    },
  };
}

/**
 * The entity of a link preview. `postedUrl` is the link exactly as it was posted (Slack matches it);
 * `latest` is the latest public comment, given only when the channel's setting allows comment bodies.
 */
export function talepUnfurlEntity(facts: TalepFacts, postedUrl: string, latest?: PublicComment, m: Messages = english): TalepEntity {
  return { ...entityOf(facts, latest ? commentFields([latest], 500, m) : [], undefined, m), app_unfurl_url: postedUrl };
}

/** The details panel for one viewer: the card's fields, the latest public comments, and what they may do. */
export function talepDetailsEntity(
  facts: TalepFacts,
  comments: readonly PublicComment[],
  actions: { primary: EntityAction[]; overflow: EntityAction[] },
  m: Messages = english,
): TalepEntity {
  return entityOf(facts, commentFields(comments, 1000, m), actions, m);
}
