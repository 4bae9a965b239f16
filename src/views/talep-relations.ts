/**
 * How taleps relate, as messages: a talep's parent, sub-taleps and related taleps (`/talep relations`,
 * `sub list`, the card's "More"), and the merge confirmation. Pure: data → Block Kit JSON.
 *
 * Every row has a Show button (the shared `talep_show`); agents also get Unlink / Detach buttons, which
 * ask first. Merging always asks first, in its own message, and says exactly what moves and what is
 * deleted: the help desk cannot undo it.
 */
import type { TalepSummary } from '../api/schemas.js';
import { actions, type Block, button, confirm, context, escapeText, rowActionId, section, type SlackMessage, truncate } from './kit/blocks.js';
import { SharedActions } from './kit/shared-actions.js';

export const RelationIds = {
  /** value: `talepPairValue(merged, into)`. */
  mergeConfirm: 'talep_merge_confirm',
  mergeCancel: 'talep_merge_cancel',
  /** value: `talepPairValue(talep, related)`: removes the "related" link. One per row: `rowActionId(unlink, related)`. */
  unlink: 'talep_rel_unlink',
  /** value: `talepPairValue(parent, child)`: the child stops being a sub-talep. One per row: `rowActionId(detach, child)`. */
  detach: 'talep_rel_detach',
} as const;

/** Rows shown per list; Slack allows 50 blocks in a message. */
export const MAX_ROWS = 15;

export const talepPairValue = (first: number, second: number): string => `${first}:${second}`;

export function parseTalepPair(value: string | undefined): [number, number] | undefined {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(value ?? '');
  const first = Number(match?.[1]);
  const second = Number(match?.[2]);
  return first >= 1 && second >= 1 && first !== second ? [first, second] : undefined;
}

/** What a row shows of a talep; only the id is certain (a link may point at a talep we could not read). */
export interface TalepRow {
  id: number;
  subject?: string;
  status?: string;
}

export const rowOf = (talep: Pick<TalepSummary, 'TalepID' | 'Subject' | 'Status'>): TalepRow => ({
  id: talep.TalepID,
  subject: talep.Subject,
  ...(talep.Status ? { status: talep.Status } : {}),
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

// ── Merging ────────────────────────────────────────────────────────────────────────────────────

/** Asks before MergeTaleps: it deletes `merged` and cannot be undone. */
export function mergeConfirmation(merged: TalepRow, into: TalepRow): SlackMessage {
  const text =
    `:warning: *Merge talep #${merged.id} into #${into.id}?* This is *irreversible*.\n` +
    `• ${rowText(merged)} — *will be deleted*.\n` +
    `• ${rowText(into)} — stays, and receives #${merged.id}'s comments, attachments, tags, subscribers, related assets, ` +
    `links and sub-taleps, plus a system comment with #${merged.id}'s subject and body.`;
  return {
    text: `Merge talep #${merged.id} into #${into.id}? This deletes #${merged.id} and cannot be undone.`,
    blocks: [
      section(text),
      actions('talep_merge', [
        button(`Merge and delete #${merged.id}`, RelationIds.mergeConfirm, talepPairValue(merged.id, into.id), 'danger'),
        button('Cancel', RelationIds.mergeCancel, talepPairValue(merged.id, into.id)),
      ]),
      context('Only the help desk can merge; nobody can split the taleps again afterwards.'),
    ],
  };
}

export const mergedNotice = (merged: number, into: number): string =>
  `:twisted_rightwards_arrows: Talep #${merged} was merged into #${into} and no longer exists.`;

export const mergeCancelledMessage = (merged: number, into: number): SlackMessage => ({
  text: `Merge of #${merged} into #${into} cancelled; nothing changed.`,
});

export const mergeNeedsAgentText =
  ':no_entry: Merging taleps needs help-desk *agent* (Temsilci) permission. Ask an agent to merge them.';
