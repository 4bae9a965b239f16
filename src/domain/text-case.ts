/**
 * Case rules for comparing what people type with help-desk names. Turkish and English disagree on
 * I/ı and İ/i, so two words are the same when either language's rules says so (`IŞIK` = `ışık`,
 * `PRINTER` = `printer`). One home, so tags, categories and command words compare alike.
 */

const LOWER_ASCII = /^[a-z0-9 _.:-]*$/;

/** Lower case for lookups: Turkish rules first (İ → i, I → ı), then folded so `I` also finds `i`. */
export function lookupKey(text: string): string {
  // Already lower-case ASCII (almost every command word) is its own key; the locale-aware path costs
  // tens of microseconds, on every /talep before its ack.
  if (LOWER_ASCII.test(text)) return text;
  return text.toLocaleLowerCase('tr').replaceAll('ı', 'i').normalize('NFC');
}

/** The same word in any case, under English or Turkish rules (accents still count: `ç` ≠ `c`). */
export const sameWord = (a: string, b: string): boolean =>
  a === b || ['en', 'tr'].some((locale) => a.localeCompare(b, locale, { sensitivity: 'accent' }) === 0);

/**
 * A key for finding names in search: case-, accent- and Turkish-i-insensitive, spaces collapsed, so
 * "yazilim" finds "Yazılım" and "ofis  malzemesi" finds "Ofis Malzemesi".
 */
export function searchKey(text: string): string {
  return text.replace(/[İIı]/g, 'i').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
