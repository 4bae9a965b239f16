/**
 * What the short user commands answer: disable/enable, agent permission per category, and the merge
 * and delete confirmations (nothing irreversible happens before their buttons) and results. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { actions, button, confirm, escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { type UserLabel, userLabel } from './card.js';
import { UserIds } from './ids.js';

export function userDisabledMessage(user: UserLabel, disabled: boolean, m: Messages = english): SlackMessage {
  const text = disabled ? m.t('users.disabled', { user: userLabel(user) }) : m.t('users.enabled', { user: userLabel(user) });
  return { text, blocks: [section(text)] };
}

export function permissionChangedMessage(user: UserLabel, categoryName: string, granted: boolean, m: Messages = english): SlackMessage {
  const params = { user: userLabel(user), category: escapeText(categoryName) };
  const text = granted ? m.t('users.granted', params) : m.t('users.revoked', params);
  return { text, blocks: [section(text)] };
}

export function unknownCategoryText(name: string, names: string[], ambiguous = false, m: Messages = english): string {
  const list = names.length > 0 ? names.map((candidate) => `\`${escapeText(candidate)}\``).join(', ') : m.t('users.noCategories');
  const params = { name: escapeText(name), list };
  return ambiguous ? m.t('users.ambiguousCategory', params) : m.t('users.unknownCategory', params);
}

export function mergeConfirmMessage(from: UserLabel, into: UserLabel, value: string, m: Messages = english): SlackMessage {
  const fromName = escapeText(from.username);
  const intoName = escapeText(into.username);
  const text = m.t('users.mergeAsk', { from: userLabel(from), into: userLabel(into), fromName, intoName, id: from.userId });
  return {
    text: m.t('users.mergeAskText', { fromName, intoName }),
    blocks: [
      section(text),
      actions('user_merge', [
        button(m.t('users.mergeButton'), UserIds.mergeConfirm, value, 'danger', {
          confirm: confirm(m.t('users.mergeDialog'), m.t('users.mergeDialogText', { fromName }), m.t('users.mergeConfirm'), 'danger', m.t('kit.cancel')),
        }),
        button(m.t('kit.cancel'), UserIds.mergeCancel, 'cancel'),
      ]),
    ],
  };
}

export function mergedMessage(from: UserLabel, into: UserLabel, m: Messages = english): SlackMessage {
  const text = m.t('users.merged', { from: userLabel(from), into: userLabel(into), id: from.userId });
  return { text, blocks: [section(text)] };
}

export const mergeCancelledMessage = (m: Messages = english): SlackMessage => ({ text: m.t('users.mergeCancelled') });

// ── Delete ──────────────────────────────────────────────────────────────────────────────────────

/** The explicit confirmation step of `user delete` and the card's Delete button: nothing is deleted before it. */
export function deleteConfirmMessage(user: UserLabel, value: string, m: Messages = english): SlackMessage {
  const name = escapeText(user.username);
  const text = m.t('users.deleteAsk', { user: userLabel(user), id: user.userId });
  return {
    text: m.t('users.deleteAskText', { name }),
    blocks: [
      section(text),
      actions('user_delete', [
        button(m.t('users.deletePermanentlyButton'), UserIds.deleteConfirm, value, 'danger', {
          confirm: confirm(m.t('users.deleteDialog'), m.t('users.deleteDialogText', { name }), m.t('users.deleteConfirm'), 'danger', m.t('kit.cancel')),
        }),
        button(m.t('kit.cancel'), UserIds.deleteCancel, 'cancel'),
      ]),
    ],
  };
}

export function deletedMessage(user: UserLabel, m: Messages = english): SlackMessage {
  const text = m.t('users.deleted', { user: userLabel(user), id: user.userId });
  return { text, blocks: [section(text)] };
}

export const deleteCancelledMessage = (m: Messages = english): SlackMessage => ({ text: m.t('users.deleteCancelled') });

export const deleteSelfText = (m: Messages = english): string => m.t('users.deleteSelf');
