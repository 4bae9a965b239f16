/** The arguments of the relations routes. Pure. */
import { fail, firstWord, ok, type Parsed, parseTalepId } from '../../slack/args.js';

/** What a pair of the same talep twice is told, per command. */
type SameTalep = 'parse.relatedToItself' | 'parse.mergedIntoItself' | 'parse.ownSubTalep';

/** `<id> <id2>` (either may carry `#`); the two must differ. `joiner` is an optional word between them, e.g. `into`. */
export function parseTalepPairArgs(text: string, same: SameTalep, joiner?: string): Parsed<[number, number]> {
  const [first, rest] = firstWord(text);
  const a = parseTalepId(first);
  if (!a.ok) return a;
  let [second, extra] = firstWord(rest);
  if (joiner && second.toLowerCase() === joiner) [second, extra] = firstWord(extra);
  if (!second) return fail('parse.twoTaleps');
  const b = parseTalepId(second);
  if (!b.ok) return b;
  if (extra) return fail('parse.onlyTwoTaleps', { text: extra });
  return a.value === b.value ? fail(same) : ok([a.value, b.value]);
}

export const parseLinkArgs = (text: string): Parsed<[number, number]> => parseTalepPairArgs(text, 'parse.relatedToItself');

export interface MergeArgs {
  /** Deleted by the merge. */
  merged: number;
  /** Keeps everything. */
  into: number;
}

/** `merge <id> <into>` or `merge <id> into <into>`. */
export function parseMergeArgs(text: string): Parsed<MergeArgs> {
  const pair = parseTalepPairArgs(text, 'parse.mergedIntoItself', 'into');
  return pair.ok ? ok({ merged: pair.value[0], into: pair.value[1] }) : pair;
}

export type SubArgs = { kind: 'add' | 'remove'; parentId: number; childId: number } | { kind: 'list'; talepId: number };

const subVerbs: Record<string, 'add' | 'remove' | 'list'> = {
  add: 'add', attach: 'add',
  remove: 'remove', rm: 'remove', detach: 'remove', delete: 'remove',
  list: 'list', ls: 'list', show: 'list',
};

/** `sub add <parent> <child>`, `sub remove <parent> <child>`, `sub list <id>` (or just `sub <id>`). */
export function parseSubArgs(text: string): Parsed<SubArgs> {
  const [word, rest] = firstWord(text);
  const verb = subVerbs[word.toLowerCase()];
  if (!verb) {
    const id = parseTalepId(word);
    if (id.ok && !rest) return ok({ kind: 'list', talepId: id.value });
    return fail('parse.subUsage');
  }
  if (verb === 'list') {
    const id = parseTalepId(rest);
    return id.ok ? ok({ kind: 'list', talepId: id.value }) : id;
  }
  const pair = parseTalepPairArgs(rest, 'parse.ownSubTalep');
  return pair.ok ? ok({ kind: verb, parentId: pair.value[0], childId: pair.value[1] }) : pair;
}
