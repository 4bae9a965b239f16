/**
 * The "Add to a talep" picker: an external select whose options are searched as the person types. The
 * answer goes in the options request's own HTTP response, within Slack's 3 s, so every problem (no
 * link, a slow or refusing help desk) is said as an option rather than left as an empty list.
 */
import type { HelpdeskClient } from '../../api/client.js';
import { isHelpdeskError } from '../../api/errors.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actorFor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import { parseTalepId } from '../../slack/args.js';
import type { OptionsAnswer, OptionsCtx } from '../../slack/listeners.js';
import { errorText, type LinkProblem } from '../../slack/failures.js';
import { withoutLeadingEmoji } from '../../slack/surface.js';
import type { PlainTextOption } from '../../views/kit/blocks.js';
import { explanationOption, MIN_QUERY_LENGTH, talepOption } from '../../views/message-shortcuts/add-to-talep.js';

/** The options request is answered in its HTTP response, within Slack's 3 s. */
export const OPTIONS_TIMEOUT_MS = 2_500;

/**
 * The picker's options for what the person typed: a `#id` first when the query is one, then the
 * search. `signal` bounds the wait (Slack wants the answer within 3 s); a slow or failing help desk
 * gets an option that says so instead of an empty list.
 */
export async function talepOptions(
  hd: Pick<HelpdeskClient, 'search' | 'getTalep'>,
  query: string,
  signal: AbortSignal,
  m: Messages = english,
): Promise<PlainTextOption[]> {
  const words = query.trim().replace(/\s+/g, ' ');
  if (words.length < MIN_QUERY_LENGTH && !/^#?\d+$/.test(words)) return [];
  const asId = parseTalepId(words);
  const [byId, found] = await Promise.allSettled([
    asId.ok ? hd.getTalep({ id: asId.value }, { signal }) : Promise.resolve(undefined),
    // A bare number is an id, not words to look for in subjects and bodies.
    asId.ok ? Promise.resolve([]) : hd.search({ query: words }, { signal }),
  ]);
  const options: PlainTextOption[] = [];
  const seen = new Set<number>();
  if (byId.status === 'fulfilled' && byId.value) {
    options.push(talepOption(byId.value, m));
    seen.add(byId.value.TalepID);
  }
  if (found.status === 'fulfilled') {
    for (const talep of found.value) {
      if (seen.has(talep.TalepID)) continue;
      seen.add(talep.TalepID);
      options.push(talepOption(talep, m));
    }
  }
  const failure = [found, byId].find((result) => result.status === 'rejected')?.reason as unknown;
  if (failure !== undefined && !(asId.ok && isHelpdeskError(failure, 'not-found'))) {
    const slow = signal.aborted || isHelpdeskError(failure, 'cancelled') || isHelpdeskError(failure, 'rate-limited');
    // Option text is plain: no mrkdwn emphasis.
    options.push(explanationOption(slow ? m.t('shortcuts.slowOption') : withoutLeadingEmoji(errorText(failure, {}, m)).replace(/\*/g, '')));
  }
  if (options.length === 0) {
    options.push(explanationOption(asId.ok ? m.t('shortcuts.notFoundOption', { id: asId.value }) : m.t('shortcuts.noMatchOption', { words })));
  }
  return options.slice(0, 100);
}

/** The options listener: as the person, quietly (an options request cannot show a queued notice). */
export async function talepPickerOptions(ctx: OptionsCtx): Promise<OptionsAnswer> {
  const m = messagesOf(ctx);
  const actor = await actorFor(ctx.services, ctx.who, { priority: 'interactive' });
  if (typeof actor === 'string') return { options: [explanationOption(m.t(LINK_PROBLEM[actor]))] };
  try {
    return { options: await talepOptions(actor.hd, ctx.query, AbortSignal.timeout(OPTIONS_TIMEOUT_MS), m) };
  } catch (error) {
    ctx.services.logger.warn('talep options failed', error);
    return { options: [explanationOption(m.t('shortcuts.searchFailedOption'))] };
  }
}

/** Why someone cannot search, as the kernel words it. */
const LINK_PROBLEM = {
  'not-linked': 'failure.notLinked',
  rejected: 'failure.rejected',
  unreadable: 'failure.unreadable',
} as const satisfies Record<LinkProblem, string>;
