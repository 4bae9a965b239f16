/**
 * A parser's result with its problem worded in English (or another language), as the kernel shows it:
 * tests compare sentences, parsers return keys (src/domain/parse-problems.ts).
 */
import type { Parsed } from '../../src/domain/parsed.js';
import { english, type Messages } from '../../src/i18n/messages.js';
import { parseProblemText } from '../../src/i18n/parse-problems.js';

export type Worded<T> = { ok: true; value: T } | { ok: false; error: string };

export function worded<T>(parsed: Parsed<T>, m: Messages = english): Worded<T> {
  return parsed.ok ? parsed : { ok: false, error: parseProblemText(parsed.error, m) };
}

/** The English sentence of a refused parse; throws when it parsed. */
export function problemOf(parsed: Parsed<unknown>, m: Messages = english): string {
  if (parsed.ok) throw new Error(`expected a parse problem, got ${JSON.stringify(parsed.value)}`);
  return parseProblemText(parsed.error, m);
}
