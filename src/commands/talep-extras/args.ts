/** The arguments of the talep-extras routes. Pure. */
import { slackTextToPlain } from '../../domain/slack-text.js';
import { parseTags } from '../../domain/tags.js';
import { fail, ok, type Parsed, parseUserMention, withTalepId } from '../../slack/args.js';

/** `<id>` or `<id> @someone`: whose subscription (absent: the acting person's). */
export interface SubscribeArgs {
  talepId: number;
  slackUserId?: string;
}

export function parseSubscribeArgs(text: string): Parsed<SubscribeArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (!rest || rest.toLowerCase() === 'me') return ok({ talepId });
    const slackUserId = parseUserMention(rest);
    return slackUserId ? ok({ talepId, slackUserId }) : fail('parse.subscribeWho', { text: rest });
  });
}

export type SecondaryArgs = { talepId: number; who: { kind: 'me' } | { kind: 'slack'; userId: string } };

/** `assign2 <id> <@user|me>`. */
export function parseSecondaryArgs(text: string): Parsed<SecondaryArgs> {
  return withTalepId<SecondaryArgs>(text, (talepId, rest) => {
    if (rest.toLowerCase() === 'me') return ok({ talepId, who: { kind: 'me' } });
    const userId = parseUserMention(rest);
    return userId ? ok({ talepId, who: { kind: 'slack', userId } }) : fail('parse.secondaryWho');
  });
}

/**
 * Tags typed after a command: Slack's markup undone (`r&amp;d` is `r&d`), then read by the ONE tag
 * grammar (src/domain/tags.ts); a command needs at least one.
 */
export function parseTagList(text: string): Parsed<string[]> {
  const tags = parseTags(slackTextToPlain(text));
  if (!tags.ok || tags.value.length > 0) return tags;
  return fail('parse.whichTags');
}

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
    return tags.ok ? ok({ talepId, tags: tags.value }) : fail('parse.tagsList');
  });
}
