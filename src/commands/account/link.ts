/** Removing a person's link: their stored token is deleted and the lock-out guard forgets it. */
import { credentialId } from '../../api/auth.js';
import type { Who } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';

/** Answers whether there was a link to remove. */
export async function unlinkAccount(services: Services, who: Who): Promise<boolean> {
  const account = await services.stores.accounts.get(who.teamId, who.userId);
  if (account) services.helpdesk.guard.forget(credentialId(account.credential));
  return services.stores.accounts.unlink(who.teamId, who.userId);
}
