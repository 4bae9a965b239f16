/**
 * What thread sync, request channels and the emoji say in Slack. Pure: data → Block Kit. Only what
 * everyone in the conversation may read goes into a thread: a public comment's author, text and file
 * names; never an agents-only comment (the callers never pass one).
 */
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
export function helpdeskCommentMessage(talepId: number, comment: ThreadComment): SlackMessage {
  const head = `*${escapeText(truncate(comment.author, 100))}* in the help desk:`;
  // Escaped first, then cut where no entity is split (escaping can make the text longer).
  const body = truncateMrkdwn(escapeText(comment.text), COMMENT_MAX).text;
  const blocks = [section(`${head}\n${body || '_(no text)_'}`)];
  if (comment.files.length > 0) {
    blocks.push(section(`:paperclip: ${comment.files.slice(0, 10).map((name) => `\`${escapeText(truncate(name, 80))}\``).join(', ')}`));
  }
  const more = context(`Talep #${talepId} · replies here become comments`);
  return { text: `${truncate(comment.author, 100)} in the help desk: ${truncate(comment.text, 200)}`, blocks: [...blocks, more] };
}

/** Said in the thread once when the talep is closed (the original message also gets ✅). */
export function closedNoteMessage(talepId: number): SlackMessage {
  return { text: `:white_check_mark: Talep #${talepId} was closed in the help desk.` };
}

export function reopenedNoteMessage(talepId: number): SlackMessage {
  return { text: `:arrows_counterclockwise: Talep #${talepId} was reopened.` };
}

/** What could not be followed (an edit or deletion the help desk cannot take over). */
export function notFollowedMessage(talepId: number, what: 'edit' | 'deletion', reason: string): SlackMessage {
  return { text: `:information_source: The ${what} of a reply could not be applied to talep #${talepId}'s comment: ${escapeText(truncate(reason, 300))}` };
}

/** To a replier without a linked account: their reply waits for them. */
export function connectToAddReplyMessage(talepId: number, heldId: string): SlackMessage {
  const text = `Your reply in this thread was not added to talep #${talepId}: connect your help-desk account, then press *Add my reply*. I keep your reply until then.`;
  return {
    text: `Connect your help-desk account to add your reply to talep #${talepId}.`,
    blocks: [
      section(`:link: ${text}`),
      actions('conv_held', [
        button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary'),
        button('Add my reply', ConversationIds.addMyReply, heldId),
        button('Dismiss', ConversationIds.dismissReply, heldId),
      ]),
    ],
  };
}

export const replyAddedMessage = (talepId: number): SlackMessage => ({ text: `:white_check_mark: Your reply was added to talep #${talepId}.` });
export const replyDismissedMessage = (): SlackMessage => ({ text: ':wastebasket: Your reply was not added; I forgot it.' });
export const replyGoneMessage = (): SlackMessage => ({ text: ':information_source: That reply was already added or dismissed.' });

/** A reply that became no comment: why, and the text to copy. */
export function replyNotAddedMessage(talepId: number, reason: string, text: string): SlackMessage {
  return {
    text: `Your reply was not added to talep #${talepId}: ${truncate(reason, 300)}`,
    blocks: [
      section(`:warning: Your reply was not added to talep #${talepId}: ${escapeText(truncate(reason, 500))}`),
      ...(text ? [section(`\`\`\`${escapeText(truncate(text, 2_500))}\`\`\``)] : []),
    ],
  };
}

/** The thread of a request (or a message that got the emoji): the talep it opened. */
export function talepOpenedHereMessage(talep: { id: number; subject: string; url: string }, by: string): SlackMessage {
  return {
    text: `Talep #${talep.id} was opened from this message.`,
    blocks: [
      section(`:ticket: <@${by}> opened talep <${talep.url}|*#${talep.id}* ${escapeText(truncate(talep.subject, 200))}> from this message. Replies in this thread become its comments.`),
      actions('conv_opened', [button('Show talep', SharedActions.showTalep, String(talep.id)), linkButton('Open in help desk', talep.url, 'conv_open_link')]),
    ],
  };
}

/** Only the person who reacted sees it: what was opened, and Edit details. */
export function emojiTalepMessage(talep: { id: number; subject: string; url: string }, categoryName: string | undefined): SlackMessage {
  const where = categoryName ? ` in *${escapeText(truncate(categoryName, 100))}*` : '';
  return {
    text: `Talep #${talep.id} opened from the message.`,
    blocks: [
      section(`:ticket: Talep <${talep.url}|*#${talep.id}* ${escapeText(truncate(talep.subject, 200))}> opened${where} from the message you reacted to.`),
      actions('conv_emoji', [
        button('Edit details', ConversationIds.editDetails, String(talep.id), 'primary'),
        button('Show talep', SharedActions.showTalep, String(talep.id)),
      ]),
    ],
  };
}

/** The message already opened a talep (the duplicate guard). */
export const alreadyOpenedMessage = (talepId: number): SlackMessage => ({
  text: `:information_source: That message already opened talep #${talepId}.`,
  blocks: [section(`:information_source: That message already opened talep #${talepId}.`), actions('conv_dup', [button('Show talep', SharedActions.showTalep, String(talepId))])],
});

export const beingOpenedMessage = (): SlackMessage => ({ text: ':hourglass_flowing_sand: A talep is being opened from that message already.' });

/** A request channel's poster without a link: their message waits; after connecting, Open a talep. */
export function connectToOpenMessage(heldId: string): SlackMessage {
  return {
    text: 'Connect your help-desk account, and your message here becomes a talep.',
    blocks: [
      section(':link: Messages in this channel become taleps, opened as you: connect your help-desk account, then press *Open a talep*. I keep your message until then.'),
      actions('conv_connect', [
        button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary'),
        button('Open a talep', ConversationIds.openFromMessage, heldId),
        button('Dismiss', ConversationIds.dismissReply, heldId),
      ]),
    ],
  };
}

/** Triage channels: the button agents use to open a talep from a message (in the message's thread). */
export function triageMessage(heldId: string): SlackMessage {
  return {
    text: 'Agents: open a talep from this message.',
    blocks: [
      section(':inbox_tray: Agents: open a talep from this message (on behalf of its author).'),
      actions('conv_triage', [button('Open a talep', ConversationIds.openFromMessage, heldId, 'primary')]),
    ],
  };
}

export const triageAgentsOnlyMessage = (): SlackMessage => ({ text: ':no_entry: Only agents open taleps from messages in this triage channel.' });

export const notInChannelMessage = (): SlackMessage => ({ text: ':warning: Use `/talep channel` in the channel you want to set up.' });
export const channelManagersOnlyMessage = (): SlackMessage => ({
  text: ':no_entry: Only the channel’s creator, workspace admins and help-desk admins change this channel’s settings.',
});
