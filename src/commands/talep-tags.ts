/**
 * A talep's tags: `/talep tag <id> <tag>[, tag2]` (one TagTalep per tag; the help desk creates missing
 * tags), `tags <id> <a, b>` (replaces them: UpdateTalep `tags`) and `untag <id> <tag>` (UpdateTalep with
 * the tags that remain). Each answers with the refreshed card.
 */
import { taggedNotice, tagsMissingText, tagsReplacedNotice, untaggedNotice } from '../views/talep-extras.js';
import { fail, ok, type Parsed, slackTextToPlain, withTalepId } from './args.js';
import type { CommandModule } from './module.js';
import type { Session } from './session.js';
import { forTalepWithCard } from './legacy-card.js';

// ── parsers (pure) ───────────────────────────────────────────────────────────────────────────────

export const MAX_TAG_LENGTH = 50;

/** `printer, Toner ,printer` → `['printer', 'Toner']`: comma separated, trimmed, duplicates (any case) dropped. */
export function parseTagList(text: string): Parsed<string[]> {
  const tags: string[] = [];
  for (const part of slackTextToPlain(text).split(',')) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH) return fail(`A tag has at most ${MAX_TAG_LENGTH} characters; “${tag.slice(0, 20)}…” is longer.`);
    if (!tags.some((known) => sameTag(known, tag))) tags.push(tag);
  }
  return tags.length > 0 ? ok(tags) : fail('Which tags? Separate several with commas, e.g. `printer, toner`.');
}

/** The same tag in any case: English (`PRINTER` = `printer`) or Turkish (`IŞIK` = `ışık`) rules. */
export const sameTag = (a: string, b: string): boolean =>
  ['en', 'tr'].some((locale) => a.localeCompare(b, locale, { sensitivity: 'accent' }) === 0);

export interface TagArgs {
  talepId: number;
  tags: string[];
}

/** `tag <id> <tag>[, tag2]` and `untag <id> <tag>[, tag2]`. */
export function parseTagArgs(text: string): Parsed<TagArgs> {
  return withTalepId(text, (talepId, rest) => {
    const tags = parseTagList(rest);
    return tags.ok ? ok({ talepId, tags: tags.value }) : tags;
  });
}

/** `tags <id> <a, b>` replaces the tags; `tags <id> none` removes them all. */
export function parseTagsArgs(text: string): Parsed<TagArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (['none', '-', 'clear'].includes(rest.trim().toLowerCase())) return ok({ talepId, tags: [] });
    const tags = parseTagList(rest);
    return tags.ok ? ok({ talepId, tags: tags.value }) : fail('List the new tags, e.g. `tags 12 printer, toner`, or `tags 12 none` to remove them all.');
  });
}

// ── the work ─────────────────────────────────────────────────────────────────────────────────────

async function tagTalep(session: Session, { talepId, tags }: TagArgs): Promise<string> {
  // One TagTalep per tag (it creates missing tags); in order, so a refusal part-way is clear.
  for (const name of tags) await session.hd.tagTalep({ talepId, name });
  return taggedNotice(talepId, tags);
}

/** UpdateTalep with the tags that remain; `changed: false` when the talep has none of them. */
async function untagTalep(session: Session, { talepId, tags }: TagArgs): Promise<{ changed: boolean; text: string }> {
  const current = (await session.hd.getTalep({ id: talepId })).Tags.map((tag) => tag.Name);
  const removed = current.filter((name) => tags.some((tag) => sameTag(tag, name)));
  if (removed.length === 0) return { changed: false, text: tagsMissingText(talepId, tags, current) };
  await session.hd.updateTalep({ id: talepId, tags: current.filter((name) => !removed.includes(name)) });
  return { changed: true, text: untaggedNotice(talepId, removed) };
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepTagsModule: CommandModule = {
  name: 'talep-tags',
  register({ services, router }) {
    const group = 'Talep extras';

    router.add<TagArgs>({
      name: 'tag',
      usage: 'tag <id> <tag>[, tag2]',
      summary: 'Add tags to a talep (missing tags are created)',
      group,
      audience: 'everyone',
      parse: parseTagArgs,
      run: (context, args) => forTalepWithCard(services, context, args.talepId, (session) => tagTalep(session, args)),
    });

    router.add<TagArgs>({
      name: 'tags',
      usage: 'tags <id> <tag, tag2|none>',
      summary: "Replace a talep's tags",
      group,
      audience: 'everyone',
      parse: parseTagsArgs,
      run: (context, { talepId, tags }) =>
        forTalepWithCard(services, context, talepId, async (session) => {
          await session.hd.updateTalep({ id: talepId, tags });
          return tagsReplacedNotice(talepId, tags);
        }),
    });

    router.add<TagArgs>({
      name: 'untag',
      usage: 'untag <id> <tag>[, tag2]',
      summary: 'Remove tags from a talep',
      group,
      audience: 'everyone',
      parse: parseTagArgs,
      run: (context, args) =>
        forTalepWithCard(services, context, args.talepId, async (session) => {
          const { changed, text } = await untagTalep(session, args);
          if (changed) return text;
          // Nothing removed: just the sentence, the card has not changed.
          await context.reply.send({ text });
          return false;
        }),
    });
  },
};
