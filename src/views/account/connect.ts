/**
 * The connect modal (sign in with user name and password, when offered; or paste your API token), its
 * checking state and its result. Pure. Slack has no password field: the modal says so, and a password
 * is never put back into a view (a refused sign-in re-opens the form with the user name only).
 */
import type { types } from '@slack/bolt';
import { type Block, context, divider, escapeText, linkButton, type ModalView, modal, plain, section, type SlackMessage } from '../kit/blocks.js';
import { ConnectIds } from './ids.js';
import { type LinkedIdentity, roleLabel } from './identity.js';

export interface ConnectModalOptions {
  /** Offer "user name and password" above the token (`CONNECT_WITH_PASSWORD`). */
  withPassword?: boolean;
  /** The user name to show again after a refused sign-in (never the password). */
  username?: string;
}

export function connectModal(tokenPageUrl: string, metadata: string, problem?: string, options: ConnectModalOptions = {}): ModalView {
  const tokenIntro = `Open <${tokenPageUrl}|your token page>, sign in, and copy the token shown there.`;
  const blocks: Block[] = options.withPassword
    ? [
        section('Sign in with your help-desk user name and password: the bot exchanges them once for your API token and does not keep the password.'),
        ...(problem ? [section(`:warning: ${escapeText(problem)}`)] : []),
        {
          type: 'input',
          block_id: ConnectIds.loginBlock,
          optional: true,
          label: plain('Help-desk user name'),
          element: {
            type: 'plain_text_input',
            action_id: ConnectIds.loginInput,
            max_length: 200,
            ...(options.username ? { initial_value: options.username.slice(0, 200) } : {}),
          },
        } satisfies types.InputBlock,
        {
          type: 'input',
          block_id: ConnectIds.passwordBlock,
          optional: true,
          label: plain('Password'),
          element: { type: 'plain_text_input', action_id: ConnectIds.passwordInput, max_length: 500 },
          hint: plain('Slack has no password field, so what you type here is visible on your screen. Used once, never stored or logged.'),
        } satisfies types.InputBlock,
        divider(),
        section(`Or paste your API token instead. ${tokenIntro}`, linkButton('Open token page', tokenPageUrl, ConnectIds.tokenPageButton)),
      ]
    : [
        section(`Paste your personal help-desk API token. ${tokenIntro}`, linkButton('Open token page', tokenPageUrl, ConnectIds.tokenPageButton)),
        ...(problem ? [section(`:warning: ${escapeText(problem)}`)] : []),
      ];
  blocks.push(
    {
      type: 'input',
      block_id: ConnectIds.tokenBlock,
      ...(options.withPassword ? { optional: true } : {}),
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

/** Shown while the token (or the sign-in) is checked; `note` replaces the text (e.g. "queued for about 40 s"). */
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
