/** The arguments of `/talep category list | new`. Pure. */
import { fail, ok, type Parsed } from '../../slack/args.js';

/** The help desk shows category names in menus: keep them menu-sized. */
export const CATEGORY_NAME_MAX = 100;

/**
 * `category list` takes nothing. It is also what a bare `category` runs, so text after it is either
 * stray words or an action that does not exist.
 */
export function parseListArgs(text: string): Parsed<undefined> {
  const rest = text.trim();
  return rest ? fail('parse.categoryAction', { text: rest }) : ok(undefined);
}

export interface NewCategoryArgs {
  name: string;
  sectionId?: number;
}

/**
 * A trailing `section:<id>` (also `section: <id>`, `section:#<id>`): the value and where the name ends.
 * Read from the last words rather than with one regex, whose `\s*…\S*\s*$` backtracks quadratically
 * over a long run of spaces.
 */
function sectionArg(text: string): { value: string; index: number } | undefined {
  const words = [...text.matchAll(/\S+/g)];
  const last = words.at(-1);
  const before = words.at(-2);
  const key = 'section:';
  if (last && last[0].slice(0, key.length).toLowerCase() === key) {
    return { value: last[0].slice(key.length).replace(/^#/, ''), index: last.index };
  }
  if (last && before && before[0].toLowerCase() === key) return { value: last[0].replace(/^#/, ''), index: before.index };
  return undefined;
}

const QUOTES = new Set(['"', '“', '”']);
const unquoted = (text: string) => (text.length >= 2 && QUOTES.has(text[0] as string) && QUOTES.has(text.at(-1) as string) ? text.slice(1, -1) : text);

/** `<name> [section:<id>]`: a name of several words (quotes allowed) and an optional section id. */
export function parseNewCategoryArgs(text: string): Parsed<NewCategoryArgs> {
  let name = text.trim();
  let sectionId: number | undefined;
  const section = sectionArg(name);
  if (section) {
    if (!/^\d{1,9}$/.test(section.value) || Number(section.value) < 1) return fail('parse.categorySection', { text: section.value });
    sectionId = Number(section.value);
    name = name.slice(0, section.index);
  }
  name = unquoted(name.trim()).replace(/\s+/g, ' ').trim();
  if (!name) return fail('parse.categoryName');
  if (name.length > CATEGORY_NAME_MAX) return fail('parse.categoryNameLong', { max: CATEGORY_NAME_MAX, length: name.length });
  return ok({ name, ...(sectionId !== undefined ? { sectionId } : {}) });
}
