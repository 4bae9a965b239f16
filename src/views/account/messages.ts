/** What `/talep whoami` and `/talep disconnect` answer. Pure. */
import type { HelpdeskRole } from '../../domain/roles.js';
import { english, type Messages } from '../../i18n/messages.js';
import { context, escapeText, section, type SlackMessage, slackDate } from '../kit/blocks.js';
import type { LinkedIdentity } from './identity.js';

/** A help-desk role in the reader's language. */
export const roleName = (role: HelpdeskRole, m: Messages): string =>
  role === 'admin' ? m.t('account.role.admin') : role === 'agent' ? m.t('account.role.agent') : m.t('account.role.user');

export function whoamiMessage(identity: LinkedIdentity & { linkedAt: Date }, m: Messages = english): SlackMessage {
  const role = roleName(identity.role, m);
  return {
    text: m.t('account.whoamiText', { username: escapeText(identity.username), role }),
    blocks: [
      section(m.t('account.whoami', { username: escapeText(identity.username), email: escapeText(identity.email), role })),
      context(m.t('account.linked', { date: slackDate(identity.linkedAt) })),
    ],
  };
}

export function disconnectedMessage(wasLinked: boolean, m: Messages = english): SlackMessage {
  return { text: wasLinked ? m.t('account.disconnected') : m.t('account.notConnected') };
}
