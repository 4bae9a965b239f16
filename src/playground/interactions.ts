/**
 * What Slack's servers do when a person acts in the playground's page: build the payload Slack would
 * send (slash command, shortcut, block action, options request, view submission, view_closed, App Home
 * event), sign it, post it to the bot's real `/slack/events`, and apply the bot's HTTP answer (a message
 * in an ack, options, `response_action`) as Slack does, after checking it against Block Kit's limits.
 *
 * Slack waits 3 seconds for an acknowledgement. The playground waits longer (the machine it runs on may
 * be busy) but says when an ack came late, so a slow listener is not hidden.
 */
import type { SlackFileObject } from './slack-shapes.js';
import type { Workspace } from './workspace.js';
import type { SlackStandIn } from './slack-stand-in.js';
import { postSigned, type SignedAnswer } from './signed-requests.js';
import type {
  ActionRequest,
  CloseRequest,
  CommandRequest,
  ElementPlace,
  HomeRequest,
  JsonObject,
  OptionsAnswer,
  OptionsRequest,
  PostMessageRequest,
  ShortcutRequest,
  StateValues,
  SubmitAnswer,
  SubmitRequest,
} from './web/protocol.js';
import { describeViolation } from '../slack/block-kit-limits.js';

export interface BotEndpoint {
  /** The bot's `POST /slack/events`. */
  eventsUrl: string;
  signingSecret: string;
}

export interface InteractionsOptions {
  workspace: Workspace;
  standIn: SlackStandIn;
  bot: BotEndpoint;
  team: { id: string; domain: string };
  appId: string;
  botUserId: string;
  /** The slash command the app declares (`/talep`). */
  command: string;
  /** How long Slack waits for an ack (3 s); a later ack is reported. */
  ackDeadlineMs?: number;
  /** How long the playground waits before giving up on an ack. */
  giveUpMs?: number;
}

/** A person acted on something that is not there (any more), or not theirs: the page is told so. */
export class NotThere extends Error {
  override readonly name = 'NotThere';
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The element `actionId` of block `blockId` in a list of blocks (an action, accessory or input element). */
export function findElement(blocks: unknown, blockId: string, actionId: string): JsonObject | undefined {
  if (!Array.isArray(blocks)) return undefined;
  const block = blocks.filter(isObject).find((candidate) => candidate.block_id === blockId);
  if (!block) return undefined;
  const elements = [...(Array.isArray(block.elements) ? block.elements : []), block.accessory, block.element].filter(isObject);
  return elements.find((element) => element.action_id === actionId);
}

export class SlackInteractions {
  readonly #ws: Workspace;
  readonly #standIn: SlackStandIn;
  readonly #options: InteractionsOptions;

  constructor(options: InteractionsOptions) {
    this.#ws = options.workspace;
    this.#standIn = options.standIn;
    this.#options = options;
  }

  #person(userId: string) {
    const person = this.#ws.person(userId);
    if (!person) throw new NotThere(`Nobody called ${userId} is in this workspace.`);
    return person;
  }

  #team(): JsonObject {
    return { id: this.#options.team.id, domain: this.#options.team.domain };
  }

  #user(userId: string): JsonObject {
    const person = this.#person(userId);
    return { id: person.id, username: person.name, name: person.name, team_id: this.#options.team.id };
  }

  #channel(channel: string): JsonObject {
    return { id: channel, name: this.#ws.channelName(channel) ?? channel };
  }

  /** Posts a signed body to the bot; reports a late ack, and a failed or missing one as Slack words it. */
  async #send(userId: string, what: string, body: string, contentType: string, failure?: { channel: string; says: (error: string) => string }): Promise<SignedAnswer | undefined> {
    const { ackDeadlineMs = 3_000, giveUpMs = 15_000 } = this.#options;
    const started = Date.now();
    let answer: SignedAnswer | undefined;
    try {
      answer = await postSigned(this.#options.bot.eventsUrl, this.#options.bot.signingSecret, body, { contentType, signal: AbortSignal.timeout(giveUpMs) });
    } catch {
      answer = undefined;
    }
    const took = Date.now() - started;
    if (!answer || answer.status !== 200) {
      const error = answer ? 'dispatch_failed' : 'operation_timeout';
      this.#ws.notice(userId, 'failed', `The app did not acknowledge ${what}: Slack would say "${error}".`, answer ? [`HTTP ${answer.status}: ${String(answer.body).slice(0, 200)}`] : [`No answer within ${giveUpMs / 1000} s.`]);
      if (failure) this.#ws.slackbotSays(userId, failure.channel, failure.says(error));
      return undefined;
    }
    if (took > ackDeadlineMs) {
      this.#ws.notice(userId, 'slow', `The app took ${(took / 1000).toFixed(1)} s to acknowledge ${what}.`, [
        `Slack waits ${ackDeadlineMs / 1000} s: in a real workspace this would have failed with "operation_timeout".`,
      ]);
    }
    return answer;
  }

  #sendPayload(userId: string, what: string, payload: JsonObject, failure?: { channel: string; says: (error: string) => string }) {
    return this.#send(userId, what, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), 'application/x-www-form-urlencoded', failure);
  }

  /** The answer's Block Kit problems as Slack's error lines; reported to the person when Slack would refuse it. */
  #refusedAnswer(userId: string, kind: string, answer: unknown, what: string): string[] {
    const refused = this.#standIn.checkAnswer(kind, answer).filter((violation) => violation.effect === 'refused');
    const lines = refused.map((violation) => describeViolation(violation, kind === 'view_submission' ? '/view' : ''));
    if (lines.length > 0) this.#ws.notice(userId, 'refused', `Slack refused the app's answer to ${what}.`, lines);
    return lines;
  }

  #visibleMessage(userId: string, channel: string, ts: string) {
    const message = this.#ws.message(channel, ts);
    if (!message || (message.ephemeralFor && message.ephemeralFor !== userId)) throw new NotThere('That message is not there any more.');
    if (channel.startsWith('D') && channel !== this.#ws.dmOf(userId)) throw new NotThere('That conversation is not yours.');
    return message;
  }

  // ── things people do ──────────────────────────────────────────────────────────────────────────

  /**
   * A plain message, and the `message` event Slack sends the app for it (message.channels: thread sync,
   * request and triage channels). The event goes out in the background: the page does not wait for it.
   */
  postMessage(request: PostMessageRequest, files: SlackFileObject[]): void {
    this.#person(request.as);
    if (!this.#ws.channelName(request.channel)) throw new NotThere('That channel does not exist.');
    if (request.threadTs) this.#visibleMessage(request.as, request.channel, request.threadTs);
    const stored = this.#ws.post({
      channel: request.channel,
      user: request.as,
      text: request.text,
      ...(files.length > 0 ? { files } : {}),
      ...(request.threadTs ? { threadTs: request.threadTs } : {}),
    });
    if (request.channel.startsWith('D')) return;
    const body = JSON.stringify({
      token: 'playground-verification-token',
      team_id: this.#options.team.id,
      api_app_id: this.#options.appId,
      type: 'event_callback',
      event_id: `Ev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      event_time: Math.floor(Date.now() / 1000),
      event: {
        type: 'message',
        channel: request.channel,
        channel_type: 'channel',
        user: request.as,
        text: request.text,
        ts: stored.ts,
        event_ts: stored.ts,
        ...(files.length > 0 ? { files, subtype: 'file_share' } : {}),
        ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
      },
    });
    void this.#send(request.as, 'a message event', body, 'application/json');
  }

  /** `/talep …` typed in a channel or the app's DM. */
  async command(request: CommandRequest): Promise<void> {
    const person = this.#person(request.as);
    const channelName = this.#ws.channelName(request.channel);
    if (!channelName) throw new NotThere('That channel does not exist.');
    const { command } = this.#options;
    const responseUrl = this.#ws.issueResponseUrl({ userId: person.id, channel: request.channel });
    const form = new URLSearchParams({
      token: 'playground-verification-token',
      team_id: this.#options.team.id,
      team_domain: this.#options.team.domain,
      channel_id: request.channel,
      channel_name: channelName,
      user_id: person.id,
      user_name: person.name,
      command,
      text: request.text,
      api_app_id: this.#options.appId,
      is_enterprise_install: 'false',
      response_url: responseUrl,
      trigger_id: this.#ws.issueTrigger(person.id),
    });
    const answer = await this.#send(person.id, `${command} ${request.text}`.trim(), form.toString(), 'application/x-www-form-urlencoded', {
      channel: request.channel,
      says: (error) => `${command} failed with the error "${error}"`,
    });
    // An ack may carry the answer itself (Slack shows it like a response_url post).
    if (answer && isObject(answer.body) && ('text' in answer.body || 'blocks' in answer.body)) {
      if (this.#refusedAnswer(person.id, 'slash_command', answer.body, command).length > 0) return;
      this.#ws.respond(responseUrl.split('/').pop() ?? '', answer.body);
    }
  }

  /** A message shortcut from a message's menu, or a global shortcut. */
  async shortcut(request: ShortcutRequest): Promise<void> {
    const person = this.#person(request.as);
    const common = {
      callback_id: request.callbackId,
      trigger_id: this.#ws.issueTrigger(person.id),
      team: this.#team(),
      user: this.#user(person.id),
      api_app_id: this.#options.appId,
      token: 'playground-verification-token',
      action_ts: String(Date.now() / 1000),
      is_enterprise_install: false,
      enterprise: null,
    };
    if (!request.message) {
      await this.#sendPayload(person.id, `the shortcut "${request.callbackId}"`, { type: 'shortcut', ...common });
      return;
    }
    const { channel, ts } = request.message;
    const message = this.#visibleMessage(person.id, channel, ts);
    if (message.ephemeralFor) throw new NotThere('Shortcuts are not offered on messages only you can see.');
    await this.#sendPayload(person.id, `the message shortcut "${request.callbackId}"`, {
      type: 'message_action',
      ...common,
      channel: this.#channel(channel),
      message: this.#ws.slackMessage(channel, ts) ?? {},
      message_ts: ts,
      response_url: this.#ws.issueResponseUrl({ userId: person.id, channel, ...(message.threadTs ? { threadTs: message.threadTs } : {}) }),
    });
  }

  /** Where an element is, as the payload's container (and the view, message and response_url that go with it). */
  #placeFields(userId: string, place: ElementPlace, state: StateValues): { fields: JsonObject; blocks: unknown } {
    if (place.kind === 'view') {
      const view = this.#ws.openModalOf(userId, place.viewId) ?? (this.#ws.homeOf(userId)?.id === place.viewId ? this.#ws.homeOf(userId) : undefined);
      if (!view) throw new NotThere('That view is closed.');
      return {
        fields: { container: { type: 'view', view_id: view.id }, view: { ...view.view, state: { values: state } } },
        blocks: view.view.blocks,
      };
    }
    const message = this.#visibleMessage(userId, place.channel, place.ts);
    const ephemeral = message.ephemeralFor !== undefined;
    return {
      fields: {
        container: {
          type: 'message',
          message_ts: message.ts,
          channel_id: place.channel,
          is_ephemeral: ephemeral,
          ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
        },
        channel: this.#channel(place.channel),
        // Slack leaves an ephemeral message out of the payload: the app answers through the response_url.
        ...(ephemeral ? {} : { message: this.#ws.slackMessage(place.channel, place.ts) }),
        state: { values: state },
        response_url: this.#ws.issueResponseUrl({
          userId,
          channel: place.channel,
          messageTs: message.ts,
          ...(message.threadTs ? { threadTs: message.threadTs } : {}),
        }),
      },
      blocks: message.blocks,
    };
  }

  /** A button pressed, an option chosen, a date picked… */
  async action(request: ActionRequest): Promise<void> {
    const person = this.#person(request.as);
    const { fields, blocks } = this.#placeFields(person.id, request.place, request.state);
    const element = findElement(blocks, request.action.block_id, request.action.action_id);
    if (!element) throw new NotThere('That control is not there any more.');
    const action: JsonObject = {
      ...request.action,
      type: element.type,
      ...(element.type === 'button' ? { text: element.text, ...(element.value !== undefined ? { value: element.value } : {}), ...(element.style ? { style: element.style } : {}) } : {}),
      action_ts: String(Date.now() / 1000),
    };
    await this.#sendPayload(person.id, `the action "${request.action.action_id}"`, {
      type: 'block_actions',
      team: this.#team(),
      user: this.#user(person.id),
      api_app_id: this.#options.appId,
      token: 'playground-verification-token',
      trigger_id: this.#ws.issueTrigger(person.id),
      is_enterprise_install: false,
      enterprise: null,
      ...fields,
      actions: [action],
    });
  }

  /** An external select asks for options as the person types. */
  async options(request: OptionsRequest): Promise<OptionsAnswer> {
    const person = this.#person(request.as);
    const { fields, blocks } = this.#placeFields(person.id, request.place, request.state);
    if (!findElement(blocks, request.blockId, request.actionId)) throw new NotThere('That menu is not there any more.');
    const { response_url: _url, ...withoutResponseUrl } = fields;
    const answer = await this.#sendPayload(person.id, `the options request of "${request.actionId}"`, {
      type: 'block_suggestion',
      team: this.#team(),
      user: { id: person.id, name: person.name, team_id: this.#options.team.id },
      api_app_id: this.#options.appId,
      token: 'playground-verification-token',
      action_id: request.actionId,
      block_id: request.blockId,
      value: request.value,
      ...withoutResponseUrl,
    });
    if (!answer || !isObject(answer.body)) return { options: [] };
    const refused = this.#refusedAnswer(person.id, 'block_suggestion', answer.body, `the options request of "${request.actionId}"`);
    if (refused.length > 0) return { options: [], refused };
    const { options, option_groups: groups } = answer.body;
    return {
      options: Array.isArray(options) ? options.filter(isObject) : [],
      ...(Array.isArray(groups) ? { optionGroups: groups.filter(isObject) } : {}),
    };
  }

  /** The modal's submit button. */
  async submit(request: SubmitRequest): Promise<SubmitAnswer> {
    const person = this.#person(request.as);
    const view = this.#ws.openModalOf(person.id, request.viewId);
    if (!view) throw new NotThere('That modal is closed.');
    const answer = await this.#sendPayload(person.id, `the submission of "${String(view.view.callback_id)}"`, {
      type: 'view_submission',
      team: this.#team(),
      user: this.#user(person.id),
      api_app_id: this.#options.appId,
      token: 'playground-verification-token',
      trigger_id: this.#ws.issueTrigger(person.id),
      view: { ...view.view, state: { values: request.state } },
      response_urls: [],
      is_enterprise_install: false,
      enterprise: null,
    });
    // Slack keeps the modal open when the app did not acknowledge (it shows an error in it).
    if (!answer) return { outcome: 'kept' };
    const body = isObject(answer.body) ? answer.body : {};
    const action = body.response_action;
    if (action === 'errors' && isObject(body.errors)) {
      return { outcome: 'errors', errors: Object.fromEntries(Object.entries(body.errors).map(([block, error]) => [block, String(error)])) };
    }
    if ((action === 'update' || action === 'push') && isObject(body.view)) {
      if (this.#refusedAnswer(person.id, 'view_submission', body, `the submission of "${String(view.view.callback_id)}"`).length > 0) return { outcome: 'kept' };
      if (action === 'update') {
        this.#ws.replaceView(person.id, view.id, body.view);
        return { outcome: 'updated' };
      }
      return this.#ws.pushView(person.id, body.view) ? { outcome: 'pushed' } : { outcome: 'kept' };
    }
    if (action === 'clear') {
      this.#ws.clearModals(person.id);
      return { outcome: 'cleared' };
    }
    this.#ws.closeModal(person.id, view.id);
    return { outcome: 'closed' };
  }

  /** The modal's close button: Slack tells the app only when the view asked (`notify_on_close`). */
  async close(request: CloseRequest): Promise<void> {
    const person = this.#person(request.as);
    const view = this.#ws.openModalOf(person.id, request.viewId);
    if (!view) return;
    if (view.view.clear_on_close === true) this.#ws.clearModals(person.id);
    else this.#ws.closeModal(person.id, view.id);
    if (view.view.notify_on_close !== true) return;
    await this.#sendPayload(person.id, `the closing of "${String(view.view.callback_id)}"`, {
      type: 'view_closed',
      team: this.#team(),
      user: this.#user(person.id),
      api_app_id: this.#options.appId,
      token: 'playground-verification-token',
      view: view.view,
      is_cleared: view.view.clear_on_close === true,
      is_enterprise_install: false,
      enterprise: null,
    });
  }

  /** The person opened the app's Home tab: `app_home_opened`, with the tab as it was. */
  async openHome(request: HomeRequest): Promise<void> {
    const person = this.#person(request.as);
    const home = this.#ws.homeOf(person.id);
    const body = JSON.stringify({
      token: 'playground-verification-token',
      team_id: this.#options.team.id,
      api_app_id: this.#options.appId,
      type: 'event_callback',
      event_id: `Ev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ team_id: this.#options.team.id, user_id: this.#options.botUserId, is_bot: true, is_enterprise_install: false }],
      event: {
        type: 'app_home_opened',
        user: person.id,
        channel: this.#ws.dmOf(person.id),
        tab: 'home',
        event_ts: String(Date.now() / 1000),
        ...(home ? { view: home.view } : {}),
      },
    });
    await this.#send(person.id, 'app_home_opened', body, 'application/json');
  }
}
