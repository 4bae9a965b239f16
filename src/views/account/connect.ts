/**
 * The connect modal (sign in with user name and password, when offered; or paste your API token), its
 * checking state and its result. Pure. Slack has no password field: the modal says so, and a password
 * is never put back into a view (a refused sign-in re-opens the form with the user name only).
 */
import type { types } from '@slack/bolt';
import { type Block, context, divider, escapeText, linkButton, type ModalView, modal, plain, section, type SlackMessage } from '../kit/blocks.js';
import { ConnectIds } from './ids.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { LinkedIdentity } from './identity.js';
import { roleName } from './messages.js';

export interface ConnectModalOptions {
  /** Offer "user name and password" above the token (`CONNECT_WITH_PASSWORD`). */
  withPassword?: boolean;
  /** The user name to show again after a refused sign-in (never the password). */
  username?: string;
}

export function connectModal(tokenPageUrl: string, metadata: string, problem?: string, options: ConnectModalOptions = {}, m: Messages = english): ModalView {
  const tokenIntro = m.t('connect.tokenIntro', { url: tokenPageUrl });
  const blocks: Block[] = options.withPassword
    ? [
        section(m.t('connect.passwordIntro')),
        ...(problem ? [section(`:warning: ${escapeText(problem)}`)] : []),
        {
          type: 'input',
          block_id: ConnectIds.loginBlock,
          optional: true,
          label: plain(m.t('connect.username')),
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
          label: plain(m.t('connect.password')),
          element: { type: 'plain_text_input', action_id: ConnectIds.passwordInput, max_length: 500 },
          hint: plain(m.t('connect.passwordHint')),
        } satisfies types.InputBlock,
        divider(),
        section(m.t('connect.orToken', { intro: tokenIntro }), linkButton(m.t('connect.tokenPageButton'), tokenPageUrl, ConnectIds.tokenPageButton)),
      ]
    : [
        section(m.t('connect.pasteToken', { intro: tokenIntro }), linkButton(m.t('connect.tokenPageButton'), tokenPageUrl, ConnectIds.tokenPageButton)),
        ...(problem ? [section(`:warning: ${escapeText(problem)}`)] : []),
      ];
  blocks.push(
    {
      type: 'input',
      block_id: ConnectIds.tokenBlock,
      ...(options.withPassword ? { optional: true } : {}),
      label: plain(m.t('connect.token')),
      element: {
        type: 'plain_text_input',
        action_id: ConnectIds.tokenInput,
        placeholder: plain(m.t('connect.tokenPlaceholder')),
        min_length: 8,
        max_length: 2000,
      },
      hint: plain(m.t('connect.tokenHint')),
    } satisfies types.InputBlock,
  );
  return modal({
    callback_id: ConnectIds.callbackId,
    title: m.t('connect.title'),
    submit: m.t('connect.submit'),
    close: m.t('kit.cancel'),
    private_metadata: metadata,
    blocks,
  });
}

/** Shown while the token (or the sign-in) is checked; `note` replaces the text (e.g. "queued for about 40 s"). */
export function connectCheckingView(note?: string, m: Messages = english): ModalView {
  return modal({ title: m.t('connect.title'), close: m.t('kit.close'), blocks: [section(note ?? m.t('connect.checking'))] });
}

export function connectedView(identity: LinkedIdentity, m: Messages = english): ModalView {
  return modal({
    title: m.t('connect.title'),
    close: m.t('kit.done'),
    blocks: [section(connectedText(identity, m)), context(m.t('connect.tryNext'))],
  });
}

function connectedText(identity: LinkedIdentity, m: Messages): string {
  return m.t('connect.connected', { username: escapeText(identity.username), email: escapeText(identity.email), role: roleName(identity.role, m) });
}

export function connectedMessage(identity: LinkedIdentity, m: Messages = english): SlackMessage {
  return {
    text: m.t('connect.connectedText', { username: escapeText(identity.username), role: roleName(identity.role, m) }),
    blocks: [section(connectedText(identity, m))],
  };
}
