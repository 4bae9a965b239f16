/**
 * `link_shared`: someone posted talep or documentation links in a conversation the bot is in.
 *
 * - The conversation's setting decides first (`/talep unfurl`): `off` → nothing at all.
 * - Talep links are previewed only for a poster whose help-desk account is linked, read with the
 *   poster's own token (what they cannot read gets no preview), and show only the allow-listed facts;
 *   the latest public comment only where the setting is `on`. An unlinked poster gets one offer.
 * - Documentation links are previewed from the site's oEmbed answer, for anyone.
 * - Previews are added to the posted message (`conversations_history`). Links still in the composer
 *   get none: the conversation (and so its setting) is not known there; they are previewed once posted.
 * - Each message's links are previewed once (remembered, bounded); a repeat of the event is already
 *   skipped by the kernel, and `chat.unfurl` itself replaces rather than adds.
 */
import { channelMessages } from '../../slack/locale.js';
import { TTLCache } from '@isaacs/ttlcache';
import * as z from 'zod';
import { DEFAULT_UNFURL_MODE } from '../../domain/unfurl-mode.js';
import { actorFor } from '../../slack/actor.js';
import type { EventCtx } from '../../slack/listeners.js';
import { docUnfurlBlocks } from '../../views/unfurls/doc-unfurl.js';
import { talepUnfurlEntity } from '../../views/unfurls/talep-entity.js';
import { type BlockUnfurl, talepUnfurlBlocks } from '../../views/unfurls/talep-unfurl.js';
import { sortLinks } from './links.js';
import type { ConnectOffers } from './offer.js';
import { previewOrNothing } from './read.js';
import type { TalepUnfurl, UnfurlSender } from './send.js';

/** The parts of `link_shared` this reads (an event payload is untrusted input). */
const linkShared = z.looseObject({
  channel: z.string().min(1).max(40),
  user: z.string().min(1).max(40),
  message_ts: z.string().min(1).max(100),
  thread_ts: z.string().max(40).optional(),
  source: z.string().optional(),
  is_bot_user_member: z.boolean().optional(),
  links: z.array(z.looseObject({ url: z.string().min(1).max(4000) })).max(100),
});

export interface LinkSharedDeps {
  sender: UnfurlSender;
  offers: ConnectOffers;
  /** `team:channel:ts:url` of previews already added. */
  done: TTLCache<string, true>;
}

/** Kept a day, 20,000 at most (a TTL cache: its memory grows with use; lru-cache's is all taken up front). */
export const previewsDone = (): TTLCache<string, true> => new TTLCache<string, true>({ max: 20_000, ttl: 24 * 60 * 60_000 });

export async function onLinkShared(ctx: EventCtx, deps: LinkSharedDeps): Promise<void> {
  const { services, client } = ctx;
  const parsed = linkShared.safeParse(ctx.event);
  if (!parsed.success) return services.logger.info('link_shared without a channel, user, message or links; ignored');
  const event = parsed.data;
  if (event.source === 'composer') return services.logger.debug('link_shared in the composer: previewed once posted');
  if (event.is_bot_user_member === false) return services.logger.debug(`link_shared in ${event.channel}, where the bot is not a member; ignored`);
  const teamId = ctx.teamId ?? '';
  const settings = await services.stores.channelSettings.get(teamId, event.channel);
  const mode = settings?.unfurl ?? DEFAULT_UNFURL_MODE;
  if (mode === 'off') return;

  const doneKey = (url: string) => `${teamId}:${event.channel}:${event.message_ts}:${url}`;
  const fresh = event.links.map((link) => link.url).filter((url) => !deps.done.has(doneKey(url)));
  const links = sortLinks(fresh, services.talepUrlTemplate, services.docsSite);
  if (links.taleps.length === 0 && links.docs.length === 0) return;

  const target = { channel: event.channel, ts: event.message_ts };
  const taleps: TalepUnfurl[] = [];
  // Everyone in the conversation reads a preview: the channel's language, not the poster's.
  const m = await channelMessages(services, teamId, event.channel);
  if (links.taleps.length > 0) {
    const poster = { teamId, userId: event.user };
    const actor = await actorFor(services, poster, { priority: 'background' });
    if (typeof actor === 'string') {
      await deps.offers.offer(services, client, poster, { ...target, threadTs: event.thread_ts }, actor);
    } else {
      for (const link of links.taleps) {
        const preview = await previewOrNothing(services, actor, link.talepId, mode === 'on' ? 1 : 0, m);
        if (!preview) continue;
        const latest = mode === 'on' ? preview.comments[0] : undefined;
        taleps.push({ url: link.url, entity: talepUnfurlEntity(preview.facts, link.url, latest, m), blocks: talepUnfurlBlocks(preview.facts, latest, m) });
      }
    }
  }
  const docs: Record<string, BlockUnfurl> = {};
  for (const url of links.docs) {
    const page = await services.docsSite?.preview(url);
    if (page) docs[url] = docUnfurlBlocks(page, m);
  }
  if (taleps.length === 0 && Object.keys(docs).length === 0) return;
  const sent = await deps.sender.send({ client, logger: services.logger, teamId, target, taleps, docs });
  for (const url of sent) deps.done.set(doneKey(url), true);
  services.logger.info(`previews added to ${event.channel}/${event.message_ts}: ${taleps.length} talep(s), ${Object.keys(docs).length} documentation page(s)`);
}
