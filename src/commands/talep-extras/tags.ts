/**
 * A talep's tags: add (one TagTalep per tag; the help desk creates missing tags), replace (UpdateTalep
 * `tags`) and remove (UpdateTalep with the tags that remain). Each answers with the notice for above
 * the refreshed card.
 */
import { sameTag } from '../../domain/tags.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { taggedNotice, tagsMissingText, tagsReplacedNotice, untaggedNotice } from '../../views/talep-extras/notices.js';
import type { TagArgs } from './args.js';

export async function tagTalep(actor: Actor, { talepId, tags }: TagArgs, m: Messages = english): Promise<string> {
  // One TagTalep per tag, in order, so a refusal part-way is clear.
  for (const name of tags) await actor.hd.tagTalep({ talepId, name });
  return taggedNotice(talepId, tags, m);
}

export async function replaceTags(actor: Actor, { talepId, tags }: TagArgs, m: Messages = english): Promise<string> {
  await actor.hd.updateTalep({ id: talepId, tags });
  return tagsReplacedNotice(talepId, tags, m);
}

/** UpdateTalep with the tags that remain; `changed: false` when the talep has none of them. */
export async function untagTalep(actor: Actor, { talepId, tags }: TagArgs, m: Messages = english): Promise<{ changed: boolean; text: string }> {
  const current = (await actor.hd.getTalep({ id: talepId })).Tags.map((tag) => tag.Name);
  const removed = current.filter((name) => tags.some((tag) => sameTag(tag, name)));
  if (removed.length === 0) return { changed: false, text: tagsMissingText(talepId, tags, current, m) };
  await actor.hd.updateTalep({ id: talepId, tags: current.filter((name) => !removed.includes(name)) });
  return { changed: true, text: untaggedNotice(talepId, removed, m) };
}
