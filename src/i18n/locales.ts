/**
 * The languages the bot speaks and how a Slack locale (`tr-TR`, `en-US`, `en-GB`) or a word people type
 * (`tr`, `Türkçe`, `english`) maps to one. Pure.
 */
import { lookupKey } from '../domain/text-case.js';

export const LOCALES = ['en', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];

/** What a person or channel may choose: a language, or `auto` (their Slack locale / the workspace default). */
export type LanguageChoice = Locale | 'auto';

/** The language of a Slack locale or a BCP 47 tag; undefined for one the bot does not speak. */
export function localeOf(tag: string | undefined | null): Locale | undefined {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((locale) => locale === language);
}

const words: Record<string, LanguageChoice> = {
  en: 'en', english: 'en', 'ingilizce': 'en',
  tr: 'tr', turkish: 'tr', 'türkçe': 'tr', turkce: 'tr',
  auto: 'auto', otomatik: 'auto', default: 'auto', 'varsayilan': 'auto', 'varsayılan': 'auto',
};

/** `tr`, `EN`, `Türkçe`, `auto`… → the choice; undefined for anything else. */
export function languageChoiceOf(text: string): LanguageChoice | undefined {
  return words[lookupKey(text.trim())];
}
