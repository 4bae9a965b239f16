/**
 * The sandbox's stored data: plain JSON rows (dates as ISO strings, files as Base64) so lowdb can keep
 * them in one file. Rows use the sandbox's own camelCase names; `records.ts` turns them into the
 * spec's response records (TalepID, Subject, ...).
 */

/** Status ids of the spec: 1 New, 2 In progress, 3 Closed. */
export const TalepStatus = { New: 1, InProgress: 2, Closed: 3 } as const;
export type TalepStatusId = (typeof TalepStatus)[keyof typeof TalepStatus];

/**
 * Status names per response style: GUESSED for the spec style (the spec only names status 2 "In progress"
 * / "Devam Ediyor"); real servers say "In progress".
 */
export const statusNames: Record<'spec' | 'real', Record<number, string>> = {
  spec: { 1: 'New', 2: 'In Progress', 3: 'Closed' },
  real: { 1: 'New', 2: 'In progress', 3: 'Closed' },
};

/** Custom-field values by field id; a field without a key is unset. */
export type CustomValues = Record<string, string>;

export interface UserRow {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  location: string | null;
  notes: string | null;
  companyId: number | null;
  departmentId: number | null;
  isAdmin: boolean;
  disabled: boolean;
  /** scrypt hash and salt (hex). */
  passwordHash: string;
  passwordSalt: string;
  /** Bumped on every password change; part of the token MAC, so old tokens stop verifying. */
  passwordVersion: number;
  /** Categories in which the user is an agent (Temsilci). */
  techCategoryIds: number[];
  greeting: string | null;
  signature: string | null;
  outOfOffice: boolean;
  emailNotifications: boolean;
  lastSeen: string | null;
  customFields: CustomValues;
}

export interface SectionRow {
  id: number;
  name: string;
}

export interface CategoryRow {
  id: number;
  name: string;
  sectionId: number | null;
  /** Hidden from regular users: they can neither list it nor file taleps in it. */
  forTechsOnly: boolean;
}

export interface PriorityRow {
  id: number;
  name: string;
}

export interface CompanyRow {
  id: number;
  name: string;
  /** `;`-separated e-mail domains. */
  emailDomain: string | null;
  notes: string | null;
  customFields: CustomValues;
}

export interface DepartmentRow {
  id: number;
  name: string;
}

export interface TalepRow {
  id: number;
  subject: string;
  body: string;
  statusId: number;
  priorityId: number;
  categoryId: number;
  origin: number;
  submitterId: number;
  assigneeId: number | null;
  secondaryAssigneeIds: number[];
  issueDate: string;
  lastUpdated: string;
  dueDate: string | null;
  resolvedDate: string | null;
  timeSpentSeconds: number;
  /** Whether the last change was made by an agent or admin (rather than the submitter). */
  updatedByPerformer: boolean;
  tagIds: number[];
  subscriberIds: number[];
  /** "Related" links; kept on both taleps. */
  relatedTalepIds: number[];
  /** Parent of a sub-talep (one level deep). */
  parentId: number | null;
  assetIds: number[];
  /** `<TrackerName>` → URL of the linked external issue. */
  integrations: Record<string, string>;
  customFields: CustomValues;
}

export interface CommentRow {
  id: number;
  talepId: number;
  userId: number;
  body: string;
  forTechsOnly: boolean;
  isSystem: boolean;
  date: string;
}

export interface AttachmentRow {
  id: number;
  talepId: number;
  /** Set when the file came with a comment: it shares the comment's ForTechsOnly visibility. */
  commentId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  dataBase64: string;
  uploadedBy: number;
  date: string;
}

export interface TagRow {
  id: number;
  name: string;
}

export interface ArticleRow {
  id: number;
  categoryId: number;
  subject: string;
  body: string;
  forTechsOnly: boolean;
  authorId: number;
  dateCreated: string;
  tagIds: number[];
}

/** Same shape as `SandboxRule` of rule-xml.ts, which renders it as the spec's XML document. */
export interface RuleRow {
  id: number;
  name: string;
  enabled: boolean;
  match: 'All' | 'Any';
  conditions: { field: string; operator: string; value: string }[];
  actions: { type: string; value: string }[];
}

/** Custom-field types and usage types of the spec. */
export const FieldType = { Text: 1, Date: 2, SelectionCombo: 3, Checkbox: 4, MultilineText: 5 } as const;
export const FieldUsage = { Talep: 1, Asset: 2, User: 3, Company: 4 } as const;

export interface CustomFieldRow {
  id: number;
  name: string;
  type: number;
  usage: number;
  mandatory: boolean;
  /** Dropdown options (SelectionCombo only). */
  options: { id: number; name: string }[];
  /** Talep fields only: the categories that show the field; `null` = every category. */
  categoryIds: number[] | null;
}

export interface CommentTemplateRow {
  id: number;
  name: string;
  body: string;
}

export interface AssetRow {
  id: number;
  manufacturer: string;
  modelName: string;
  type: string;
  supplier: string | null;
  serialNumber: string | null;
  location: string | null;
  comments: string | null;
  quantity: number;
  companyId: number | null;
  /** Retired. */
  disabled: boolean;
  assignedUserIds: number[];
  customFields: CustomValues;
}

export interface SandboxData {
  version: 1;
  /** Last id handed out per table, so ids are never reused after a delete or merge. */
  lastIds: Record<TableName, number>;
  users: UserRow[];
  sections: SectionRow[];
  categories: CategoryRow[];
  priorities: PriorityRow[];
  companies: CompanyRow[];
  departments: DepartmentRow[];
  taleps: TalepRow[];
  comments: CommentRow[];
  attachments: AttachmentRow[];
  tags: TagRow[];
  articles: ArticleRow[];
  rules: RuleRow[];
  customFields: CustomFieldRow[];
  commentTemplates: CommentTemplateRow[];
  assets: AssetRow[];
}

export const tableNames = [
  'users',
  'sections',
  'categories',
  'priorities',
  'companies',
  'departments',
  'taleps',
  'comments',
  'attachments',
  'tags',
  'articles',
  'rules',
  'customFields',
  'customFieldOptions',
  'commentTemplates',
  'assets',
] as const;
export type TableName = (typeof tableNames)[number];

export function emptyData(): SandboxData {
  return {
    version: 1,
    lastIds: Object.fromEntries(tableNames.map((name) => [name, 0])) as Record<TableName, number>,
    users: [],
    sections: [],
    categories: [],
    priorities: [],
    companies: [],
    departments: [],
    taleps: [],
    comments: [],
    attachments: [],
    tags: [],
    articles: [],
    rules: [],
    customFields: [],
    commentTemplates: [],
    assets: [],
  };
}
