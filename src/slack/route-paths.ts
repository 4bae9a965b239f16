/**
 * The paths of a nested route from its words: every name of the family (`user`, `users`) with every
 * name of the verb (`find`, `show`, `lookup`). The first of each makes the path, the rest its aliases;
 * an empty verb makes the family's bare word run this route too (`category` → `category list`).
 */
export function routePaths(family: readonly string[], verbs: readonly string[]): { path: string; aliases: string[] } {
  const all = family.flatMap((noun) => verbs.map((verb) => `${noun} ${verb}`.trim()));
  const [path = '', ...aliases] = all;
  return { path, aliases };
}
