/**
 * `/talep category list` (everyone: the categories the help desk offers the caller, with their ids)
 * and `/talep category new <name> [section:<id>]` (admins: AddCategory). A name that already exists in
 * that section is reported with its id instead of being sent again.
 */
import type { Category } from '../api/schemas.js';
import { categoryCreatedText, categoryExistsText, categoryListMessage, sectionLabel } from '../views/categories.js';
import { fail, firstWord, ok, type Parsed } from './args.js';
import type { CommandModule } from './module.js';

export type CategoryCommand = { kind: 'list' } | { kind: 'new'; name: string; sectionId?: number };

/** The help desk shows category names in menus: keep them menu-sized. */
export const CATEGORY_NAME_MAX = 100;

const SECTION_ARG = /(?:^|\s)section:\s*#?(\S*)\s*$/i;

/** `list` (or nothing), `new <name> [section:<id>]`. */
export function parseCategoryArgs(text: string): Parsed<CategoryCommand> {
  const [word, rest] = firstWord(text);
  const verb = word.toLowerCase();
  if (!verb || verb === 'list') return rest ? fail(`\`category list\` takes nothing after it; got “${rest}”.`) : ok({ kind: 'list' });
  if (verb !== 'new' && verb !== 'add') return fail(`Unknown \`category\` action “${word}”: use \`list\` or \`new\`.`);
  let name = rest;
  let sectionId: number | undefined;
  const section = SECTION_ARG.exec(rest);
  if (section) {
    if (!/^\d{1,9}$/.test(section[1] ?? '') || Number(section[1]) < 1) return fail(`The section is a number, e.g. \`section:2\`; got “${section[1]}”.`);
    sectionId = Number(section[1]);
    name = rest.slice(0, section.index);
  }
  name = name.trim().replace(/^["“”](.*)["“”]$/, '$1').replace(/\s+/g, ' ').trim();
  if (!name) return fail('Name the category, e.g. `category new Printers section:1`.');
  if (name.length > CATEGORY_NAME_MAX) return fail(`Keep the name to ${CATEGORY_NAME_MAX} characters (it has ${name.length}).`);
  return ok({ kind: 'new', name, ...(sectionId !== undefined ? { sectionId } : {}) });
}

const fold = (text: string, locale: string) => text.normalize('NFKC').trim().toLocaleLowerCase(locale);
/** Equal ignoring case, whether the name is Turkish (I/ı, İ/i) or not (I/i). */
const sameName = (a: string, b: string) => fold(a, 'tr') === fold(b, 'tr') || fold(a, 'en') === fold(b, 'en');

/** The category already named so in that section (no section: among those without one). */
export function existingCategory(categories: readonly Category[], name: string, sectionId: number | undefined): Category | undefined {
  return categories.find((category) => sameName(category.Name, name) && (category.SectionID ?? undefined) === sectionId);
}

export const categoriesModule: CommandModule = {
  name: 'categories',
  register({ router }) {
    router.add<CategoryCommand>({
      name: 'category',
      aliases: ['categories'],
      usage: 'category list · category new <name> [section:<id>]',
      summary: 'The categories you can use, with their ids; admins add one',
      group: 'Administration',
      audience: 'everyone',
      parse: parseCategoryArgs,
      run: (context, command) =>
        context.asUser(async (session) => {
          const categories = await session.hd.categories();
          if (command.kind === 'list') return context.reply.send(categoryListMessage(categories, session));
          const { name, sectionId } = command;
          const existing = existingCategory(categories, name, sectionId);
          if (existing) return context.reply.send({ text: categoryExistsText(existing) });
          const { id } = await session.hd.addCategory({ name, ...(sectionId !== undefined ? { sectionId } : {}) });
          context.services.logger.info(`category ${id} created by ${session.teamId}:${session.userId}`);
          const where = sectionId !== undefined ? sectionLabel(sectionId, categories) : undefined;
          await context.reply.send({ text: categoryCreatedText(name, id, where) });
        }, command.kind === 'new' && command.sectionId !== undefined ? { label: `Section ${command.sectionId}` } : {}),
    });
  },
};
