/**
 * Stored rows → the spec's response records. Values are the *typed* side of the response schemas
 * (Dates, not strings); the server encodes them with `z.encode(schema, value)`, so what goes on the wire
 * is exactly what the client decodes.
 */
import type * as z from 'zod';
import type * as s from '../api/schemas.js';
import { isAgent } from './access.js';
import { displayFieldValue } from './custom-field-values.js';
import type {
  ArticleRow,
  AssetRow,
  AttachmentRow,
  CategoryRow,
  CommentRow,
  CompanyRow,
  CustomFieldRow,
  CustomValues,
  SandboxData,
  TalepRow,
  UserRow,
} from './model.js';
import { statusNames } from './model.js';

/** Where the sandbox is reached, for the `Url` fields. */
export interface SiteUrls {
  /** Application root, e.g. `http://127.0.0.1:8080`. */
  root: string;
  /** API base, e.g. `http://127.0.0.1:8080/api`. */
  api: string;
}

type Out<T extends z.ZodType> = z.output<T>;

const date = (iso: string): Date => new Date(iso);
const nullableDate = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

/** A deleted user still shows up on old taleps and comments. */
const DELETED_USER = (id: number) => ({ UserID: id, Username: '(deleted user)', Email: '' });

export function userRef(data: SandboxData, userId: number): Out<typeof s.userRef> {
  const user = data.users.find((row) => row.id === userId);
  return user ? { UserID: user.id, Username: user.username } : { UserID: userId, Username: DELETED_USER(userId).Username };
}

export const talepUrl = (urls: SiteUrls, id: number) => `${urls.root}/Talep/View/${id}`;
export const attachmentUrl = (urls: SiteUrls, fileId: number) => `${urls.api}/attachment?id=${fileId}`;
export const articleUrl = (urls: SiteUrls, id: number) => `${urls.root}/KB/View/${id}`;

export function talepRecord(
  data: SandboxData,
  talep: TalepRow,
  urls: SiteUrls,
  visibleFiles: (file: AttachmentRow) => boolean,
): Out<typeof s.talep> {
  const files = data.attachments.filter((file) => file.talepId === talep.id && visibleFiles(file));
  return {
    TalepID: talep.id,
    Subject: talep.subject,
    Body: talep.body,
    Status: statusNames[talep.statusId] ?? `Status ${talep.statusId}`,
    Priority: talep.priorityId,
    CategoryName: data.categories.find((category) => category.id === talep.categoryId)?.name ?? '',
    Attachments: files.map((file) => ({ FileName: file.fileName, Url: attachmentUrl(urls, file.id), FileID: file.id, FileSize: file.size })),
    Tags: talep.tagIds.flatMap((id) => data.tags.filter((tag) => tag.id === id).map((tag) => ({ Name: tag.name }))),
    SubmitterUserInfo: userRef(data, talep.submitterId),
    AssigneeUserInfo: talep.assigneeId === null ? null : userRef(data, talep.assigneeId),
    DueDate: nullableDate(talep.dueDate),
    ResolvedDate: nullableDate(talep.resolvedDate),
    TimeSpentInSeconds: talep.timeSpentSeconds,
    UpdatedByPerformer: talep.updatedByPerformer,
    StatusID: talep.statusId,
    CategoryID: talep.categoryId,
    IssueDate: date(talep.issueDate),
    LastUpdated: date(talep.lastUpdated),
    Url: talepUrl(urls, talep.id),
    // GUESSED extras (no read operation shows them otherwise).
    SecondaryAssignees: talep.secondaryAssigneeIds.map((id) => userRef(data, id)),
    RelatedTalepIDs: [...talep.relatedTalepIds],
  };
}

export function userRecord(user: UserRow): Out<typeof s.userRecord> {
  return {
    UserID: user.id,
    Username: user.username,
    Email: user.email,
    IsAdmin: user.isAdmin,
    Disabled: user.disabled,
    FirstName: user.firstName,
    LastName: user.lastName,
    IsTech: isAgent(user),
  };
}

export function currentUserRecord(user: UserRow): Out<typeof s.currentUser> {
  return { ...userRecord(user), LastSeen: nullableDate(user.lastSeen) };
}

export function userDetailsRecord(user: UserRow): Out<typeof s.userDetails> {
  return {
    ...userRecord(user),
    FirstName: user.firstName,
    IsTech: isAgent(user),
    Signature: user.signature,
    Greeting: user.greeting,
  };
}

export function userFullRecord(data: SandboxData, user: UserRow): Out<typeof s.userFull> {
  return {
    ...userRecord(user),
    Phone: user.phone,
    Location: user.location,
    Notes: user.notes,
    CompanyName: data.companies.find((company) => company.id === user.companyId)?.name ?? null,
    DepartmentName: data.departments.find((department) => department.id === user.departmentId)?.name ?? null,
    Signature: user.signature,
    Greeting: user.greeting,
    OutOfOffice: user.outOfOffice,
    LastSeen: nullableDate(user.lastSeen),
    // GUESSED extras: ids, the agent categories and the notification switch.
    CompanyID: user.companyId,
    DepartmentID: user.departmentId,
    TechCategoryIDs: [...user.techCategoryIds],
    EnableEmailNotifications: user.emailNotifications,
  };
}

export function userListItem(user: UserRow): Out<typeof s.userListItem> {
  return { UserID: user.id, Username: user.username, Email: user.email, FirstName: user.firstName, LastName: user.lastName };
}

export function commentRecord(data: SandboxData, comment: CommentRow): Out<typeof s.comment> {
  const author = data.users.find((user) => user.id === comment.userId);
  return {
    CommentID: comment.id,
    IssueID: comment.talepId,
    UserID: comment.userId,
    UserName: author?.username ?? DELETED_USER(comment.userId).Username,
    Email: author?.email ?? '',
    IsSystem: comment.isSystem,
    ForTechsOnly: comment.forTechsOnly,
    Body: comment.body,
    CommentDate: date(comment.date),
  };
}

export function attachmentItem(file: AttachmentRow, urls: SiteUrls): Out<typeof s.attachmentItem> {
  return { FileName: file.fileName, FileID: file.id, FileSize: file.size, Url: attachmentUrl(urls, file.id) };
}

export function companyRecord(company: CompanyRow): Out<typeof s.company> {
  return { CompanyID: company.id, Name: company.name, EmailDomain: company.emailDomain, Notes: company.notes };
}

export function categoryRecord(data: SandboxData, category: CategoryRow): Out<typeof s.category> {
  const section = data.sections.find((row) => row.id === category.sectionId)?.name ?? null;
  return {
    CategoryID: category.id,
    Name: category.name,
    SectionID: category.sectionId,
    Section: section,
    NameWithSection: section ? `${section} / ${category.name}` : category.name,
    ForTechsOnly: category.forTechsOnly,
  };
}

export function articleCategoryRecord(data: SandboxData, category: CategoryRow): Out<typeof s.articleList>['Categories'][number] {
  const { CategoryID, Name, Section, NameWithSection } = categoryRecord(data, category);
  return { CategoryID, Name, Section: Section ?? null, NameWithSection: NameWithSection ?? Name };
}

export function articleListItem(article: ArticleRow, urls: SiteUrls): Out<typeof s.articleListItem> {
  return {
    ArticleId: article.id,
    Subject: article.subject,
    ForTechsOnly: article.forTechsOnly,
    CategoryID: article.categoryId,
    Url: articleUrl(urls, article.id),
    DateCreated: date(article.dateCreated),
  };
}

export function articleRecord(data: SandboxData, article: ArticleRow, urls: SiteUrls): Out<typeof s.article> {
  return {
    ArticleId: article.id,
    Subject: article.subject,
    Body: article.body,
    CategoryName: data.categories.find((category) => category.id === article.categoryId)?.name ?? '',
    Url: articleUrl(urls, article.id),
    DateCreated: date(article.dateCreated),
    ForTechsOnly: article.forTechsOnly,
  };
}

export function customFieldDefinition(field: CustomFieldRow): Out<typeof s.customFieldDefinition> {
  return { FieldID: field.id, FieldName: field.name, Type: field.type, UsageType: field.usage, Mandatory: field.mandatory };
}

const optionRecords = (field: CustomFieldRow) => field.options.map((option) => ({ OptionID: option.id, Name: option.name }));

export function categoryCustomField(field: CustomFieldRow): Out<typeof s.categoryCustomField> {
  return { FieldID: field.id, FieldName: field.name, Type: field.type, Mandatory: field.mandatory, Options: optionRecords(field) };
}

export function fieldValueRecord(field: CustomFieldRow, values: CustomValues): Out<typeof s.customFieldValue> {
  return { FieldName: field.name, FieldID: field.id, Type: field.type, Value: displayFieldValue(field, values) };
}

export function talepFieldValueRecord(field: CustomFieldRow, values: CustomValues): Out<typeof s.talepCustomFieldValue> {
  return { ...fieldValueRecord(field, values), Mandatory: field.mandatory, Options: optionRecords(field) };
}

/** The fields the asset list item and the single asset have in common. */
function assetBasics(asset: AssetRow) {
  return {
    ItemID: asset.id,
    Manufacturer: asset.manufacturer,
    ModelName: asset.modelName,
    Type: asset.type,
    SerialNumber: asset.serialNumber,
    Location: asset.location,
    Quantity: asset.quantity,
    Disabled: asset.disabled,
  };
}

export function assetListItem(asset: AssetRow): Out<typeof s.assetListItem> {
  return { ...assetBasics(asset), CompanyID: asset.companyId };
}

export function assetRecord(data: SandboxData, asset: AssetRow): Out<typeof s.asset> {
  const company = data.companies.find((row) => row.id === asset.companyId);
  return {
    ...assetBasics(asset),
    Comments: asset.comments,
    Company: company ? { CompanyID: company.id, Name: company.name } : null,
    Supplier: asset.supplier,
    AssignedUsers: asset.assignedUserIds.flatMap((id) => data.users.filter((user) => user.id === id).map(userListItem)),
  };
}

export function assetUpdateResult(asset: AssetRow): Out<typeof s.assetUpdateResult> {
  return { ItemID: asset.id, ModelName: asset.modelName, Manufacturer: asset.manufacturer, Type: asset.type, Quantity: asset.quantity };
}
