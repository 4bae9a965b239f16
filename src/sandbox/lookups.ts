/** Finding rows by id: the row, or a 404 that names what was missing ("User 99 was not found."). */
import { badRequest, notFound } from './errors.js';
import type {
  ArticleRow,
  AssetRow,
  AttachmentRow,
  CategoryRow,
  CommentRow,
  CompanyRow,
  PriorityRow,
  RuleRow,
  SandboxData,
  TalepRow,
  UserRow,
} from './model.js';

function byId<T extends { id: number }>(rows: readonly T[], id: number, what: string): T {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw notFound(what, id);
  return row;
}

export const requireUser = (data: SandboxData, id: number): UserRow => byId(data.users, id, 'User');
export const requireCategory = (data: SandboxData, id: number): CategoryRow => byId(data.categories, id, 'Category');
/** Existence only: who may see the talep is access.ts's `visibleTalep`. */
export const requireTalep = (data: SandboxData, id: number): TalepRow => byId(data.taleps, id, 'Talep');
export const requireComment = (data: SandboxData, id: number): CommentRow => byId(data.comments, id, 'Comment');
export const requireAttachment = (data: SandboxData, id: number): AttachmentRow => byId(data.attachments, id, 'File');
export const requireArticle = (data: SandboxData, id: number): ArticleRow => byId(data.articles, id, 'Article');
export const requireRule = (data: SandboxData, id: number): RuleRow => byId(data.rules, id, 'Rule');
export const requireAsset = (data: SandboxData, id: number): AssetRow => byId(data.assets, id, 'Asset');
export const requireCompany = (data: SandboxData, id: number): CompanyRow => byId(data.companies, id, 'Company');

/** Priorities are a closed list (standard plus custom levels): an unknown id is a bad parameter. */
export function requirePriority(data: SandboxData, id: number, parameter: string): PriorityRow {
  const priority = data.priorities.find((row) => row.id === id);
  if (!priority) {
    throw badRequest(`Parameter '${parameter}': no priority ${id} (known: ${data.priorities.map((row) => `${row.id} ${row.name}`).join(', ')}).`);
  }
  return priority;
}

export const sameText = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
