/** The sentences `category new` answers with. Pure. */
import type { Category } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText } from '../kit/blocks.js';

/** The section a category was added to, as people know it (its name when a listed category is in it). */
export function sectionLabel(sectionId: number, categories: readonly Category[], m: Messages = english): string {
  const name = categories.find((category) => category.SectionID === sectionId)?.Section?.trim();
  return name ? m.t('categories.namedSection', { name: escapeText(name), id: sectionId }) : m.t('categories.section', { id: sectionId });
}

export const categoryCreatedText = (name: string, id: number, where?: string, m: Messages = english): string =>
  where ? m.t('categories.createdIn', { name: escapeText(name), id, where }) : m.t('categories.created', { name: escapeText(name), id });

export const categoryExistsText = (category: Category, m: Messages = english): string =>
  category.Section
    ? m.t('categories.existsIn', { name: escapeText(category.Name), id: category.CategoryID, section: escapeText(category.Section) })
    : m.t('categories.exists', { name: escapeText(category.Name), id: category.CategoryID });
