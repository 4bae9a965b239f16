/** What `/talep whoami` and `/talep disconnect` answer. Pure. */
import { context, escapeText, section, type SlackMessage, slackDate } from '../kit/blocks.js';
import { type LinkedIdentity, roleLabel } from './identity.js';

export function whoamiMessage(identity: LinkedIdentity & { linkedAt: Date }): SlackMessage {
  return {
    text: `You are ${escapeText(identity.username)} in the help desk (${roleLabel[identity.role]}).`,
    blocks: [
      section(
        `You act in the help desk as *${escapeText(identity.username)}* (${escapeText(identity.email)}), role *${roleLabel[identity.role]}*.`,
      ),
      context(`Linked ${slackDate(identity.linkedAt)}. \`/talep disconnect\` removes the link and the stored token.`),
    ],
  };
}

export function disconnectedMessage(wasLinked: boolean): SlackMessage {
  return {
    text: wasLinked
      ? ':wave: Disconnected. Your help-desk token was deleted from the bot.'
      : 'You were not connected; nothing to remove.',
  };
}
