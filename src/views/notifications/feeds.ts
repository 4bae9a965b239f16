/** `/talep feed …` answers and the `/talep feeds` list with Remove buttons. Pure; in the reader's language (`m`). */
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, context, escapeText, rowActionId, section, type SlackMessage } from '../kit/blocks.js';
import { priorityLabel } from '../kit/words.js';
import { NotifyIds } from './ids.js';

export interface FeedRow {
  id: number;
  channelId: string;
  createdBy: string;
  filter: { categories?: string[] | undefined; minPriority?: number | undefined; assignee?: string | undefined; events: readonly string[] };
  paused: boolean;
}

export function describeFilter(filter: FeedRow['filter'], m: Messages = english): string {
  const parts = [
    filter.categories?.length ? m.t('feed.categories', { names: filter.categories.map(escapeText).join(', ') }) : m.t('feed.everyCategory'),
    ...(filter.minPriority !== undefined ? [m.t('feed.minPriority', { name: escapeText(priorityLabel(filter.minPriority, [], m)) })] : []),
    ...(filter.assignee ? [m.t('feed.assigneeFilter', { name: escapeText(filter.assignee) })] : []),
    m.t('feed.events', { events: filter.events.join(', ') }),
  ];
  return parts.join(' · ');
}

export function feedCreatedMessage(feed: FeedRow, m: Messages = english): SlackMessage {
  return {
    text: m.t('feed.createdText', { id: feed.id, channel: feed.channelId }),
    blocks: [
      section(m.t('feed.created', { id: feed.id, channel: feed.channelId, filter: describeFilter(feed.filter, m) })),
      context(m.t('feed.createdHint')),
    ],
  };
}

const MAX_ROWS = 45;

export function feedsMessage(feeds: readonly FeedRow[], notice?: string, m: Messages = english): SlackMessage {
  const blocks: Block[] = notice ? [section(notice)] : [];
  if (feeds.length === 0) {
    blocks.push(section(m.t('feed.none')));
    return { text: m.t('feed.noneText'), blocks };
  }
  for (const feed of feeds.slice(0, MAX_ROWS)) {
    blocks.push(
      section(
        `${m.t('feed.row', { id: feed.id, channel: feed.channelId, user: feed.createdBy })}${feed.paused ? ` ${m.t('feed.paused')}` : ''}\n${describeFilter(feed.filter, m)}`,
        button(m.t('feed.removeButton'), rowActionId(NotifyIds.removeFeed, feed.id), String(feed.id), 'danger'),
      ),
    );
  }
  if (feeds.length > MAX_ROWS) blocks.push(context(m.t('feed.moreRows', { count: feeds.length - MAX_ROWS })));
  return { text: m.t('feed.listText', { count: feeds.length }), blocks };
}

export const feedRemovedNotice = (id: number, m: Messages = english): string => m.t('feed.removed', { id });
export const feedGoneNotice = (id: number, m: Messages = english): string => m.t('feed.gone', { id });
export const feedNotYoursNotice = (id: number, m: Messages = english): string => m.t('feed.notYours', { id });
