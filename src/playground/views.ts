/**
 * The views of the playground's workspace: each person's modal stack and App Home tab, with Slack's
 * rules — a stack holds 3 views, `views.update` with a stale `hash` is a `hash_conflict`, a view is known
 * by its id or its `external_id`, and Slack fills in what a stored view carries (ids, hash, state…).
 * The trigger a modal needs is checked by the workspace before it asks here.
 */
import { randomBytes } from 'node:crypto';
import { fail, isObject, ok, text, withIds } from './slack-shapes.js';
import type { JsonObject } from './web/protocol.js';

export interface StoredView {
  id: string;
  userId: string;
  hash: string;
  view: JsonObject;
}

/** Slack's modal stack holds at most 3 views. */
export const MAX_STACK = 3;

export class Views {
  readonly #views = new Map<string, StoredView>();
  /** Per person: the ids of their open modals, bottom first. */
  readonly #stacks = new Map<string, string[]>();
  readonly #homes = new Map<string, string>();
  readonly #identity: { teamId: string; appId: string; botId: string };
  readonly #now: () => number;
  #counter = 0;

  constructor(identity: { teamId: string; appId: string; botId: string }, now: () => number) {
    this.#identity = identity;
    this.#now = now;
  }

  get(viewId: string): StoredView | undefined {
    return this.#views.get(viewId);
  }

  /** The person's modals, bottom first. */
  stackOf(userId: string): StoredView[] {
    return (this.#stacks.get(userId) ?? []).flatMap((id) => this.#views.get(id) ?? []);
  }

  /** `viewId` when it is one of the person's open modals. */
  modalOf(userId: string, viewId: string): StoredView | undefined {
    return (this.#stacks.get(userId) ?? []).includes(viewId) ? this.#views.get(viewId) : undefined;
  }

  homeOf(userId: string): StoredView | undefined {
    const id = this.#homes.get(userId);
    return id ? this.#views.get(id) : undefined;
  }

  /** A view as Slack stores it (a new id, or a new version of `id`: a new hash, the same root). */
  #store(userId: string, view: JsonObject, id = `V${String(++this.#counter).padStart(8, '0')}`): StoredView {
    const previous = this.#views.get(id);
    const stored: StoredView = {
      id,
      userId,
      hash: `${Math.floor(this.#now() / 1000)}.${randomBytes(4).toString('hex')}`,
      view: {
        ...view,
        id,
        team_id: this.#identity.teamId,
        app_id: this.#identity.appId,
        bot_id: this.#identity.botId,
        blocks: withIds(view.blocks) ?? [],
        private_metadata: text(view.private_metadata) ?? '',
        callback_id: text(view.callback_id) ?? '',
        external_id: text(view.external_id) ?? '',
        state: { values: {} },
        root_view_id: previous ? previous.view.root_view_id : id,
        previous_view_id: previous ? (previous.view.previous_view_id ?? null) : null,
        clear_on_close: view.clear_on_close === true,
        notify_on_close: view.notify_on_close === true,
      },
    };
    stored.view.hash = stored.hash;
    this.#views.set(id, stored);
    return stored;
  }

  /** views.open (a new stack) or views.push (on top of the person's stack). */
  open(userId: string, view: JsonObject, push: boolean): JsonObject {
    const stack = this.#stacks.get(userId) ?? [];
    if (push && stack.length === 0) return fail('not_found');
    if (push && stack.length >= MAX_STACK) return fail('push_limit_reached');
    if (!push) for (const id of stack.splice(0)) this.#views.delete(id);
    const stored = this.#store(userId, view);
    if (push) stored.view.previous_view_id = stack.at(-1) ?? null;
    stack.push(stored.id);
    this.#stacks.set(userId, stack);
    return ok({ view: stored.view });
  }

  /** views.update, by `view_id` or `external_id`, refused when the `hash` given is not the current one. */
  update(args: JsonObject): JsonObject {
    if (!isObject(args.view)) return fail('invalid_arguments');
    const byExternal = text(args.external_id) ? [...this.#views.values()].find((view) => view.view.external_id === args.external_id) : undefined;
    const found = text(args.view_id) ? this.#views.get(String(args.view_id)) : byExternal;
    if (!found) return fail('not_found');
    if (text(args.hash) && args.hash !== found.hash) return fail('hash_conflict');
    return ok({ view: this.#store(found.userId, args.view, found.id).view });
  }

  /** views.publish: the person's Home tab. */
  publish(userId: string, view: JsonObject, hash: string | undefined): JsonObject {
    const current = this.homeOf(userId);
    if (current && hash && hash !== current.hash) return fail('hash_conflict');
    const stored = this.#store(userId, view, current?.id);
    this.#homes.set(userId, stored.id);
    return ok({ view: stored.view });
  }

  /** A submission answered `update`: the same view, its new content. */
  replace(userId: string, viewId: string, view: JsonObject): boolean {
    const found = this.#views.get(viewId);
    if (!found || found.userId !== userId) return false;
    this.#store(userId, view, viewId);
    return true;
  }

  /** Closes `viewId` and the views pushed over it; false when it was not open. */
  close(userId: string, viewId: string): boolean {
    const stack = this.#stacks.get(userId) ?? [];
    const at = stack.indexOf(viewId);
    if (at < 0) return false;
    for (const id of stack.splice(at)) this.#views.delete(id);
    return true;
  }

  clear(userId: string): void {
    for (const id of this.#stacks.get(userId) ?? []) this.#views.delete(id);
    this.#stacks.set(userId, []);
  }
}
