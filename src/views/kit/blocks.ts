/**
 * Tiny Block Kit vocabulary shared by every view. Views are pure functions (data → JSON); these helpers
 * keep them short and make sure user text is always escaped and truncated to Slack's limits.
 */
import type { types } from '@slack/bolt';

export type Block = types.KnownBlock;
export type Button = types.Button;
export type ModalView = types.ModalView;
export type HomeView = types.HomeView;
export type PlainTextOption = types.PlainTextOption;

/** What a listener sends back: `text` is the notification/fallback, `blocks` the layout. */
export interface SlackMessage {
  text: string;
  blocks?: Block[];
  /**
   * The message carries agents-only content (ForTechsOnly comments, the names of files that may be
   * theirs, an agents-only article). The kernel's surfaces show it only where no one else sees it and
   * it does not stay — an ephemeral message or a modal — never in a DM or a channel; and they strip this
   * mark before anything goes to Slack.
   */
  confidential?: true;
}

/** `message`, marked as carrying agents-only content when `agentsOnly` (see `SlackMessage.confidential`). */
export const confidentialIf = (agentsOnly: boolean, message: SlackMessage): SlackMessage =>
  agentsOnly ? { ...message, confidential: true } : message;

/** Slack's mrkdwn needs &, < and > escaped; everything user-provided goes through this. */
export function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

export const plain = (text: string, max = 3000): types.PlainTextElement => ({
  type: 'plain_text',
  text: truncate(text, max) || ' ',
  emoji: true,
});

export const mrkdwn = (text: string, max = 3000): types.MrkdwnElement => ({ type: 'mrkdwn', text: truncate(text, max) });

export const section = (text: string, accessory?: types.SectionBlock['accessory']): types.SectionBlock => ({
  type: 'section',
  text: mrkdwn(text),
  ...(accessory ? { accessory } : {}),
});

export const fields = (items: string[]): types.SectionBlock => ({
  type: 'section',
  // Slack allows at most 10 fields of 2000 characters each.
  fields: items.slice(0, 10).map((item) => mrkdwn(item, 2000)),
});

export const context = (...texts: string[]): types.ContextBlock => ({
  type: 'context',
  elements: texts.slice(0, 10).map((text) => mrkdwn(text)),
});

export const divider = (): types.DividerBlock => ({ type: 'divider' });

export const header = (text: string): types.HeaderBlock => ({ type: 'header', text: plain(text, 150) });

export const actions = (blockId: string, elements: types.ActionsBlock['elements']): types.ActionsBlock => ({
  type: 'actions',
  block_id: blockId,
  elements: elements.slice(0, 25),
});

/**
 * Slack refuses two elements with one `action_id` in the same block. A list that repeats a button per
 * row (Detach #7, Detach #8) gives each its own id, `<base>:<row key>`, and its listener matches them
 * all with `rowActionPattern(base)`, which also takes the bare `<base>` of messages sent before.
 */
export const rowActionId = (base: string, key: number): string => `${base}:${key}`;

export const rowActionPattern = (base: string): RegExp =>
  new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?::\\d+)?$`);

export function button(
  text: string,
  actionId: string,
  value?: string,
  style?: 'primary' | 'danger',
  extra: Partial<Button> = {},
): Button {
  return {
    type: 'button',
    text: plain(text, 75),
    action_id: actionId,
    ...(value !== undefined ? { value: truncate(value, 2000) } : {}),
    ...(style ? { style } : {}),
    ...extra,
  };
}

export const linkButton = (text: string, url: string, actionId: string): Button =>
  button(text, actionId, undefined, undefined, { url });

export const option = (text: string, value: string): PlainTextOption => ({
  text: plain(text, 75),
  value: truncate(value, 150),
});

export const confirm = (
  title: string,
  text: string,
  confirmText: string,
  style: 'primary' | 'danger' = 'danger',
  /** The person's word for "Cancel" (`m.t('kit.cancel')`). */
  deny = 'Cancel',
): types.ConfirmationDialog => ({
  title: plain(title, 100),
  text: mrkdwn(text, 300),
  confirm: plain(confirmText, 30),
  deny: plain(deny, 30),
  style,
});

/** A date every reader sees in their own time zone, with a UTC fallback for clients that cannot render it. */
export function slackDate(date: Date, format = '{date_short_pretty} {time}'): string {
  const seconds = Math.floor(date.getTime() / 1000);
  return `<!date^${seconds}^${format}|${date.toISOString().replace('T', ' ').slice(0, 16)} UTC>`;
}

/** Modal text limits: title 24, submit/close 24 characters. */
export function modal(view: Omit<ModalView, 'type' | 'title' | 'submit' | 'close'> & {
  title: string;
  submit?: string;
  close?: string;
}): ModalView {
  const { title, submit, close, ...rest } = view;
  return {
    type: 'modal',
    title: plain(title, 24),
    ...(submit ? { submit: plain(submit, 24) } : {}),
    close: plain(close ?? 'Cancel', 24),
    ...rest,
  };
}

export const ephemeral = (text: string, blocks?: Block[]): SlackMessage => (blocks ? { text, blocks } : { text });
