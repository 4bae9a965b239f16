/** The answers of `/talep language`: which language the bot speaks with you or in this conversation. Pure. */
import type { Locale } from '../../i18n/locales.js';
import type { Messages } from '../../i18n/messages.js';
import type { SlackMessage } from '../kit/blocks.js';

export type LanguageSource = 'chosen' | 'slack' | 'default';

/** The language's name in the reader's language ("Turkish (Türkçe)", "Türkçe"). */
export const languageName = (m: Messages, locale: Locale): string => m.t(locale === 'tr' ? 'language.name.tr' : 'language.name.en');

export const personLanguageMessage = (m: Messages, locale: Locale, source: LanguageSource): SlackMessage => ({
  text: m.t('language.current', { language: languageName(m, locale), source }),
});

/** Said in the new language, so the person reads it as it will be. */
export const personLanguageSetMessage = (m: Messages, locale: Locale, auto: boolean): SlackMessage => ({
  text: m.t(auto ? 'language.setAuto' : 'language.set', { language: languageName(m, locale) }),
});

export const channelLanguageMessage = (m: Messages, locale: Locale, source: LanguageSource): SlackMessage => ({
  text: m.t('language.channelCurrent', { language: languageName(m, locale), source }),
});

export const channelLanguageSetMessage = (m: Messages, locale: Locale, auto: boolean): SlackMessage => ({
  text: m.t(auto ? 'language.channelSetAuto' : 'language.channelSet', { language: languageName(m, locale) }),
});
