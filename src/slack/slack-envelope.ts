/**
 * Parses and checks the body of a (signed) Slack request before Bolt sees it. Bolt reads the outer
 * fields of a payload without checking them (`body.ssl_check` of `null`, `'channel' in event` of a
 * string, `actions[0]` of a number…), so a malformed body crashes it or ends in a 500; here every body
 * is sorted exactly as Bolt will sort it (event, command, options, action, shortcut, view) and the
 * fields Bolt touches for that sort are checked with zod. Anything else is `malformed`, answered 400.
 *
 * Only the envelope is checked — ids, containers, the view's identity — not every field a listener may
 * read: listeners still validate their own inputs.
 */
import { parse as parseForm } from 'node:querystring';
import * as z from 'zod';
import { checkedSlashCommands, isReadableSlashCommand, slashCommandPayload } from './payloads.js';

export type ParsedSlackBody =
  | { kind: 'url-verification'; challenge: string }
  /** Slack stopped sending events for a minute (`app_rate_limited`): acknowledge, log, nothing to run. */
  | { kind: 'rate-limited'; teamId: string | undefined }
  /** For Bolt: the body as Slack sent it, and a short description for logs (no user text). */
  | { kind: 'dispatch'; body: Record<string, unknown>; label: string }
  | { kind: 'malformed'; reason: string };

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** The media type without parameters, lower case (`application/json; charset=utf-8` → `application/json`). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Slack's SSL check (`ssl_check=1`, form-encoded): answered 200 before any other check, as Bolt does. */
export function isSslCheck(contentType: string | undefined, raw: Buffer): boolean {
  // Every command and interaction is asked this before its signature is checked, so a body is parsed
  // (as `fromForm` parses it) only when a field's name may read `ssl_check`: parsing every form here was
  // 1.5 % of a burst's CPU. A repeated field's first value decides.
  if (mediaType(contentType) !== FORM || raw.length > 4096 || !mayNameSslCheck(raw)) return false;
  const value = parseForm(raw.toString('utf8')).ssl_check;
  return (Array.isArray(value) ? value[0] : value) === '1';
}

/** A `%` in a field's name: after the start or an `&`, before any `=`. */
const PERCENT_IN_A_NAME = /(?:^|&)[^=&]*%/;

/** Whether some field's name is `ssl_check` or percent-encoded (names of Slack's own forms never are). */
function mayNameSslCheck(raw: Buffer): boolean {
  // Native searches: a byte loop in JavaScript ran cold through a burst's first requests (3 % of its CPU).
  return raw.includes('ssl_check') || PERCENT_IN_A_NAME.test(raw.toString('latin1'));
}

// ── the envelope, per kind of body ─────────────────────────────────────────────────────────────

const idObject = z.looseObject({ id: z.string() });
const team = z.looseObject({ id: z.string(), enterprise_id: z.string().nullable().optional() });
const user = z.looseObject({ id: z.string(), team_id: z.string().optional() });

const view = z.looseObject({
  id: z.string(),
  callback_id: z.string().optional(),
  type: z.string().optional(),
  private_metadata: z.string().optional(),
  hash: z.string().optional(),
  app_installed_team_id: z.string().optional(),
  state: z.looseObject({ values: z.record(z.string(), z.record(z.string(), z.looseObject({}))) }).optional(),
});

/** Fields every interactive payload shares, as Bolt reads them. */
const interactive = {
  type: z.string(),
  team: team.nullable().optional(),
  user,
  enterprise: idObject.nullable().optional(),
  channel: idObject.optional(),
  api_app_id: z.string().optional(),
  trigger_id: z.string().optional(),
  response_url: z.string().optional(),
  response_urls: z.array(z.looseObject({ response_url: z.string() })).optional(),
  is_enterprise_install: z.boolean().optional(),
  callback_id: z.string().optional(),
  view: view.optional(),
  container: z.looseObject({ type: z.string().optional() }).optional(),
  message: z.looseObject({ ts: z.string().optional(), thread_ts: z.string().optional() }).optional(),
  function_data: z.looseObject({ execution_id: z.string(), inputs: z.looseObject({}).optional() }).optional(),
  bot_access_token: z.string().optional(),
};

const action = z.looseObject({
  action_id: z.string().optional(),
  /** Legacy attachments' buttons have a name instead of an action_id. */
  name: z.string().optional(),
  block_id: z.string().optional(),
  type: z.string().optional(),
  value: z.string().optional(),
  action_ts: z.string().optional(),
});

const actionBody = z
  .looseObject({ ...interactive, actions: z.array(action).min(1).optional(), submission: z.looseObject({}).optional() })
  .refine((body) => body.type !== 'block_actions' || (body.actions ?? []).every((each) => typeof each.action_id === 'string'), {
    message: 'every block action needs an action_id',
  })
  .refine((body) => body.actions !== undefined || body.type === 'dialog_submission', { message: 'actions is missing' });

const optionsBody = z.union([
  z.looseObject({ ...interactive, type: z.literal('block_suggestion'), action_id: z.string(), block_id: z.string(), value: z.string() }),
  z.looseObject({ ...interactive, name: z.string(), value: z.string(), callback_id: z.string() }),
]);

const shortcutBody = z.union([
  z.looseObject({ ...interactive, type: z.literal('shortcut'), callback_id: z.string(), trigger_id: z.string() }),
  z.looseObject({
    ...interactive,
    type: z.literal('message_action'),
    callback_id: z.string(),
    trigger_id: z.string(),
    channel: idObject,
    message: z.looseObject({ ts: z.string(), thread_ts: z.string().optional(), text: z.string().optional(), user: z.string().optional() }),
    message_ts: z.string().optional(),
    response_url: z.string(),
  }),
]);

const viewBody = z.looseObject({
  ...interactive,
  type: z.enum(['view_submission', 'view_closed']),
  view: view.extend({ callback_id: z.string() }),
  is_cleared: z.boolean().optional(),
});

/** Form fields of a slash command: all strings (form encoding has no other type). */
const commandBody = z.looseObject({
  command: z.string().regex(/^\//, 'must start with /'),
  team_id: z.string(),
  user_id: z.string(),
  channel_id: z.string(),
  text: z.string().optional(),
  response_url: z.string().optional(),
  trigger_id: z.string().optional(),
  enterprise_id: z.string().optional(),
  is_enterprise_install: z.string().optional(),
});

const object = z.looseObject({});
const eventBody = z.looseObject({
  type: z.literal('event_callback'),
  team_id: z.string().optional(),
  enterprise_id: z.string().nullable().optional(),
  api_app_id: z.string().optional(),
  event_id: z.string().optional(),
  event_time: z.number().optional(),
  authorizations: z
    .array(
      z.looseObject({
        team_id: z.string().nullable().optional(),
        enterprise_id: z.string().nullable().optional(),
        is_enterprise_install: z.boolean().optional(),
      }),
    )
    .optional(),
  event: z.looseObject({
    type: z.string(),
    subtype: z.string().optional(),
    user: z.union([z.string(), idObject]).optional(),
    channel: z.union([z.string(), object]).optional(),
    channel_id: z.string().optional(),
    item: object.optional(),
    subteam: object.optional(),
    message: object.optional(),
    previous_message: object.optional(),
    assistant_thread: object.optional(),
    ts: z.string().optional(),
    thread_ts: z.string().optional(),
    text: z.string().optional(),
    tab: z.string().optional(),
    function_execution_id: z.string().optional(),
    bot_access_token: z.string().optional(),
    inputs: object.optional(),
  }),
});

type Category = 'event' | 'command' | 'options' | 'action' | 'shortcut' | 'view';

/** The same order of tests as Bolt's own sorting (`getTypeAndConversation`). */
function categoryOf(body: Record<string, unknown>): Category | undefined {
  if (body.event !== undefined) return 'event';
  if (body.command !== undefined) return 'command';
  if (body.name !== undefined || body.type === 'block_suggestion') return 'options';
  if (body.actions !== undefined || body.type === 'dialog_submission') return 'action';
  if (body.type === 'shortcut' || body.type === 'message_action') return 'shortcut';
  if (body.type === 'view_submission' || body.type === 'view_closed') return 'view';
  return undefined;
}

const schemas: Record<Category, z.ZodType> = {
  event: eventBody,
  command: commandBody,
  options: optionsBody,
  action: actionBody,
  shortcut: shortcutBody,
  view: viewBody,
};

// ── parsing ────────────────────────────────────────────────────────────────────────────────────

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks a signed body; never throws. */
export function parseSlackBody(contentType: string | undefined, raw: Buffer): ParsedSlackBody {
  try {
    const type = mediaType(contentType);
    if (type === FORM) return fromForm(raw.toString('utf8'));
    if (type === JSON_TYPE) return fromJson(raw.toString('utf8'));
    return { kind: 'malformed', reason: `unsupported content type '${type || 'none'}'` };
  } catch (error) {
    // JSON.parse (including a nesting too deep for the stack) and anything unforeseen.
    return { kind: 'malformed', reason: error instanceof Error ? error.message.slice(0, 120) : 'unreadable body' };
  }
}

function fromForm(text: string): ParsedSlackBody {
  // Parsed as Bolt parses it (node:querystring, which is also several times faster than URLSearchParams),
  // into an object without a prototype: a field named __proto__ stays a plain field. A repeated field
  // comes back as an array.
  const fields = parseForm(text, '&', '=', { maxKeys: 0 });
  for (const name in fields) {
    if (Array.isArray(fields[name])) return { kind: 'malformed', reason: `form field '${name.slice(0, 40)}' is repeated` };
  }
  const payload = fields.payload as string | undefined;
  if (payload !== undefined) return fromObject(JSON.parse(payload) as unknown, 'payload');
  if (fields.command !== undefined) return fromObject(fields as Record<string, unknown>, 'form');
  return { kind: 'malformed', reason: 'a form body needs payload= or a slash command' };
}

function fromJson(text: string): ParsedSlackBody {
  const body = JSON.parse(text) as unknown;
  if (isPlainObject(body) && body.type === 'url_verification') {
    return typeof body.challenge === 'string'
      ? { kind: 'url-verification', challenge: body.challenge }
      : { kind: 'malformed', reason: 'url_verification without a challenge' };
  }
  if (isPlainObject(body) && body.type === 'app_rate_limited') {
    return { kind: 'rate-limited', teamId: typeof body.team_id === 'string' ? body.team_id : undefined };
  }
  return fromObject(body, 'json');
}

function fromObject(body: unknown, where: 'payload' | 'form' | 'json'): ParsedSlackBody {
  if (!isPlainObject(body)) return { kind: 'malformed', reason: `the ${where} is ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}, not an object` };
  if (where !== 'form' && typeof body.type !== 'string') return { kind: 'malformed', reason: 'the body has no type' };
  const category = categoryOf(body);
  if (!category) return { kind: 'malformed', reason: `unsupported body type '${String(body.type).slice(0, 40)}'` };
  if (category === 'command' && where !== 'form') return { kind: 'malformed', reason: 'a slash command must be form-encoded' };
  // The kernel's check of a command is stricter than this one (a form's fields are all strings): one pass for both.
  if (category === 'command' && (isReadableSlashCommand(body) || slashCommandPayload.safeParse(body).success)) {
    checkedSlashCommands.add(body);
  } else {
    const checked = schemas[category].safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return { kind: 'malformed', reason: `${category}: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
    }
  }
  return { kind: 'dispatch', body, label: labelOf(category, body) };
}

/** What the request is, for logs: kind and ids only, never user text. */
function labelOf(category: Category, body: Record<string, unknown>): string {
  const safe = (value: unknown) => (typeof value === 'string' ? value.slice(0, 60) : '');
  switch (category) {
    case 'command':
      return `command ${safe(body.command)}`;
    case 'event':
      return `event ${safe((body.event as Record<string, unknown>).type)}`;
    case 'action': {
      const first = (body.actions as Record<string, unknown>[] | undefined)?.[0];
      return `${safe(body.type)} ${safe(first?.action_id ?? first?.name)}`.trim();
    }
    case 'options':
      return `${safe(body.type)} ${safe(body.action_id ?? body.name)}`.trim();
    case 'view':
      return `${safe(body.type)} ${safe((body.view as Record<string, unknown>).callback_id)}`;
    case 'shortcut':
      return `${safe(body.type)} ${safe(body.callback_id)}`;
  }
}
