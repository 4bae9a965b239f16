/**
 * Finding help-desk categories by what people type: a name (any case, accents optional), a
 * "Section / Name", a unique prefix, or an id. Pure.
 */
import { fail, ok, type Parsed } from './parsed.js';
import { searchKey } from './text-case.js';

/** The fields of a category record this needs. */
export interface NamedCategory {
  CategoryID: number;
  Name: string;
  NameWithSection?: string | null | undefined;
}

/** Category names or ids → ids of the caller's categories: exact name first, then a unique prefix. */
export function resolveCategoryIds(names: readonly string[], categories: readonly NamedCategory[]): Parsed<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    if (/^\d+$/.test(name)) {
      ids.push(Number(name));
      continue;
    }
    const wanted = searchKey(name);
    const labels = (category: NamedCategory) => [category.Name, category.NameWithSection ?? ''].filter(Boolean).map(searchKey);
    const exact = categories.filter((category) => labels(category).includes(wanted));
    const candidates = exact.length ? exact : categories.filter((category) => labels(category).some((label) => label.startsWith(wanted)));
    const [only, ...others] = candidates;
    if (!only) return fail('parse.noCategory', { name, known: categories.map((category) => category.Name).join(', '), count: categories.length });
    if (others.length) {
      return fail('parse.severalCategories', { name, candidates: candidates.map((c) => c.Name).join(', ') });
    }
    ids.push(only.CategoryID);
  }
  return ok([...new Set(ids)]);
}

