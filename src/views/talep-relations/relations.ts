/**
 * How taleps relate, as messages: a talep's parent, sub-taleps and related taleps (`/talep relations`,
 * `sub list`, the card's "More"), and what linking and unlinking said. Pure: data → Block Kit JSON.
 *
 * Every row has a Show button (the shared `talep_show`); agents also get Unlink / Detach buttons, which
 * ask first.
 */
import type { IntegrationData, TalepSummary } from '../../api/schemas.js';
import { statusDisplayName } from '../../domain/status.js';
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
export const rowOf = (talep: Pick<TalepSummary, 'TalepID' | 'Subject' | 'Status' | 'StatusID'>): TalepRow => ({
  id: talep.TalepID,
  subject: talep.Subject,
  ...(talep.Status || talep.StatusID != null ? { status: statusDisplayName(talep) } : {}),
});

/** `*#7* Upgrade the core switch firmware · _In Progress_` (escaped). */
export function rowText(row: TalepRow): string {
  const subject = row.subject?.replace(/\s+/g, ' ').trim();
  const status = row.status ? ` · _${escapeText(row.status)}_` : '';
  return `*#${row.id}*${subject ? ` ${escapeText(truncate(subject, 150))}` : ''}${status}`;
}

const showButton = (id: number) => button('Show', SharedActions.showTalep, String(id));

function rowBlocks(rows: readonly TalepRow[]): Block[] {
  const shown = rows.slice(0, MAX_ROWS).map((row) => section(rowText(row), showButton(row.id)));
  const more = rows.length - MAX_ROWS;
  return more > 0 ? [...shown, context(`…and ${more} more.`)] : shown;
}

/**
 * The Detach / Unlink buttons of an agent, each with Block Kit's confirmation: one actions block each,
 * as 15 of both would pass the 25 elements an actions block holds.
 */
function editButtons(talepId: number, data: RelationsData): Block[] {
  const detach = data.subs.slice(0, MAX_ROWS).map((row) =>
    button(`Detach #${row.id}`, rowActionId(RelationIds.detach, row.id), talepPairValue(talepId, row.id), undefined, {
      confirm: confirm(`Detach #${row.id}?`, `Talep #${row.id} will no longer be a sub-talep of #${talepId}. Both taleps stay.`, 'Detach'),
    }),
  );
  const unlink = (data.related ?? []).slice(0, MAX_ROWS).map((row) =>
    button(`Unlink #${row.id}`, rowActionId(RelationIds.unlink, row.id), talepPairValue(talepId, row.id), undefined, {
      confirm: confirm(`Unlink #${row.id}?`, `Taleps #${talepId} and #${row.id} will no longer be related. Both taleps stay.`, 'Unlink'),
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
export function relationsMessage(data: RelationsData, notice?: string): SlackMessage {
  const { talepId } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(`:link: *Relations of talep #${talepId}*`));

  if (data.parent) blocks.push(context(':arrow_up: Parent (this talep is one of its sub-taleps)'), ...rowBlocks([data.parent]));
  if (data.subs.length > 0) {
    blocks.push(context(`:evergreen_tree: Sub-taleps (${data.subs.length})`), ...rowBlocks(data.subs));
  }
  if (data.related && data.related.length > 0) {
    blocks.push(context(`:left_right_arrow: Related taleps (${data.related.length})`), ...rowBlocks(data.related));
  }
  const none = !data.parent && data.subs.length === 0 && (data.related?.length ?? 0) === 0;
  if (none) blocks.push(section(`Talep #${talepId} has no parent, no sub-taleps and no related taleps.`));
  if (data.related === undefined) blocks.push(context('The help desk does not list related taleps, so they are not shown here.'));
  const trackers = trackerLinksText(data.integrations);
  if (trackers) blocks.push(section(trackers));

  if (data.canEdit) {
    blocks.push(...editButtons(talepId, data));
    blocks.push(context(`\`/talep link ${talepId} <id>\` relates another talep · \`/talep sub add ${talepId} <id>\` adds a sub-talep`));
  }
  return { text: `Relations of talep #${talepId}`, blocks };
}

/** `sub list <id>`: just the sub-taleps, each with Show (and Detach for agents). */
export function subTaleps(parentId: number, subs: readonly TalepRow[], canEdit: boolean, notice?: string): SlackMessage {
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (subs.length === 0) {
    blocks.push(section(`:evergreen_tree: Talep #${parentId} has no sub-taleps.`));
  } else {
    blocks.push(section(`:evergreen_tree: *Sub-taleps of talep #${parentId}* (${subs.length})`), ...rowBlocks(subs));
    if (canEdit) blocks.push(...editButtons(parentId, { talepId: parentId, parent: null, subs, canEdit }));
  }
  if (canEdit) blocks.push(context(`\`/talep sub add ${parentId} <id>\` makes another talep a sub-talep of #${parentId}.`));
  return { text: `Sub-taleps of talep #${parentId}: ${subs.length}`, blocks };
}

export const noParentText = (talepId: number): string =>
  `:information_source: Talep #${talepId} is not a sub-talep of anything. \`/talep sub list ${talepId}\` shows its own sub-taleps.`;

/** The help desk refused a sub-talep relation (400): its reason, and the rule behind it. */
export function oneLevelText(parentId: number, childId: number, reason: string | undefined): string {
  const said = reason ? ` The help desk said: “${escapeText(truncate(reason, 300))}”` : '';
  return (
    `:evergreen_tree: Talep #${childId} cannot become a sub-talep of #${parentId}.${said}\n` +
    'Sub-taleps are one level deep: a sub-talep cannot have sub-taleps of its own, a talep that has sub-taleps cannot become one, ' +
    'and a talep has at most one parent. `/talep parent <id>` and `/talep sub list <id>` show where a talep stands.'
  );
}

// ── what a change said ──────────────────────────────────────────────────────────────────────────

export const linkedNotice = (a: number, b: number): string => `:link: Taleps #${a} and #${b} are now related.`;
export const unlinkedNotice = (a: number, b: number): string => `:heavy_minus_sign: Taleps #${a} and #${b} are no longer related.`;
export const detachedNotice = (parent: number, child: number): string =>
  `:heavy_minus_sign: Talep #${child} is no longer a sub-talep of #${parent}.`;
export const subAddedNotice = (parent: number, child: number): string => `:evergreen_tree: Talep #${child} is now a sub-talep of #${parent}.`;
export const parentNotice = (parent: number, child: number): string => `:arrow_up: Talep #${parent} is the parent of #${child}.`;
