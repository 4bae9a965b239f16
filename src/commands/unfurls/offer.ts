/**
 * The one offer to connect that a poster of talep links gets while their account is not linked (or
 * its link is unusable): not one per link or per message. Slack's own unfurl prompt first
 * (`chat.unfurl` with `user_auth_required` and our Connect button as `user_auth_blocks`, shown only to
 * the poster); where Slack will not show it, an ephemeral message in the conversation. A poster who told
 * Slack never to be asked again (`cannot_prompt`) is not asked by other means either.
 *
 * Whom we offered is remembered in memory, bounded (the oldest forgotten first) and for a day, so the
 * offer comes at most once a day per person and process.
 */
import type { webApi } from '@slack/bolt';
import { TTLCache } from '@isaacs/ttlcache';
import type { Who } from '../../slack/actor.js';
import { type LinkProblem, linkProblemMessage } from '../../slack/failures.js';
import { surfaceDeps } from '../../slack/interaction.js';
import { personMessages } from '../../slack/locale.js';
import type { Services } from '../../slack/services.js';
import { ephemeralSurface, slackErrorCode } from '../../slack/surface.js';
import { connectPrompt } from '../../views/kit/notices.js';
import type { UnfurlTarget } from './send.js';

export class ConnectOffers {
  /** Who was offered, for a day (a TTL cache: its memory grows with use; lru-cache's is all taken up front). */
  readonly #offered = new TTLCache<string, true>({ max: 10_000, ttl: 24 * 60 * 60_000 });

  /** Offers `who` to connect, unless they were offered already. */
  async offer(services: Services, client: webApi.WebClient, who: Who, target: UnfurlTarget & { threadTs?: string | undefined }, problem: LinkProblem): Promise<void> {
    const key = `${who.teamId}:${who.userId}`;
    if (this.#offered.has(key)) return;
    this.#offered.set(key, true);
    // In the person's words (their chosen language, else Slack's), though they are not connected yet.
    const m = await personMessages({ services, client, who });
    const offer = problem === 'not-linked' ? connectPrompt(m.t('unfurls.connectOfferText'), m) : linkProblemMessage(problem, m);
    try {
      await client.chat.unfurl({ channel: target.channel, ts: target.ts, unfurls: {}, user_auth_required: true, user_auth_blocks: offer.blocks ?? [] });
      services.logger.info(`offered ${key} to connect (Slack's unfurl prompt)`);
      return;
    } catch (error) {
      if (slackErrorCode(error) === 'cannot_prompt') return services.logger.info(`${key} asked Slack not to be prompted; no offer`);
      services.logger.info(`Slack's unfurl prompt is not available (${slackErrorCode(error) ?? String(error)}); offering ${key} ephemerally`);
    }
    await ephemeralSurface(surfaceDeps(services, client, who.userId), target.channel, target.threadTs)
      .send(offer)
      .catch((error: unknown) => services.logger.warn(`could not offer ${key} to connect`, error));
  }
}
