/**
 * `category new` (admins: AddCategory). A name that already exists in that section is reported with
 * its id instead of being sent again.
 */
import { messagesOf } from '../../slack/locale.js';
import * as z from 'zod';
import type { Category } from '../../api/schemas.js';
import { sameWord } from '../../domain/text-case.js';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import { onlyOnce } from '../../slack/once.js';
import { categoryCreatedText, categoryExistsText, sectionLabel } from '../../views/categories/messages.js';
import type { NewCategoryArgs } from './args.js';

/** The category already named so in that section (no section: among those without one), in any case. */
export function existingCategory(categories: readonly Category[], name: string, sectionId: number | undefined): Category | undefined {
  return categories.find((category) => sameWord(category.Name.trim(), name.trim()) && (category.SectionID ?? undefined) === sectionId);
}

export async function addCategory(ix: Interaction, actor: Actor, { name, sectionId }: NewCategoryArgs): Promise<void> {
  const categories = await actor.hd.categories();
  const existing = existingCategory(categories, name, sectionId);
  if (existing) return ix.surface.send({ text: categoryExistsText(existing, messagesOf(ix)) });
  // Once per command: a copy of it (also after a restart) answers with the category the first one made.
  const added = await onlyOnce(ix, 'add-category', z.object({ id: z.int() }), async () => ({
    id: (await actor.hd.addCategory({ name, ...(sectionId !== undefined ? { sectionId } : {}) })).id,
  }));
  if (!added) return;
  const { id } = added.result;
  ix.services.logger.info(`category ${id} created by ${actor.teamId}:${actor.userId}`);
  const where = sectionId !== undefined ? sectionLabel(sectionId, categories, messagesOf(ix)) : undefined;
  await ix.surface.send({ text: categoryCreatedText(name, id, where, messagesOf(ix)) });
}
