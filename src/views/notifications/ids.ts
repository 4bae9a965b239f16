/** Action and block ids of help desk → Slack notifications (feeds, DMs, the App Home work queue). */
export const NotifyIds = {
  /** `/talep feeds` row button (value: feed id). */
  removeFeed: 'notify_feed_remove',
  /** DM button (value: talep id). */
  mute: 'notify_mute',
  unmute: 'notify_unmute',
  /** App Home settings: which kinds (checkboxes), quiet hours (select), digest-only (checkboxes). */
  kinds: 'notify_home_kinds',
  quietHours: 'notify_home_quiet',
  digestOnly: 'notify_home_digest',
  /** App Home work queue paging (value: page number). */
  page: 'notify_home_page',
} as const;
