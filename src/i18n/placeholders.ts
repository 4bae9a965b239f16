/**
 * The arguments of an ICU message, read from its text by the type checker: `t('x', params)` with a
 * missing or misspelt placeholder does not compile. A small state machine over the characters
 * (tail-recursive, so messages of a few hundred characters are fine):
 *
 *   text      `{` starts an argument; `}` closes the branch we are in (back to its options)
 *   name      up to `,` or `}`: the argument's name
 *   kind      up to `,` or `}`: `plural`/`selectordinal` (a number), `select` (a string), else a format
 *   options   `one {…} other {…}`: each `{` opens a branch (text again, one level deeper); `}` ends it
 *
 * It follows intl-messageformat with `ignoreTag` (Slack's `<@U1>` and `<url|text>` are text). Quoting
 * with apostrophes is not modelled: the catalogs do not quote braces (test/unit/i18n.test.ts parses
 * every message with the real parser and compares the arguments it finds with these).
 */

type Blank = ' ' | '\n' | '\t';

/** One argument found: its name and whether it must be a number (plural) or a string (select). */
interface Found {
  name: string;
  kind: 'number' | 'string' | 'any';
}

type KindOf<K extends string> = K extends 'plural' | 'selectordinal' ? 'number' : K extends 'select' ? 'string' : 'any';

type Scan<S extends string, Stack extends unknown[], Acc extends Found> = S extends `${infer C}${infer R}`
  ? C extends '{'
    ? Name<R, '', Stack, Acc>
    : C extends '}'
      ? Stack extends [unknown, ...infer Rest]
        ? Options<R, Rest, Acc>
        : Scan<R, Stack, Acc>
      : Scan<R, Stack, Acc>
  : Acc;

type Name<S extends string, N extends string, Stack extends unknown[], Acc extends Found> = S extends `${infer C}${infer R}`
  ? C extends Blank
    ? Name<R, N, Stack, Acc>
    : C extends ','
      ? Kind<R, N, '', Stack, Acc>
      : C extends '}'
        ? Scan<R, Stack, Acc | { name: N; kind: 'any' }>
        : Name<R, `${N}${C}`, Stack, Acc>
  : Acc;

type Kind<S extends string, N extends string, K extends string, Stack extends unknown[], Acc extends Found> = S extends `${infer C}${infer R}`
  ? C extends Blank
    ? Kind<R, N, K, Stack, Acc>
    : C extends ','
      ? K extends 'plural' | 'selectordinal' | 'select'
        ? Options<R, Stack, Acc | { name: N; kind: KindOf<K> }>
        : Style<R, Stack, Acc | { name: N; kind: KindOf<K> }>
      : C extends '}'
        ? Scan<R, Stack, Acc | { name: N; kind: KindOf<K> }>
        : Kind<R, N, `${K}${C}`, Stack, Acc>
  : Acc;

type Style<S extends string, Stack extends unknown[], Acc extends Found> = S extends `${infer C}${infer R}`
  ? C extends '}'
    ? Scan<R, Stack, Acc>
    : Style<R, Stack, Acc>
  : Acc;

type Options<S extends string, Stack extends unknown[], Acc extends Found> = S extends `${infer C}${infer R}`
  ? C extends '{'
    ? Scan<R, [unknown, ...Stack], Acc>
    : C extends '}'
      ? Scan<R, Stack, Acc>
      : Options<R, Stack, Acc>
  : Acc;

type ValueOf<K extends Found['kind']> = K extends 'number' ? number : K extends 'string' ? string : string | number;

/** The parameters a message needs: `{ id: string | number }`, `{ count: number }`… (`{}` when none). */
export type MessageParams<S extends string> = string extends S
  ? Record<string, string | number>
  : { [F in Scan<S, [], never> as F['name']]: ValueOf<F['kind']> };
