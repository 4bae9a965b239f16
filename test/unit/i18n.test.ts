/**
 * The catalogs: English and Turkish have the same keys and, message by message, the same placeholders
 * (of the same kind); every message parses as ICU; texts Slack limits fit in both languages; the typed
 * `t` formats plurals, selects and numbers per language.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { en, type MessageKey } from '../../src/i18n/en.js';
import { languageChoiceOf, localeOf } from '../../src/i18n/locales.js';
import { catalogs, english, messagesFor } from '../../src/i18n/messages.js';
import type { MessageParams } from '../../src/i18n/placeholders.js';
import { tr } from '../../src/i18n/tr.js';
import { allAreas } from '../../src/commands/index.js';
import { BLOCK_KIT_LIMITS } from '../../src/slack/block-kit-limits.js';
import { Router, TURKISH_WORDS } from '../../src/slack/routes.js';

/** `name:kind` of every argument of a message, nested branches included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument: found.add(`${element.value}:any`); break;
      case TYPE.number: case TYPE.date: case TYPE.time: found.add(`${element.value}:any`); break;
      case TYPE.plural: found.add(`${element.value}:number`); for (const option of Object.values(element.options)) argumentsOf(option.value, found); break;
      case TYPE.select: found.add(`${element.value}:string`); for (const option of Object.values(element.options)) argumentsOf(option.value, found); break;
      case TYPE.tag: argumentsOf(element.children, found); break;
      default: break;
    }
  }
  return found;
}

/** `t` without its types, for going over every key. */
const loose = (locale: 'en' | 'tr') => messagesFor(locale).t.bind(messagesFor(locale)) as (key: string, params?: object) => string;

const parsed = (text: string) => parse(text, { ignoreTag: true, requiresOtherClause: true });
const keys = Object.keys(en) as MessageKey[];

/** The Slack limit a key's text must keep, by the key's last word (its role in Block Kit). */
function limitOf(key: string): number | undefined {
  const role = key.split('.').at(-1) ?? '';
  if (/(^|[a-z])[Tt]itle$/.test(role)) return BLOCK_KIT_LIMITS.viewTitle;
  if (/(^|[a-z])[Ss]ubmit$/.test(role) || ['kit.cancel', 'kit.close', 'kit.done'].includes(key)) return BLOCK_KIT_LIMITS.viewButton;
  if (/(^|[a-z])[Cc]onfirm$/.test(role)) return BLOCK_KIT_LIMITS.confirmButton;
  if (/(^|[a-z])[Bb]utton$/.test(role)) return BLOCK_KIT_LIMITS.buttonText;
  if (/(^|[a-z])[Oo]ption$/.test(role)) return BLOCK_KIT_LIMITS.optionText;
  if (/(^|[a-z])[Pp]laceholder$/.test(role)) return BLOCK_KIT_LIMITS.placeholder;
  if (/(^|[a-z])[Hh]eader$/.test(role)) return BLOCK_KIT_LIMITS.headerText;
  return undefined;
}

/** Long but realistic values for each placeholder: a six-digit id, a long name. */
const sample = (text: string): Record<string, string | number> =>
  Object.fromEntries([...argumentsOf(parsed(text))].map((entry) => {
    const [name, kind] = entry.split(':') as [string, string];
    return [name, kind === 'string' ? 'other' : kind === 'number' ? 123456 : '123456'];
  }));

describe('the message catalogs', () => {
  it('have the same keys in English and Turkish', () => {
    expect(Object.keys(tr).sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(50);
  });

  it('parse as ICU messages and have the same placeholders in both languages', () => {
    const problems: string[] = [];
    for (const key of keys) {
      for (const [locale, catalog] of Object.entries(catalogs)) {
        try {
          parsed(catalog[key]);
        } catch (error) {
          problems.push(`${locale} ${key}: ${(error as Error).message}`);
        }
      }
      try {
        const a = [...argumentsOf(parsed(en[key]))].sort();
        const b = [...argumentsOf(parsed(tr[key]))].sort();
        if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${key}: en has ${a.join(', ') || 'none'}, tr has ${b.join(', ') || 'none'}`);
      } catch {
        // reported above
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep Slack’s limits in both languages (button 75, modal title 24, option 75, …)', () => {
    const over: string[] = [];
    let checked = 0;
    for (const key of keys) {
      const limit = limitOf(key);
      if (limit === undefined) continue;
      checked += 1;
      for (const locale of ['en', 'tr'] as const) {
        const text = loose(locale)(key, sample(catalogs[locale][key]));
        if ([...text].length > limit) over.push(`${locale} ${key}: ${[...text].length} > ${limit}: ${text}`);
      }
    }
    expect(over).toEqual([]);
    expect(checked).toBeGreaterThan(3);
  });

  it('never format a message into leftover braces or an error in either language', () => {
    for (const key of keys) {
      for (const locale of ['en', 'tr'] as const) {
        const text = loose(locale)(key, sample(catalogs[locale][key]));
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe('t', () => {
  it('types the placeholders of each message', () => {
    expectTypeOf<MessageParams<'Talep #{id} of {name}'>>().toEqualTypeOf<{ id: string | number; name: string | number }>();
    expectTypeOf<MessageParams<'{count, plural, one {# talep} other {# taleps of {who}}}'>>().toEqualTypeOf<{ count: number; who: string | number }>();
    expectTypeOf<MessageParams<'{source, select, chosen {you} other {x}}'>>().toEqualTypeOf<{ source: string }>();
    expectTypeOf<MessageParams<'no placeholders'>>().toEqualTypeOf<{}>();
    // Never called: only the type checker reads these.
    const wrong = () => {
      // @ts-expect-error a message with a placeholder needs its parameters
      english.t('failure.foreignTalep');
      // @ts-expect-error a misspelt placeholder does not compile
      english.t('failure.foreignTalep', { talep: 1 });
      // @ts-expect-error a key that is not in the catalog does not compile
      english.t('failure.nope');
      // @ts-expect-error a plural's count is a number
      english.t('kit.lastTry', { attempts: [] });
    };
    expect(wrong).toBeTypeOf('function');
  });

  it('formats in each language, with plurals, selects and Slack markup kept as text', () => {
    expect(english.t('failure.foreignTalep', { id: 12 })).toBe(
      ':no_entry: Talep #12 belongs to someone else: only its submitter and help-desk agents can open it.',
    );
    expect(messagesFor('tr').t('failure.foreignTalep', { id: 12 })).toContain('#12 numaralı talep');
    expect(messagesFor('tr').t('language.current', { language: 'Türkçe', source: 'slack' })).toContain('Slack diliniz');
    expect(english.t('language.current', { language: 'English', source: 'default' })).toContain('the workspace default');
  });

  it('keeps a message without placeholders per language, and looks it up the same', () => {
    const turkish = messagesFor('tr').t('kit.queueCancelButton');
    expect(messagesFor('tr').t('kit.queueCancelButton')).toBe(turkish);
    expect(messagesFor('tr').lookup('kit.queueCancelButton')).toBe(turkish);
    expect(english.t('kit.queueCancelButton')).toBe(catalogs.en['kit.queueCancelButton']);
    expect(turkish).toBe(catalogs.tr['kit.queueCancelButton']);
    expect(english.lookup('no.such.key')).toBeUndefined();
  });

  it('formats numbers and relative times per language', () => {
    expect(english.number(1234.5)).toBe('1,234.5');
    expect(messagesFor('tr').number(1234.5)).toBe('1.234,5');
    const now = new Date('2026-11-23T12:00:00Z');
    expect(messagesFor('tr').relative(new Date('2026-11-23T10:00:00Z'), now)).toBe('yaklaşık 2 saat önce');
    expect(english.relative(new Date('2026-11-23T10:00:00Z'), now)).toBe('about 2 hours ago');
    expect(messagesFor('tr').dateTime(new Date('2026-11-23T10:00:00Z'), 3 * 3600)).toBe('23 Kas 2026 13:00');
  });

  it('reads languages from Slack locales and from what people type', () => {
    expect(localeOf('tr-TR')).toBe('tr');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('de-DE')).toBeUndefined();
    expect(languageChoiceOf('TÜRKÇE')).toBe('tr');
    expect(languageChoiceOf('English')).toBe('en');
    expect(languageChoiceOf('auto')).toBe('auto');
    expect(languageChoiceOf('klingon')).toBeUndefined();
  });
});

describe('the sub-commands in both languages', () => {
  const routes = allAreas().flatMap((area) => area.routes ?? []);

  it('have a summary and a group in each catalog; the English ones are the routes’ own', () => {
    const missing: string[] = [];
    for (const route of routes) {
      for (const key of [`route.${route.path}`, `group.${route.group}`]) {
        for (const locale of ['en', 'tr'] as const) if (messagesFor(locale).lookup(key) === undefined) missing.push(`${locale} ${key}`);
      }
      expect(english.lookup(`route.${route.path}`), route.path).toBe(route.summary);
      expect(english.lookup(`group.${route.group}`)).toBe(route.group);
    }
    expect(missing).toEqual([]);
  });

  it('never use a Turkish word that is also an English sub-command word', () => {
    const englishWords = new Set(routes.flatMap((route) => [route.path, ...(route.aliases ?? [])]).flatMap((path) => path.split(' ')));
    expect(Object.keys(TURKISH_WORDS).filter((word) => englishWords.has(word))).toEqual([]);
    // Every Turkish word stands for a word some route uses (or help).
    const targets = new Set([...englishWords, 'help']);
    expect(Object.entries(TURKISH_WORDS).filter(([, word]) => !targets.has(word))).toEqual([]);
  });

  it('resolve Turkish words under Turkish case rules', () => {
    const router = new Router();
    for (const route of routes) router.add(route);
    const pathOf = (text: string) => {
      const resolved = router.resolve(text);
      return 'route' in resolved ? resolved.route.path : 'help';
    };
    expect(pathOf('YENİ')).toBe('new');
    expect(pathOf('yeni Yazıcı bozuk')).toBe('new');
    expect(pathOf('GÖSTER 12')).toBe('show');
    expect(pathOf('yorum 12 merhaba')).toBe('comment');
    expect(pathOf('KAPAT 12')).toBe('close');
    expect(pathOf('ata 12 me')).toBe('assign');
    expect(pathOf('ARA yazıcı')).toBe('search');
    expect(pathOf('benim')).toBe('mine');
    expect(pathOf('kullanıcı düzenle ali@example.com')).toBe('user edit');
    expect(pathOf('KULLANICI LİSTELE')).toBe('user list');
    expect(pathOf('kb yeni')).toBe('kb new');
    expect(pathOf('yardım')).toBe('help');
    expect(pathOf('YARDIM')).toBe('help');
    // Arguments are never translated: `ara yeni` searches for "yeni".
    const search = router.resolve('ara yeni yazıcı');
    expect('route' in search && search.args.ok && (search.args.value as { query: string }).query).toBe('yeni yazıcı');
  });
});
