/**
 * The playground's Slack workspace: people, a channel, the app's direct messages, messages with threads
 * and ephemeral replies, each person's open modals and App Home tab.
 *
 * It is the `SlackWorld` behind the Slack stand-in: what the bot sends (Web API calls, response_url
 * posts) changes it as it would change Slack, and the bot gets Slack's answers and errors (a trigger
 * used twice or after 3 s, a stale view hash, a response_url used up, a channel that does not exist).
 * The page shows `snapshotFor(person)`; `onChange` tells it to look again.
 */
import { randomBytes } from 'node:crypto';
import type { Refusal, SlackCall, SlackStandIn, SlackWorld } from './slack-stand-in.js';
import type { ConversationView, FileView, JsonObject, MessageView, Notice, OpenView, PersonView, Snapshot } from './web/protocol.js';

/** A person of the workspace (as the page shows them, less what the bot decides: the link). */
export type Person = Omit<PersonView, 'linkedAs' | 'isBot'>;

export interface ChannelSeed {
  id: string;
  name: string;
  topic: string;
}

export interface WorkspaceOptions {
  team: { id: string; name: string };
  app: { name: string; id: string; botUserId: string; botId: string };
  people: readonly Person[];
  channels: readonly ChannelSeed[];
  shortcuts: Snapshot['shortcuts'];
  command: Snapshot['command'];
  /** The help-desk account a person is linked to right now (asked on every snapshot). */
  linkedAs(userId: string): string | undefined;
  /** The page's address, for permalinks and file links. */
  pageUrl(): string;
  now?: () => number;
}

/** Slack's file object, as messages and file_input states carry it. */
export type SlackFileObject = JsonObject & { id: string; name: string; mimetype: string; size: number };

interface StoredMessage {
  ts: string;
  channel: string;
  user: string;
  text: string;
  blocks?: JsonObject[];
  files?: SlackFileObject[];
  threadTs?: string;
  /** Only this person sees it. */
  ephemeralFor?: string;
  edited?: boolean;
}

interface StoredView {
  id: string;
  userId: string;
  hash: string;
  view: JsonObject;
}

/** What a response_url was handed out for (Slack: 5 uses in 30 minutes). */
interface ResponseUrlContext {
  userId: string;
  channel: string;
  /** The message the control was on, when it was on one (replace_original / delete_original act on it). */
  messageTs?: string;
  threadTs?: string;
  uses: number;
  expiresAt: number;
}

interface Trigger {
  userId: string;
  expiresAt: number;
  used: boolean;
}

const TRIGGER_LIFE_MS = 3_000;
const RESPONSE_URL_LIFE_MS = 30 * 60_000;
const RESPONSE_URL_USES = 5;
/** Slack's modal stack holds at most 3 views. */
const MAX_STACK = 3;
const MAX_NOTICES = 30;

const ok = (fields: JsonObject = {}): JsonObject => ({ ok: true, ...fields });
const fail = (error: string): JsonObject => ({ ok: false, error });
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Slack gives blocks and elements without ids one of its own, so every action can be told apart. */
function withIds(blocks: unknown): JsonObject[] | undefined {
  if (!Array.isArray(blocks)) return undefined;
  const shortId = () => randomBytes(4).toString('base64url').slice(0, 5);
  const elementWithId = (element: unknown) =>
    isObject(element) && element.type !== 'mrkdwn' && element.type !== 'plain_text' && element.type !== 'image' && element.action_id === undefined
      ? { ...element, action_id: shortId() }
      : element;
  return blocks.filter(isObject).map((block) => {
    const copy: JsonObject = { ...block, block_id: text(block.block_id) ?? shortId() };
    if (Array.isArray(block.elements) && block.type === 'actions') copy.elements = block.elements.map(elementWithId);
    if (isObject(block.accessory)) copy.accessory = elementWithId(block.accessory);
    if (isObject(block.element)) copy.element = elementWithId(block.element);
    return copy;
  });
}

export class Workspace implements SlackWorld {
  readonly #options: WorkspaceOptions;
  readonly #standIn: SlackStandIn;
  readonly #now: () => number;
  readonly #messages: StoredMessage[] = [];
  readonly #views = new Map<string, StoredView>();
  /** Per person: the ids of their open modals, bottom first. */
  readonly #stacks = new Map<string, string[]>();
  readonly #homes = new Map<string, string>();
  readonly #triggers = new Map<string, Trigger>();
  readonly #responseUrls = new Map<string, ResponseUrlContext>();
  readonly #notices: (Notice & { for: string | undefined })[] = [];
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #lastTs = 0;
  #viewCounter = 0;
  #noticeCounter = 0;
  #scheduleTimer: NodeJS.Timeout | undefined;

  constructor(standIn: SlackStandIn, options: WorkspaceOptions) {
    this.#standIn = standIn;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    for (const person of options.people) {
      const tzOffset = tzOffsetSeconds(person.timeZone, this.#now());
      standIn.users.set(person.id, { id: person.id, name: person.name, realName: person.realName, email: person.email, tzOffset });
    }
    standIn.users.set(options.app.botUserId, { id: options.app.botUserId, name: options.app.name.toLowerCase(), realName: options.app.name });
    standIn.world = this;
  }

  get version(): number {
    return this.#version;
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }

  person(userId: string): Person | undefined {
    return this.#options.people.find((person) => person.id === userId);
  }

  /** A Slack ts after every other one: `<seconds>.<microseconds>`. */
  nextTs(at = this.#now()): string {
    const micros = Math.max(Math.floor(at * 1000), this.#lastTs + 1);
    this.#lastTs = micros;
    return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  /** The app's DM with a person (`D` + their id, as the stand-in's conversations.open answers). */
  dmOf(userId: string): string {
    return `D${userId}`;
  }

  channelName(channel: string): string | undefined {
    const seeded = this.#options.channels.find((candidate) => candidate.id === channel);
    if (seeded) return seeded.name;
    const person = channel.startsWith('D') ? this.person(channel.slice(1)) : undefined;
    return person ? 'directmessage' : undefined;
  }

  /** A channel id, a DM id, or a user id (chat.postMessage to a user posts in the app's DM with them). */
  #resolveChannel(raw: unknown): string | undefined {
    const id = text(raw);
    if (!id) return undefined;
    if (this.#options.channels.some((channel) => channel.id === id)) return id;
    if (/^[UW]/.test(id) && this.person(id)) return this.dmOf(id);
    if (id.startsWith('D') && this.person(id.slice(1))) return id;
    return undefined;
  }

  message(channel: string, ts: string): StoredMessage | undefined {
    return this.#messages.find((message) => message.channel === channel && message.ts === ts);
  }

  // ── what people do (the page, through ./interactions.ts) ──────────────────────────────────────

  /** A person's (or a seed's) message. */
  post(message: Omit<StoredMessage, 'ts'> & { ts?: string }): StoredMessage {
    const stored: StoredMessage = { ...message, ts: message.ts ?? this.nextTs(), ...(message.blocks ? { blocks: withIds(message.blocks) ?? [] } : {}) };
    this.#messages.push(stored);
    this.#messages.sort((a, b) => Number(a.ts) - Number(b.ts));
    this.#changed();
    return stored;
  }

  /** A trigger_id for an interaction of `userId`: good for one views.open or views.push within 3 s. */
  issueTrigger(userId: string): string {
    const id = `${Date.now()}.${randomBytes(6).toString('hex')}`;
    this.#triggers.set(id, { userId, expiresAt: this.#now() + TRIGGER_LIFE_MS, used: false });
    return id;
  }

  /** A response_url for an interaction of `userId` in `channel` (on the message `messageTs`, if any). */
  issueResponseUrl(context: Omit<ResponseUrlContext, 'uses' | 'expiresAt'>): string {
    const url = this.#standIn.responseUrl();
    this.#responseUrls.set(url.split('/').pop() ?? '', { ...context, uses: 0, expiresAt: this.#now() + RESPONSE_URL_LIFE_MS });
    return url;
  }

  /** A file put in Slack: by a person (a message's file, a file_input upload) or by the app (files.uploadV2). */
  addFile(userId: string, name: string, mimetype: string, data: Uint8Array, id = `F${randomBytes(5).toString('hex').toUpperCase()}`): SlackFileObject {
    const url = this.#standIn.addFile(id, data, mimetype);
    return {
      id,
      name,
      title: name,
      mimetype,
      filetype: name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : 'binary',
      size: data.byteLength,
      user: userId,
      mode: 'hosted',
      url_private: url,
      url_private_download: url,
      created: Math.floor(this.#now() / 1000),
    };
  }

  view(viewId: string): StoredView | undefined {
    return this.#views.get(viewId);
  }

  /** The person's top modal, if `viewId` is one of theirs. */
  openModalOf(userId: string, viewId: string): StoredView | undefined {
    return (this.#stacks.get(userId) ?? []).includes(viewId) ? this.#views.get(viewId) : undefined;
  }

  homeOf(userId: string): StoredView | undefined {
    const id = this.#homes.get(userId);
    return id ? this.#views.get(id) : undefined;
  }

  /** Closes `viewId` and the views pushed over it (a modal's close button, or a submission answered with nothing). */
  closeModal(userId: string, viewId: string): void {
    const stack = this.#stacks.get(userId) ?? [];
    const at = stack.indexOf(viewId);
    if (at < 0) return;
    for (const id of stack.splice(at)) this.#views.delete(id);
    this.#changed();
  }

  /** `response_action: clear`: every modal of the person closes. */
  clearModals(userId: string): void {
    for (const id of this.#stacks.get(userId) ?? []) this.#views.delete(id);
    this.#stacks.set(userId, []);
    this.#changed();
  }

  /** `response_action: update` / `push`, after the view was checked. */
  replaceView(userId: string, viewId: string, view: JsonObject): void {
    const stored = this.#views.get(viewId);
    if (!stored || stored.userId !== userId) return;
    this.#storeView(userId, view, viewId);
    this.#changed();
  }

  pushView(userId: string, view: JsonObject): StoredView | undefined {
    const stack = this.#stacks.get(userId) ?? [];
    if (stack.length >= MAX_STACK) return undefined;
    const stored = this.#storeView(userId, view);
    stack.push(stored.id);
    this.#stacks.set(userId, stack);
    this.#changed();
    return stored;
  }

  /** Shows something to `userId` (or everyone) that real Slack keeps from people: refusals, late acks. */
  notice(userId: string | undefined, kind: Notice['kind'], title: string, lines: string[] = []): void {
    this.#notices.push({ id: ++this.#noticeCounter, at: this.#now(), kind, title, lines, for: userId });
    if (this.#notices.length > MAX_NOTICES) this.#notices.splice(0, this.#notices.length - MAX_NOTICES);
    this.#changed();
  }

  /** Slackbot's ephemeral word to a person (e.g. `/talep failed with the error "operation_timeout"`). */
  slackbotSays(userId: string, channel: string, says: string): void {
    this.post({ channel, user: 'USLACKBOT', text: says, ephemeralFor: userId });
  }

  // ── what the bot does (SlackWorld) ──────────────────────────────────────────────────────────────

  answer(call: SlackCall, canned: () => JsonObject): JsonObject {
    const { method, args } = call;
    switch (method) {
      case 'chat.postMessage':
        return this.#postMessage(args);
      case 'chat.postEphemeral':
        return this.#postEphemeral(args);
      case 'chat.update':
        return this.#update(args);
      case 'chat.delete':
        return this.#delete(args);
      case 'chat.getPermalink': {
        const channel = this.#resolveChannel(args.channel);
        const ts = text(args.message_ts);
        if (!channel || !ts || !this.message(channel, ts)) return fail('message_not_found');
        return ok({ channel, permalink: `${this.#options.pageUrl()}/archives/${channel}/p${ts.replace('.', '')}` });
      }
      case 'views.open':
        return this.#openView(args, false);
      case 'views.push':
        return this.#openView(args, true);
      case 'views.update':
        return this.#updateView(args);
      case 'views.publish':
        return this.#publishHome(args);
      case 'files.completeUploadExternal':
        return this.#completeUpload(args);
      case 'chat.scheduleMessage': {
        const answer = canned();
        if (answer.ok === true) this.#watchSchedule();
        return answer;
      }
      default:
        return canned();
    }
  }

  respond(id: string, body: JsonObject): { status: number; text: string } {
    const context = this.#responseUrls.get(id);
    if (!context || context.expiresAt < this.#now()) return { status: 404, text: 'expired_url' };
    if (context.uses >= RESPONSE_URL_USES) return { status: 404, text: 'used_url' };
    context.uses += 1;
    const original = context.messageTs ? this.message(context.channel, context.messageTs) : undefined;
    if (body.delete_original === true) {
      if (original) this.#remove(original);
      return { status: 200, text: 'ok' };
    }
    if (body.replace_original === true && original) {
      original.text = text(body.text) ?? '';
      original.blocks = withIds(body.blocks) ?? [];
      if (body.response_type === 'in_channel') delete original.ephemeralFor;
      this.#changed();
      return { status: 200, text: 'ok' };
    }
    const threadTs = text(body.thread_ts) ?? context.threadTs;
    this.post({
      channel: context.channel,
      user: this.#options.app.botUserId,
      text: text(body.text) ?? '',
      ...(Array.isArray(body.blocks) ? { blocks: body.blocks as JsonObject[] } : {}),
      ...(threadTs ? { threadTs } : {}),
      ...(body.response_type === 'in_channel' ? {} : { ephemeralFor: context.userId }),
    });
    return { status: 200, text: 'ok' };
  }

  refused(refusal: Refusal): void {
    const title = `Slack refused the app's ${refusal.via === 'response_url' ? 'response_url post' : refusal.via}: ${refusal.via.startsWith('views.') ? 'invalid_arguments' : 'invalid_blocks'}`;
    this.notice(this.#whoSees(refusal), 'refused', title, refusal.messages);
  }

  /** Whom a refused payload was for: the person of its view, trigger, response_url or DM; else everyone. */
  #whoSees(refusal: Refusal): string | undefined {
    if (refusal.responseUrlId) return this.#responseUrls.get(refusal.responseUrlId)?.userId;
    const { args } = refusal;
    const byView = text(args.view_id) ? this.#views.get(String(args.view_id))?.userId : undefined;
    const byTrigger = text(args.trigger_id) ? this.#triggers.get(String(args.trigger_id))?.userId : undefined;
    const channel = this.#resolveChannel(args.channel);
    const byDm = channel?.startsWith('D') ? channel.slice(1) : undefined;
    return byView ?? byTrigger ?? text(args.user_id) ?? text(args.user) ?? byDm;
  }

  #postMessage(args: JsonObject): JsonObject {
    const channel = this.#resolveChannel(args.channel);
    if (!channel) return fail('channel_not_found');
    const threadTs = text(args.thread_ts);
    if (threadTs && !this.message(channel, threadTs)) return fail('thread_not_found');
    const posted = this.post({
      channel,
      user: this.#options.app.botUserId,
      text: text(args.text) ?? '',
      ...(Array.isArray(args.blocks) ? { blocks: args.blocks as JsonObject[] } : {}),
      ...(threadTs ? { threadTs } : {}),
    });
    return ok({ channel, ts: posted.ts, message: this.#asSlackMessage(posted) });
  }

  #postEphemeral(args: JsonObject): JsonObject {
    const channel = this.#resolveChannel(args.channel);
    const user = text(args.user);
    if (!channel) return fail('channel_not_found');
    if (!user || !this.person(user)) return fail('user_not_found');
    const threadTs = text(args.thread_ts);
    const posted = this.post({
      channel,
      user: this.#options.app.botUserId,
      text: text(args.text) ?? '',
      ...(Array.isArray(args.blocks) ? { blocks: args.blocks as JsonObject[] } : {}),
      ...(threadTs ? { threadTs } : {}),
      ephemeralFor: user,
    });
    return ok({ message_ts: posted.ts });
  }

  #update(args: JsonObject): JsonObject {
    const channel = this.#resolveChannel(args.channel);
    const found = channel ? this.message(channel, text(args.ts) ?? '') : undefined;
    if (!found || found.ephemeralFor) return fail('message_not_found');
    if (found.user !== this.#options.app.botUserId) return fail('cant_update_message');
    if (typeof args.text === 'string') found.text = args.text;
    if (Array.isArray(args.blocks)) found.blocks = withIds(args.blocks) ?? [];
    found.edited = true;
    this.#changed();
    return ok({ channel: found.channel, ts: found.ts, text: found.text });
  }

  #delete(args: JsonObject): JsonObject {
    const channel = this.#resolveChannel(args.channel);
    const found = channel ? this.message(channel, text(args.ts) ?? '') : undefined;
    if (!found) return fail('message_not_found');
    if (found.user !== this.#options.app.botUserId) return fail('cant_delete_message');
    this.#remove(found);
    return ok({ channel: found.channel, ts: found.ts });
  }

  #remove(message: StoredMessage): void {
    const at = this.#messages.indexOf(message);
    if (at >= 0) this.#messages.splice(at, 1);
    this.#changed();
  }

  #useTrigger(raw: unknown): Trigger | string {
    const trigger = this.#triggers.get(text(raw) ?? '');
    if (!trigger) return 'invalid_trigger_id';
    if (trigger.used || trigger.expiresAt < this.#now()) return 'expired_trigger_id';
    trigger.used = true;
    return trigger;
  }

  #storeView(userId: string, view: JsonObject, id = `V${String(++this.#viewCounter).padStart(8, '0')}`): StoredView {
    const previous = this.#views.get(id);
    const stored: StoredView = {
      id,
      userId,
      hash: `${Math.floor(this.#now() / 1000)}.${randomBytes(4).toString('hex')}`,
      view: {
        ...view,
        id,
        team_id: this.#options.team.id,
        app_id: this.#options.app.id,
        bot_id: this.#options.app.botId,
        blocks: withIds(view.blocks) ?? [],
        private_metadata: text(view.private_metadata) ?? '',
        callback_id: text(view.callback_id) ?? '',
        external_id: text(view.external_id) ?? '',
        state: { values: {} },
        root_view_id: previous ? previous.view.root_view_id : id,
        previous_view_id: null,
        clear_on_close: view.clear_on_close === true,
        notify_on_close: view.notify_on_close === true,
      },
    };
    stored.view.hash = stored.hash;
    this.#views.set(id, stored);
    return stored;
  }

  #openView(args: JsonObject, push: boolean): JsonObject {
    if (!isObject(args.view)) return fail('invalid_arguments');
    const trigger = this.#useTrigger(args.trigger_id);
    if (typeof trigger === 'string') return fail(trigger);
    const stack = this.#stacks.get(trigger.userId) ?? [];
    if (push && stack.length === 0) return fail('not_found');
    if (push && stack.length >= MAX_STACK) return fail('push_limit_reached');
    if (!push) for (const id of stack.splice(0)) this.#views.delete(id);
    const stored = this.#storeView(trigger.userId, args.view);
    if (push) stored.view.previous_view_id = stack.at(-1) ?? null;
    stack.push(stored.id);
    this.#stacks.set(trigger.userId, stack);
    this.#changed();
    return ok({ view: stored.view });
  }

  #updateView(args: JsonObject): JsonObject {
    if (!isObject(args.view)) return fail('invalid_arguments');
    const byExternal = text(args.external_id) ? [...this.#views.values()].find((view) => view.view.external_id === args.external_id) : undefined;
    const found = text(args.view_id) ? this.#views.get(String(args.view_id)) : byExternal;
    if (!found) return fail('not_found');
    if (text(args.hash) && args.hash !== found.hash) return fail('hash_conflict');
    const stored = this.#storeView(found.userId, args.view, found.id);
    stored.view.previous_view_id = found.view.previous_view_id ?? null;
    this.#changed();
    return ok({ view: stored.view });
  }

  #publishHome(args: JsonObject): JsonObject {
    const userId = text(args.user_id);
    if (!userId || !this.person(userId)) return fail('user_not_found');
    if (!isObject(args.view) || args.view.type !== 'home') return fail('invalid_arguments');
    const current = this.homeOf(userId);
    if (current && text(args.hash) && args.hash !== current.hash) return fail('hash_conflict');
    const stored = this.#storeView(userId, args.view, current?.id);
    this.#homes.set(userId, stored.id);
    this.#changed();
    return ok({ view: stored.view });
  }

  /** files.uploadV2's last step: the uploaded bytes become files, shared in the channel when one is named. */
  #completeUpload(args: JsonObject): JsonObject {
    const wanted = Array.isArray(args.files) ? args.files.filter(isObject) : [];
    const files: SlackFileObject[] = [];
    for (const entry of wanted) {
      const upload = this.#standIn.uploads.find((candidate) => candidate.fileId === entry.id);
      if (!upload) return fail('file_not_found');
      const name = upload.filename || text(entry.title) || 'file';
      const file = this.addFile(this.#options.app.botUserId, name, mimetypeOf(name), upload.data, upload.fileId);
      files.push({ ...file, title: text(entry.title) ?? name });
    }
    const channel = this.#resolveChannel(args.channel_id ?? args.channels);
    if (channel) {
      this.post({
        channel,
        user: this.#options.app.botUserId,
        text: text(args.initial_comment) ?? '',
        files,
        ...(text(args.thread_ts) ? { threadTs: String(args.thread_ts) } : {}),
      });
    }
    return ok({ files });
  }

  /** Scheduled messages are posted when their time comes (checked every few seconds while any wait). */
  #watchSchedule(): void {
    if (this.#scheduleTimer) return;
    this.#scheduleTimer = setInterval(() => {
      for (const [id, entry] of this.#standIn.scheduled) {
        if (entry.postAt * 1000 > this.#now()) continue;
        this.#standIn.scheduled.delete(id);
        this.#postMessage({ ...entry.args, channel: entry.channel });
      }
      if (this.#standIn.scheduled.size === 0) this.stop();
    }, 2_000);
    this.#scheduleTimer.unref();
  }

  stop(): void {
    clearInterval(this.#scheduleTimer);
    this.#scheduleTimer = undefined;
  }

  #asSlackMessage(message: StoredMessage): JsonObject {
    const bot = message.user === this.#options.app.botUserId;
    return {
      type: 'message',
      ts: message.ts,
      user: message.user,
      ...(bot ? { bot_id: this.#options.app.botId, app_id: this.#options.app.id } : {}),
      text: message.text,
      ...(message.blocks ? { blocks: message.blocks } : {}),
      ...(message.files ? { files: message.files } : {}),
      ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
      team: this.#options.team.id,
    };
  }

  /** A message as Slack puts it in an interaction payload. */
  slackMessage(channel: string, ts: string): JsonObject | undefined {
    const found = this.message(channel, ts);
    return found ? this.#asSlackMessage(found) : undefined;
  }

  // ── what one person sees ────────────────────────────────────────────────────────────────────────

  snapshotFor(userId: string): Snapshot {
    const { team, app, people, channels, shortcuts, command } = this.#options;
    const visible = (message: StoredMessage) => !message.ephemeralFor || message.ephemeralFor === userId;
    const messagesIn = (channel: string): MessageView[] =>
      this.#messages.filter((message) => message.channel === channel && visible(message)).map((message) => this.#messageView(message));
    const conversations: ConversationView[] = [
      ...channels.map((channel) => ({ id: channel.id, kind: 'channel' as const, name: channel.name, topic: channel.topic, messages: messagesIn(channel.id) })),
      { id: this.dmOf(userId), kind: 'dm' as const, name: app.name, messages: messagesIn(this.dmOf(userId)) },
    ];
    const openView = (view: StoredView): OpenView => ({ id: view.id, hash: view.hash, view: view.view });
    const home = this.homeOf(userId);
    const peopleViews: PersonView[] = people.map((person) => {
      const linkedAs = this.#options.linkedAs(person.id);
      return { id: person.id, name: person.name, realName: person.realName, email: person.email, timeZone: person.timeZone, title: person.title, ...(linkedAs ? { linkedAs } : {}) };
    });
    peopleViews.push({ id: app.botUserId, name: app.name.toLowerCase(), realName: app.name, email: '', timeZone: 'UTC', title: 'App', isBot: true });
    return {
      version: this.#version,
      me: userId,
      team,
      app: { name: app.name, botUserId: app.botUserId },
      people: peopleViews,
      conversations,
      modals: (this.#stacks.get(userId) ?? []).flatMap((id) => {
        const view = this.#views.get(id);
        return view ? [openView(view)] : [];
      }),
      ...(home ? { home: openView(home) } : {}),
      notices: this.#notices.filter((notice) => notice.for === undefined || notice.for === userId).map(({ for: _for, ...notice }) => notice),
      shortcuts,
      command,
    };
  }

  #messageView(message: StoredMessage): MessageView {
    const files: FileView[] | undefined = message.files?.map((file) => ({
      id: file.id,
      name: file.name,
      mimetype: file.mimetype,
      size: file.size,
      url: `${this.#options.pageUrl()}/files/${encodeURIComponent(file.id)}`,
    }));
    return {
      ts: message.ts,
      channel: message.channel,
      user: message.user,
      text: message.text,
      ...(message.blocks ? { blocks: message.blocks } : {}),
      ...(files ? { files } : {}),
      ...(message.threadTs ? { threadTs: message.threadTs } : {}),
      ...(message.ephemeralFor ? { ephemeral: true } : {}),
      ...(message.edited ? { edited: true } : {}),
    };
  }
}

/** The offset of an IANA zone from UTC at `at`, in seconds (users.info's `tz_offset`). */
export function tzOffsetSeconds(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(at))
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 1000);
}

const MIME_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
};

export const mimetypeOf = (name: string): string => MIME_TYPES[(name.split('.').pop() ?? '').toLowerCase()] ?? 'application/octet-stream';
