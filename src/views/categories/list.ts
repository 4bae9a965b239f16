/**
 * `/talep category list`: the categories the caller can use, grouped by section with the ids the other
 * commands take. Pure: data → Block Kit JSON.
 */
import { english, type Messages } from '../../i18n/messages.js';
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
export function groupBySection(categories: readonly Category[], m: Messages = english): SectionGroup[] {
  const groups = new Map<string, SectionGroup>();
  for (const category of categories) {
    const name = category.Section?.trim();
    const key = name ? `0${name.toLocaleLowerCase('tr')}` : '1';
    const title = name ? `${name}${category.SectionID ? ` (${m.t('categories.section', { id: category.SectionID })})` : ''}` : m.t('categories.noSection');
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

export function categoryListMessage(categories: readonly Category[], viewer: { isAdmin: boolean }, m: Messages = english): SlackMessage {
  const footer = viewer.isAdmin ? [context(m.t('categories.newHowTo'))] : [];
  if (categories.length === 0) {
    return { text: m.t('categories.noneText'), blocks: [section(m.t('categories.none')), ...footer] };
  }
  const lines = groupBySection(categories, m).flatMap((group) => [
    `*${escapeText(group.title)}*`,
    ...group.categories.map((category) => `• ${escapeText(category.Name)} · \`${category.CategoryID}\`${category.ForTechsOnly ? m.t('categories.agentsOnly') : ''}`),
  ]);
  const texts = packed(lines);
  const shown = texts.slice(0, MAX_LIST_BLOCKS);
  const blocks: Block[] = [section(m.t('categories.heading', { count: categories.length })), ...shown.map((text) => section(text))];
  if (shown.length < texts.length) blocks.push(context(m.t('categories.goesOn')));
  return { text: m.t('categories.text', { count: categories.length }), blocks: [...blocks, ...footer] };
}
