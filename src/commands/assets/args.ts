/**
 * The arguments of the `/talep asset …` routes. Pure: each parser returns the value or one problem
 * saying what was expected.
 */
import { fail, firstWord, ok, type Parsed, parseTalepId } from '../../slack/args.js';
import { ASSET_PREFIX_MIN } from '../../views/assets/ids.js';
import type { AssetQuery } from '../../views/assets/list.js';

/** Longer prefixes are no use for a name search and would bloat the paging buttons. */
const PREFIX_MAX = 100;

/** `dell latitude all` → prefix "dell latitude", retired included. */
export function parseAssetQuery(text: string): Parsed<AssetQuery> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let includeDisabled = false;
  // `all` counts as the flag only at the end (`--all` / `-a` anywhere), so "all-in-one" or "Allen" still search.
  const kept = words.filter((word, index) => {
    const lower = word.toLowerCase();
    const flag = lower === '--all' || lower === '-a' || (lower === 'all' && index === words.length - 1);
    if (flag) includeDisabled = true;
    return !flag;
  });
  const prefix = kept.join(' ');
  if (prefix.length < ASSET_PREFIX_MIN) {
    return prefix ? fail('parse.assetTooShort', { text: prefix, min: ASSET_PREFIX_MIN }) : fail('parse.assetTypeMore', { min: ASSET_PREFIX_MIN });
  }
  if (prefix.length > PREFIX_MAX) return fail('parse.assetPrefixLong', { max: PREFIX_MAX });
  return ok({ prefix, includeDisabled, page: 1 });
}

/** `12`, `#12` → 12. */
export const parseAssetId = (text: string): Parsed<number> => parseTalepId(text, 'asset');

/**
 * `asset new` opens the form and takes nothing after it. A verb always wins over a name search, so the
 * refusal says how to search for names that start with the verb.
 */
export function parseNewAsset(text: string): Parsed<undefined> {
  return text.trim()
    ? fail('parse.assetNewNoArgs')
    : ok(undefined);
}

export interface AssetTalepPair {
  assetId: number;
  talepId: number;
}

/** `<assetId> <talepId>` for `asset link` and `asset unlink`. */
export function parseAssetTalepPair(verb: 'link' | 'unlink'): (text: string) => Parsed<AssetTalepPair> {
  return (text) => {
    const [assetText, talepText] = firstWord(text);
    const assetId = parseAssetId(assetText);
    if (!assetId.ok) return assetId;
    const talepId = parseTalepId(talepText, 'talep');
    if (talepId.ok) return ok({ assetId: assetId.value, talepId: talepId.value });
    const typed = talepText.trim().slice(0, 40);
    return typed ? fail('parse.assetTalep', { verb, text: typed }) : fail('parse.assetTalepMissing', { verb });
  };
}
