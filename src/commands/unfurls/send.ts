/**
 * Sending previews to Slack (`chat.unfurl`): taleps as Work Objects (`metadata.entities`) where the
 * workspace has them, as Block Kit otherwise, documentation pages as Block Kit.
 *
 * Whether Work Objects are available is learnt from Slack's answer: a refusal of the `metadata` that
 * is not about the channel, the message, the token or the rate (those would refuse Block Kit too) means
 * "not here" — the app has not turned on Work Object previews, or the workspace does not have them — and
 * the same taleps go again as Block Kit. The answer is remembered per workspace for an hour, so each
 * preview does not pay for a refused call.
 *
 * `chat.unfurl` is idempotent for one message: Slack replaces the previews of the same URLs rather than
 * adding more, and the entity's `external_ref` is the talep id, the same every time.
 */
import type { webApi } from '@slack/bolt';
import { TTLCache } from '@isaacs/ttlcache';
import { slackErrorCode } from '../../slack/surface.js';
import type { TalepEntity } from '../../views/unfurls/talep-entity.js';
import type { BlockUnfurl } from '../../views/unfurls/talep-unfurl.js';

/** Refusals that have nothing to do with Work Objects: Block Kit would be refused the same way. */
const NOT_ABOUT_WORK_OBJECTS = new Set([
  'cannot_find_channel', 'channel_not_found', 'not_in_channel', 'is_archived', 'cannot_find_message', 'cannot_unfurl_message',
  'cannot_unfurl_url', 'cannot_find_service', 'not_authed', 'invalid_auth', 'account_inactive', 'token_revoked',
  'missing_scope', 'no_permission', 'ekm_access_denied', 'ratelimited', 'rate_limited', 'request_timeout',
  'service_unavailable', 'fatal_error', 'internal_error',
]);

/** Where previews go: a posted message. */
export interface UnfurlTarget {
  channel: string;
  ts: string;
}

/** One talep's preview in both forms: which one Slack gets depends on the workspace. */
export interface TalepUnfurl {
  url: string;
  entity: TalepEntity;
  blocks: BlockUnfurl;
}

export interface Previews {
  client: webApi.WebClient;
  logger: { info(...args: unknown[]): void };
  teamId: string;
  target: UnfurlTarget;
  taleps: readonly TalepUnfurl[];
  docs: Readonly<Record<string, BlockUnfurl>>;
}

export class UnfurlSender {
  /** Team → Work Objects unavailable (until the entry expires). */
  readonly #withoutWorkObjects = new TTLCache<string, true>({ max: 1_000, ttl: 60 * 60_000 });

  /** Sends the previews; answers the URLs Slack took. Failures other than the Work Objects fallback propagate. */
  async send({ client, logger, teamId, target, taleps, docs }: Previews): Promise<string[]> {
    const blocks: Record<string, BlockUnfurl> = { ...docs };
    const sent: string[] = [];
    if (taleps.length > 0 && !this.#withoutWorkObjects.has(teamId)) {
      try {
        await client.chat.unfurl({ ...target, metadata: { entities: taleps.map((talep) => talep.entity) } });
        sent.push(...taleps.map((talep) => talep.url));
      } catch (error) {
        const code = slackErrorCode(error);
        if (code === undefined || NOT_ABOUT_WORK_OBJECTS.has(code)) throw error;
        logger.info(`Work Objects are not available in team ${teamId} (chat.unfurl: ${code}); talep previews go as Block Kit for the next hour`);
        this.#withoutWorkObjects.set(teamId, true);
      }
    }
    if (sent.length === 0) for (const talep of taleps) blocks[talep.url] = talep.blocks;
    if (Object.keys(blocks).length > 0) {
      await client.chat.unfurl({ ...target, unfurls: blocks });
      sent.push(...Object.keys(blocks));
    }
    return sent;
  }
}
