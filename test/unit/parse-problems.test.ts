/**
 * Parser problems are keys (src/domain/parse-problems.ts) worded from the catalogs: both languages have
 * every `parse.…` key, every key is used by some parser, and a problem reads as a whole sentence in
 * English and in Turkish.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAssetTalepPair } from '../../src/commands/assets/args.js';
import { parseMergeArgs } from '../../src/commands/users/args.js';
import { resolveCategoryIds } from '../../src/domain/categories.js';
import { parsePriority } from '../../src/domain/priority.js';
import { en } from '../../src/i18n/en.js';
import { parsingEn } from '../../src/i18n/en/parsing.js';
import { messagesFor } from '../../src/i18n/messages.js';
import { parseProblemText } from '../../src/i18n/parse-problems.js';
import { tr } from '../../src/i18n/tr.js';
import { parsingTr } from '../../src/i18n/tr/parsing.js';
import { parseTalepId } from '../../src/slack/args.js';
import { problemOf } from '../support/parse-problems.js';

const turkish = messagesFor('tr');
const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(ROOT, dir, entry.name)] : [],
  );
}

describe('parse problems', () => {
  it('have every key in both catalogs, spread into en.ts and tr.ts', () => {
    const keys = Object.keys(parsingEn).sort();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.every((key) => key.startsWith('parse.'))).toBe(true);
    expect(Object.keys(parsingTr).sort()).toEqual(keys);
    for (const key of keys) {
      expect(en[key as keyof typeof en]).toBe(parsingEn[key as keyof typeof parsingEn]);
      expect(tr[key as keyof typeof tr]).toBe(parsingTr[key as keyof typeof parsingTr]);
      expect(tr[key as keyof typeof tr]).not.toBe(en[key as keyof typeof en]);
    }
  });

  it('are each said by some parser (no dead keys)', () => {
    const code = ['src/domain', 'src/slack', 'src/commands'].flatMap(sources).map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = Object.keys(parsingEn).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('are keys with values, worded in English by default and in Turkish for a Turkish reader', () => {
    const priority = parsePriority('çokyüksek');
    expect(priority).toEqual({ ok: false, error: { key: 'parse.priority', params: {} } });
    expect(problemOf(priority)).toBe('Expected a priority: `low`, `normal`, `high` or `critical`.');
    expect(problemOf(priority, turkish)).toBe('Bir öncelik bekleniyordu: `düşük`, `normal`, `yüksek` ya da `kritik` (`low`, `normal`, `high`, `critical`).');

    const id = parseTalepId('abc', 'company');
    expect(id).toEqual({ ok: false, error: { key: 'parse.id', params: { what: 'company', text: 'abc' } } });
    expect(problemOf(id)).toBe('Expected a company id (a number such as 42), got “abc”.');
    expect(problemOf(id, turkish)).toBe('Bir şirket numarası bekleniyordu (42 gibi bir sayı); “abc” yazdınız.');
    expect(problemOf(parseTalepId(''), turkish)).toBe('Bir talep numarası bekleniyordu (42 gibi bir sayı), ama bir şey yazmadınız.');
  });

  it('word plurals and selects in both languages', () => {
    const none = resolveCategoryIds(['Printers'], []);
    expect(problemOf(none)).toBe('No category “Printers”. You have no categories.');
    expect(problemOf(none, turkish)).toBe('“Printers” adında bir kategori yok. Hiç kategoriniz yok.');
    const some = resolveCategoryIds(['Printers'], [{ CategoryID: 1, Name: 'Hardware' }, { CategoryID: 2, Name: 'Network' }]);
    expect(problemOf(some, turkish)).toBe('“Printers” adında bir kategori yok. Kategorileriniz: Hardware, Network.');

    expect(problemOf(parseAssetTalepPair('unlink')('3 x'))).toBe('Unlink from which talep? Expected a talep id (a number such as 42), got “x”.');
    expect(problemOf(parseAssetTalepPair('link')('3'), turkish)).toBe('Hangi talebe bağlansın? Talep numarasını ekleyin (42 gibi bir sayı).');
    expect(problemOf(parseMergeArgs('a@b.co'))).toBe('Merge into whom? Add @someone, an e-mail address or a help-desk user name.');
  });

  it('render through parseProblemText with the reader’s Messages', () => {
    const problem = { key: 'parse.closeExtra', params: { text: 'now' } } as const;
    expect(parseProblemText(problem)).toBe('`close` takes only a talep id; got “now” after it.');
    expect(parseProblemText(problem, turkish)).toBe('`close` (kapat) yalnızca bir talep numarası alır; ardından “now” yazdınız.');
  });
});
