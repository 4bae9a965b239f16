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
import { fail, isObject, mimetypeOf, ok, type SlackFileObject, text, tzOffsetSeconds, withIds } from './slack-shapes.js';
import type { Refusal, SlackCall, SlackStandIn, SlackWorld } from './slack-stand-in.js';
import { type StoredView, Views } from './views.js';
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
const MAX_NOTICES = 30;

export class Workspace implements SlackWorld {
  readonly #options: WorkspaceOptions;
  readonly #standIn: SlackStandIn;
  readonly #now: () => number;
  readonly #messages: StoredMessage[] = [];
  readonly #views: Views;
  readonly #triggers = new Map<string, Trigger>();
  readonly #responseUrls = new Map<string, ResponseUrlContext>();
  readonly #notices: (Notice & { for: string | undefined })[] = [];
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #lastTs = 0;
  #noticeCounter = 0;
  #scheduleTimer: NodeJS.Timeout | undefined;

  constructor(standIn: SlackStandIn, options: WorkspaceOptions) {
    this.#standIn = standIn;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#views = new Views({ teamId: options.team.id, appId: options.app.id, botId: options.app.botId }, this.#now);
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

  /** `viewId` when it is one of the person's open modals. */
  openModalOf(userId: string, viewId: string): StoredView | undefined {
    return this.#views.modalOf(userId, viewId);
  }

  homeOf(userId: string): StoredView | undefined {
    return this.#views.homeOf(userId);
  }

  /** Closes `viewId` and the views pushed over it (a modal's close button, or a submission answered with nothing). */
  closeModal(userId: string, viewId: string): void {
    if (this.#views.close(userId, viewId)) this.#changed();
  }

  /** `response_action: clear`: every modal of the person closes. */
  clearModals(userId: string): void {
    this.#views.clear(userId);
    this.#changed();
  }

  /** `response_action: update`, after the view was checked. */
  replaceView(userId: string, viewId: string, view: JsonObject): void {
    if (this.#views.replace(userId, viewId, view)) this.#changed();
  }

  /** `response_action: push`, after the view was checked; false when the stack is full. */
  pushView(userId: string, view: JsonObject): boolean {
    const answer = this.#views.open(userId, view, true);
    if (answer.ok === true) this.#changed();
    return answer.ok === true;
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
        return this.#changedIfOk(this.#views.update(args));
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
    this.#postAsApp(context.channel, body, text(body.thread_ts) ?? context.threadTs, body.response_type === 'in_channel' ? undefined : context.userId);
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
    const posted = this.#postAsApp(channel, args, threadTs);
    return ok({ channel, ts: posted.ts, message: this.#asSlackMessage(posted) });
  }

  /** A message of the app from what it sent (`text`, `blocks`), in a thread when `threadTs` is given. */
  #postAsApp(channel: string, sent: JsonObject, threadTs: string | undefined, ephemeralFor?: string): StoredMessage {
    return this.post({
      channel,
      user: this.#options.app.botUserId,
      text: text(sent.text) ?? '',
      ...(Array.isArray(sent.blocks) ? { blocks: sent.blocks as JsonObject[] } : {}),
      ...(threadTs ? { threadTs } : {}),
      ...(ephemeralFor ? { ephemeralFor } : {}),
    });
  }

  #postEphemeral(args: JsonObject): JsonObject {
    const channel = this.#resolveChannel(args.channel);
    const user = text(args.user);
    if (!channel) return fail('channel_not_found');
    if (!user || !this.person(user)) return fail('user_not_found');
    const posted = this.#postAsApp(channel, args, text(args.thread_ts), user);
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

  #openView(args: JsonObject, push: boolean): JsonObject {
    if (!isObject(args.view)) return fail('invalid_arguments');
    const trigger = this.#useTrigger(args.trigger_id);
    if (typeof trigger === 'string') return fail(trigger);
    return this.#changedIfOk(this.#views.open(trigger.userId, args.view, push));
  }

  #publishHome(args: JsonObject): JsonObject {
    const userId = text(args.user_id);
    if (!userId || !this.person(userId)) return fail('user_not_found');
    if (!isObject(args.view) || args.view.type !== 'home') return fail('invalid_arguments');
    return this.#changedIfOk(this.#views.publish(userId, args.view, text(args.hash)));
  }

  #changedIfOk(answer: JsonObject): JsonObject {
    if (answer.ok === true) this.#changed();
    return answer;
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
      modals: this.#views.stackOf(userId).map(openView),
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
