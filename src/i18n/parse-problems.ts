/**
 * A parser's problem (src/domain/parse-problems.ts) as a sentence in the reader's language: the
 * message `parse.…` of the catalogs with the problem's values. en/parsing.ts checks at compile time
 * that every key has its message and that the values fit its placeholders, so the loose call is safe.
 */
import type { ParseProblem } from '../domain/parse-problems.js';
import { english, type Messages } from './messages.js';

export function parseProblemText(problem: ParseProblem, m: Messages = english): string {
  const say = m.t as (this: Messages, key: ParseProblem['key'], params?: Record<string, string | number>) => string;
  return say.call(m, problem.key, problem.params as Record<string, string | number>);
}
