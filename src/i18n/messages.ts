/**
 * The bot's words in a person's language: `m.t(key, params)` formats a catalog message with
 * intl-messageformat (ICU plurals, selects and placeholders, typed by ./placeholders.ts), and `m.number`,
 * `m.relative`, `m.dateTime` format numbers (Intl) and times (date-fns locales) alike. Views get a
 * `Messages` as a parameter, so they stay pure; the kernel picks it per person or channel
 * (src/slack/locale.ts).
 */
// Subpath imports: the package's index loads every function (and `date-fns/locale` every locale), ~40 MB of RSS.
import type { Locale as DateFnsLocale } from 'date-fns';
import { format } from 'date-fns/format';
import { formatDistance } from 'date-fns/formatDistance';
import { enUS } from 'date-fns/locale/en-US';
import { tr as trDates } from 'date-fns/locale/tr';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './en.js';
import type { Locale } from './locales.js';
import type { MessageParams } from './placeholders.js';
import { tr } from './tr.js';

export type { Locale, MessageKey };

/** Arguments after the key: none for a message without placeholders, else exactly its parameters. */
export type ParamsOf<K extends MessageKey> = keyof MessageParams<(typeof en)[K]> extends never ? [] : [MessageParams<(typeof en)[K]>];

export interface Messages {
  readonly locale: Locale;
  /** The message `key` in this language, its placeholders filled in. */
  t<K extends MessageKey>(key: K, ...params: ParamsOf<K>): string;
  /**
   * A message whose key is made at run time (`route.<path>`, `group.<name>`), without placeholders;
   * undefined when the catalog has none. Tests check that every route and group has its key.
   */
  lookup(key: string): string | undefined;
  /** 1,234.5 / 1.234,5 */
  number(value: number): string;
  /** "2 hours ago" / "2 saat önce" (or "in 3 days" / "3 gün içinde"). */
  relative(when: Date, now: Date): string;
  /** "23 Nov 2026 14:05" / "23 Kas 2026 14:05" in the zone `tzOffset` seconds east of UTC. */
  dateTime(when: Date, tzOffset: number): string;
}

export const catalogs: Record<Locale, Record<MessageKey, string>> = { en, tr };

const dateLocales: Record<Locale, DateFnsLocale> = { en: enUS, tr: trDates };
const dateTimePattern: Record<Locale, string> = { en: 'd MMM yyyy HH:mm', tr: 'd MMM yyyy HH:mm' };

function build(locale: Locale): Messages {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const numbers = new Intl.NumberFormat(locale);
  const compile = (key: MessageKey): IntlMessageFormat => {
    let found = compiled.get(key);
    if (!found) {
      // ignoreTag: Slack's `<@U1>`, `<url|text>` and `<!here>` are text, not markup.
      found = new IntlMessageFormat(catalogs[locale][key], locale, undefined, { ignoreTag: true });
      compiled.set(key, found);
    }
    return found;
  };
  const formatted = (key: MessageKey, params?: Record<string, string | number>): string => {
    const text = compile(key).format(params);
    return typeof text === 'string' ? text : String(text);
  };
  /** Messages without placeholders, formatted once (most of what a card or notice says). */
  const constants = new Map<MessageKey, string>();
  const constant = (key: MessageKey): string => {
    let text = constants.get(key);
    if (text === undefined) {
      text = formatted(key);
      constants.set(key, text);
    }
    return text;
  };
  return {
    locale,
    t: (key, ...params) => (params.length > 0 ? formatted(key, params[0] as Record<string, string | number>) : constant(key)),
    lookup: (key) => (Object.hasOwn(catalogs[locale], key) ? constant(key as MessageKey) : undefined),
    number: (value) => numbers.format(value),
    relative: (when, now) => formatDistance(when, now, { addSuffix: true, locale: dateLocales[locale] }),
    dateTime(when, tzOffset) {
      // The wall-clock time in the person's zone, formatted without the process's own zone.
      const shifted = new Date(when.getTime() + tzOffset * 1000);
      const wall = new Date(
        shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(),
        shifted.getUTCHours(), shifted.getUTCMinutes(), shifted.getUTCSeconds(),
      );
      return format(wall, dateTimePattern[locale], { locale: dateLocales[locale] });
    },
  };
}

const built = new Map<Locale, Messages>();

/** The one `Messages` of a language (messages compiled once, when first used). */
export function messagesFor(locale: Locale): Messages {
  let found = built.get(locale);
  if (!found) {
    found = build(locale);
    built.set(locale, found);
  }
  return found;
}

/** English: what tests and code without a person (start-up, logs) use. */
export const english: Messages = messagesFor('en');
