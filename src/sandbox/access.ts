/**
 * Who may see and change what. One named rule per question, so a handler reads like the spec:
 *
 * - admin: everything.
 * - agent (Temsilci): a user with agent permission in at least one category. Agents see and change
 *   every talep; operations scoped to a category (commenting, editing comments) check that category.
 * - regular user: only their own taleps (the ones they submitted); never ForTechsOnly comments,
 *   articles, categories or files attached to ForTechsOnly comments.
 */
import type { Permission } from '../api/endpoints.js';
import { forbidden, notFound, requiresPermission } from './errors.js';
import { requireCategory } from './lookups.js';
import type { ArticleRow, AttachmentRow, CategoryRow, CommentRow, SandboxData, TalepRow, UserRow } from './model.js';

export const isAdmin = (user: UserRow): boolean => user.isAdmin;

/** Agent in at least one category (admins count as agents everywhere). */
export const isAgent = (user: UserRow): boolean => user.isAdmin || user.techCategoryIds.length > 0;

export const isAgentOf = (user: UserRow, categoryId: number): boolean =>
  user.isAdmin || user.techCategoryIds.includes(categoryId);

export function hasPermission(user: UserRow, permission: Permission): boolean {
  if (permission === 'admin') return isAdmin(user);
  if (permission === 'agent') return isAgent(user);
  return true;
}

export function requirePermission(user: UserRow, permission: Permission): void {
  if (permission !== 'user' && !hasPermission(user, permission)) throw requiresPermission(permission);
}

export const isOwnTalep = (user: UserRow, talep: TalepRow): boolean => talep.submitterId === user.id;

export const canSeeTalep = (user: UserRow, talep: TalepRow): boolean => isAgent(user) || isOwnTalep(user, talep);

/** The spec: "caller may update own tickets; admin or agent may update any". */
export const canChangeTalep = canSeeTalep;

export const canSeeComment = (user: UserRow, comment: CommentRow): boolean => !comment.forTechsOnly || isAgent(user);

export function canSeeAttachment(user: UserRow, file: AttachmentRow, data: SandboxData): boolean {
  if (file.commentId === null) return true;
  const comment = data.comments.find((row) => row.id === file.commentId);
  return !comment || canSeeComment(user, comment);
}

export const canSeeArticle = (user: UserRow, article: ArticleRow): boolean => !article.forTechsOnly || isAgent(user);

export const canUseCategory = (user: UserRow, category: CategoryRow): boolean => !category.forTechsOnly || isAgent(user);

/** The spec: commenting is for "admin or the agent of the ticket's category". */
export const canCommentOn = (user: UserRow, talep: TalepRow): boolean => isAgentOf(user, talep.categoryId);

export const isAuthor = (user: UserRow, comment: CommentRow): boolean => comment.userId === user.id;

/** The spec: "only the comment author, the agent of the category, or admin". */
export const canEditComment = (user: UserRow, comment: CommentRow, talep: TalepRow): boolean =>
  isAuthor(user, comment) || isAgentOf(user, talep.categoryId);

/** The talep, or 404 when it does not exist and 403 when the caller may not see it. */
export function visibleTalep(data: SandboxData, user: UserRow, id: number): TalepRow {
  const talep = data.taleps.find((row) => row.id === id);
  if (!talep) throw notFound('Talep', id);
  if (!canSeeTalep(user, talep)) {
    throw forbidden(`Talep ${id} belongs to another user: regular users may only see their own taleps (agent permission needed).`);
  }
  return talep;
}

/** As `visibleTalep`, for operations that change the talep. */
export function changeableTalep(data: SandboxData, user: UserRow, id: number): TalepRow {
  const talep = visibleTalep(data, user, id);
  if (!canChangeTalep(user, talep)) throw forbidden(`You may not change talep ${id}.`);
  return talep;
}

export function requireAgentOfCategory(user: UserRow, categoryId: number, data: SandboxData, action: string): void {
  if (isAgentOf(user, categoryId)) return;
  const name = data.categories.find((category) => category.id === categoryId)?.name ?? `#${categoryId}`;
  throw forbidden(`${action} requires agent permission in the category '${name}' (or admin).`);
}

/** The category, or 404; 403 when it is ForTechsOnly and the caller is a regular user. */
export function usableCategory(data: SandboxData, user: UserRow, categoryId: number): CategoryRow {
  const category = requireCategory(data, categoryId);
  if (!canUseCategory(user, category)) throw forbidden(`The category '${category.name}' is for agents only (agent permission needed).`);
  return category;
}
