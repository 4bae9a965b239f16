/**
 * How taleps relate, as messages: a talep's parent, sub-taleps and related taleps (`/talep relations`,
 * `sub list`, the card's "More"), and what linking and unlinking said. Pure: data → Block Kit JSON.
 *
 * Every row has a Show button (the shared `talep_show`); agents also get Unlink / Detach buttons, which
 * ask first.
 */
import type { IntegrationData, TalepSummary } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { statusName } from '../kit/words.js';
import { actions, type Block, button, confirm, context, escapeText, rowActionId, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { trackerLinksText } from '../kit/tracker-links.js';
import { RelationIds, talepPairValue } from './ids.js';

/** Rows shown per list; Slack allows 50 blocks in a message. */
export const MAX_ROWS = 15;

/** What a row shows of a talep; only the id is certain (a link may point at a talep we could not read). */
export interface TalepRow {
  id: number;
  subject?: string;
  status?: string;
}

/** The status is named as the domain names it ("In progress"), whatever spelling the help desk sent. */
export const rowOf = (talep: Pick<TalepSummary, 'TalepID' | 'Subject' | 'Status' | 'StatusID'>, m: Messages = english): TalepRow => ({
  id: talep.TalepID,
  subject: talep.Subject,
  ...(talep.Status || talep.StatusID != null ? { status: statusName(talep, m) } : {}),
});

/** `*#7* Upgrade the core switch firmware · _In Progress_` (escaped). */
export function rowText(row: TalepRow): string {
  const subject = row.subject?.replace(/\s+/g, ' ').trim();
  const status = row.status ? ` · _${escapeText(row.status)}_` : '';
  return `*#${row.id}*${subject ? ` ${escapeText(truncate(subject, 150))}` : ''}${status}`;
}

function rowBlocks(rows: readonly TalepRow[], m: Messages): Block[] {
  const shown = rows.slice(0, MAX_ROWS).map((row) => section(rowText(row), button(m.t('relations.showButton'), SharedActions.showTalep, String(row.id))));
  const more = rows.length - MAX_ROWS;
  return more > 0 ? [...shown, context(m.t('relations.more', { count: more }))] : shown;
}

/**
 * The Detach / Unlink buttons of an agent, each with Block Kit's confirmation: one actions block each,
 * as 15 of both would pass the 25 elements an actions block holds.
 */
function editButtons(talepId: number, data: RelationsData, m: Messages): Block[] {
  const detach = data.subs.slice(0, MAX_ROWS).map((row) =>
    button(m.t('relations.detachButton', { id: row.id }), rowActionId(RelationIds.detach, row.id), talepPairValue(talepId, row.id), undefined, {
      confirm: confirm(
        m.t('relations.detachQuestion', { id: row.id }),
        m.t('relations.detachExplained', { id: row.id, parent: talepId }),
        m.t('relations.detachConfirm'),
        'danger',
        m.t('kit.cancel'),
      ),
    }),
  );
  const unlink = (data.related ?? []).slice(0, MAX_ROWS).map((row) =>
    button(m.t('relations.unlinkButton', { id: row.id }), rowActionId(RelationIds.unlink, row.id), talepPairValue(talepId, row.id), undefined, {
      confirm: confirm(
        m.t('relations.unlinkQuestion', { id: row.id }),
        m.t('relations.unlinkExplained', { talep: talepId, id: row.id }),
        m.t('relations.unlinkConfirm'),
        'danger',
        m.t('kit.cancel'),
      ),
    }),
  );
  return [
    ...(detach.length > 0 ? [actions('talep_relations_detach', detach)] : []),
    ...(unlink.length > 0 ? [actions('talep_relations_unlink', unlink)] : []),
  ];
}

export interface RelationsData {
  talepId: number;
  /** `null`: no parent. */
  parent: TalepRow | null;
  subs: readonly TalepRow[];
  /** `undefined`: the help desk does not report related taleps. */
  related?: readonly TalepRow[];
  /** Agents (and admins) may link, unlink and detach. */
  canEdit: boolean;
  /** Links to issues in external trackers (TalepIntegrationData), when the help desk gave them. */
  integrations?: IntegrationData;
}

/** Parent, sub-taleps and related taleps of one talep; `notice` (escaped mrkdwn) says what just happened. */
export function relationsMessage(data: RelationsData, notice?: string, m: Messages = english): SlackMessage {
  const { talepId } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(m.t('relations.heading', { id: talepId })));

  if (data.parent) blocks.push(context(m.t('relations.parent')), ...rowBlocks([data.parent], m));
  if (data.subs.length > 0) {
    blocks.push(context(m.t('relations.subs', { count: data.subs.length })), ...rowBlocks(data.subs, m));
  }
  if (data.related && data.related.length > 0) {
    blocks.push(context(m.t('relations.related', { count: data.related.length })), ...rowBlocks(data.related, m));
  }
  const none = !data.parent && data.subs.length === 0 && (data.related?.length ?? 0) === 0;
  if (none) blocks.push(section(m.t('relations.none', { id: talepId })));
  if (data.related === undefined) blocks.push(context(m.t('relations.relatedUnknown')));
  const trackers = trackerLinksText(data.integrations, m);
  if (trackers) blocks.push(section(trackers));

  if (data.canEdit) {
    blocks.push(...editButtons(talepId, data, m));
    blocks.push(context(m.t('relations.howTo', { id: talepId })));
  }
  return { text: m.t('relations.text', { id: talepId }), blocks };
}

/** `sub list <id>`: just the sub-taleps, each with Show (and Detach for agents). */
export function subTaleps(parentId: number, subs: readonly TalepRow[], canEdit: boolean, notice?: string, m: Messages = english): SlackMessage {
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (subs.length === 0) {
    blocks.push(section(m.t('relations.noSubs', { id: parentId })));
  } else {
    blocks.push(section(m.t('relations.subsHeading', { id: parentId, count: subs.length })), ...rowBlocks(subs, m));
    if (canEdit) blocks.push(...editButtons(parentId, { talepId: parentId, parent: null, subs, canEdit }, m));
  }
  if (canEdit) blocks.push(context(m.t('relations.subHowTo', { id: parentId })));
  return { text: m.t('relations.subsText', { id: parentId, count: subs.length }), blocks };
}

export const noParentText = (talepId: number, m: Messages = english): string => m.t('relations.noParent', { id: talepId });

/** The help desk refused a sub-talep relation (400): its reason, and the rule behind it. */
export function oneLevelText(parentId: number, childId: number, reason: string | undefined, m: Messages = english): string {
  const said = reason ? m.t('relations.helpdeskSaid', { reason: escapeText(truncate(reason, 300)) }) : '';
  return m.t('relations.oneLevel', { child: childId, parent: parentId, said });
}

// ── what a change said ──────────────────────────────────────────────────────────────────────────

export const linkedNotice = (a: number, b: number, m: Messages = english): string => m.t('relations.linked', { a, b });
export const unlinkedNotice = (a: number, b: number, m: Messages = english): string => m.t('relations.unlinked', { a, b });
export const detachedNotice = (parent: number, child: number, m: Messages = english): string => m.t('relations.detached', { parent, child });
export const subAddedNotice = (parent: number, child: number, m: Messages = english): string => m.t('relations.subAdded', { parent, child });
export const parentNotice = (parent: number, child: number, m: Messages = english): string => m.t('relations.parentIs', { parent, child });
