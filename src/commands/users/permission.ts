/** `/talep user grant|revoke <who> <category>` (admins): agent (Temsilci) permission per category. */
import type { Category } from '../../api/schemas.js';
import { lookupKey, sameWord } from '../../domain/text-case.js';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { permissionChangedMessage, unknownCategoryText } from '../../views/users/messages.js';
import type { PermissionArgs } from './args.js';
import { resolveUser } from './lookup.js';

export type CategoryMatch =
  | { kind: 'found'; category: Category }
  | { kind: 'unknown'; names: string[] }
  | { kind: 'ambiguous'; names: string[] };

/**
 * A category by id (`2`, `#2`), exact name, name with section, unique prefix, then unique substring;
 * case as `domain/text-case` compares it (Turkish or English rules).
 */
export function matchCategory(text: string, categories: readonly Category[]): CategoryMatch {
  const wanted = text.normalize('NFKC').trim();
  const idMatch = /^#?(\d{1,9})$/.exec(wanted);
  const byId = idMatch ? categories.find((category) => category.CategoryID === Number(idMatch[1])) : undefined;
  if (byId) return { kind: 'found', category: byId };
  const key = lookupKey(wanted);
  const attempts: ((category: Category) => boolean)[] = [
    (category) => sameWord(category.Name.trim(), wanted),
    (category) => category.NameWithSection !== undefined && sameWord(category.NameWithSection.trim(), wanted),
    (category) => lookupKey(category.Name).startsWith(key),
    (category) => lookupKey(category.Name).includes(key),
  ];
  for (const matches of attempts) {
    const found = categories.filter(matches);
    if (found.length === 1 && found[0]) return { kind: 'found', category: found[0] };
    if (found.length > 1) return { kind: 'ambiguous', names: found.map((category) => category.Name) };
  }
  return { kind: 'unknown', names: categories.map((category) => category.Name) };
}

export async function setAgentPermission(ix: Interaction, actor: Actor, args: PermissionArgs, grant: boolean): Promise<void> {
  const [target, categories] = await Promise.all([resolveUser(ix, actor, args.who), actor.hd.categories()]);
  const m = messagesOf(ix);
  const match = matchCategory(args.category, categories);
  if (match.kind !== 'found') {
    await ix.surface.send({ text: unknownCategoryText(args.category, match.names, match.kind === 'ambiguous', m) });
    return;
  }
  const params = { userId: target.userId, categoryId: match.category.CategoryID };
  if (grant) await actor.hd.addCategoryTechPermission(params);
  else await actor.hd.removeCategoryTechPermission(params);
  await ix.surface.send(permissionChangedMessage(target, match.category.Name, grant, m));
}
