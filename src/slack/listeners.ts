/**
 * How an area declares what it listens to. A listener is always written the same way: what it listens
 * for (an action id, a callback id, an event type), what it needs (see ./middleware.ts), and the
 * handler. Areas export tables of these; ./dispatch.ts routes every request to the one listener it is
 * for, through a map (not by walking every listener's middleware for every request).
 */
import type {
  AckFn,
  BlockAction,
  BlockElementAction,
  BlockSuggestion,
  GlobalShortcut,
  MessageShortcut,
  ViewClosedAction,
  ViewOutput,
  ViewResponseAction,
  ViewSubmitAction,
} from '@slack/bolt';
import type { PlainTextOption } from '../views/kit/blocks.js';
import type { Who } from './actor.js';
import type { StateValues } from './forms.js';
import type { Acting, InModal, Interaction } from './interaction.js';
import type { Granted, Needs } from './middleware.js';
import type { ModalRender, ModalSurface } from './surface.js';

export type ListenerId = string | RegExp;

// ── contexts ────────────────────────────────────────────────────────────────────────────────────

export interface ActionCtx<A = BlockElementAction> extends Interaction {
  body: BlockAction;
  action: A;
  triggerId: string;
  /** The channel of the message the control is on, when it is on a message in a channel. */
  channelId: string | undefined;
  /** The message the control is on, when it is on one. */
  messageTs: string | undefined;
  /** The open view the control is in (modal or App Home), when it is in one. */
  view: ViewOutput | undefined;
  /** The modal the control is in, as a surface; undefined outside modals. */
  modal: ModalSurface | undefined;
  /** Where the control lives. */
  container: 'message' | 'ephemeral' | 'modal' | 'home' | 'unknown';
}

export interface SubmitCtx extends Interaction {
  surface: ModalSurface;
  body: ViewSubmitAction;
  view: ViewOutput;
  values: StateValues;
  /** Answers Slack's request (close, `errors`, `update`, `push`, `clear`); at most once, within 3 s. */
  ack: AckFn<ViewResponseAction>;
}

export interface ClosedCtx extends Interaction {
  body: ViewClosedAction;
  view: ViewOutput;
}

export interface OptionsCtx extends Interaction {
  body: BlockSuggestion;
  /** What the person typed so far. */
  query: string;
}

export interface OptionsAnswer {
  options?: PlainTextOption[];
  option_groups?: { label: { type: 'plain_text'; text: string }; options: PlainTextOption[] }[];
}

export interface ShortcutCtx extends Interaction {
  body: GlobalShortcut;
  triggerId: string;
}

export interface MessageShortcutCtx extends Interaction {
  body: MessageShortcut;
  triggerId: string;
  channelId: string;
  message: MessageShortcut['message'];
}

export interface EventCtx<E = Record<string, unknown>> extends Omit<Interaction, 'surface' | 'who'> {
  event: E;
  body: Record<string, unknown>;
  teamId: string | undefined;
  /** Slack re-sent this event (its first delivery was not acknowledged in time). */
  retryNum: number | undefined;
  /** The event's `event_id` (the kernel already skipped a repeat of one it has handled). */
  eventId: string | undefined;
  /**
   * Whether this event id was handled before, by this process or an earlier one (the persisted store,
   * kept ≥ 1 h). Listeners ask once an event turned out to matter (after their quick in-memory filter,
   * so a flood of unrelated events reads and writes nothing), and record it with `handled()` once its
   * work is stored: a crash in between lets Slack's re-send do it again (the work must be idempotent).
   */
  handledBefore(): Promise<boolean>;
  handled(): Promise<void>;
}

/** A workflow step's outputs, by the output parameter names its manifest definition declares. */
export type StepOutputs = Record<string, string | number | boolean>;

/**
 * A custom workflow step (`function_executed`). It has no surface: it answers with its outputs (the
 * kernel calls `functions.completeSuccess`), or fails with one sentence (`functions.completeError`),
 * which Workflow Builder shows to the person who ran the workflow.
 */
export interface FunctionCtx extends Omit<Interaction, 'surface' | 'who'> {
  callbackId: string;
  /** The step's inputs as Slack sent them: the listener validates what it reads. */
  inputs: Record<string, unknown>;
  functionExecutionId: string;
  teamId: string | undefined;
  /**
   * The person who ran the workflow: the value of the step's `slack#/types/user_context` input, which
   * Slack fills in from the person's own action (a workflow's builder cannot set it). Undefined when
   * the step declares no such input.
   */
  who: Who | undefined;
  body: Record<string, unknown>;
}

/** Thrown by a step to fail with this sentence (bad inputs, a refusal worded for the step). */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
}

// ── needs per kind ──────────────────────────────────────────────────────────────────────────────

/** An action may also ask to be answered in the modal it is in (with a render of its own for problems). */
export interface ActionNeeds<C> extends Needs<C> {
  modal?: true | ((ctx: C) => ModalRender);
}

/** A step may ask for the linked account of the person who ran the workflow (`ctx.actor` acts as them). */
export interface FunctionNeeds {
  linked?: true;
}

export interface SubmitNeeds<C> extends Needs<C> {
  /** How the modal shows a problem after the ack (default: a closable warning with the view's title). */
  render?: (ctx: C) => ModalRender;
}

// ── the listener table ──────────────────────────────────────────────────────────────────────────

export type Listener =
  | { kind: 'action'; id: ListenerId; needs: ActionNeeds<ActionCtx>; handle(ctx: ActionCtx): Promise<void> }
  | { kind: 'submit'; id: ListenerId; needs: SubmitNeeds<SubmitCtx>; handle(ctx: SubmitCtx): Promise<void> }
  | { kind: 'closed'; id: ListenerId; handle(ctx: ClosedCtx): Promise<void> }
  | { kind: 'options'; id: ListenerId; needs: Needs<OptionsCtx>; handle(ctx: OptionsCtx): Promise<OptionsAnswer> }
  | { kind: 'shortcut'; id: ListenerId; needs: Needs<ShortcutCtx>; handle(ctx: ShortcutCtx): Promise<void> }
  | { kind: 'message-shortcut'; id: ListenerId; needs: Needs<MessageShortcutCtx>; handle(ctx: MessageShortcutCtx): Promise<void> }
  | { kind: 'event'; id: string; handle(ctx: EventCtx): Promise<void>; answerAfterWork?: boolean }
  | { kind: 'function'; id: string; needs: FunctionNeeds; handle(ctx: FunctionCtx): Promise<StepOutputs> };

type AnyHandler = (ctx: never) => Promise<unknown>;

/** Most listeners are declared as (id, handle) or (id, needs, handle). */
function declare<K extends Listener['kind']>(kind: K, id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  const [needs, run] = typeof needsOrHandle === 'function' ? [{}, needsOrHandle] : [needsOrHandle, handle];
  return { kind, id, needs, handle: run } as unknown as Listener;
}

type InModalIf<C, N> = N extends { modal: unknown } ? Omit<C, 'surface'> & InModal : C;

/** A button, select, overflow or date picker in a message, a modal or the App Home. */
export function onAction<A = BlockElementAction>(id: ListenerId, handle: (ctx: ActionCtx<A>) => Promise<void>): Listener;
export function onAction<A = BlockElementAction, const N extends object = object>(
  id: ListenerId,
  needs: N & ActionNeeds<ActionCtx<A>>,
  handle: (ctx: InModalIf<Granted<ActionCtx<A>, N>, N>) => Promise<void>,
): Listener;
export function onAction(id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('action', id, needsOrHandle, handle);
}

/** A control that only needs its acknowledgement (a link button still sends an action). */
export const acknowledgeOnly = (id: ListenerId): Listener => onAction(id, async () => undefined);

/** A modal's submission. */
export function onSubmit(id: ListenerId, handle: (ctx: SubmitCtx) => Promise<void>): Listener;
export function onSubmit<const N extends object>(
  id: ListenerId,
  needs: N & SubmitNeeds<SubmitCtx>,
  handle: (ctx: Granted<SubmitCtx, N>) => Promise<void>,
): Listener;
export function onSubmit(id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('submit', id, needsOrHandle, handle);
}

/** A modal closed with Cancel (only for views opened with `notify_on_close`). */
export function onClosed(id: ListenerId, handle: (ctx: ClosedCtx) => Promise<void>): Listener {
  return { kind: 'closed', id, handle };
}

/** The options of an external select, as the person types. */
export function onOptions(id: ListenerId, handle: (ctx: OptionsCtx) => Promise<OptionsAnswer>): Listener;
export function onOptions<const N extends object>(
  id: ListenerId,
  needs: N & Needs<OptionsCtx>,
  handle: (ctx: Granted<OptionsCtx, N>) => Promise<OptionsAnswer>,
): Listener;
export function onOptions(id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('options', id, needsOrHandle, handle);
}

/** A global shortcut (the lightning menu). */
export function onShortcut(id: ListenerId, handle: (ctx: ShortcutCtx) => Promise<void>): Listener;
export function onShortcut<const N extends object>(
  id: ListenerId,
  needs: N & Needs<ShortcutCtx>,
  handle: (ctx: Granted<ShortcutCtx, N>) => Promise<void>,
): Listener;
export function onShortcut(id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('shortcut', id, needsOrHandle, handle);
}

/** A message shortcut (a message's ⋮ menu). */
export function onMessageShortcut(id: ListenerId, handle: (ctx: MessageShortcutCtx) => Promise<void>): Listener;
export function onMessageShortcut<const N extends object>(
  id: ListenerId,
  needs: N & Needs<MessageShortcutCtx>,
  handle: (ctx: Granted<MessageShortcutCtx, N>) => Promise<void>,
): Listener;
export function onMessageShortcut(id: ListenerId, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('message-shortcut', id, needsOrHandle, handle);
}

/**
 * An Events API event (`app_home_opened`, …). `answerAfterWork`: Slack is answered (in HTTP mode) only
 * once the handler finished (≤ 2.5 s), so work it stores durably is stored before Slack hears the event
 * arrived — a crash before that makes Slack send the event again (the handler must be idempotent).
 */
export function onEvent<E = Record<string, unknown>>(
  type: string,
  handle: (ctx: EventCtx<E>) => Promise<void>,
  options: { answerAfterWork?: true } = {},
): Listener {
  return { kind: 'event', id: type, handle: handle as (ctx: EventCtx) => Promise<void>, ...(options.answerAfterWork ? { answerAfterWork: true } : {}) };
}

/** A custom workflow step, by its callback id (the key of its definition under `functions` in manifest.yml). */
export function onFunction(callbackId: string, handle: (ctx: FunctionCtx) => Promise<StepOutputs>): Listener;
export function onFunction<const N extends FunctionNeeds>(
  callbackId: string,
  needs: N,
  handle: (ctx: N extends { linked: true } ? FunctionCtx & Acting & { who: Who } : FunctionCtx) => Promise<StepOutputs>,
): Listener;
export function onFunction(callbackId: string, needsOrHandle: object | AnyHandler, handle?: AnyHandler): Listener {
  return declare('function', callbackId, needsOrHandle, handle);
}

/** A value a button carries, when it carries one. */
export const buttonValue = (action: unknown): string | undefined =>
  typeof action === 'object' && action !== null && 'value' in action && typeof action.value === 'string' ? action.value : undefined;

/** The value of the option chosen in a select or overflow menu. */
export const selectedOptionValue = (action: unknown): string | undefined => {
  const selected = (action as { selected_option?: { value?: unknown } | null } | undefined)?.selected_option?.value;
  return typeof selected === 'string' ? selected : undefined;
};
