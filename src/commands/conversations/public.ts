/**
 * What other areas may use of thread sync: linking a Slack thread to a talep (a shared card, a
 * channel feed's post), so replies there become comments and the help desk's public comments appear.
 */
import { actorFor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { ThreadLink } from '../../store/thread-link-store.js';
import { conversationIndex } from './conversation-index.js';

/**
 * Links the thread of `threadTs` in `channelId` to `talepId`; `linkedBy` (a Slack user id) is whose
 * help-desk account reads the talep for the thread, so it should be someone who may see it. The
 * talep's current attachments are taken as known, read in the background (only files added later are
 * listed in the thread).
 * A thread keeps its first link.
 */
export async function linkThread(services: Services, teamId: string, channelId: string, threadTs: string, talepId: number, linkedBy: string): Promise<ThreadLink> {
  const link = await services.stores.threadLinks.link(teamId, channelId, threadTs, talepId, linkedBy, services.now());
  conversationIndex(services).addThread(teamId, channelId, threadTs);
  if (link.knownFiles === undefined) {
    // In the background (the caller, e.g. "Share in channel", does not wait for it), one read as the person
    // who linked it: the talep's files so far are not announced in the thread as new ones later.
    const actor = await actorFor(services, { teamId, userId: linkedBy }, { priority: 'background' });
    if (typeof actor !== 'string') {
      void actor.hd
        .attachments({ id: talepId })
        .then((files) => services.stores.threadLinks.knowFiles(talepId, files.map((file) => file.FileID)))
        .catch((error: unknown) => services.logger.info(`thread sync: the files of talep ${talepId} could not be read at linking`, error));
    }
  }
  return link;
}

/**
 * Whether the talep's linked threads in this channel get its comments and closing from thread sync
 * (default on): another area posting into such a thread (a feed's change replies) leaves those to it,
 * so nothing is said twice.
 */
export async function threadSyncCovers(services: Services, teamId: string, channelId: string): Promise<boolean> {
  const index = conversationIndex(services);
  await index.ready();
  return index.syncs(teamId, channelId);
}
