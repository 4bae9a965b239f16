/** What the tag and secondary-assignee commands answer with. Pure mrkdwn lines (user text escaped). */
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText } from '../kit/blocks.js';

const tagList = (tags: readonly string[]) => tags.map((tag) => `\`${escapeText(tag.replaceAll('`', "'"))}\``).join(', ');

export const taggedNotice = (talepId: number, tags: readonly string[], m: Messages = english): string =>
  m.t('extras.tagged', { id: talepId, tags: tagList(tags) });

export const tagsReplacedNotice = (talepId: number, tags: readonly string[], m: Messages = english): string =>
  tags.length > 0 ? m.t('extras.tagsNow', { id: talepId, tags: tagList(tags) }) : m.t('extras.noTagsNow', { id: talepId });

export const untaggedNotice = (talepId: number, removed: readonly string[], m: Messages = english): string =>
  m.t('extras.untagged', { id: talepId, tags: tagList(removed) });

export const tagsMissingText = (talepId: number, wanted: readonly string[], has: readonly string[], m: Messages = english): string =>
  has.length > 0
    ? m.t('extras.tagsMissing', { id: talepId, wanted: tagList(wanted), has: tagList(has) })
    : m.t('extras.tagsMissingNone', { id: talepId, wanted: tagList(wanted) });

/** `who`: `you` or a mention with the help-desk user name (escaped mrkdwn). */
export const secondaryAssigneeNotice = (talepId: number, who: string, m: Messages = english): string =>
  m.t('extras.secondaryAdded', { who, id: talepId });

export const secondaryAssigneeOff = (m: Messages = english): string => m.t('extras.secondaryOff');
export const secondaryAssigneeOffText = secondaryAssigneeOff();
