/**
 * `/talep feed [#channel] [category:…] [priority:high+] [assignee:me|none|<name>] [events:new,assigned,status,comment,closed]`.
 * Pure: text → the feed's channel (undefined: where the command ran) and filter, or one sentence.
 */
import { fail, ok, type Parsed } from '../../domain/parsed.js';
import { PriorityId, parsePriority } from '../../domain/priority.js';
import { FEED_EVENTS, type FeedEvent } from '../../domain/feed-events.js';
import type { FeedFilter } from '../../store/notify-store.js';

export interface FeedArgs {
  channelId: string | undefined;
  filter: FeedFilter;
}

const TOKEN = /<#([CG][A-Z0-9]{2,30})(?:\|[^>]{0,100})?>|([a-z]+):(?:"([^"]{0,100})"|(\S{1,200}))|(\S+)/gi;

export function parseFeedArgs(text: string): Parsed<FeedArgs> {
  let channelId: string | undefined;
  const filter: FeedFilter = { events: [...FEED_EVENTS] };
  for (const match of text.trim().slice(0, 2000).matchAll(TOKEN)) {
    const [, channel, name, quoted, bare, stray] = match;
    if (channel) {
      if (channelId) return fail('parse.feedOneChannel');
      channelId = channel;
      continue;
    }
    if (stray) return fail('parse.feedStray', { text: stray.slice(0, 40) });
    const value = (quoted ?? bare ?? '').trim();
    if (!value) return fail('parse.feedNeedsValue', { name: name ?? '' });
    switch (name!.toLowerCase()) {
      case 'category':
        filter.categories = [...(filter.categories ?? []), ...value.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean)];
        break;
      case 'priority': {
        const level = parsePriority(value.replace(/\+$/, ''));
        if (!level.ok) return level;
        filter.minPriority = PriorityId[level.value];
        break;
      }
      case 'assignee':
        filter.assignee = value.replace(/^@/, '').toLowerCase();
        break;
      case 'events': {
        const events = value.toLowerCase().split(',').map((item) => item.trim()).filter(Boolean);
        const unknown = events.find((event) => !(FEED_EVENTS as readonly string[]).includes(event));
        if (unknown) return fail('parse.feedEvent', { text: unknown.slice(0, 30), events: FEED_EVENTS.join(', ') });
        filter.events = [...new Set(events)] as FeedEvent[];
        break;
      }
      default:
        return fail('parse.feedFilter', { name: name!.slice(0, 20) });
    }
  }
  return ok({ channelId, filter });
}

export function parseFeedNumber(text: string): Parsed<number> {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  return match ? ok(Number(match[1])) : fail('parse.feedNumber');
}
