/**
 * One search serves every page: the matches are kept for a while in a small in-memory LRU keyed by a
 * random id, and a Previous / Next button carries that id, the page and the original search text. When
 * the cached matches are gone (restart, eviction) the search simply runs again from the text.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { TalepListRow } from '../../views/search/results.js';
import { MAX_SEARCH_TEXT, type SearchArgs } from './query.js';

// ── Paging state ─────────────────────────────────────────────────────────────────────────────────

const pagingState = z.object({
  /** Cache key of the matches. */
  k: z.string().regex(/^[\w-]{1,40}$/),
  /** 0-based page to show. */
  p: z.int().min(0).max(100_000),
  /** The search text, to run the search again when the cached matches are gone. */
  t: z.string().max(MAX_SEARCH_TEXT).optional(),
});
export type PagingState = z.infer<typeof pagingState>;

const MAX_BUTTON_VALUE = 2000;

export function encodePagingValue(state: PagingState): string {
  const value = JSON.stringify(state);
  // Quotes and control characters grow when JSON-escaped; without the text the button still works while cached.
  return value.length <= MAX_BUTTON_VALUE ? value : JSON.stringify({ k: state.k, p: state.p });
}

/** Button values come back from Slack: validate them like any other input. */
export function decodePagingValue(value: string | undefined): PagingState | undefined {
  if (!value) return undefined;
  try {
    const parsed = pagingState.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// ── Cached matches ───────────────────────────────────────────────────────────────────────────────

export interface CachedSearch {
  /** `team:user`: results are only ever served to the user who searched. */
  owner: string;
  args: SearchArgs;
  rows: TalepListRow[];
  audience: 'agent' | 'user';
}

export interface SearchCacheOptions {
  /** Total rows kept across all searches. */
  maxRows?: number;
  ttlMs?: number;
}

export class SearchResultCache {
  readonly #entries: LRUCache<string, CachedSearch>;

  constructor({ maxRows = 20_000, ttlMs = 30 * 60_000 }: SearchCacheOptions = {}) {
    this.#entries = new LRUCache({ maxSize: maxRows, sizeCalculation: (entry) => entry.rows.length + 1, ttl: ttlMs });
  }

  /** Stores the matches under a new random key and returns it. */
  put(entry: CachedSearch): string {
    const key = randomBytes(9).toString('base64url');
    this.#entries.set(key, entry);
    return key;
  }

  get(key: string, owner: string): CachedSearch | undefined {
    const entry = this.#entries.get(key);
    return entry?.owner === owner ? entry : undefined;
  }
}

/** The cache owner of a search: results are only ever served to the user who searched. */
export const ownerOf = (teamId: string, userId: string) => `${teamId}:${userId}`;
