/**
 * Merging two taleps, as messages. Merging always asks first, in its own message, and says exactly
 * what moves and what is deleted: the help desk cannot undo it. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { actions, button, context, section, type SlackMessage } from '../kit/blocks.js';
import { RelationIds, talepPairValue } from './ids.js';
import { rowText, type TalepRow } from './relations.js';

/** Asks before MergeTaleps: it deletes `merged` and cannot be undone. */
export function mergeConfirmation(merged: TalepRow, into: TalepRow, m: Messages = english): SlackMessage {
  const text = m.t('merge.question', { merged: merged.id, into: into.id, mergedRow: rowText(merged), intoRow: rowText(into) });
  return {
    text: m.t('merge.questionText', { merged: merged.id, into: into.id }),
    blocks: [
      section(text),
      actions('talep_merge', [
        button(m.t('merge.mergeButton', { id: merged.id }), RelationIds.mergeConfirm, talepPairValue(merged.id, into.id), 'danger'),
        button(m.t('merge.cancelButton'), RelationIds.mergeCancel, talepPairValue(merged.id, into.id)),
      ]),
      context(m.t('merge.note')),
    ],
  };
}

export const mergedNotice = (merged: number, into: number, m: Messages = english): string => m.t('merge.merged', { merged, into });

export const mergeCancelledMessage = (merged: number, into: number, m: Messages = english): SlackMessage => ({
  text: m.t('merge.cancelled', { merged, into }),
});

/** A merge confirmation whose value could not be read. */
export const mergeCancelledAnywayIn = (m: Messages = english): SlackMessage => ({ text: m.t('merge.cancelledAnyway') });
export const mergeCancelledAnyway: SlackMessage = mergeCancelledAnywayIn();

export const mergeNeedsAgent = (m: Messages = english): string => m.t('merge.needsAgent');
export const mergeNeedsAgentText = mergeNeedsAgent();
