/**
 * Merging two taleps, as messages. Merging always asks first, in its own message, and says exactly
 * what moves and what is deleted: the help desk cannot undo it. Pure.
 */
import { actions, button, context, section, type SlackMessage } from '../kit/blocks.js';
import { RelationIds, talepPairValue } from './ids.js';
import { rowText, type TalepRow } from './relations.js';

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

/** A merge confirmation whose value could not be read. */
export const mergeCancelledAnyway: SlackMessage = { text: 'Cancelled; nothing changed.' };

export const mergeNeedsAgentText =
  ':no_entry: Merging taleps needs help-desk *agent* (Temsilci) permission. Ask an agent to merge them.';
