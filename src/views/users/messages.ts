/**
 * What the short user commands answer: disable/enable, agent permission per category, and the merge
 * and delete confirmations (nothing irreversible happens before their buttons) and results. Pure.
 */
import { actions, button, confirm, escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { type UserLabel, userLabel } from './card.js';
import { UserIds } from './ids.js';

export function userDisabledMessage(user: UserLabel, disabled: boolean): SlackMessage {
  const text = disabled
    ? `:no_entry_sign: Disabled ${userLabel(user)}: they can no longer sign in to the help desk.`
    : `:white_check_mark: Enabled ${userLabel(user)}: they can sign in to the help desk again.`;
  return { text, blocks: [section(text)] };
}

export function permissionChangedMessage(user: UserLabel, categoryName: string, granted: boolean): SlackMessage {
  const text = granted
    ? `:hammer_and_wrench: ${userLabel(user)} is now an agent (Temsilci) in *${escapeText(categoryName)}*.`
    : `:heavy_minus_sign: ${userLabel(user)} is no longer an agent (Temsilci) in *${escapeText(categoryName)}*.`;
  return { text, blocks: [section(text)] };
}

export function unknownCategoryText(name: string, names: string[], ambiguous = false): string {
  const list = names.length > 0 ? names.map((candidate) => `\`${escapeText(candidate)}\``).join(', ') : 'none';
  return ambiguous
    ? `:thinking_face: “${escapeText(name)}” matches more than one category: ${list}. Type more of the name.`
    : `:mag: There is no category called “${escapeText(name)}”. Categories: ${list}.`;
}

export function mergeConfirmMessage(from: UserLabel, into: UserLabel, value: string): SlackMessage {
  const text =
    `:warning: *Merge ${userLabel(from)} into ${userLabel(into)}?*\n` +
    `This is *irreversible*. Everything ${escapeText(from.username)} owns or takes part in moves to ${escapeText(into.username)}: ` +
    'taleps they submitted or are assigned to, comments, uploaded files, subscriptions, asset assignments and agent categories. ' +
    `Then help-desk user #${from.userId} (${escapeText(from.username)}) is deleted.`;
  return {
    text: `Merge ${escapeText(from.username)} into ${escapeText(into.username)}? This cannot be undone.`,
    blocks: [
      section(text),
      actions('user_merge', [
        button('Merge and delete', UserIds.mergeConfirm, value, 'danger', {
          confirm: confirm('Merge users?', `${escapeText(from.username)} will be deleted. This cannot be undone.`, 'Merge'),
        }),
        button('Cancel', UserIds.mergeCancel, 'cancel'),
      ]),
    ],
  };
}

export function mergedMessage(from: UserLabel, into: UserLabel): SlackMessage {
  const text = `:white_check_mark: Merged ${userLabel(from)} into ${userLabel(into)}. User #${from.userId} no longer exists.`;
  return { text, blocks: [section(text)] };
}

export const mergeCancelledMessage = (): SlackMessage => ({ text: 'Merge cancelled; nothing changed.' });

// ── Delete ──────────────────────────────────────────────────────────────────────────────────────

/** The explicit confirmation step of `user delete` and the card's Delete button: nothing is deleted before it. */
export function deleteConfirmMessage(user: UserLabel, value: string): SlackMessage {
  const text =
    `:warning: *Delete ${userLabel(user)} permanently?*\n` +
    `This is *permanent and irreversible*: help-desk user #${user.userId} is removed and cannot be restored.\n` +
    'To keep what they did under another account, merge instead (`/talep user merge`); ' +
    'to only stop them signing in, disable them (`/talep user disable`).';
  return {
    text: `Delete ${escapeText(user.username)} permanently? This cannot be undone.`,
    blocks: [
      section(text),
      actions('user_delete', [
        button('Delete permanently', UserIds.deleteConfirm, value, 'danger', {
          confirm: confirm('Delete user?', `${escapeText(user.username)} will be deleted permanently. This cannot be undone.`, 'Delete'),
        }),
        button('Cancel', UserIds.deleteCancel, 'cancel'),
      ]),
    ],
  };
}

export function deletedMessage(user: UserLabel): SlackMessage {
  const text = `:wastebasket: Deleted ${userLabel(user)}. Help-desk user #${user.userId} no longer exists.`;
  return { text, blocks: [section(text)] };
}

export const deleteCancelledMessage = (): SlackMessage => ({ text: 'Deletion cancelled; nothing changed.' });

export const deleteSelfText = ':no_entry: You cannot delete your own help-desk account. Ask another admin.';
