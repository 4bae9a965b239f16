/**
 * Reading what the bot sent to the Slack stand-in: response_url posts per request, "queued" notices
 * and the wait they announce, buttons, and the modals opened per trigger_id. Recognising a notice by
 * its words ("queued", "about N s / min") keeps the benchmark independent of how the bot builds it;
 * if the wording changes, the queue scenario reports zero notices and that shows in the table.
 */
import type { ResponseUrlPost, SlackCall } from '../../src/playground/slack-stand-in.js';

export interface TimedPost {
  at: number;
  body: Record<string, unknown>;
}

const responseUrlId = (responseUrl: string) => responseUrl.split('/').pop() ?? '';

/** Posts to each response_url, oldest first, keyed by the URL the request carried. */
export function postsByResponseUrl(posts: readonly ResponseUrlPost[], responseUrls: readonly string[]): Map<string, TimedPost[]> {
  const byId = new Map<string, TimedPost[]>();
  for (const post of posts) {
    const list = byId.get(post.id) ?? [];
    list.push({ at: post.at, body: post.body });
    byId.set(post.id, list);
  }
  return new Map(responseUrls.map((url) => [url, (byId.get(responseUrlId(url)) ?? []).sort((a, b) => a.at - b.at)]));
}

/** Every text of a message: its `text` and the texts inside its blocks. */
export function textOf(message: object): string {
  const texts: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      if (key === 'text') texts.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  walk(message);
  return texts.join('\n');
}

export const isQueuedNotice = (message: object): boolean => /\bqueued\b/i.test(textOf(message));

/** The wait a notice announces ("about 40 s", "about 2 min"), in ms. */
export function announcedWaitMs(message: object): number | undefined {
  const match = /about (\d+(?:\.\d+)?)\s*(s|sec|seconds?|min|minutes?)\b/i.exec(textOf(message));
  if (!match) return undefined;
  const amount = Number(match[1]);
  return /^m/i.test(match[2] ?? '') ? amount * 60_000 : amount * 1000;
}

/** Buttons (and other interactive elements) of a message: its actions blocks and accessories. */
export function elementsOf(message: object): Record<string, unknown>[] {
  const raw = 'blocks' in message ? message.blocks : undefined;
  const blocks = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
  return blocks.flatMap((block) => {
    if (block.type === 'actions' && Array.isArray(block.elements)) return block.elements as Record<string, unknown>[];
    return typeof block.accessory === 'object' && block.accessory !== null ? [block.accessory as Record<string, unknown>] : [];
  });
}

/** A button that cancels: its action id or label says so. */
export const hasCancelButton = (message: object): boolean =>
  elementsOf(message).some((element) => /cancel/i.test(`${String(element.action_id ?? '')} ${textOf({ text: element.text })}`));

/** The first `views.open` per trigger_id, with the view id the stand-in gave it. */
export function viewsOpenedByTrigger(calls: readonly SlackCall[]): Map<string, { at: number; viewId: string | undefined }> {
  const opened = new Map<string, { at: number; viewId: string | undefined }>();
  for (const call of calls) {
    if (call.method !== 'views.open' || typeof call.args.trigger_id !== 'string' || opened.has(call.args.trigger_id)) continue;
    const view = call.reply.view as { id?: unknown } | undefined;
    opened.set(call.args.trigger_id, { at: call.at, viewId: typeof view?.id === 'string' ? view.id : undefined });
  }
  return opened;
}

/** The first `views.update` of each view whose blocks pass `test`. */
export function firstViewUpdates(calls: readonly SlackCall[], test: (blocks: unknown[]) => boolean): Map<string, number> {
  const updated = new Map<string, number>();
  for (const call of calls) {
    if (call.method !== 'views.update' || typeof call.args.view_id !== 'string' || updated.has(call.args.view_id)) continue;
    const view = call.args.view as { blocks?: unknown } | undefined;
    if (Array.isArray(view?.blocks) && test(view.blocks)) updated.set(call.args.view_id, call.at);
  }
  return updated;
}
