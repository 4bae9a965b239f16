/**
 * Builds Slack's requests the way Slack sends them — form-encoded, with `X-Slack-Signature` over
 * `v0:<timestamp>:<body>` — and posts them to the app's HTTP receiver.
 *
 * What the app answers in the HTTP response is a payload for Slack too (an external select's options,
 * a view submission's `response_action` view, a message in an ack): it is checked against Block Kit's
 * limits like every Web API call, and what breaks them is recorded in the stand-in's `violations`.
 */
import type { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { postRaw, postSigned, slackSignature } from '../../src/playground/signed-requests.js';

export interface SentRequest {
  status: number;
  /** The HTTP response body (an ack payload, e.g. options or response_action), parsed when JSON. */
  body: unknown;
  /** The response_url the request carried (slash commands, block actions, shortcuts). */
  responseUrl: string | undefined;
}

export const signature = slackSignature;

export interface Actor {
  userId: string;
  teamId?: string;
  channelId?: string;
}

/** Slack's action_ts and view ids are unique per click and per view: so are the tests'. */
let sequence = 0;
const nextActionTs = () => `${Math.floor(Date.now() / 1000)}.${String(++sequence % 1_000_000).padStart(6, '0')}`;

export class SlackRequests {
  constructor(
    readonly eventsUrl: string,
    private readonly signingSecret: string,
    private readonly slack: SlackStandIn,
  ) {}

  /** Posts a raw body with chosen headers (for signature tests). */
  async raw(body: string, headers: Record<string, string>, contentType = 'application/x-www-form-urlencoded'): Promise<SentRequest> {
    return { ...(await postRaw(this.eventsUrl, body, headers, contentType)), responseUrl: undefined };
  }

  async signed(body: string, contentType = 'application/x-www-form-urlencoded', timestamp = Math.floor(Date.now() / 1000)): Promise<SentRequest> {
    return { ...(await postSigned(this.eventsUrl, this.signingSecret, body, { contentType, timestamp })), responseUrl: undefined };
  }

  /**
   * One delivery of an interaction `payload`, signed at `timestamp` (a copy must be signed anew: the
   * receiver refuses a signature it has seen), with Slack's retry headers when `retryNum` is given.
   */
  async delivery(payload: Record<string, unknown>, options: { timestamp?: number; retryNum?: number } = {}): Promise<SentRequest> {
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const retry: Record<string, string> =
      options.retryNum === undefined ? {} : { 'x-slack-retry-num': String(options.retryNum), 'x-slack-retry-reason': 'http_timeout' };
    const sent = await this.raw(body, {
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signature(this.signingSecret, timestamp, body),
      ...retry,
    });
    this.slack.checkAnswer(String(payload.type), sent.body);
    return sent;
  }

  /** `responseUrl`: one of the fake Slack's, e.g. one the test expired first; default a fresh one. */
  async slash(actor: Actor, text: string, command = '/talep', responseUrl = this.slack.responseUrl()): Promise<SentRequest> {
    const form = new URLSearchParams({
      token: 'legacy-verification-token',
      team_id: actor.teamId ?? 'T1',
      team_domain: 'test',
      channel_id: actor.channelId ?? 'C1',
      channel_name: 'helpdesk',
      user_id: actor.userId,
      user_name: actor.userId.toLowerCase(),
      command,
      text,
      api_app_id: 'A1',
      response_url: responseUrl,
      trigger_id: `trigger-${Date.now()}-${Math.random()}`,
    });
    const sent = await this.signed(form.toString());
    this.slack.checkAnswer('slash_command', sent.body);
    if (typeof sent.body === 'object' && sent.body !== null && ('text' in sent.body || 'blocks' in sent.body)) {
      this.slack.answeredInAck(responseUrl, sent.body as Record<string, unknown>);
    }
    return { ...sent, responseUrl };
  }

  /** Any interactivity payload (`block_actions`, `view_submission`, `shortcut`, `message_action`, `block_suggestion`...). */
  async interaction(payload: Record<string, unknown>): Promise<SentRequest> {
    const form = new URLSearchParams({ payload: JSON.stringify(payload) });
    const responseUrl = typeof payload.response_url === 'string' ? payload.response_url : undefined;
    const sent = await this.signed(form.toString());
    this.slack.checkAnswer(String(payload.type), sent.body);
    return { ...sent, responseUrl };
  }

  async blockAction(
    actor: Actor,
    action: { action_id: string; value?: string; block_id?: string; type?: string } & Record<string, unknown>,
    container: { message?: Record<string, unknown>; view?: Record<string, unknown>; ephemeral?: boolean } = {},
  ): Promise<SentRequest> {
    const responseUrl = container.view ? undefined : this.slack.responseUrl();
    return this.interaction({
      type: 'block_actions',
      team: { id: actor.teamId ?? 'T1', domain: 'test' },
      user: { id: actor.userId, username: actor.userId.toLowerCase(), team_id: actor.teamId ?? 'T1' },
      api_app_id: 'A1',
      trigger_id: `trigger-${Date.now()}-${Math.random()}`,
      channel: container.view ? undefined : { id: actor.channelId ?? 'C1', name: 'helpdesk' },
      container: container.view
        ? { type: 'view', view_id: container.view.id }
        : { type: 'message', message_ts: '1700000000.000001', channel_id: actor.channelId ?? 'C1', is_ephemeral: container.ephemeral ?? true },
      message: container.message,
      view: container.view,
      response_url: responseUrl,
      actions: [{ type: 'button', block_id: 'b', action_ts: nextActionTs(), ...action }],
    });
  }

  async viewSubmission(
    actor: Actor,
    view: { callback_id: string; private_metadata?: string; id?: string; hash?: string; values?: Record<string, Record<string, unknown>> },
  ): Promise<SentRequest> {
    return this.interaction(this.submissionPayload(actor, view));
  }

  /**
   * A view_submission's payload as Slack builds it: a view without an id gets one of its own, and the
   * hash is the view's current one (Slack's hash changes with every views.update).
   */
  submissionPayload(
    actor: Actor,
    view: { callback_id: string; private_metadata?: string; id?: string; hash?: string; values?: Record<string, Record<string, unknown>> },
  ): Record<string, unknown> {
    const id = view.id ?? `V-submitted-${++sequence}`;
    return {
      type: 'view_submission',
      team: { id: actor.teamId ?? 'T1', domain: 'test' },
      user: { id: actor.userId, username: actor.userId.toLowerCase(), team_id: actor.teamId ?? 'T1' },
      api_app_id: 'A1',
      trigger_id: `trigger-${Date.now()}-${Math.random()}`,
      view: {
        id,
        type: 'modal',
        callback_id: view.callback_id,
        private_metadata: view.private_metadata ?? '',
        state: { values: view.values ?? {} },
        hash: view.hash ?? this.slack.viewHashes.get(id) ?? 'h',
        team_id: actor.teamId ?? 'T1',
        app_id: 'A1',
        blocks: [],
      },
      response_urls: [],
    };
  }

  async messageShortcut(
    actor: Actor,
    callbackId: string,
    message: { ts: string; text: string; user?: string; files?: Record<string, unknown>[]; thread_ts?: string },
  ): Promise<SentRequest> {
    const responseUrl = this.slack.responseUrl();
    return this.interaction({
      type: 'message_action',
      callback_id: callbackId,
      team: { id: actor.teamId ?? 'T1', domain: 'test' },
      user: { id: actor.userId, name: actor.userId.toLowerCase(), team_id: actor.teamId ?? 'T1' },
      channel: { id: actor.channelId ?? 'C1', name: 'helpdesk' },
      message: { type: 'message', user: message.user ?? 'UAUTHOR', ...message },
      message_ts: message.ts,
      response_url: responseUrl,
      trigger_id: `trigger-${Date.now()}-${Math.random()}`,
      action_ts: String(Date.now() / 1000),
    });
  }

  async globalShortcut(actor: Actor, callbackId: string): Promise<SentRequest> {
    return this.interaction({
      type: 'shortcut',
      callback_id: callbackId,
      team: { id: actor.teamId ?? 'T1', domain: 'test' },
      user: { id: actor.userId, username: actor.userId.toLowerCase(), team_id: actor.teamId ?? 'T1' },
      trigger_id: `trigger-${Date.now()}-${Math.random()}`,
      action_ts: String(Date.now() / 1000),
    });
  }

  /** External-select typing: the app answers the options in the HTTP response body. */
  async blockSuggestion(
    actor: Actor,
    actionId: string,
    value: string,
    view?: Record<string, unknown>,
  ): Promise<SentRequest> {
    return this.interaction({
      type: 'block_suggestion',
      team: { id: actor.teamId ?? 'T1', domain: 'test' },
      user: { id: actor.userId, name: actor.userId.toLowerCase(), team_id: actor.teamId ?? 'T1' },
      action_id: actionId,
      block_id: 'b',
      value,
      api_app_id: 'A1',
      container: view ? { type: 'view', view_id: view.id } : { type: 'message' },
      view,
    });
  }

  /** An Events API event; `retryNum` sends it as Slack re-sends one whose ack was late (same `eventId`). */
  async event(event: Record<string, unknown>, teamId = 'T1', options: { eventId?: string; retryNum?: number } = {}): Promise<SentRequest> {
    const body = JSON.stringify({
      token: 'legacy',
      team_id: teamId,
      api_app_id: 'A1',
      type: 'event_callback',
      event_id: options.eventId ?? `Ev${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      event_time: Math.floor(Date.now() / 1000),
      event,
    });
    if (options.retryNum === undefined) return this.signed(body, 'application/json');
    // Slack signs a retry again, later than the first delivery (the same signature would be a replay).
    const timestamp = Math.floor(Date.now() / 1000) + options.retryNum;
    return this.raw(
      body,
      {
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signature(this.signingSecret, timestamp, body),
        'x-slack-retry-num': String(options.retryNum),
        'x-slack-retry-reason': 'http_timeout',
      },
      'application/json',
    );
  }
}
