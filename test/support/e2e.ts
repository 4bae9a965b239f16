/**
 * What the e2e suites read and wait for on top of the harness: answers posted to a response_url, Slack
 * calls made after a mark, the buttons of a message, and modals (the view a `views.update` showed, the
 * state Slack would submit for it). Each helper takes the suite's harness.
 */
import type { ViewStateValue, types } from '@slack/bolt';
import { expect } from 'vitest';
import { rowActionPattern } from '../../src/views/kit/blocks.js';
import type { SlackCall } from '../../src/playground/slack-stand-in.js';
import type { Harness, Person } from './harness.js';
import type { SentRequest } from './slack-requests.js';

export type Post = Record<string, unknown>;

export const json = (value: unknown): string => JSON.stringify(value);

// ── answers to a response_url ──────────────────────────────────────────────────────────────────

/** The `index`-th post to a response_url (0: the first answer), once it arrives. */
export function postTo(h: Pick<Harness, 'slack'>, responseUrl: string | undefined, what = 'a response_url post', index = 0): Promise<Post> {
  return h.slack.waitFor(() => h.slack.postsTo(responseUrl ?? '')[index], what);
}

export interface Answer {
  post: Post;
  responseUrl: string;
  status: number;
}

/** What to assert about a request and its answer on the way. */
export interface AnswerChecks {
  /** The request was acked with HTTP 200. */
  status?: boolean;
  /** The answer is ephemeral. */
  ephemeral?: boolean;
}

/** Waits for the first answer to a sent request's response_url. */
export async function answerTo(h: Harness, sending: Promise<SentRequest>, what: string, checks: AnswerChecks = {}): Promise<Answer> {
  const sent = await sending;
  if (checks.status) expect(sent.status).toBe(200);
  const responseUrl = sent.responseUrl ?? '';
  const post = await postTo(h, responseUrl, what);
  if (checks.ephemeral) expect(post.response_type).toBe('ephemeral');
  return { post, responseUrl, status: sent.status };
}

/** `/talep <text>` as `person`, and its first answer. */
export const slashAnswer = (h: Harness, person: Person, text: string, checks: AnswerChecks = {}): Promise<Answer> =>
  answerTo(h, h.send.slash(h.as(person), text), `the answer to /talep ${text}`, checks);

type BlockActionArgs = Parameters<Harness['send']['blockAction']>;

/** A button or select pressed as `person` (in an ephemeral message unless `container` says otherwise), and its first answer. */
export const pressAnswer = (
  h: Harness,
  person: Person,
  action: BlockActionArgs[1],
  checks: AnswerChecks = {},
  container?: BlockActionArgs[2],
): Promise<Answer> => answerTo(h, h.send.blockAction(h.as(person), action, container), `the answer to ${action.action_id}`, checks);

// ── Slack calls ────────────────────────────────────────────────────────────────────────────────

/** The calls of `method` made after the first `mark` calls (`mark`: `h.slack.calls.length` before acting). */
export const callsSince = (h: Pick<Harness, 'slack'>, mark: number, method: string): SlackCall[] =>
  h.slack.calls.slice(mark).filter((call) => call.method === method);

/** The call of `method` after the first `before` ones, once it is made. */
export const nextCall = (h: Harness, method: string, before: number): Promise<SlackCall> =>
  h.slack.waitFor(() => h.slack.callsTo(method)[before], method);

/** Runs `act` and returns the next call of `method` it caused. */
export async function nextCallAfter(h: Harness, method: string, act: () => Promise<unknown>): Promise<SlackCall> {
  const before = h.slack.callsTo(method).length;
  await act();
  return nextCall(h, method, before);
}

// ── messages ───────────────────────────────────────────────────────────────────────────────────

/** A button, select or other interactive element, with the fields the suites look at. */
export interface MessageElement {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
  style?: string;
  text?: unknown;
  confirm?: unknown;
  options?: unknown[];
  initial_option?: { value: string };
  initial_options?: unknown[];
  initial_value?: string;
  initial_date?: string;
}

/** The interactive elements of a message or view: the elements of its actions blocks and every accessory. */
export function elementsOf<E extends object = MessageElement>(message: unknown): E[] {
  const blocks = ((message as { blocks?: unknown } | undefined)?.blocks ?? []) as { type: string; elements?: E[]; accessory?: E }[];
  return blocks.flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : block.accessory ? [block.accessory] : []));
}

export const actionIdsOf = (message: unknown): (string | undefined)[] =>
  elementsOf<{ action_id?: string }>(message).map((element) => element.action_id);

/** The interactive elements of a message with action id `actionId`. */
export const elementsWithId = <E extends { action_id?: string } = MessageElement>(message: unknown, actionId: string): E[] =>
  elementsOf<E>(message).filter((element) => element.action_id === actionId);

/** The per-row elements of a list (`rowActionId(base, key)`, one action id each), in order. */
export const rowElements = <E extends { action_id?: string } = MessageElement>(message: unknown, base: string): E[] =>
  elementsOf<E>(message).filter((element) => rowActionPattern(base).test(element.action_id ?? ''));

// ── modals ─────────────────────────────────────────────────────────────────────────────────────

export interface View {
  id?: string;
  callback_id?: string;
  private_metadata?: string;
  submit?: unknown;
  blocks: (types.KnownBlock & { block_id?: string })[];
}

export const viewOf = (call: SlackCall): View => call.args.view as View;
/** The blocks of a view as JSON, to look for texts and ids in. */
export const viewText = (view: View): string => JSON.stringify(view.blocks);
export const inputBlocks = (view: View): types.InputBlock[] => view.blocks.filter((block): block is types.InputBlock => block.type === 'input');
/** The element of the input block `blockId`. */
export const inputElement = (view: View, blockId: string): Record<string, unknown> | undefined =>
  inputBlocks(view).find((block) => block.block_id === blockId)?.element as unknown as Record<string, unknown> | undefined;

export interface ShownModal {
  id: string;
  view: Record<string, unknown> & { private_metadata?: string };
}

/** The latest `views.update` of modal `viewId`, once it shows `shows`. */
export function modalShowing(h: Harness, viewId: string, shows: string): Promise<ShownModal> {
  return h.slack.waitFor(() => {
    const last = h.slack.callsTo('views.update').filter((call) => call.args.view_id === viewId).at(-1);
    return last && json(last.args.view).includes(shows) ? { id: viewId, view: last.args.view as ShownModal['view'] } : undefined;
  }, `modal ${viewId} showing “${shows}”`);
}

/** Runs `open` (which opens a modal in a loading state, then fills it in) and returns the modal once it shows `shows`. */
export async function modalOpenedBy(h: Harness, open: () => Promise<unknown>, shows: string): Promise<ShownModal> {
  const opens = h.slack.callsTo('views.open').length;
  const updates = h.slack.callsTo('views.update').length;
  await open();
  await nextCall(h, 'views.open', opens);
  const first = await nextCall(h, 'views.update', updates);
  return modalShowing(h, String(first.args.view_id), shows);
}

/** The latest `views.update` since `mark` (of `viewId`, when given) whose view passes `test`, once there is one. */
export function viewUpdateSince(h: Pick<Harness, 'slack'>, mark: number, test: (view: View) => boolean, what: string, viewId?: string): Promise<SlackCall> {
  return h.slack.waitFor(
    () => callsSince(h, mark, 'views.update').filter((call) => (viewId === undefined || call.args.view_id === viewId) && test(viewOf(call))).at(-1),
    what,
  );
}

/** What Slack sends back as `view.state.values`: block id → action id → value. */
export type StateValues = Record<string, Record<string, ViewStateValue>>;

/** Slack's state for a view submitted with its initial values, plus what the user changed. */
export function stateOf(view: View, changes: StateValues = {}): StateValues {
  const state: StateValues = {};
  for (const block of inputBlocks(view)) {
    const element = block.element as unknown as Record<string, unknown> & { type: string; action_id: string };
    const value: ViewStateValue = { type: element.type };
    if (typeof element.initial_value === 'string') value.value = element.initial_value;
    if (element.initial_option) value.selected_option = element.initial_option as ViewStateValue['selected_option'];
    if (Array.isArray(element.initial_options)) value.selected_options = element.initial_options as ViewStateValue['selected_options'];
    if (typeof element.initial_date === 'string') value.selected_date = element.initial_date;
    if (typeof element.initial_user === 'string') value.selected_user = element.initial_user;
    state[block.block_id as string] = { [element.action_id]: value };
  }
  return { ...state, ...changes };
}

/** A static select's state: option `value` (shown as `label`) picked. */
export const pick = (blockId: string, actionId: string, value: string, label = value): StateValues => ({
  [blockId]: { [actionId]: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: label }, value } } },
});

/** A text input's state under the forms' common action id `value`. */
export const textValue = (value: string | null) => ({ value: { type: 'plain_text_input', value } });
