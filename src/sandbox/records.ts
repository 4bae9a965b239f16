/**
 * Stored rows → the response records. Values are the *typed, normalised* side of the response schemas
 * (Dates, not strings); the server encodes them with `z.encode(schema, value)` in its response style, so
 * what goes on the wire is exactly what the client decodes. Where real servers' shape carries more than
 * the spec's (full user records on a talep, tag counts, a dropdown's chosen option), the record carries it
 * too, and the spec style's encoding leaves it out.
 */
import type * as z from 'zod';
import type * as s from '../api/schemas.js';
import type { ResponseStyle } from '../api/shapes.js';
import { isAgent } from './access.js';
import { displayFieldValue } from './custom-field-values.js';
import {
  type ArticleRow,
  type AssetRow,
  type AttachmentRow,
  type CategoryRow,
  type CommentRow,
  type CompanyRow,
  type CustomFieldRow,
  type CustomValues,
  FieldType,
  type SandboxData,
  statusNames,
  type TalepRow,
  type UserRow,
} from './model.js';

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
const DELETED_USER = '(deleted user)';

export function userRef(data: SandboxData, userId: number): Out<typeof s.userRef> {
  const user = data.users.find((row) => row.id === userId);
  return user ? { UserID: user.id, Username: user.username } : { UserID: userId, Username: DELETED_USER };
}

/** "First Last", or the user name when the user has neither. */
export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

const companyName = (data: SandboxData, id: number | null) => data.companies.find((company) => company.id === id)?.name ?? null;

/**
 * A person on a talep: the spec's `{UserID, Username}` and what real servers' full user record carries
 * (under their names: `CompanyId`, `SendEmail`); the spec style sends only the first two.
 */
export function talepPerson(data: SandboxData, userId: number): s.TalepPerson {
  const user = data.users.find((row) => row.id === userId);
  if (!user) return { UserID: userId, Username: DELETED_USER, FullName: DELETED_USER, Email: '' };
  return {
    UserID: user.id,
    Username: user.username,
    Email: user.email,
    FirstName: user.firstName,
    LastName: user.lastName,
    FullName: fullName(user),
    IsAdmin: user.isAdmin,
    IsTech: isAgent(user),
    Disabled: user.disabled,
    CompanyName: companyName(data, user.companyId),
    CompanyId: user.companyId,
    SendEmail: user.emailNotifications,
  };
}

/** The talep's page (served by the sandbox; the real product's is `<root>/Ticket/<id>`). */
export const talepUrl = (urls: SiteUrls, id: number) => `${urls.root}/Talep/${id}`;
export const attachmentUrl = (urls: SiteUrls, fileId: number) => `${urls.api}/attachment?id=${fileId}`;
export const articleUrl = (urls: SiteUrls, id: number) => `${urls.root}/KB/View/${id}`;

const statusName = (statusId: number, style: ResponseStyle) => statusNames[style][statusId] ?? `Status ${statusId}`;

export function talepRecord(
  data: SandboxData,
  talep: TalepRow,
  urls: SiteUrls,
  visibleFiles: (file: AttachmentRow) => boolean,
  style: ResponseStyle,
): s.Talep {
  const files = data.attachments.filter((file) => file.talepId === talep.id && visibleFiles(file));
  const tagCount = (tagId: number) => data.taleps.filter((row) => row.tagIds.includes(tagId)).length;
  return {
    TalepID: talep.id,
    Subject: talep.subject,
    Body: talep.body,
    Status: statusName(talep.statusId, style),
    Priority: talep.priorityId,
    CategoryName: data.categories.find((category) => category.id === talep.categoryId)?.name ?? '',
    Attachments: files.map((file) => ({ FileName: file.fileName, Url: attachmentUrl(urls, file.id), FileID: file.id, FileSize: file.size })),
    Tags: talep.tagIds.flatMap((id) => data.tags.filter((tag) => tag.id === id).map((tag) => ({ Name: tag.name, TagID: tag.id, TagCount: tagCount(tag.id) }))),
    SubmitterUserInfo: talepPerson(data, talep.submitterId),
    AssigneeUserInfo: talep.assigneeId === null ? null : talepPerson(data, talep.assigneeId),
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

/** A row of Search and SubTaleps: what a list shows of a talep (real servers' list row, normalised). */
export function talepListItem(data: SandboxData, talep: TalepRow, urls: SiteUrls, style: ResponseStyle): s.TalepListItem {
  const submitter = data.users.find((user) => user.id === talep.submitterId);
  const assignee = talep.assigneeId === null ? undefined : data.users.find((user) => user.id === talep.assigneeId);
  return {
    TalepID: talep.id,
    Subject: talep.subject,
    Status: statusName(talep.statusId, style),
    StatusID: talep.statusId,
    Priority: talep.priorityId,
    PriorityName: data.priorities.find((priority) => priority.id === talep.priorityId)?.name ?? `Priority ${talep.priorityId}`,
    CategoryName: data.categories.find((category) => category.id === talep.categoryId)?.name ?? '',
    CategoryID: talep.categoryId,
    SubmitterID: talep.submitterId,
    SubmitterName: submitter?.username ?? DELETED_USER,
    AssigneeID: talep.assigneeId,
    AssigneeName: talep.assigneeId === null ? null : (assignee?.username ?? DELETED_USER),
    IssueDate: date(talep.issueDate),
    LastUpdated: date(talep.lastUpdated),
    DueDate: nullableDate(talep.dueDate),
    CompanyName: submitter ? companyName(data, submitter.companyId) : null,
    Url: talepUrl(urls, talep.id),
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

export function userFullRecord(data: SandboxData, user: UserRow): s.UserFull {
  return {
    ...userRecord(user),
    FullName: fullName(user),
    Phone: user.phone,
    Location: user.location,
    Notes: user.notes,
    CompanyName: companyName(data, user.companyId),
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

/** UserByUsername: the details UserByEmail has, and (for the real style) the full record. */
export function userByUsernameRecord(data: SandboxData, user: UserRow): Out<typeof s.userByUsername.spec> {
  return { ...userFullRecord(data, user), ...userDetailsRecord(user) };
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
    UserName: author?.username ?? DELETED_USER,
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

export function customFieldDefinition(field: CustomFieldRow): s.CustomFieldDefinition {
  return { FieldID: field.id, FieldName: field.name, Type: field.type, UsageType: field.usage, Mandatory: field.mandatory };
}

const optionRecords = (field: CustomFieldRow) => field.options.map((option) => ({ OptionID: option.id, Name: option.name }));

/** The sandbox has no talep-list columns to configure: no field is shown in the grid (real servers' `ShowInGrid`). */
const SHOW_IN_GRID = false;

export function categoryCustomField(field: CustomFieldRow): s.CategoryCustomField {
  return { FieldID: field.id, FieldName: field.name, Type: field.type, Mandatory: field.mandatory, Options: optionRecords(field), ShowInGrid: SHOW_IN_GRID };
}

export function fieldValueRecord(field: CustomFieldRow, values: CustomValues): Out<typeof s.customFieldValue> {
  return { FieldName: field.name, FieldID: field.id, Type: field.type, Value: displayFieldValue(field, values) };
}

/** A dropdown stores its option's id: real servers report it as `OptionID`. */
function chosenOptionId(field: CustomFieldRow, values: CustomValues): number | null {
  const stored = values[String(field.id)];
  return field.type === FieldType.SelectionCombo && stored !== undefined && /^\d+$/.test(stored) ? Number(stored) : null;
}

export function talepFieldValueRecord(field: CustomFieldRow, values: CustomValues): s.TalepCustomFieldValue {
  return {
    ...fieldValueRecord(field, values),
    Mandatory: field.mandatory,
    Options: optionRecords(field),
    OptionID: chosenOptionId(field, values),
    ShowInGrid: SHOW_IN_GRID,
  };
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

export function assetRecord(data: SandboxData, asset: AssetRow): s.Asset {
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
