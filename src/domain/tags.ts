/**
 * Talep tags: ONE parser for every place people type them (the new-talep form, `/talep tag|tags|untag`).
 * Comma separated; spaces inside a tag collapse; duplicates in any case (English or Turkish rules)
 * are dropped, keeping the first spelling; a tag is at most 50 characters.
 */
import { fail, ok, type Parsed } from './parsed.js';
import { sameWord } from './text-case.js';

export const MAX_TAG_LENGTH = 50;

export function parseTags(text: string): Parsed<string[]> {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH) return fail('parse.tagTooLong', { max: MAX_TAG_LENGTH, start: tag.slice(0, 20) });
    if (!tags.some((known) => sameTag(known, tag))) tags.push(tag);
  }
  return ok(tags);
}

/** The same tag in any case: `PRINTER` = `printer`, `IŞIK` = `ışık`. */
export const sameTag = sameWord;
