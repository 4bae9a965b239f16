/**
 * The playground's Slack client: who you are (the switcher), the sidebar (the channel, the app), the
 * channel or the app's Home and Messages tabs, a thread pane, the modal stack, and notices about what
 * real Slack would have refused or timed out. It reads the workspace from the server after every change
 * (Server-Sent Events) and redraws only the parts whose content changed, so typing is never lost.
 */
import { api, ApiError } from './api.js';
import { Composer } from './composer.js';
import { confirmDialog, renderModal } from './dialogs.js';
import { h, replaceChildren } from './dom.js';
import type { Surface } from './elements.js';
import { renderMessage, threaded } from './messages.js';
import type { Page } from './page.js';
import type { ConversationView, ElementPlace, OpenView, PersonView, ShortcutView, Snapshot } from './protocol.js';
import { renderBlocks } from './blocks.js';
import { SurfaceState } from './state.js';
import type { TextContext } from './text.js';

type Place = { kind: 'channel'; id: string } | { kind: 'app'; tab: 'home' | 'messages' };

/** A part of the page redrawn only when what it shows changed. */
class Region {
  #signature = '';
  constructor(readonly element: HTMLElement) {}

  update(signature: string, draw: () => void): void {
    if (signature === this.#signature) return;
    this.#signature = signature;
    draw();
  }
}

const STORAGE_KEY = 'talep-playground-person';

export class Client implements Page {
  #snapshot: Snapshot | undefined;
  #me: string;
  #place: Place = { kind: 'channel', id: '' };
  #thread: { channel: string; ts: string } | undefined;
  readonly #surfaces = new Map<string, SurfaceState>();
  readonly #modalErrors = new Map<string, { hash: string; errors: Record<string, string> }>();
  readonly #dismissed = new Set<string>();
  readonly #dismissedNotices = new Set<number>();
  readonly #regions: Record<'topbar' | 'sidebar' | 'main' | 'thread' | 'modal' | 'notices', Region>;
  readonly #toasts: HTMLElement;
  readonly #mainComposer: Composer;
  readonly #threadComposer: Composer;
  #highlight: string | undefined;
  /** What the main pane and the thread pane showed last (a new place starts at the bottom). */
  #drawnPlace = '';
  #drawnThread = '';
  #loading: Promise<void> | undefined;
  #again = false;

  constructor(root: HTMLElement) {
    this.#me = new URLSearchParams(location.search).get('as') ?? localStorage.getItem(STORAGE_KEY) ?? '';
    const region = (tag: 'header' | 'nav' | 'main' | 'aside' | 'div', className: string) => new Region(h(tag, { class: className }));
    this.#regions = {
      topbar: region('header', 'pg-topbar'),
      sidebar: region('nav', 'pg-sidebar'),
      main: region('main', 'pg-main'),
      thread: region('aside', 'pg-thread'),
      modal: region('div', 'pg-modal-layer'),
      notices: region('div', 'pg-notices'),
    };
    this.#toasts = h('div', { class: 'pg-toasts', role: 'status', 'aria-live': 'polite' });
    this.#mainComposer = new Composer(() => this, () => this.#mainTarget(), { shortcuts: true, label: 'Message' });
    this.#threadComposer = new Composer(() => this, () => (this.#thread ? { ...this.#thread, channel: this.#thread.channel, threadTs: this.#thread.ts, placeholder: 'Reply…' } : undefined), {
      shortcuts: false,
      label: 'Reply',
    });
    root.replaceChildren(
      this.#regions.topbar.element,
      h('div', { class: 'pg-body' }, this.#regions.sidebar.element, this.#regions.main.element, this.#regions.thread.element),
      this.#regions.notices.element,
      this.#regions.modal.element,
      this.#toasts,
    );
    document.addEventListener('click', () => {
      for (const menu of document.querySelectorAll<HTMLElement>('.pg-menu:not([hidden]), .bk-menu:not([hidden])')) menu.hidden = true;
    });
  }

  // ── Page ───────────────────────────────────────────────────────────────────────────────────────

  get snapshot(): Snapshot {
    if (!this.#snapshot) throw new Error('The workspace is not loaded yet.');
    return this.#snapshot;
  }

  get me(): string {
    return this.#me;
  }

  get text(): TextContext {
    const snapshot = this.snapshot;
    return {
      people: Object.fromEntries(snapshot.people.map((person) => [person.id, person.realName])),
      channels: Object.fromEntries(snapshot.conversations.filter((c) => c.kind === 'channel').map((c) => [c.id, c.name])),
      timeZone: this.person(this.#me)?.timeZone ?? 'UTC',
    };
  }

  person(userId: string): PersonView | undefined {
    return this.#snapshot?.people.find((person) => person.id === userId);
  }

  surfaceFor(place: ElementPlace, blocks: unknown, errors: Record<string, string> = {}): Surface {
    const key = place.kind === 'view' ? `view:${place.viewId}` : `message:${place.channel}:${place.ts}`;
    const state = this.#surfaces.get(key) ?? new SurfaceState();
    this.#surfaces.set(key, state);
    state.adopt(blocks);
    return {
      state,
      text: this.text,
      people: this.snapshot.people,
      channels: this.snapshot.conversations.filter((c) => c.kind === 'channel').map((c) => ({ id: c.id, name: c.name })),
      errors,
      act: (action) => void this.run(() => api.action({ as: this.#me, place, action, state: state.values() })),
      suggest: async (blockId, actionId, value) => {
        try {
          return await api.options({ as: this.#me, place, blockId, actionId, value, state: state.values() });
        } catch (error) {
          this.#toast(error);
          return { options: [] };
        }
      },
      upload: (file) => api.upload(this.#me, file),
      confirm: (dialog) => confirmDialog(dialog, this.text),
    };
  }

  openThread(channel: string, ts: string): void {
    this.#thread = { channel, ts };
    this.#render();
    this.#threadComposer.focus();
  }

  shortcut(shortcut: ShortcutView, message?: { channel: string; ts: string }): void {
    void this.run(() => api.shortcut({ as: this.#me, callbackId: shortcut.callbackId, ...(message ? { message } : {}) }));
  }

  dismiss(ts: string): void {
    this.#dismissed.add(ts);
    this.#render();
  }

  async run(task: () => Promise<unknown>): Promise<void> {
    try {
      await task();
    } catch (error) {
      this.#toast(error);
    }
    await this.refresh();
  }

  // ── loading ────────────────────────────────────────────────────────────────────────────────────

  async start(): Promise<void> {
    // A permalink (/archives/<channel>/p<ts>) lands here as #<channel>/<ts>.
    const [channel = '', ts] = decodeURIComponent(location.hash.slice(1)).split('/');
    this.#place = { kind: 'channel', id: channel };
    if (ts) this.#highlight = ts;
    await this.refresh();
    const events = new EventSource('/api/events');
    events.onmessage = (event) => {
      if (Number(event.data) !== this.#snapshot?.version) void this.refresh();
    };
  }

  #firstChannel(): string {
    return this.snapshot.conversations.find((c) => c.kind === 'channel')?.id ?? '';
  }

  /** Reads the workspace again (one read at a time; a change during a read asks for one more). */
  async refresh(): Promise<void> {
    if (this.#loading) {
      this.#again = true;
      return this.#loading;
    }
    this.#loading = (async () => {
      do {
        this.#again = false;
        let snapshot: Snapshot;
        try {
          // A person who is not there (an old link, another playground): the server's first person.
          snapshot = await api.state(this.#me || 'none').catch(() => api.state(''));
        } catch (error) {
          this.#toast(new Error(`The playground does not answer (${error instanceof Error ? error.message : String(error)}). Is it still running?`));
          return;
        }
        this.#snapshot = snapshot;
        if (this.#me !== snapshot.me) this.#me = snapshot.me;
        const place = this.#place;
        if (place.kind === 'channel' && !snapshot.conversations.some((c) => c.id === place.id && c.kind === 'channel')) {
          this.#place = { kind: 'channel', id: this.#firstChannel() };
        }
        this.#render();
      } while (this.#again);
    })().finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  #switchTo(userId: string): void {
    this.#me = userId;
    localStorage.setItem(STORAGE_KEY, userId);
    const url = new URL(location.href);
    url.searchParams.set('as', userId);
    history.replaceState(null, '', url);
    this.#thread = undefined;
    void this.refresh().then(() => {
      if (this.#place.kind === 'app' && this.#place.tab === 'home') void this.run(() => api.home({ as: this.#me }));
    });
  }

  #go(place: Place): void {
    this.#place = place;
    this.#thread = undefined;
    this.#render();
    if (place.kind === 'app' && place.tab === 'home') void this.run(() => api.home({ as: this.#me }));
    else this.#mainComposer.focus();
  }

  #toast(error: unknown): void {
    const text = error instanceof ApiError || error instanceof Error ? error.message : String(error);
    const toast = h('div', { class: 'pg-toast' }, text);
    this.#toasts.append(toast);
    setTimeout(() => toast.remove(), 6_000);
  }

  // ── drawing ────────────────────────────────────────────────────────────────────────────────────

  #conversation(id: string): ConversationView | undefined {
    return this.#snapshot?.conversations.find((conversation) => conversation.id === id);
  }

  #dm(): ConversationView | undefined {
    return this.#snapshot?.conversations.find((conversation) => conversation.kind === 'dm');
  }

  #mainTarget() {
    if (this.#place.kind === 'channel') {
      const channel = this.#conversation(this.#place.id);
      return channel ? { channel: channel.id, placeholder: `Message #${channel.name} — or type ${this.snapshot.command.name} help` } : undefined;
    }
    const dm = this.#dm();
    return this.#place.tab === 'messages' && dm ? { channel: dm.id, placeholder: `Message ${this.snapshot.app.name} — try ${this.snapshot.command.name} mine` } : undefined;
  }

  #render(): void {
    if (!this.#snapshot) return;
    const snapshot = this.#snapshot;
    const people = JSON.stringify(snapshot.people);
    this.#regions.topbar.update(`${this.#me}|${people}`, () => this.#drawTopbar());
    const unread = snapshot.conversations.map((c) => c.messages.length).join(',');
    this.#regions.sidebar.update(`${JSON.stringify(this.#place)}|${unread}|${people}`, () => this.#drawSidebar());
    this.#regions.main.update(this.#mainSignature(), () => this.#drawMain());
    this.#regions.thread.update(this.#threadSignature(), () => this.#drawThread());
    const top = snapshot.modals.at(-1);
    const errors = top ? this.#modalErrorsOf(top) : {};
    this.#regions.modal.update(`${this.#me}|${top?.id}|${top?.hash}|${snapshot.modals.length}|${JSON.stringify(errors)}`, () => this.#drawModal(errors));
    const notices = snapshot.notices.filter((notice) => !this.#dismissedNotices.has(notice.id));
    this.#regions.notices.update(`${this.#me}|${JSON.stringify(notices)}`, () => this.#drawNotices(notices));
  }

  #visible(conversation: ConversationView | undefined) {
    return (conversation?.messages ?? []).filter((message) => !this.#dismissed.has(message.ts));
  }

  #mainSignature(): string {
    const place = JSON.stringify(this.#place);
    const content =
      this.#place.kind === 'channel'
        ? JSON.stringify(this.#visible(this.#conversation(this.#place.id)))
        : this.#place.tab === 'home'
          ? `${this.snapshot.home?.id}|${this.snapshot.home?.hash}`
          : JSON.stringify(this.#visible(this.#dm()));
    return `${this.#me}|${place}|${content}|${JSON.stringify(this.snapshot.people)}|${this.#highlight}`;
  }

  #threadSignature(): string {
    if (!this.#thread) return 'none';
    const conversation = this.#conversation(this.#thread.channel);
    const messages = this.#visible(conversation).filter((message) => message.ts === this.#thread?.ts || message.threadTs === this.#thread?.ts);
    return `${this.#me}|${JSON.stringify(this.#thread)}|${JSON.stringify(messages)}`;
  }

  #modalErrorsOf(view: OpenView): Record<string, string> {
    const kept = this.#modalErrors.get(view.id);
    return kept && kept.hash === view.hash ? kept.errors : {};
  }

  #drawTopbar(): void {
    const snapshot = this.snapshot;
    const switcher = h('select', { class: 'pg-switcher', 'aria-label': 'You are', onchange: (event: Event) => this.#switchTo((event.target as HTMLSelectElement).value) });
    for (const person of snapshot.people.filter((candidate) => !candidate.isBot)) {
      const link = person.linkedAs ? `linked as ${person.linkedAs}` : 'not linked';
      switcher.append(h('option', { value: person.id, selected: person.id === this.#me }, `${person.realName} (@${person.name}) — ${link}`));
    }
    const me = this.person(this.#me);
    replaceChildren(
      this.#regions.topbar.element,
      h('div', { class: 'pg-brand' }, h('span', { class: 'pg-logo' }, '#'), h('strong', {}, snapshot.team.name), h('span', { class: 'pg-badge' }, 'talep-bot playground')),
      h('div', { class: 'pg-search' }, '🔍 Search ', h('em', {}, snapshot.team.name)),
      h('label', { class: 'pg-you' }, h('span', {}, 'You are'), switcher, me ? h('span', { class: 'pg-tz', title: 'Dates show in this time zone' }, `🕑 ${me.timeZone}`) : null),
    );
  }

  #drawSidebar(): void {
    const snapshot = this.snapshot;
    const item = (label: string, active: boolean, go: () => void, prefix: string) =>
      h('button', { type: 'button', class: `pg-nav-item${active ? ' pg-active' : ''}`, onclick: go, 'aria-current': active ? 'page' : undefined }, h('span', { class: 'pg-nav-prefix' }, prefix), label);
    const channels = snapshot.conversations
      .filter((c) => c.kind === 'channel')
      .map((c) => item(c.name, this.#place.kind === 'channel' && this.#place.id === c.id, () => this.#go({ kind: 'channel', id: c.id }), '#'));
    replaceChildren(
      this.#regions.sidebar.element,
      h('div', { class: 'pg-workspace' }, snapshot.team.name),
      h('div', { class: 'pg-nav-section' }, 'Channels'),
      ...channels,
      h('div', { class: 'pg-nav-section' }, 'Apps'),
      item(snapshot.app.name, this.#place.kind === 'app', () => this.#go({ kind: 'app', tab: 'home' }), '🎫'),
      h(
        'div',
        { class: 'pg-sidebar-help' },
        'This is a local stand-in for Slack. Every click is sent to the bot’s real ',
        h('code', {}, '/slack/events'),
        ', signed like Slack’s.',
      ),
    );
  }

  #messageList(conversation: ConversationView | undefined): HTMLElement {
    const list = h('div', { class: 'pg-messages', role: 'log', 'aria-label': conversation ? `Messages in ${conversation.kind === 'channel' ? `#${conversation.name}` : conversation.name}` : 'Messages' });
    for (const { message, replies } of threaded(this.#visible(conversation))) {
      const element = renderMessage(this, message, { replies });
      if (this.#highlight && (message.ts === this.#highlight || replies.some((reply) => reply.ts === this.#highlight))) element.classList.add('pg-highlight');
      list.append(element);
    }
    return list;
  }

  /** Redraws `pane` keeping its message list where it was: at the bottom if it was there, else at the same place. */
  #keepingScroll(pane: HTMLElement, draw: () => void, sameList: boolean): void {
    const previous = pane.querySelector('.pg-messages');
    const atBottom = !previous || previous.scrollHeight - previous.scrollTop - previous.clientHeight < 40;
    const top = previous?.scrollTop ?? 0;
    draw();
    const list = pane.querySelector('.pg-messages');
    const highlighted = pane.querySelector('.pg-highlight');
    if (highlighted) highlighted.scrollIntoView({ block: 'center' });
    else if (list && (atBottom || !sameList)) list.scrollTop = list.scrollHeight;
    else if (list) list.scrollTop = top;
  }

  #drawMain(): void {
    const place = JSON.stringify(this.#place);
    this.#keepingScroll(this.#regions.main.element, () => this.#drawMainContent(), place === this.#drawnPlace);
    this.#drawnPlace = place;
  }

  #drawMainContent(): void {
    const main = this.#regions.main.element;
    if (this.#place.kind === 'channel') {
      const channel = this.#conversation(this.#place.id);
      replaceChildren(
        main,
        h('div', { class: 'pg-channel-header' }, h('h1', {}, `# ${channel?.name ?? ''}`), h('div', { class: 'pg-topic' }, channel?.topic ?? '')),
        this.#messageList(channel),
        this.#mainComposer.element,
      );
    } else {
      const tab = this.#place.tab;
      const tabs = h(
        'div',
        { class: 'pg-tabs', role: 'tablist' },
        ...(['home', 'messages'] as const).map((name) =>
          h('button', { type: 'button', role: 'tab', class: `pg-tab${tab === name ? ' pg-active' : ''}`, 'aria-selected': String(tab === name), onclick: () => this.#go({ kind: 'app', tab: name }) }, name === 'home' ? 'Home' : 'Messages'),
        ),
      );
      const header = h('div', { class: 'pg-channel-header pg-app-header' }, h('h1', {}, h('span', { class: 'pg-avatar pg-avatar-app' }, '🎫'), ` ${this.snapshot.app.name}`), tabs);
      if (tab === 'home') {
        const home = this.snapshot.home;
        const content = home
          ? h('div', { class: 'pg-home', 'data-view-id': home.id }, renderBlocks(home.view.blocks, this.surfaceFor({ kind: 'view', viewId: home.id }, home.view.blocks)))
          : h('div', { class: 'pg-home pg-empty' }, 'The app has not published a Home tab yet…');
        replaceChildren(main, header, content);
      } else {
        replaceChildren(main, header, this.#messageList(this.#dm()), this.#mainComposer.element);
      }
    }
    this.#mainComposer.refresh();
  }

  #drawThread(): void {
    const thread = JSON.stringify(this.#thread);
    this.#keepingScroll(this.#regions.thread.element, () => this.#drawThreadContent(), thread === this.#drawnThread);
    this.#drawnThread = thread;
  }

  #drawThreadContent(): void {
    const pane = this.#regions.thread.element;
    if (!this.#thread) {
      pane.hidden = true;
      pane.replaceChildren();
      return;
    }
    const { channel, ts } = this.#thread;
    const conversation = this.#conversation(channel);
    const messages = this.#visible(conversation);
    const parent = messages.find((message) => message.ts === ts);
    const replies = messages.filter((message) => message.threadTs === ts && message.ts !== ts);
    pane.hidden = false;
    replaceChildren(
      pane,
      h(
        'div',
        { class: 'pg-thread-header' },
        h('h2', {}, 'Thread'),
        h('span', { class: 'pg-topic' }, conversation?.kind === 'channel' ? `#${conversation.name}` : (conversation?.name ?? '')),
        h('button', { type: 'button', class: 'pg-tool', 'aria-label': 'Close thread', onclick: () => {
          this.#thread = undefined;
          this.#render();
        } }, '✕'),
      ),
      h(
        'div',
        { class: 'pg-messages pg-thread-messages', role: 'log', 'aria-label': 'Thread' },
        parent ? renderMessage(this, parent, { inThread: true }) : h('div', { class: 'pg-empty' }, 'The message is gone.'),
        replies.length ? h('div', { class: 'pg-replies-count' }, `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`) : null,
        ...replies.map((reply) => renderMessage(this, reply, { inThread: true })),
      ),
      this.#threadComposer.element,
    );
    this.#threadComposer.refresh();
  }

  #drawModal(errors: Record<string, string>): void {
    const layer = this.#regions.modal.element;
    const modal = renderModal(this, this.snapshot.modals, errors, {
      submit: async (view, state) => {
        await this.run(async () => {
          const answer = await api.submit({ as: this.#me, viewId: view.id, state: state.values() });
          if (answer.outcome === 'errors' && answer.errors) this.#modalErrors.set(view.id, { hash: view.hash, errors: answer.errors });
        });
      },
      close: (view) => this.run(() => api.close({ as: this.#me, viewId: view.id })),
      invalid: (view, found) => {
        this.#modalErrors.set(view.id, { hash: view.hash, errors: found });
        this.#render();
      },
    });
    replaceChildren(layer, modal);
    layer.hidden = !modal;
  }

  #drawNotices(notices: Snapshot['notices']): void {
    replaceChildren(
      this.#regions.notices.element,
      ...notices
        .slice(-4)
        .reverse()
        .map((notice) =>
          h(
            'div',
            { class: `pg-notice pg-notice-${notice.kind}`, role: 'alert' },
            h('div', { class: 'pg-notice-title' }, notice.kind === 'refused' ? '⛔ ' : '⏱ ', notice.title),
            notice.lines.length ? h('ul', {}, ...notice.lines.map((line) => h('li', {}, h('code', {}, line)))) : null,
            h('button', { type: 'button', class: 'pg-link-button', onclick: () => {
              this.#dismissedNotices.add(notice.id);
              this.#render();
            } }, 'Dismiss'),
          ),
        ),
    );
  }
}
