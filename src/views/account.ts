/** Account linking: the connect modal, its result, `/talep whoami`, and the App Home tab. */
import type { types } from '@slack/bolt';
import type { HelpdeskRole } from '../store/database.js';
import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  type HomeView,
  header,
  linkButton,
  type ModalView,
  modal,
  plain,
  section,
  type SlackMessage,
  slackDate,
} from './kit/blocks.js';
import { CONNECT_ACTION } from './kit/notices.js';
import { SharedActions } from './kit/shared-actions.js';

export const ConnectIds = {
  callbackId: 'account_connect',
  tokenBlock: 'token',
  tokenInput: 'token_input',
  tokenPageButton: 'account_token_page',
  disconnectAction: 'account_disconnect',
} as const;

export const roleLabel: Record<HelpdeskRole, string> = {
  admin: 'Admin',
  agent: 'Agent (Temsilci)',
  user: 'User',
};

export interface LinkedIdentity {
  username: string;
  email: string;
  role: HelpdeskRole;
}

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

export interface HomeState {
  identity?: LinkedIdentity;
  rejected?: boolean;
  helpdeskWebUrl: string;
}

export function homeView(state: HomeState): HomeView {
  const blocks: Block[] = [header('Help desk')];
  if (state.identity && !state.rejected) {
    blocks.push(
      section(
        `Connected as *${escapeText(state.identity.username)}* — ${roleLabel[state.identity.role]}.`,
        button('Disconnect', ConnectIds.disconnectAction, 'disconnect', 'danger'),
      ),
      actions('home_actions', [
        button('New talep', SharedActions.newTalep, 'new', 'primary'),
        button('My taleps', SharedActions.myTaleps, 'mine'),
        linkButton('Open help desk', state.helpdeskWebUrl, 'home_open_helpdesk'),
      ]),
    );
  } else {
    blocks.push(
      section(
        state.rejected
          ? ':warning: The help desk refused your saved token. Connect again to keep working from Slack.'
          : 'Connect your help-desk account to open and work taleps from Slack.',
      ),
      actions('home_connect', [button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary')]),
    );
  }
  blocks.push(
    context('Type `/talep help` anywhere for every command. Open a talep from any message with the *Open a talep* shortcut.'),
  );
  return { type: 'home', blocks };
}
