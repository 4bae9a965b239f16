/**
 * `/talep language [tr|en|auto]` (Turkish: `/talep dil`): the language the bot speaks with you; `auto`
 * follows your Slack language again. `/talep language channel [tr|en|auto]`: the language of the bot's
 * posts in this conversation (shared cards, feeds), which everyone there reads; changing it needs a
 * linked account, as the link-preview setting does. Without a language, the current one and why.
 */
import { type LanguageChoice, languageChoiceOf } from '../../i18n/locales.js';
import { messagesFor } from '../../i18n/messages.js';
import { lookupKey } from '../../domain/text-case.js';
import { fail, ok, type Parsed } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { channelLocale, messagesOf, personLocale } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { route } from '../../slack/routes.js';
import {
  channelLanguageMessage,
  channelLanguageSetMessage,
  personLanguageMessage,
  personLanguageSetMessage,
} from '../../views/language/language.js';

export interface LanguageArgs {
  /** The conversation's language rather than the person's. */
  channel: boolean;
  /** Undefined: tell the current one. */
  choice?: LanguageChoice;
}

const CHANNEL_WORDS = new Set(['channel', 'kanal', 'conversation', 'konusma', 'konuşma'].map(lookupKey));

export function parseLanguageArgs(text: string): Parsed<LanguageArgs> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const channel = words[0] !== undefined && CHANNEL_WORDS.has(lookupKey(words[0]));
  const rest = channel ? words.slice(1) : words;
  if (rest.length === 0) return ok({ channel });
  const choice = rest.length === 1 ? languageChoiceOf(rest[0] as string) : undefined;
  return choice ? ok({ channel, choice }) : fail('parse.language');
}

export const languageRoute = route({
  path: 'language',
  aliases: ['lang'],
  usage: 'language [channel] [tr|en|auto]',
  summary: 'Your language: `tr` (Türkçe), `en` (English) or `auto` (your Slack language); `channel …` sets this conversation’s',
  group: 'Account',
  audience: 'everyone',
  parse: parseLanguageArgs,
  run: async (ctx) => {
    const { services, who, channelId, args } = ctx;
    if (!args.channel) {
      if (!args.choice) {
        const { locale, source } = await personLocale(ctx);
        await ctx.surface.send(personLanguageMessage(messagesOf(ctx), locale, source));
        return;
      }
      await services.stores.languages.set(who.teamId, who.userId, args.choice === 'auto' ? undefined : args.choice, services.now());
      const { locale } = await personLocale(ctx);
      await ctx.surface.send(personLanguageSetMessage(messagesFor(locale), locale, args.choice === 'auto'));
      return;
    }
    if (!args.choice) {
      const { locale, source } = await channelLocale(services, who.teamId, channelId);
      await ctx.surface.send(channelLanguageMessage(messagesOf(ctx), locale, source));
      return;
    }
    const choice = args.choice;
    await actAs(ctx, async () => {
      await services.stores.channelSettings.setLanguage(who.teamId, channelId, choice === 'auto' ? undefined : choice, `${who.teamId}:${who.userId}`, services.now());
      services.logger.info(`the language of ${who.teamId}:${channelId} set to ${choice} by ${who.teamId}:${who.userId}`);
      const { locale } = await channelLocale(services, who.teamId, channelId);
      await ctx.surface.send(channelLanguageSetMessage(messagesOf(ctx), locale, choice === 'auto'));
    });
  },
});

export const languageArea: Area = { name: 'language', routes: [languageRoute] };
