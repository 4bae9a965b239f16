/** The sentences `category new` answers with. Pure. */
import type { Category } from '../../api/schemas.js';
import { escapeText } from '../kit/blocks.js';

/** The section a category was added to, as people know it (its name when a listed category is in it). */
export function sectionLabel(sectionId: number, categories: readonly Category[]): string {
  const name = categories.find((category) => category.SectionID === sectionId)?.Section?.trim();
  return name ? `*${escapeText(name)}* (section ${sectionId})` : `section ${sectionId}`;
}

export const categoryCreatedText = (name: string, id: number, where?: string): string =>
  `:white_check_mark: Category *${escapeText(name)}* (\`${id}\`) created${where ? ` in ${where}` : ''}. ` +
  `Give agents access with \`/talep user grant <@user> ${escapeText(name)}\`.`;

export const categoryExistsText = (category: Category): string =>
  `:information_source: Category *${escapeText(category.Name)}* (\`${category.CategoryID}\`) already exists${category.Section ? ` in *${escapeText(category.Section)}*` : ''}; nothing was added.`;
