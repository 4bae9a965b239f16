/** The App Home tab: published when it opens, whenever the person's link changes, and after a Cancel on it. */
import type { webApi } from '@slack/bolt';
import type { Who } from '../../slack/actor.js';
import { linkProblemText } from '../../slack/failures.js';
import type { Services } from '../../slack/services.js';
import { homeView } from '../../views/account/home.js';
import type { Block } from '../../views/kit/blocks.js';
import { pendingHomeSection } from '../pending/public.js';

export async function publishHome(services: Services, client: webApi.WebClient, who: Who): Promise<void> {
  const found = await services.stores.accounts.lookup(who.teamId, who.userId);
  const identity = found.state === 'linked' ? found.account : found.state === 'unreadable' ? found.identity : undefined;
  const problem = found.state === 'unreadable' ? 'unreadable' : found.state === 'linked' && found.account.rejected ? 'rejected' : undefined;
  // The bot's own store: shown also while the help desk is down (that is when work waits).
  let pending: Block[] = [];
  try {
    pending = await pendingHomeSection(services, who);
  } catch (error) {
    services.logger.warn('pending work not listed on App Home', error);
  }
  await client.views.publish({
    user_id: who.userId,
    view: homeView({
      ...(identity ? { identity } : {}),
      ...(problem ? { linkProblem: linkProblemText[problem] } : {}),
      helpdeskWebUrl: services.helpdeskWebUrl,
      pending,
    }),
  });
}

/** After the link changed: the Home tab follows, and a failure to publish it is only logged. */
export async function refreshHome(services: Services, client: webApi.WebClient, who: Who): Promise<void> {
  await publishHome(services, client, who).catch((error: unknown) => services.logger.warn('home publish failed', error));
}
