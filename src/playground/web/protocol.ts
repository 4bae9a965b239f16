/**
 * What the playground's page and its server say to each other: the snapshot of the workspace one person
 * sees, and the requests the page sends when that person acts. Types only (no code, no imports), so
 * both sides compile it: the server (Node) checks each request with zod before using it.
 */

/** Slack's JSON as the page receives it: blocks, views, options are rendered from this. */
export type JsonObject = { [key: string]: unknown };

/** Slack's `view.state.values`: block id → action id → the element's value. */
export type StateValues = Record<string, Record<string, JsonObject>>;

export interface PersonView {
  id: string;
  /** The handle (`agent`). */
  name: string;
  realName: string;
  email: string;
  /** IANA time zone: `<!date^…>` and times are shown in the viewer's zone, as Slack does. */
  timeZone: string;
  title: string;
  /** The help-desk account the person is linked to, when the bot has a working link for them. */
  linkedAs?: string;
  isBot?: boolean;
}

export interface FileView {
  id: string;
  name: string;
  mimetype: string;
  size: number;
  /** Where the page downloads it from (the playground server, not Slack's private URL). */
  url: string;
}

export interface MessageView {
  ts: string;
  channel: string;
  /** The author's user id (the bot's for the app's messages). */
  user: string;
  text: string;
  blocks?: JsonObject[];
  files?: FileView[];
  /** The parent's ts for a thread reply. */
  threadTs?: string;
  /** Only the viewer sees it (Slack's "Only visible to you"). */
  ephemeral?: boolean;
  edited?: boolean;
}

export interface ConversationView {
  id: string;
  kind: 'channel' | 'dm';
  /** `helpdesk` for a channel; the other side's name for a DM. */
  name: string;
  topic?: string;
  /** Every message the viewer may see, thread replies included, oldest first. */
  messages: MessageView[];
}

export interface OpenView {
  id: string;
  hash: string;
  /** The view as Slack stores it (blocks with their ids, title, submit, close, private_metadata…). */
  view: JsonObject;
}

/** Something a person in real Slack would not see, shown in the playground on purpose. */
export interface Notice {
  id: number;
  at: number;
  /** `refused`: Slack refused a payload of the bot (Block Kit limits); `slow`/`failed`: an ack came late or not at all. */
  kind: 'refused' | 'slow' | 'failed';
  title: string;
  lines: string[];
}

export interface ShortcutView {
  callbackId: string;
  name: string;
  description: string;
}

export interface Snapshot {
  version: number;
  /** The viewer. */
  me: string;
  team: { id: string; name: string };
  app: { name: string; botUserId: string };
  people: PersonView[];
  conversations: ConversationView[];
  /** The viewer's modal stack, bottom first (Slack shows the last). */
  modals: OpenView[];
  /** The viewer's App Home tab, once the app published one. */
  home?: OpenView;
  notices: Notice[];
  shortcuts: { message: ShortcutView[]; global: ShortcutView[] };
  command: { name: string; description: string; usageHint: string };
}

// ── requests from the page ──────────────────────────────────────────────────────────────────────

/** Where an interactive element was. */
export type ElementPlace = { kind: 'message'; channel: string; ts: string } | { kind: 'view'; viewId: string };

export interface PostMessageRequest {
  as: string;
  channel: string;
  text: string;
  threadTs?: string;
  fileIds?: string[];
}

export interface CommandRequest {
  as: string;
  channel: string;
  /** What was typed after the command name. */
  text: string;
}

export interface ShortcutRequest {
  as: string;
  callbackId: string;
  /** A message shortcut names its message; a global shortcut does not. */
  message?: { channel: string; ts: string };
}

/** One element acted on, as Slack puts it in `actions[0]` (the server adds `action_ts` and the element's text). */
export interface ActionRequest {
  as: string;
  place: ElementPlace;
  action: JsonObject & { action_id: string; block_id: string; type: string };
  /** The state of the surface's inputs (a view's, or a message's). */
  state: StateValues;
}

export interface OptionsRequest {
  as: string;
  place: ElementPlace;
  actionId: string;
  blockId: string;
  value: string;
  state: StateValues;
}

export interface OptionsAnswer {
  options: JsonObject[];
  optionGroups?: JsonObject[];
  /** Slack's error when the bot's options broke the limits (Slack then shows none). */
  refused?: string[];
}

export interface SubmitRequest {
  as: string;
  viewId: string;
  state: StateValues;
}

export interface SubmitAnswer {
  /** What became of the modal. */
  outcome: 'closed' | 'cleared' | 'updated' | 'pushed' | 'errors' | 'kept';
  /** Inline errors by block id (`response_action: errors`). */
  errors?: Record<string, string>;
}

export interface CloseRequest {
  as: string;
  viewId: string;
}

export interface HomeRequest {
  as: string;
}

export interface UploadedFile {
  file: FileView;
  /** The file as Slack puts it in a file_input's state (with the bot-readable private URLs). */
  slackFile: JsonObject;
}
