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
  return rest ? fail(`Unknown \`category\` action “${rest}”: use \`list\` (nothing after it) or \`new <name>\`.`) : ok(undefined);
}

export interface NewCategoryArgs {
  name: string;
  sectionId?: number;
}

const SECTION_ARG = /(?:^|\s)section:\s*#?(\S*)\s*$/i;

/** `<name> [section:<id>]`: a name of several words (quotes allowed) and an optional section id. */
export function parseNewCategoryArgs(text: string): Parsed<NewCategoryArgs> {
  let name = text.trim();
  let sectionId: number | undefined;
  const section = SECTION_ARG.exec(name);
  if (section) {
    if (!/^\d{1,9}$/.test(section[1] ?? '') || Number(section[1]) < 1) return fail(`The section is a number, e.g. \`section:2\`; got “${section[1]}”.`);
    sectionId = Number(section[1]);
    name = name.slice(0, section.index);
  }
  name = name.trim().replace(/^["“”](.*)["“”]$/, '$1').replace(/\s+/g, ' ').trim();
  if (!name) return fail('Name the category, e.g. `category new Printers section:1`.');
  if (name.length > CATEGORY_NAME_MAX) return fail(`Keep the name to ${CATEGORY_NAME_MAX} characters (it has ${name.length}).`);
  return ok({ name, ...(sectionId !== undefined ? { sectionId } : {}) });
}
