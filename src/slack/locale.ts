/**
 * Which language the bot speaks, per person and per channel:
 *
 *   a person   their choice (`/talep language tr|en`, stored), else their Slack language (users.info
 *              with include_locale, cached with the profile), else the workspace default
 *   a channel  its setting (`/talep language channel tr|en`), else the workspace default: many people
 *              read a channel post, so one person's language does not decide it
 *
 * The person's language is found before their listener runs (./middleware.ts), so views get it as a
 * parameter. The first Slack look-up of a person waits at most LOOKUP_BUDGET_MS: a modal's trigger is
 * valid for 3 s, and a slow answer means the default this once (the profile still lands in the cache).
 */
import type { webApi } from '@slack/bolt';
import { type Locale, localeOf } from '../i18n/locales.js';
import { english, type Messages, messagesFor } from '../i18n/messages.js';
import type { Who } from './actor.js';
import { cachedSlackProfile, slackProfile } from './profiles.js';
import type { Services } from './services.js';
import { withinMs } from './within.js';

const LOOKUP_BUDGET_MS = 500;

export type LocaleSource = 'chosen' | 'slack' | 'default';

export const workspaceLocale = (services: Pick<Services, 'defaultLanguage'>): Locale => services.defaultLanguage ?? 'en';

/** The person's Slack language, if Slack tells it within the budget (a cached profile answers at once). */
async function slackLocaleOf(client: webApi.WebClient, services: Services, userId: string, budgetMs = LOOKUP_BUDGET_MS): Promise<Locale | undefined> {
  const cached = cachedSlackProfile(userId);
  if (cached) return localeOf(cached.locale);
  const lookup = slackProfile(client, userId).then(
    (profile) => localeOf(profile.locale),
    (error: unknown) => {
      services.logger.debug?.(`no Slack language for ${userId}`, error);
      return undefined;
    },
  );
  return withinMs(budgetMs, lookup);
}

/**
 * A person's language and where it came from. Never throws: a store or Slack failure means the default.
 * `budgetMs`: how long a first Slack look-up may take (background work without a trigger, such as DMs,
 * may wait longer than the interactive default).
 */
export async function personLocale(ix: { services: Services; client: webApi.WebClient; who: Who; budgetMs?: number }): Promise<{ locale: Locale; source: LocaleSource }> {
  const { services, client, who } = ix;
  try {
    const chosen = await services.stores.languages.get(who.teamId, who.userId);
    if (chosen) return { locale: chosen, source: 'chosen' };
  } catch (error) {
    services.logger.warn(`could not read the language of ${who.teamId}:${who.userId}`, error);
  }
  const fromSlack = await slackLocaleOf(client, services, who.userId, ix.budgetMs);
  return fromSlack ? { locale: fromSlack, source: 'slack' } : { locale: workspaceLocale(services), source: 'default' };
}

/** How long a look-up that must not wait (an ack) gives the store for a stored choice (a shared store's round trip). */
const KNOWN_LOOKUP_BUDGET_MS = 50;

/**
 * A person's language if it is known without asking Slack (their stored choice, read within
 * KNOWN_LOOKUP_BUDGET_MS, or a cached profile); undefined when only a Slack look-up would tell. For
 * answers that must not wait (an ack).
 */
export async function knownPersonLocale(ix: { services: Services; who: Who }): Promise<Locale | undefined> {
  const { services, who } = ix;
  try {
    const chosen = await withinMs(KNOWN_LOOKUP_BUDGET_MS, services.stores.languages.get(who.teamId, who.userId));
    if (chosen) return chosen;
  } catch {
    return undefined; // the full look-up after the ack says why
  }
  const cached = cachedSlackProfile(who.userId);
  if (!cached) return undefined;
  return localeOf(cached.locale) ?? workspaceLocale(services);
}

/**
 * Starts the Slack look-up of a person's language when only Slack can tell it (no stored choice, no
 * cached profile), without waiting for it: at an ack whose work needs the words first (a modal's
 * title, before `views.open`). Asked by the work instead, each work of a burst waited a `users.info`
 * round trip after the burst's acks (issue 13: 50 shortcuts at once). One look-up per person at a
 * time (./profiles.ts); a failure is left to the work, which asks again and says why.
 */
export function lookUpWordsEarly(ix: { services: Services; client: webApi.WebClient; who: Who }): void {
  knownPersonLocale(ix)
    .then((known) => (known ? undefined : slackProfile(ix.client, ix.who.userId)))
    .catch(() => undefined);
}

/** A channel's language and where it came from (its setting, else the workspace default). */
export async function channelLocale(services: Services, teamId: string, channelId: string): Promise<{ locale: Locale; source: LocaleSource }> {
  try {
    const language = (await services.stores.channelSettings.get(teamId, channelId))?.language;
    if (language) return { locale: language, source: 'chosen' };
  } catch (error) {
    services.logger.warn(`could not read the language of channel ${teamId}:${channelId}`, error);
  }
  return { locale: workspaceLocale(services), source: 'default' };
}

/** The messages of a person (see personLocale), e.g. for work without an interaction: events, jobs, DMs. */
export const personMessages = async (ix: { services: Services; client: webApi.WebClient; who: Who; budgetMs?: number }): Promise<Messages> =>
  messagesFor((await personLocale(ix)).locale);

/** The messages of a channel post. */
export const channelMessages = async (services: Services, teamId: string, channelId: string): Promise<Messages> =>
  messagesFor((await channelLocale(services, teamId, channelId)).locale);

/** The words for whoever an interaction is with: its resolved `m`, else English (contexts built outside the kernel). */
export const messagesOf = (ix: { m?: Messages }): Messages => ix.m ?? english;
