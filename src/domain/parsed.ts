/**
 * The result of reading untrusted text: a value, or one problem saying what was expected — a key of
 * ./parse-problems.ts and its values, worded in the reader's language where it is shown
 * (src/i18n/parse-problems.ts). Parsers never throw, so a typo always gets an answer and never a stack
 * trace.
 */
import type { ParseKey, ParseProblem, ProblemParams } from './parse-problems.js';

export type { ParseKey, ParseProblem } from './parse-problems.js';

export type Failed = { ok: false; error: ParseProblem };
export type Parsed<T> = { ok: true; value: T } | Failed;

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
/** `fail('parse.status')`, `fail('parse.closeExtra', { text })`: the params are checked against the key. */
export const fail = <K extends ParseKey>(key: K, ...params: ProblemParams<K>): Failed =>
  ({ ok: false, error: { key, params: params[0] ?? {} } as ParseProblem });
