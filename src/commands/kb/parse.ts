/**
 * `/talep kb …` arguments, pure: `kb` (newest articles), `kb vpn "error 809" category:Network` (search),
 * `kb 12` / `kb #12` (show). A number alone is an id; put it in quotes to search for it. (`kb new` is a
 * route of its own.)
 */
import { unescapeSlack } from '../../domain/slack-text.js';
import { fail, ok, type Parsed } from '../../slack/args.js';
import { tokenize } from '../search/public.js';

export type KbCommand = { kind: 'search'; words: string[]; category?: string } | { kind: 'show'; articleId: number };

export const KB_USAGE = 'kb <words> [category:<name>] | kb <id>';
const MAX_KB_TEXT = 500;
const CATEGORY_KEYS = new Set(['category', 'cat']);

export function parseKbCommand(input: string): Parsed<KbCommand> {
  const text = input.trim();
  if (text.length > MAX_KB_TEXT) return fail('parse.kbTooLong', { max: MAX_KB_TEXT });
  const id = /^#?(\d{1,9})$/.exec(text);
  if (id) return Number(id[1]) >= 1 ? ok({ kind: 'show', articleId: Number(id[1]) }) : fail('parse.kbArticleId');

  const words: string[] = [];
  let category: string | undefined;
  const tokens = tokenize(text);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) continue;
    const filter = /^([A-Za-z]+):([\s\S]*)$/.exec(token.text);
    // `"category:x"` in quotes is a word; so is anything else with a colon (`error:809`, links).
    const key = filter?.[1]?.toLowerCase();
    if (!filter || !key || !CATEGORY_KEYS.has(key) || key.length + 1 > token.plainPrefix) {
      const word = unescapeSlack(token.text).trim();
      if (word) words.push(word);
      continue;
    }
    let value = (filter[2] ?? '').trim();
    const next = tokens[index + 1];
    // `category: Network` (a space after the colon) means the same as `category:Network`.
    if (!value && next) {
      value = next.text.trim();
      index += 1;
    }
    if (!value) return fail('parse.kbCategoryName');
    if (category !== undefined) return fail('parse.filterOnce', { name: 'category' });
    category = unescapeSlack(value);
  }
  return ok({ kind: 'search', words, ...(category !== undefined ? { category } : {}) });
}


/** A button's article id; anything else (tampered, stale) → undefined. */
export function articleIdOf(value: string | undefined): number | undefined {
  const match = /^(\d{1,9})$/.exec(value ?? '');
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : undefined;
}
