/** `/talep feed …` answers and the `/talep feeds` list with Remove buttons. Pure. */
import { priorityName } from '../../domain/priority.js';
import { actions, type Block, button, context, escapeText, rowActionId, section, type SlackMessage } from '../kit/blocks.js';
import { NotifyIds } from './ids.js';

export interface FeedRow {
  id: number;
  channelId: string;
  createdBy: string;
  filter: { categories?: string[] | undefined; minPriority?: number | undefined; assignee?: string | undefined; events: readonly string[] };
  paused: boolean;
}

export function describeFilter(filter: FeedRow['filter']): string {
  const parts = [
    filter.categories?.length ? `category ${filter.categories.map(escapeText).join(', ')}` : 'every category',
    ...(filter.minPriority !== undefined ? [`priority ${escapeText(priorityName(filter.minPriority))} and above`] : []),
    ...(filter.assignee ? [`assignee ${escapeText(filter.assignee)}`] : []),
    `events ${filter.events.join(', ')}`,
  ];
  return parts.join(' · ');
}

export function feedCreatedMessage(feed: FeedRow): SlackMessage {
  return {
    text: `Feed ${feed.id} created in <#${feed.channelId}>.`,
    blocks: [
      section(`:white_check_mark: Feed *${feed.id}* posts to <#${feed.channelId}>: ${describeFilter(feed.filter)}.`),
      context('Each talep gets one message there, updated in place; changes are replied in its thread. It reads the help desk as you, so the channel never sees more than you may. `/talep feeds` lists feeds.'),
    ],
  };
}

const MAX_ROWS = 45;

export function feedsMessage(feeds: readonly FeedRow[], notice?: string): SlackMessage {
  const blocks: Block[] = notice ? [section(notice)] : [];
  if (feeds.length === 0) {
    blocks.push(section('No feeds yet. `/talep feed [#channel] [category:…] [priority:high+] [assignee:me|none|name] [events:new,assigned,status,comment,closed]` adds one.'));
    return { text: 'No feeds yet.', blocks };
  }
  for (const feed of feeds.slice(0, MAX_ROWS)) {
    blocks.push(
      section(
        `*${feed.id}* → <#${feed.channelId}> by <@${feed.createdBy}>${feed.paused ? ' :double_vertical_bar: _paused: the help desk refused its token_' : ''}\n${describeFilter(feed.filter)}`,
        button('Remove', rowActionId(NotifyIds.removeFeed, feed.id), String(feed.id), 'danger'),
      ),
    );
  }
  if (feeds.length > MAX_ROWS) blocks.push(context(`${feeds.length - MAX_ROWS} more not shown; remove one with \`/talep feed remove <n>\`.`));
  return { text: `${feeds.length} feed(s)`, blocks };
}

export const feedRemovedNotice = (id: number): string => `:wastebasket: Feed *${id}* removed; its messages stay in the channel.`;
export const feedGoneNotice = (id: number): string => `:grey_question: There is no feed ${id} in this workspace.`;
export const feedNotYoursNotice = (id: number): string => `:no_entry: Feed ${id} was created by someone else; only they or an admin can remove it.`;
