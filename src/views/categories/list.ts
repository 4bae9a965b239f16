/**
 * `/talep category list`: the categories the caller can use, grouped by section with the ids the other
 * commands take. Pure: data → Block Kit JSON.
 */
import type { Category } from '../../api/schemas.js';
import { type Block, context, escapeText, section, type SlackMessage } from '../kit/blocks.js';

/** Slack's section text holds 3000 characters; a long list is cut into several sections. */
const SECTION_TEXT_MAX = 2_900;
/** Slack's message holds 50 blocks; leave room for the heading and the footer. */
const MAX_LIST_BLOCKS = 45;

interface SectionGroup {
  title: string;
  categories: Category[];
}

/** Categories grouped by section, sections and categories in alphabetical order, "no section" last. */
export function groupBySection(categories: readonly Category[]): SectionGroup[] {
  const groups = new Map<string, SectionGroup>();
  for (const category of categories) {
    const name = category.Section?.trim();
    const key = name ? `0${name.toLocaleLowerCase('tr')}` : '1';
    const title = name ? `${name}${category.SectionID ? ` (section ${category.SectionID})` : ''}` : 'No section';
    const group = groups.get(key) ?? { title, categories: [] };
    group.categories.push(category);
    groups.set(key, group);
  }
  const byName = (a: Category, b: Category) => a.Name.localeCompare(b.Name, 'tr');
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'tr'))
    .map(([, group]) => ({ ...group, categories: group.categories.sort(byName) }));
}

/** Lines packed into as few section texts as fit. */
function packed(lines: readonly string[]): string[] {
  const texts: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + line.length + 1 > SECTION_TEXT_MAX) {
      texts.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) texts.push(current);
  return texts;
}

export function categoryListMessage(categories: readonly Category[], viewer: { isAdmin: boolean }): SlackMessage {
  const footer = viewer.isAdmin ? [context('`/talep category new <name> [section:<id>]` adds a category.')] : [];
  if (categories.length === 0) {
    return { text: 'No categories.', blocks: [section(':file_folder: The help desk offers you no categories.'), ...footer] };
  }
  const lines = groupBySection(categories).flatMap((group) => [
    `*${escapeText(group.title)}*`,
    ...group.categories.map((category) => `• ${escapeText(category.Name)} · \`${category.CategoryID}\`${category.ForTechsOnly ? ' · _agents only_' : ''}`),
  ]);
  const texts = packed(lines);
  const shown = texts.slice(0, MAX_LIST_BLOCKS);
  const blocks: Block[] = [section(`:file_folder: *Categories* (${categories.length})`), ...shown.map((text) => section(text))];
  if (shown.length < texts.length) blocks.push(context('…the list goes on in the help desk.'));
  return { text: `Categories: ${categories.length}`, blocks: [...blocks, ...footer] };
}
