/** The App Home tab: published when it opens, whenever the person's link changes, and after a Cancel on it. */
import { personMessages } from '../../slack/locale.js';
import type { webApi } from '@slack/bolt';
import type { Who } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import { homeView } from '../../views/account/home.js';
import type { Block } from '../../views/kit/blocks.js';
import { pendingHomeSection } from '../pending/public.js';
import { workQueueSection } from '../notifications/public.js';
import { slackErrorCode } from '../../slack/surface.js';

/** The hash of each person's last published tab: `views.publish` with it never overwrites a newer one. */
const lastHashes = new WeakMap<Services, Map<string, string>>();

/** Each person's publishes, one after the other: each carries the hash the one before it got. */
const publishing = new WeakMap<Services, Map<string, Promise<void>>>();

export function publishHome(services: Services, client: webApi.WebClient, who: Who): Promise<void> {
  let chains = publishing.get(services);
  if (!chains) publishing.set(services, (chains = new Map()));
  const key = `${who.teamId}:${who.userId}`;
  const previous = chains.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => publishNow(services, client, who));
  chains.set(key, next);
  // The map keeps only what is still running.
  void next.catch(() => undefined).finally(() => {
    if (chains.get(key) === next) chains.delete(key);
  });
  return next;
}

async function publishNow(services: Services, client: webApi.WebClient, who: Who): Promise<void> {
  // The person's words (their choice, else their Slack language): the Home tab is theirs alone.
  const m = await personMessages({ services, client, who });
  const found = await services.stores.accounts.lookup(who.teamId, who.userId);
  const identity = found.state === 'linked' ? found.account : found.state === 'unreadable' ? found.identity : undefined;
  const problem = found.state === 'unreadable' ? 'unreadable' : found.state === 'linked' && found.account.rejected ? 'rejected' : undefined;
  // The bot's own store: shown also while the help desk is down (that is when work waits).
  let pending: Block[] = [];
  try {
    pending = await pendingHomeSection(services, who, m);
  } catch (error) {
    services.logger.warn('pending work not listed on App Home', error);
  }
  // The work queue and notification settings (the notifications area); only for a working link.
  let queue: Block[] = [];
  if (identity && !problem) {
    try {
      queue = await workQueueSection(services, who, m);
    } catch (error) {
      services.logger.warn('work queue not shown on App Home', error);
    }
  }
  const view = homeView({
    ...(identity ? { identity } : {}),
    ...(problem ? { linkProblem: m.t(problem === 'unreadable' ? 'failure.unreadable' : 'failure.rejected') } : {}),
    helpdeskWebUrl: services.helpdeskWebUrl,
    pending,
    queue,
  }, m);
  let hashes = lastHashes.get(services);
  if (!hashes) lastHashes.set(services, (hashes = new Map()));
  const key = `${who.teamId}:${who.userId}`;
  const publish = (hash: string | undefined) => client.views.publish({ user_id: who.userId, view, ...(hash ? { hash } : {}) });
  let published;
  try {
    published = await publish(hashes.get(key));
  } catch (error) {
    // Someone published since the hash we know: this view is built from fresh data, so it goes out without one.
    if (slackErrorCode(error) !== 'hash_conflict') throw error;
    published = await publish(undefined);
  }
  const hash = (published as { view?: { hash?: string } }).view?.hash;
  if (hash) hashes.set(key, hash);
}

/** After the link changed: the Home tab follows, and a failure to publish it is only logged. */
export async function refreshHome(services: Services, client: webApi.WebClient, who: Who): Promise<void> {
  await publishHome(services, client, who).catch((error: unknown) => services.logger.warn('home publish failed', error));
}
