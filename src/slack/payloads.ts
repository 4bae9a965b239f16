/**
 * The kernel's edge: what each kind of interaction payload must look like before the kernel builds a
 * context from it and a listener runs. The HTTP receiver's envelope check (./slack-envelope.ts) only
 * covers what Bolt reads to route a request; this covers what the kernel and the listeners read — the
 * person and team, the container, the view (title, hash, state), the channel, the message, the
 * response_url, the trigger id, the pressed element's value or selection — with Slack's own limits, so
 * a listener never sees a shape it did not expect (a number for a title, a string for `selected_options`,
 * a 100 KB "value", a response_url that is not a web address).
 *
 * A payload that fails is acknowledged and logged by the dispatcher (./dispatch.ts), never run.
 */
import * as z from 'zod';

/** Slack ids: users, teams, channels, views (`U0123ABC`, `T1`, `D0X`, `V0Y`); kept short and plain. */
const SLACK_ID = /^[\w-]{1,64}$/;
const slackId = z.string().regex(SLACK_ID, 'is not a Slack id');
/** Opaque Slack strings (hashes, trigger ids, timestamps, block and action ids). */
const token = (max: number) => z.string().max(max);

/**
 * A response_url: a web address (Slack's are https://hooks.slack.com/…), never anything else. Checked by
 * its shape (scheme, a host, no spaces), not by a full URL parse: every slash command carries one, and
 * `z.url()` parsing it was 2 % of a burst's CPU; a URL that passes this and still fails to parse only
 * makes its own reply fail, as any unreachable address would.
 */
const WEB_ADDRESS = /^https?:\/\/(?:[\w.-]+|\[[\d:a-f.]+\])(?::\d{1,5})?(?:[/?#][^\s\x00-\x1f\x7f]*)?$/i;
export const responseUrl = z.string().max(1000).regex(WEB_ADDRESS, 'is not an http(s) address');

/** An option as Slack sends a selection back. */
const option = z.looseObject({ value: token(2000), text: z.looseObject({ text: z.string().max(2000) }).optional() });

/** One element's state in `view.state.values`, or a pressed element, by the fields the bot reads. */
const elementState = {
  type: token(64),
  value: z.string().max(100_000).nullable().optional(),
  selected_option: option.nullable().optional(),
  selected_options: z.array(option).max(200).optional(),
  selected_user: slackId.nullable().optional(),
  selected_users: z.array(slackId).max(200).optional(),
  selected_conversation: slackId.nullable().optional(),
  selected_conversations: z.array(slackId).max(200).optional(),
  selected_channel: slackId.nullable().optional(),
  selected_channels: z.array(slackId).max(200).optional(),
  selected_date: token(32).nullable().optional(),
  selected_time: token(32).nullable().optional(),
  selected_date_time: z.number().nullable().optional(),
  files: z.array(z.looseObject({ id: token(64) })).max(20).optional(),
};

/** At most `max` keys (a modal has at most 100 blocks; a block's inputs are fewer). */
const recordOf = <T extends z.ZodType>(value: T, max: number) =>
  z.record(token(255), value).refine((record) => Object.keys(record).length <= max, { message: `has more than ${max} entries` });

export const stateValues = recordOf(recordOf(z.looseObject(elementState), 25), 100);

const view = z.looseObject({
  id: slackId,
  type: token(32).optional(),
  callback_id: token(255).optional(),
  hash: token(255).optional(),
  private_metadata: z.string().max(3000).optional(),
  title: z.looseObject({ text: z.string().max(1000) }).optional(),
  state: z.looseObject({ values: stateValues }).optional(),
  root_view_id: slackId.nullable().optional(),
  previous_view_id: slackId.nullable().optional(),
});

/** Who acted and where, as every interaction payload says it. */
const interaction = {
  type: z.string(),
  user: z.looseObject({ id: slackId, team_id: slackId.optional() }),
  team: z.looseObject({ id: slackId }).nullable().optional(),
  channel: z.looseObject({ id: slackId }).optional(),
  trigger_id: token(255).optional(),
  response_url: responseUrl.optional(),
};

/** The pressed element (Bolt's `payload`: the first of `actions`). */
export const blockActionElement = z.looseObject({
  ...elementState,
  type: token(64),
  action_id: token(255),
  block_id: token(255).optional(),
  value: token(2000).optional(),
  action_ts: token(32).optional(),
});

export const blockActionPayload = z.looseObject({
  ...interaction,
  type: z.literal('block_actions'),
  trigger_id: token(255),
  actions: z.array(blockActionElement).min(1).max(25),
  container: z
    .looseObject({
      type: token(64).optional(),
      is_ephemeral: z.boolean().optional(),
      view_id: slackId.optional(),
      message_ts: token(32).optional(),
      channel_id: slackId.optional(),
    })
    .optional(),
  view: view.optional(),
  message: z.looseObject({ ts: token(32), thread_ts: token(32).optional() }).optional(),
});

export const viewSubmissionPayload = z.looseObject({
  ...interaction,
  type: z.literal('view_submission'),
  view: view.extend({ callback_id: token(255), state: z.looseObject({ values: stateValues }) }),
});

export const viewClosedPayload = z.looseObject({
  ...interaction,
  type: z.literal('view_closed'),
  view: view.extend({ callback_id: token(255) }),
});

export const blockSuggestionPayload = z.looseObject({
  ...interaction,
  type: z.literal('block_suggestion'),
  action_id: token(255),
  block_id: token(255),
  value: z.string().max(2000),
  view: view.optional(),
});

export const shortcutPayload = z.looseObject({
  ...interaction,
  type: z.literal('shortcut'),
  callback_id: token(255),
  trigger_id: token(255),
});

export const messageShortcutPayload = z.looseObject({
  ...interaction,
  type: z.literal('message_action'),
  callback_id: token(255),
  trigger_id: token(255),
  channel: z.looseObject({ id: slackId }),
  message: z.looseObject({ ts: token(32), thread_ts: token(32).optional(), text: z.string().max(100_000).optional() }),
});

/** A command's text may be as long as a message's. */
const TEXT_MAX = 40_000;

/**
 * A slash command's form fields (all strings in form encoding); the text as Slack allows a message.
 * Slack always sends a response_url and a trigger id with a command: the kernel answers through the one
 * and opens modals with the other.
 */
export const slashCommandPayload = z.looseObject({
  command: token(64).regex(/^\//, 'must start with /'),
  team_id: slackId,
  user_id: slackId,
  channel_id: slackId,
  text: z.string().max(TEXT_MAX).optional(),
  response_url: responseUrl,
  trigger_id: token(255),
});

/**
 * `slashCommandPayload`'s rules written out, for the common case: true only when the schema passes too
 * (test/unit/slash-command-check.test.ts compares them), false sends the command to the schema, which
 * says what is wrong. Every command of a burst is checked: the schema's pass, cold in a burst's first
 * moments, was about 3 % of its CPU and allocation (issue 13).
 */
export function isReadableSlashCommand(fields: Record<string, unknown>): boolean {
  const { command, team_id, user_id, channel_id, text, response_url, trigger_id } = fields;
  return (
    typeof command === 'string' && command.length <= 64 && command.startsWith('/') &&
    isSlackId(team_id) && isSlackId(user_id) && isSlackId(channel_id) &&
    (text === undefined || (typeof text === 'string' && text.length <= TEXT_MAX)) &&
    typeof response_url === 'string' && response_url.length <= 1000 && WEB_ADDRESS.test(response_url) &&
    typeof trigger_id === 'string' && trigger_id.length <= 255
  );
}

const isSlackId = (value: unknown): boolean => typeof value === 'string' && SLACK_ID.test(value);

/**
 * Slash commands the receiver already found to match `slashCommandPayload` (./slack-envelope.ts checks
 * a command against it first: it is stricter than the envelope's own check), so the kernel does not parse the
 * same body twice: a zod pass with a URL parse, about 4 % of the CPU of a `help` burst (issue 13).
 */
export const checkedSlashCommands = new WeakSet<object>();

/** Why a payload failed its schema, for the log: where and what, never the value (it may be user text). */
export function payloadProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map(String).join('.').slice(0, 120) || 'body';
  return `${path}: ${issue?.message.slice(0, 120) ?? 'invalid'}`;
}
