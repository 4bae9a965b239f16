/** Building malformed bodies: a base body with one field set to a bad value, or removed. */

/** As a bad value: the field is removed. */
export const DELETE = Symbol('delete');

/** `body` with the field at `path` set to `bad` (or removed for DELETE); changes and returns `body`. */
export function mutate(body: Record<string, unknown>, path: readonly (string | number)[], bad: unknown): Record<string, unknown> {
  let parent = body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (bad === DELETE) delete parent[last];
  else parent[last] = bad;
  return body;
}
