/**
 * What the bot learned of a talep in the last minute, as one person saw it: its record, its
 * comments, whether they are subscribed. A card is re-rendered after an action from this plus what
 * the action did (a close is a closed talep; an added comment is that comment), instead of reading
 * everything again, and a second `show` within the minute re-reads only the record.
 *
 * Bounded (LRU, 2,000 entries, one minute each). Kept per person: what a talep and its comments look
 * like depends on who asks (agents-only comments). Any hint that a talep changed (`services.talepChanges`:
 * the webhook, the poller, the bot's own writes) drops what every person knew of it.
 */
import { LRUCache } from 'lru-cache';
import type { Comment, Talep } from '../../api/schemas.js';
import type { Who } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';

const TTL_MS = 60_000;

interface Known {
  /** `patchedAt`: when an action last applied what it did to the record (see `patchTalep`). */
  talep?: { value: Talep; at: number; patchedAt?: number };
  comments?: { value: readonly Comment[]; at: number };
  subscribed?: boolean;
}

const known = new LRUCache<string, Known>({ max: 2_000, ttl: TTL_MS });
const watched = new WeakSet<Services>();

const keyOf = (who: Who, talepId: number) => `${talepId}|${who.teamId}:${who.userId}`;

/** Drops what anyone knew of these taleps when the change bus says they changed (subscribes once per services). */
export function watchChanges(services: Services): void {
  if (watched.has(services) || !services.talepChanges) return;
  watched.add(services);
  services.talepChanges.subscribe((change) => {
    // The bot's own writes update what the writer knows themselves; others must read again.
    forgetTalep(change.talepId);
  });
}

/** Every person's knowledge of this talep (someone changed it); `except`: the one who changed it knows. */
export function forgetTalep(talepId: number, except?: Who): void {
  const prefix = `${talepId}|`;
  const kept = except ? keyOf(except, talepId) : undefined;
  for (const key of [...known.keys()]) if (key.startsWith(prefix) && key !== kept) known.delete(key);
}

function entry(who: Who, talepId: number): Known {
  const key = keyOf(who, talepId);
  let found = known.get(key);
  if (!found) known.set(key, (found = {}));
  return found;
}

export function rememberTalep(who: Who, talep: Talep, now = performance.now()): void {
  entry(who, talep.TalepID).talep = { value: talep, at: now };
}

/**
 * The record as this person last saw it with what their action did applied (`patchTalep` at or after
 * `since`, the action's start). A record merely read, even during the action, is not enough: the
 * action may have changed the talep after reading it.
 */
export function knownTalep(who: Who, talepId: number, since: number): Talep | undefined {
  const talep = known.get(keyOf(who, talepId))?.talep;
  return talep?.patchedAt !== undefined && talep.patchedAt >= since ? talep.value : undefined;
}

/** What an action did to the record (e.g. closed it): applied to what this person knows, if anything. */
export function patchTalep(who: Who, talepId: number, patch: Partial<Talep>): void {
  const found = known.get(keyOf(who, talepId));
  const now = performance.now();
  if (found?.talep) found.talep = { value: { ...found.talep.value, ...patch }, at: now, patchedAt: now };
  forgetTalep(talepId, who);
}

export function rememberComments(who: Who, talepId: number, comments: readonly Comment[]): void {
  entry(who, talepId).comments = { value: comments, at: performance.now() };
}

/** This person added a comment: they know it (appended), everyone else reads the comments again. */
export function rememberOwnComment(who: Who, talepId: number, comments: readonly Comment[]): void {
  rememberComments(who, talepId, comments);
  forgetTalep(talepId, who);
}

export function knownComments(who: Who, talepId: number): readonly Comment[] | undefined {
  return known.get(keyOf(who, talepId))?.comments?.value;
}

export function rememberSubscribed(who: Who, talepId: number, subscribed: boolean): void {
  entry(who, talepId).subscribed = subscribed;
}

export function knownSubscribed(who: Who, talepId: number): boolean | undefined {
  return known.get(keyOf(who, talepId))?.subscribed;
}
