/**
 * Where an answer goes: ONE type for every place the bot can speak to the person who acted.
 *
 *   respond    the response_url of a slash command or a message button (ephemeral; can replace the
 *              message the button was on)
 *   ephemeral  chat.postEphemeral in a channel (after a modal closed, when the channel is known)
 *   dm         the app's Messages tab with the person: always reachable
 *   modal      an open modal (views.update with its id and, when known, hash)
 *
 * Every surface falls back to a DM when its own channel is gone (an expired response_url, a channel the
 * bot is not in, a modal the person already closed), so an answer is never lost silently. What a surface
 * may be asked to say has a tone, because a modal shows a progress notice, a problem and a result
 * differently, while a message shows all three as a message.
 *
 * A message marked `confidential` (agents-only content) is shown only ephemerally or in a modal: a DM
 * says a short notice instead, and a lasting message (a DM card, a card in a channel) is answered with
 * an ephemeral reply rather than replaced. The mark itself never goes to Slack.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { english, type Messages } from '../i18n/messages.js';
import type { ModalView, SlackMessage } from '../views/kit/blocks.js';
import { confidentialElsewhereMessage } from '../views/kit/notices.js';
import { resultView, workingView } from '../views/kit/states.js';
import { extended } from '../objects.js';

export type Tone = 'result' | 'progress' | 'problem';

export interface Surface {
  readonly kind: 'respond' | 'ephemeral' | 'dm' | 'modal';
  /** A message only the acting person sees. In a modal it replaces the modal's content. */
  send(message: SlackMessage, tone?: Tone): Promise<void>;
  /**
   * Replaces what the person acted on (the card whose button was pressed) where that is possible
   * (a response_url of a message); elsewhere the same as `send`.
   */
  replace(message: SlackMessage): Promise<void>;
}

/** How a modal shows a message of each tone. */
export interface ModalRender {
  progress(text: string): ModalView;
  problem(text: string): ModalView | Promise<ModalView>;
  result?(message: SlackMessage): ModalView;
}

export interface ModalSurface extends Surface {
  readonly kind: 'modal';
  readonly viewId: string;
  /** Shows `view` in the modal. With a hash, an update that lost a race to a newer one is dropped. */
  update(view: ModalView): Promise<void>;
  /** The same modal, showing messages through another render (e.g. the form again with a banner). */
  withRender(render: ModalRender): ModalSurface;
}

export interface SurfaceDeps {
  client: webApi.WebClient;
  /** The person who acted: the DM fallback goes to them. */
  userId: string;
  logger: { info(...args: unknown[]): void; warn(...args: unknown[]): void };
  /** Posts to a response_url (Bolt's `respond`, or a plain POST for a URL kept from an earlier interaction). */
  postToResponseUrl(url: string, payload: Record<string, unknown>): Promise<void>;
}

/** Slack errors that mean "this place is gone or closed to the app", so the DM is the right fallback. */
const GONE = new Set([
  'not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action', 'cannot_dm_bot', 'user_not_in_channel',
  'not_found', 'view_not_found', 'expired_trigger_id', 'used_url', 'expired_url', 'ekm_access_denied',
]);

export const slackErrorCode = (error: unknown): string | undefined => {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return typeof code === 'string' ? code : undefined;
};

/** Slack Web API failures that mean "the app cannot post here" (not a member, a DM between people…). */
export function cannotPostHere(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== undefined && ['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action', 'cannot_dm_bot'].includes(code);
}

/** A response_url that answered with an error status, or a Slack error code meaning the place is gone. */
export function isGone(error: unknown): boolean {
  const code = slackErrorCode(error);
  if (code) return GONE.has(code);
  return error instanceof ResponseUrlError;
}

export class ResponseUrlError extends Error {
  override readonly name = 'ResponseUrlError';
}

/** What goes to Slack: the message without the kernel's marks. */
export function forSlack(message: SlackMessage): Omit<SlackMessage, 'confidential'> {
  const { confidential: _mark, ...sent } = message;
  return sent;
}

/**
 * The Messages tab with the person. It stays, and shows on every device the person is signed in on:
 * agents-only content is never put there, only a notice that it was held back.
 */
export function dmSurface(deps: SurfaceDeps): Surface {
  const send = async (message: SlackMessage) => {
    let sent = message;
    if (message.confidential) {
      deps.logger.info(`an answer with agents-only details was held back from ${deps.userId}'s Messages tab; a notice was sent instead`);
      sent = confidentialElsewhereMessage();
    }
    await deps.client.chat.postMessage({ channel: deps.userId, ...forSlack(sent), unfurl_links: false, unfurl_media: false });
  };
  return { kind: 'dm', send, replace: send };
}

/** Tries `first`; when its place is gone, says it through `fallback` (a DM unless told otherwise). */
async function orElse(
  deps: SurfaceDeps,
  first: () => Promise<void>,
  message: SlackMessage,
  what: string,
  fallback: Surface = dmSurface(deps),
): Promise<void> {
  try {
    await first();
  } catch (error) {
    if (!isGone(error)) throw error;
    deps.logger.info(`${what} unusable (${slackErrorCode(error) ?? String(error)}); answering through ${fallback.kind}`);
    await fallback.send(message);
  }
}

/**
 * A response_url (slash command, message button). `ephemeralOriginal`: the button was on an ephemeral
 * message (replacing it must stay ephemeral); false for a message the app posted in its Messages tab.
 */
export function respondSurface(deps: SurfaceDeps, responseUrl: string, ephemeralOriginal = true, fallback?: Surface): Surface {
  const post = (message: SlackMessage, asked: boolean) => {
    // Replacing a lasting message would make agents-only details last: they go in an ephemeral reply.
    const replace = asked && (ephemeralOriginal || !message.confidential);
    return orElse(
      deps,
      () =>
        deps.postToResponseUrl(
          responseUrl,
          extended(replace && !ephemeralOriginal ? { replace_original: replace } : { response_type: 'ephemeral', replace_original: replace }, forSlack(message)),
        ),
      message,
      'response_url',
      fallback,
    );
  };
  return { kind: 'respond', send: (message) => post(message, false), replace: (message) => post(message, true) };
}

/** An ephemeral message in a channel (in a thread when `threadTs` is given). */
export function ephemeralSurface(deps: SurfaceDeps, channel: string, threadTs?: string, fallback?: Surface): Surface {
  const send = (message: SlackMessage) =>
    orElse(
      deps,
      async () => {
        await deps.client.chat.postEphemeral({ channel, user: deps.userId, ...forSlack(message), ...(threadTs ? { thread_ts: threadTs } : {}) });
      },
      message,
      `ephemeral post in ${channel}`,
      fallback,
    );
  return { kind: 'ephemeral', send, replace: send };
}

/** A modal's plain look: a spinner line while working, a closable warning or result otherwise. */
export const plainModalRender = (title: string, m: Messages = english): ModalRender => ({
  progress: (text) => workingView(title, text, m),
  problem: (text) => resultView(title, `:warning: ${text}`, undefined, m),
  result: (message) => resultView(title, message.text, undefined, m),
});

/** A modal has its own look: the leading emoji of a message sentence is dropped. */
export const withoutLeadingEmoji = (text: string): string => text.replace(/^(?::[\w+-]{1,100}:\s*)+/, '');

/** A modal; once it is closed, what it is sent goes to `fallback` (default: a DM). */
export function modalSurface(
  deps: SurfaceDeps,
  view: { id: string; hash?: string | undefined },
  render: ModalRender,
  fallback?: Surface,
): ModalSurface {
  let hash = view.hash;
  const update = async (next: ModalView) => {
    try {
      const answer = await deps.client.views.update({ view_id: view.id, ...(hash ? { hash } : {}), view: next });
      hash = (answer.view as { hash?: string } | undefined)?.hash ?? undefined;
    } catch (error) {
      // Another update (a click, a refresh) got there first: ours is newer, so it wins.
      if (slackErrorCode(error) !== 'hash_conflict') throw error;
      hash = undefined;
      await deps.client.views.update({ view_id: view.id, view: next });
    }
  };
  const viewFor = async (message: SlackMessage, tone: Tone): Promise<ModalView> => {
    const text = withoutLeadingEmoji(message.text);
    if (tone === 'progress') return render.progress(text);
    if (tone === 'problem') return render.problem(text);
    return render.result ? render.result(message) : render.problem(text);
  };
  const send = async (message: SlackMessage, tone: Tone = 'result') =>
    orElse(deps, async () => update(await viewFor(message, tone)), message, `modal ${view.id}`, fallback);
  return {
    kind: 'modal',
    viewId: view.id,
    update,
    send,
    replace: (message) => send(message),
    withRender: (next) => modalSurface(deps, { id: view.id, ...(hash ? { hash } : {}) }, next, fallback),
  };
}

// ── surfaces kept across a modal's life ─────────────────────────────────────────────────────────────

/**
 * Where the answer to a modal goes once it closes, kept in the modal's private_metadata: the
 * response_url of the card that opened it (`u`, replaced when `r`), else the channel (`c`), else a DM.
 */
export const surfaceRefSchema = z.object({
  u: z.url({ protocol: /^https?$/ }).max(500).optional(),
  c: z.string().max(40).optional(),
  r: z.boolean().optional(),
  e: z.boolean().optional(),
});
export type SurfaceRef = z.infer<typeof surfaceRefSchema>;

/** The surface a ref names; each step falls back to the next (response_url → channel → DM). */
export function surfaceFromRef(deps: SurfaceDeps, ref: SurfaceRef | undefined): Surface {
  const inChannel = ref?.c ? ephemeralSurface(deps, ref.c) : dmSurface(deps);
  if (!ref?.u) return inChannel;
  const viaUrl = respondSurface(deps, ref.u, ref.e ?? true, inChannel);
  return { kind: 'respond', send: viaUrl.send, replace: ref.r ? viaUrl.replace : viaUrl.send };
}
