/** What a channel feed can listen for (`/talep feed … events:…`). */
export const FEED_EVENTS = ['new', 'assigned', 'status', 'comment', 'closed'] as const;
export type FeedEvent = (typeof FEED_EVENTS)[number];
