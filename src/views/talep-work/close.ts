/**
 * `/talep close <id>` asks first: an ephemeral message with a "don't notify" checkbox and
 * Confirm / Cancel. (The card's Close button uses Block Kit's confirm dialog instead.) Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { actions, escapeText, option, section, type SlackMessage, truncate, button } from '../kit/blocks.js';

export const CloseIds = {
  optionsBlock: 'talep_close_options',
  quiet: 'talep_close_quiet',
  quietValue: 'suppress_notification',
  buttonsBlock: 'talep_close_buttons',
  confirm: 'talep_close_confirm',
  cancel: 'talep_close_cancel',
} as const;

export function closeConfirmation(talep: { id: number; subject: string }, m: Messages = english): SlackMessage {
  const subject = escapeText(truncate(talep.subject.replace(/\s+/g, ' ').trim(), 200));
  return {
    text: m.t('work.closeQuestionText', { id: talep.id }),
    blocks: [
      section(m.t('work.closeQuestion', { id: talep.id, subject })),
      actions(CloseIds.optionsBlock, [
        {
          type: 'checkboxes',
          action_id: CloseIds.quiet,
          options: [option(m.t('work.quietOption'), CloseIds.quietValue)],
        },
      ]),
      actions(CloseIds.buttonsBlock, [
        button(m.t('work.closeButton'), CloseIds.confirm, String(talep.id), 'danger'),
        button(m.t('work.cancelButton'), CloseIds.cancel, String(talep.id)),
      ]),
    ],
  };
}

export function closeCancelledMessage(talepId: number, m: Messages = english): SlackMessage {
  return { text: m.t('work.leftAsItIs', { id: talepId }) };
}

/** The message state of a confirmation (Slack sends it with the button press). */
export type MessageStateValues = Record<string, Record<string, { selected_options?: { value: string }[] | null } | undefined>>;

export function suppressNotificationFrom(values: MessageStateValues | undefined): boolean {
  for (const inputs of Object.values(values ?? {})) {
    const selected = inputs[CloseIds.quiet]?.selected_options ?? [];
    if (selected.some((item) => item.value === CloseIds.quietValue)) return true;
  }
  return false;
}
