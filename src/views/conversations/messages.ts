/**
 * What thread sync, request channels and the emoji say in Slack. Pure: data → Block Kit. Only what
 * everyone in the conversation may read goes into a thread: a public comment's author, text and file
 * names; never an agents-only comment (the callers never pass one).
 */
import { english, type Messages } from '../../i18n/messages.js';
import { SharedActions } from '../kit/shared-actions.js';
import { actions, button, context, escapeText, linkButton, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { truncateMrkdwn } from '../kit/html-mrkdwn.js';
import { CONNECT_ACTION } from '../kit/notices.js';
import { ConversationIds } from './ids.js';

/** A comment of the help desk, as the thread shows it (its body already converted to mrkdwn-safe text). */
export interface ThreadComment {
  author: string;
  text: string;
  files: readonly string[];
}

const COMMENT_MAX = 2_800;

/** A public help-desk comment in the talep's thread: "<name> in the help desk: …", its files listed. */
export function helpdeskCommentMessage(talepId: number, comment: ThreadComment, m: Messages = english): SlackMessage {
  const head = m.t('conversations.helpdeskCommentHead', { author: escapeText(truncate(comment.author, 100)) });
  // Escaped first, then cut where no entity is split (escaping can make the text longer).
  const body = truncateMrkdwn(escapeText(comment.text), COMMENT_MAX).text;
  const blocks = [section(`${head}\n${body || m.t('conversations.noText')}`)];
  if (comment.files.length > 0) {
    blocks.push(section(`:paperclip: ${comment.files.slice(0, 10).map((name) => `\`${escapeText(truncate(name, 80))}\``).join(', ')}`));
  }
  const more = context(m.t('conversations.commentFooter', { id: talepId }));
  return { text: m.t('conversations.helpdeskCommentText', { author: truncate(comment.author, 100), text: truncate(comment.text, 200) }), blocks: [...blocks, more] };
}

/** Said in the thread once when the talep is closed (the original message also gets ✅). */
export function closedNoteMessage(talepId: number, m: Messages = english): SlackMessage {
  return { text: m.t('conversations.closedNote', { id: talepId }) };
}

export function reopenedNoteMessage(talepId: number, m: Messages = english): SlackMessage {
  return { text: m.t('conversations.reopenedNote', { id: talepId }) };
}

/** What could not be followed (an edit or deletion the help desk cannot take over). */
export function notFollowedMessage(talepId: number, what: 'edit' | 'deletion', reason: string, m: Messages = english): SlackMessage {
  return { text: m.t('conversations.notFollowed', { what, id: talepId, reason: escapeText(truncate(reason, 300)) }) };
}

/** To a replier without a linked account: their reply waits for them. */
export function connectToAddReplyMessage(talepId: number, heldId: string, m: Messages = english): SlackMessage {
  const text = m.t('conversations.connectToAddReply', { id: talepId });
  return {
    text: m.t('conversations.connectToAddReplyText', { id: talepId }),
    blocks: [
      section(`:link: ${text}`),
      actions('conv_held', [
        button(m.t('kit.connectButton'), CONNECT_ACTION, 'connect', 'primary'),
        button(m.t('conversations.addMyReplyButton'), ConversationIds.addMyReply, heldId),
        button(m.t('conversations.dismissButton'), ConversationIds.dismissReply, heldId),
      ]),
    ],
  };
}

export const replyAddedMessage = (talepId: number, m: Messages = english): SlackMessage => ({ text: m.t('conversations.replyAdded', { id: talepId }) });
export const replyDismissedMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.replyDismissed') });
export const replyGoneMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.replyGone') });

/** A reply that became no comment: why, and the text to copy. */
export function replyNotAddedMessage(talepId: number, reason: string, text: string, m: Messages = english): SlackMessage {
  return {
    text: m.t('conversations.replyNotAdded', { id: talepId, reason: truncate(reason, 300) }),
    blocks: [
      section(`:warning: ${m.t('conversations.replyNotAdded', { id: talepId, reason: escapeText(truncate(reason, 500)) })}`),
      ...(text ? [section(`\`\`\`${escapeText(truncate(text, 2_500))}\`\`\``)] : []),
    ],
  };
}

/** The thread of a request (or a message that got the emoji): the talep it opened. */
export function talepOpenedHereMessage(talep: { id: number; subject: string; url: string }, by: string, m: Messages = english): SlackMessage {
  const subject = escapeText(truncate(talep.subject, 200));
  return {
    text: m.t('conversations.talepOpenedHereText', { id: talep.id }),
    blocks: [
      section(m.t('conversations.talepOpenedHere', { user: by, url: talep.url, id: talep.id, subject })),
      actions('conv_opened', [
        button(m.t('conversations.showButton'), SharedActions.showTalep, String(talep.id)),
        linkButton(m.t('conversations.openButton'), talep.url, 'conv_open_link'),
      ]),
    ],
  };
}

/** Only the person who reacted sees it: what was opened, and Edit details. */
export function emojiTalepMessage(talep: { id: number; subject: string; url: string }, categoryName: string | undefined, m: Messages = english): SlackMessage {
  const where = categoryName ? m.t('conversations.inCategory', { category: escapeText(truncate(categoryName, 100)) }) : '';
  const subject = escapeText(truncate(talep.subject, 200));
  return {
    text: m.t('conversations.emojiTalepText', { id: talep.id }),
    blocks: [
      section(m.t('conversations.emojiTalep', { url: talep.url, id: talep.id, subject, where })),
      actions('conv_emoji', [
        button(m.t('conversations.editDetailsButton'), ConversationIds.editDetails, String(talep.id), 'primary'),
        button(m.t('conversations.showButton'), SharedActions.showTalep, String(talep.id)),
      ]),
    ],
  };
}

/** The message already opened a talep (the duplicate guard). */
export const alreadyOpenedMessage = (talepId: number, m: Messages = english): SlackMessage => ({
  text: m.t('conversations.alreadyOpened', { id: talepId }),
  blocks: [
    section(m.t('conversations.alreadyOpened', { id: talepId })),
    actions('conv_dup', [button(m.t('conversations.showButton'), SharedActions.showTalep, String(talepId))]),
  ],
});

export const beingOpenedMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.beingOpened') });

/** A request channel's poster without a link: their message waits; after connecting, Open a talep. */
export function connectToOpenMessage(heldId: string, m: Messages = english): SlackMessage {
  return {
    text: m.t('conversations.connectToOpenText'),
    blocks: [
      section(m.t('conversations.connectToOpen')),
      actions('conv_connect', [
        button(m.t('kit.connectButton'), CONNECT_ACTION, 'connect', 'primary'),
        button(m.t('conversations.openTalepButton'), ConversationIds.openFromMessage, heldId),
        button(m.t('conversations.dismissButton'), ConversationIds.dismissReply, heldId),
      ]),
    ],
  };
}

/** Triage channels: the button agents use to open a talep from a message (in the message's thread; the channel's language). */
export function triageMessage(heldId: string, m: Messages = english): SlackMessage {
  return {
    text: m.t('conversations.triageText'),
    blocks: [
      section(m.t('conversations.triage')),
      actions('conv_triage', [button(m.t('conversations.openTalepButton'), ConversationIds.openFromMessage, heldId, 'primary')]),
    ],
  };
}

export const triageAgentsOnlyMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.triageAgentsOnly') });

export const notInChannelMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.notInChannel') });
export const channelManagersOnlyMessage = (m: Messages = english): SlackMessage => ({ text: m.t('conversations.managersOnly') });
