/** The connect modal (paste your API token), its checking state and its result. Pure. */
import type { types } from '@slack/bolt';
import { type Block, context, escapeText, linkButton, type ModalView, modal, plain, section, type SlackMessage } from '../kit/blocks.js';
import { ConnectIds } from './ids.js';
import { type LinkedIdentity, roleLabel } from './identity.js';

export function connectModal(tokenPageUrl: string, metadata: string, problem?: string): ModalView {
  const blocks: Block[] = [
    section(
      `Paste your personal help-desk API token. Open <${tokenPageUrl}|your token page>, sign in, and copy the token shown there.`,
      linkButton('Open token page', tokenPageUrl, ConnectIds.tokenPageButton),
    ),
  ];
  if (problem) blocks.push(section(`:warning: ${escapeText(problem)}`));
  blocks.push(
    {
      type: 'input',
      block_id: ConnectIds.tokenBlock,
      label: plain('API token'),
      element: {
        type: 'plain_text_input',
        action_id: ConnectIds.tokenInput,
        placeholder: plain('Paste the token here'),
        min_length: 8,
        max_length: 2000,
      },
      hint: plain('Stored encrypted; used only for what you do in Slack. Never paste it in a channel.'),
    } satisfies types.InputBlock,
  );
  return modal({ callback_id: ConnectIds.callbackId, title: 'Connect help desk', submit: 'Connect', private_metadata: metadata, blocks });
}

/** Shown while the token is checked; `note` replaces the text (e.g. "queued for about 40 s"). */
export function connectCheckingView(note = ':hourglass_flowing_sand: Checking your token with the help desk…'): ModalView {
  return modal({ title: 'Connect help desk', close: 'Close', blocks: [section(note)] });
}

export function connectedView(identity: LinkedIdentity): ModalView {
  return modal({
    title: 'Connect help desk',
    close: 'Done',
    blocks: [section(connectedText(identity)), context('Try `/talep mine` or `/talep new`.')],
  });
}

function connectedText(identity: LinkedIdentity): string {
  return `:white_check_mark: Connected as *${escapeText(identity.username)}* (${escapeText(identity.email)}), role *${roleLabel[identity.role]}*.`;
}

export function connectedMessage(identity: LinkedIdentity): SlackMessage {
  return { text: `Connected as ${escapeText(identity.username)} (${roleLabel[identity.role]}).`, blocks: [section(connectedText(identity))] };
}
