/**
 * The message box: Enter sends (Shift+Enter for a new line); a text starting with the app's slash command
 * is sent to the app as that command (with the command's hint shown while typing), any other text is
 * posted as a message. ⚡ lists the app's global shortcuts; 📎 attaches files to the message.
 */
import { api } from './api.js';
import { h } from './dom.js';
import type { Page } from './page.js';

export interface ComposerTarget {
  channel: string;
  threadTs?: string;
  placeholder: string;
}

export class Composer {
  readonly element: HTMLElement;
  readonly #page: () => Page;
  readonly #target: () => ComposerTarget | undefined;
  readonly #box: HTMLTextAreaElement;
  readonly #hint: HTMLElement;
  readonly #pending: HTMLElement;
  #fileIds: { id: string; name: string }[] = [];

  constructor(page: () => Page, target: () => ComposerTarget | undefined, options: { shortcuts: boolean; label: string }) {
    this.#page = page;
    this.#target = target;
    this.#box = h('textarea', { class: 'pg-composer-box', rows: 1, 'aria-label': options.label });
    this.#hint = h('div', { class: 'pg-command-hint', hidden: true });
    this.#pending = h('div', { class: 'pg-pending-files' });
    const picker = h('input', { type: 'file', multiple: true, hidden: true, 'aria-label': 'Attach files' });
    picker.addEventListener('change', () => {
      const files = [...(picker.files ?? [])];
      picker.value = '';
      for (const file of files) void this.#attach(file);
    });
    const shortcutsMenu = h('div', { class: 'pg-menu pg-menu-up', role: 'menu', hidden: true });
    const shortcuts = options.shortcuts
      ? h(
          'span',
          { class: 'pg-more' },
          h('button', {
            type: 'button',
            class: 'pg-tool',
            'aria-label': 'Shortcuts',
            title: 'Shortcuts',
            onclick: (event: Event) => {
              event.stopPropagation();
              this.#fillShortcuts(shortcutsMenu);
              shortcutsMenu.hidden = !shortcutsMenu.hidden;
            },
          }, '⚡'),
          shortcutsMenu,
        )
      : null;
    this.#box.addEventListener('input', () => this.#showHint());
    this.#box.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      void this.send();
    });
    this.element = h(
      'div',
      { class: 'pg-composer' },
      this.#hint,
      this.#pending,
      h(
        'div',
        { class: 'pg-composer-row' },
        shortcuts,
        h('button', { type: 'button', class: 'pg-tool', 'aria-label': 'Attach a file', title: 'Attach a file', onclick: () => picker.click() }, '📎'),
        this.#box,
        picker,
        h('button', { type: 'button', class: 'pg-send', 'aria-label': 'Send', onclick: () => void this.send() }, '➤'),
      ),
    );
  }

  /** Called when the place it writes to changes: the placeholder follows. */
  refresh(): void {
    this.#box.placeholder = this.#target()?.placeholder ?? '';
  }

  focus(): void {
    this.#box.focus();
  }

  #fillShortcuts(menu: HTMLElement): void {
    const page = this.#page();
    menu.replaceChildren(h('div', { class: 'pg-menu-heading' }, `${page.snapshot.app.name} shortcuts`));
    for (const shortcut of page.snapshot.shortcuts.global) {
      menu.append(
        h(
          'button',
          { type: 'button', class: 'pg-menu-item', role: 'menuitem', title: shortcut.description, onclick: () => {
            menu.hidden = true;
            page.shortcut(shortcut);
          } },
          h('span', { class: 'pg-menu-item-name' }, shortcut.name),
          h('span', { class: 'pg-menu-item-app' }, shortcut.description),
        ),
      );
    }
  }

  #showHint(): void {
    const { command } = this.#page().snapshot;
    const typed = this.#box.value;
    const show = typed.startsWith('/') && command.name.startsWith(typed.split(' ')[0] ?? '');
    this.#hint.hidden = !show;
    if (show) this.#hint.replaceChildren(h('strong', {}, command.name), ` ${command.usageHint}`, h('div', { class: 'pg-command-description' }, `${command.description} · ${this.#page().snapshot.app.name}`));
  }

  async #attach(file: File): Promise<void> {
    const page = this.#page();
    await page.run(async () => {
      const uploaded = await api.upload(page.me, file);
      this.#fileIds.push({ id: uploaded.file.id, name: uploaded.file.name });
      this.#drawPending();
    });
  }

  #drawPending(): void {
    this.#pending.replaceChildren(
      ...this.#fileIds.map((file) =>
        h('span', { class: 'bk-file-chip' }, `📄 ${file.name}`, h('button', { type: 'button', class: 'bk-file-remove', 'aria-label': `Remove ${file.name}`, onclick: () => {
          this.#fileIds = this.#fileIds.filter((other) => other !== file);
          this.#drawPending();
        } }, '×')),
      ),
    );
  }

  async send(): Promise<void> {
    const target = this.#target();
    const page = this.#page();
    const text = this.#box.value.trim();
    if (!target || (!text && this.#fileIds.length === 0)) return;
    const [name = '', ...rest] = text.split(' ');
    const isCommand = text.startsWith('/');
    if (isCommand && name !== page.snapshot.command.name) {
      await page.run(async () => {
        throw new Error(`${name} is not a valid command. In Slack, all messages that start with the "/" character are interpreted as commands.`);
      });
      return;
    }
    const fileIds = this.#fileIds.map((file) => file.id);
    this.#box.value = '';
    this.#fileIds = [];
    this.#drawPending();
    this.#hint.hidden = true;
    await page.run(() =>
      isCommand
        ? api.command({ as: page.me, channel: target.channel, text: rest.join(' ').trim() })
        : api.message({ as: page.me, channel: target.channel, text, ...(target.threadTs ? { threadTs: target.threadTs } : {}), ...(fileIds.length ? { fileIds } : {}) }),
    );
  }
}
