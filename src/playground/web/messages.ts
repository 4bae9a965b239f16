/**
 * Messages as Slack shows them: avatar, name (with the APP badge for the bot), time in the viewer's zone,
 * the blocks (or the text when there are none), files, "Only visible to you" for ephemeral ones, the
 * thread summary, and on hover the toolbar: reply in thread and ⋮ (the app's message shortcuts).
 */
import { renderBlocks } from './blocks.js';
import { h, openMenu, rendered } from './dom.js';
import type { Page } from './page.js';
import type { MessageView } from './protocol.js';
import { clockTime, mrkdwnHtml } from './text.js';

const SLACKBOT = 'USLACKBOT';

/** A stable colour per person, for the avatar. */
function hue(id: string): number {
  let sum = 0;
  for (const char of id) sum = (sum * 31 + char.charCodeAt(0)) % 360;
  return sum;
}

function avatar(page: Page, userId: string): HTMLElement {
  if (userId === page.snapshot.app.botUserId) return h('div', { class: 'pg-avatar pg-avatar-app', 'aria-hidden': 'true' }, '🎫');
  if (userId === SLACKBOT) return h('div', { class: 'pg-avatar pg-avatar-slackbot', 'aria-hidden': 'true' }, '🤖');
  const person = page.person(userId);
  const initials = (person?.realName ?? userId)
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
  return h('div', { class: 'pg-avatar', style: `background: hsl(${hue(userId)} 45% 42%)`, 'aria-hidden': 'true' }, initials);
}

export function authorName(page: Page, userId: string): string {
  if (userId === page.snapshot.app.botUserId) return page.snapshot.app.name;
  if (userId === SLACKBOT) return 'Slackbot';
  return page.person(userId)?.realName ?? userId;
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function moreActions(page: Page, message: MessageView): HTMLElement {
  const menu = h('div', { class: 'pg-menu', role: 'menu', hidden: true });
  const appName = page.snapshot.app.name;
  menu.append(h('div', { class: 'pg-menu-heading' }, appName));
  for (const shortcut of page.snapshot.shortcuts.message) {
    menu.append(
      h(
        'button',
        {
          type: 'button',
          class: 'pg-menu-item',
          role: 'menuitem',
          title: shortcut.description,
          onclick: () => {
            menu.hidden = true;
            page.shortcut(shortcut, { channel: message.channel, ts: message.ts });
          },
        },
        h('span', { class: 'pg-menu-item-name' }, shortcut.name),
        h('span', { class: 'pg-menu-item-app' }, appName),
      ),
    );
  }
  const toggle = h('button', { type: 'button', class: 'pg-tool', 'aria-label': 'More actions', 'aria-haspopup': 'menu', title: 'More actions' }, '⋮');
  toggle.addEventListener('click', (event) => {
    event.stopPropagation();
    for (const open of document.querySelectorAll<HTMLElement>('.pg-menu:not([hidden])')) if (open !== menu) open.hidden = true;
    if (menu.hidden) openMenu(toggle, menu);
    else menu.hidden = true;
  });
  return h('span', { class: 'pg-more' }, toggle, menu);
}

export interface MessageOptions {
  /** Replies to this message (shown as the thread summary outside the thread). */
  replies?: MessageView[];
  /** Rendered inside the thread pane. */
  inThread?: boolean;
}

export function renderMessage(page: Page, message: MessageView, options: MessageOptions = {}): HTMLElement {
  const isApp = message.user === page.snapshot.app.botUserId;
  const header = h(
    'div',
    { class: 'pg-message-header' },
    h('span', { class: 'pg-author' }, authorName(page, message.user)),
    isApp || message.user === SLACKBOT ? h('span', { class: 'pg-app-badge' }, 'APP') : null,
    h('time', { class: 'pg-time', datetime: new Date(Number(message.ts) * 1000).toISOString() }, clockTime(message.ts, page.text.timeZone)),
    message.edited ? h('span', { class: 'pg-edited' }, '(edited)') : null,
  );
  const hasBlocks = Array.isArray(message.blocks) && message.blocks.length > 0;
  const body = hasBlocks
    ? renderBlocks(message.blocks, page.surfaceFor({ kind: 'message', channel: message.channel, ts: message.ts }, message.blocks))
    : rendered('div', 'pg-message-text bk-text', mrkdwnHtml(message.text, page.text));
  const files = message.files?.length
    ? h(
        'div',
        { class: 'pg-files' },
        ...message.files.map((file) =>
          h('a', { class: 'pg-file', href: file.url, target: '_blank', rel: 'noopener', download: file.name }, h('span', { class: 'pg-file-icon' }, '📄'), h('span', {}, h('strong', {}, file.name), h('br'), `${file.mimetype} · ${sizeText(file.size)}`)),
        ),
      )
    : null;
  const replies = options.replies ?? [];
  const summary =
    !options.inThread && replies.length > 0
      ? h(
          'button',
          { type: 'button', class: 'pg-thread-summary', onclick: () => page.openThread(message.channel, message.ts) },
          h('span', { class: 'pg-thread-count' }, `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`),
          h('span', { class: 'pg-thread-last' }, `Last reply ${clockTime(replies.at(-1)?.ts ?? message.ts, page.text.timeZone)}`),
        )
      : null;
  const ephemeral = message.ephemeral
    ? h(
        'div',
        { class: 'pg-ephemeral-note' },
        '👁 Only visible to you · ',
        h('button', { type: 'button', class: 'pg-link-button', onclick: () => page.dismiss(message.ts) }, 'Dismiss message'),
      )
    : null;
  const tools = h(
    'div',
    { class: 'pg-tools' },
    !options.inThread && !message.ephemeral && !message.threadTs
      ? h('button', { type: 'button', class: 'pg-tool', 'aria-label': 'Reply in thread', title: 'Reply in thread', onclick: () => page.openThread(message.channel, message.ts) }, '💬')
      : null,
    message.ephemeral ? null : moreActions(page, message),
  );
  return h(
    'article',
    {
      class: `pg-message${message.ephemeral ? ' pg-message-ephemeral' : ''}`,
      'data-ts': message.ts,
      'data-channel': message.channel,
      'aria-label': `Message from ${authorName(page, message.user)}`,
    },
    avatar(page, message.user),
    h('div', { class: 'pg-message-main' }, ephemeral, header, body, files, summary),
    tools,
  );
}

/** Top-level messages with their replies; a reply whose parent is gone is shown on its own. */
export function threaded(messages: MessageView[]): { message: MessageView; replies: MessageView[] }[] {
  const present = new Set(messages.map((message) => message.ts));
  const isTop = (message: MessageView) => !message.threadTs || message.threadTs === message.ts || !present.has(message.threadTs);
  const tops = messages.filter(isTop);
  const byParent = new Map<string, MessageView[]>();
  for (const message of messages) {
    if (isTop(message) || !message.threadTs) continue;
    byParent.set(message.threadTs, [...(byParent.get(message.threadTs) ?? []), message]);
  }
  return tops.map((message) => ({ message, replies: byParent.get(message.ts) ?? [] }));
}
