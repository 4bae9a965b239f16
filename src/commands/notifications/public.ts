/**
 * What other areas may use of help desk → Slack notifications: the App Home work queue (the account
 * area's Home tab shows it), and the channel messages that show a talep (feed cards), so thread sync
 * can link those threads.
 */
import type { Services } from '../../slack/services.js';

export { workQueueSection } from './work-queue.js';

/** Every channel message (channel, ts) that shows talep `talepId` as a feed card. */
export async function feedCardsOf(services: Services, talepId: number): Promise<{ teamId: string; channelId: string; ts: string }[]> {
  return (await services.stores.notify.feedCardsOf(talepId)).map(({ teamId, channelId, ts }) => ({ teamId, channelId, ts }));
}
