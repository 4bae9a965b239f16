/** What the tag and secondary-assignee commands answer with. Pure mrkdwn lines (user text escaped). */
import { escapeText } from '../kit/blocks.js';

const tagList = (tags: readonly string[]) => tags.map((tag) => `\`${escapeText(tag.replaceAll('`', "'"))}\``).join(', ');

export const taggedNotice = (talepId: number, tags: readonly string[]): string =>
  `:label: Tagged #${talepId} with ${tagList(tags)}.`;

export const tagsReplacedNotice = (talepId: number, tags: readonly string[]): string =>
  tags.length > 0 ? `:label: The tags of #${talepId} are now ${tagList(tags)}.` : `:label: Talep #${talepId} has no tags now.`;

export const untaggedNotice = (talepId: number, removed: readonly string[]): string =>
  `:label: Removed ${tagList(removed)} from #${talepId}.`;

export const tagsMissingText = (talepId: number, wanted: readonly string[], has: readonly string[]): string =>
  `:information_source: Talep #${talepId} has no tag ${tagList(wanted)}.${has.length > 0 ? ` Its tags: ${tagList(has)}.` : ' It has no tags.'}`;

/** `who`: `you` or a mention with the help-desk user name (escaped mrkdwn). */
export const secondaryAssigneeNotice = (talepId: number, who: string): string =>
  `:busts_in_silhouette: Added ${who} as a secondary assignee of #${talepId}.`;

export const secondaryAssigneeOffText =
  ":gear: Cannot add a secondary assignee: the help desk's secondary-assignee setting is off, so a talep has one assignee only. " +
  'A help-desk admin can turn on `AllowSecondaryAssignee` in its settings.';
