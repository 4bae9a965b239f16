/** The talep card area's short messages. Pure. */
import { english, type Messages } from '../../i18n/messages.js';
import type { SlackMessage } from '../kit/blocks.js';

export function shareRefusedMessage(talepId: number, m: Messages = english): SlackMessage {
  return { text: m.t('card.shareRefused', { id: talepId }) };
}

export const sharedNotice = (channelId: string, m: Messages = english): string => m.t('card.shared', { channel: channelId });
