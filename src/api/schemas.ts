/**
 * The spec's resources as zod records. Objects are "loose": a real help desk may send more fields than
 * the spec shows, and we keep them rather than fail. Fields the spec does not show (marked GUESSED) are
 * optional, so a server that omits them still validates; the sandbox always sends them.
 */
import * as z from 'zod';
import { field } from './wire.js';

const int = () => z.int();
const str = () => z.string();
const nullableStr = () => z.string().nullable();

export const userRef = z.looseObject({ UserID: int(), Username: str() });

export const talep = z.looseObject({
  TalepID: int(),
  Subject: str(),
  Body: str(),
  Status: str(),
  /** -1 low, 0 normal, 1 high, 2 critical; custom priorities have other ids. */
  Priority: int(),
  CategoryName: str(),
  Attachments: z.array(z.looseObject({ FileName: str(), Url: str() })),
  Tags: z.array(z.looseObject({ Name: str() })),
  SubmitterUserInfo: userRef,
  /** GUESSED nullable: an unassigned talep has no assignee. */
  AssigneeUserInfo: userRef.nullable(),
  DueDate: field.nullableDatetime(),
  ResolvedDate: field.nullableDatetime(),
  TimeSpentInSeconds: int(),
  UpdatedByPerformer: z.boolean(),
  // GUESSED (not in the spec's table, sent by the sandbox): ids that let a UI act without another lookup.
  StatusID: int().optional(),
  CategoryID: int().optional(),
  IssueDate: field.datetime().optional(),
  LastUpdated: field.datetime().optional(),
  Url: str().optional(),
});
export type Talep = z.infer<typeof talep>;

/** Search and SubTaleps rows: GUESSED to be talep records; only the id and subject are relied upon. */
export const talepSummary = talep.partial().required({ TalepID: true, Subject: true });
export type TalepSummary = z.infer<typeof talepSummary>;

export const idResult = z.looseObject({ id: int() });

export const priority = z.looseObject({ PriorityID: int(), Name: str() });
export type Priority = z.infer<typeof priority>;

export const attachmentItem = z.looseObject({ FileName: str(), FileID: int(), FileSize: int(), Url: str() });
export type AttachmentItem = z.infer<typeof attachmentItem>;

export const comment = z.looseObject({
  CommentID: int(),
  IssueID: int(),
  UserID: int(),
  UserName: str(),
  Email: str(),
  IsSystem: z.boolean(),
  ForTechsOnly: z.boolean(),
  Body: str(),
  CommentDate: field.datetime(),
});
export type Comment = z.infer<typeof comment>;

export const commentTemplate = z.looseObject({ TemplateId: int(), Name: str(), Body: str() });
export type CommentTemplate = z.infer<typeof commentTemplate>;

/** Users list, UpdateUser and the base of every user record. */
export const userRecord = z.looseObject({
  UserID: int(),
  Username: str(),
  Email: str(),
  IsAdmin: z.boolean(),
  Disabled: z.boolean(),
  // GUESSED: sent by the sandbox so lists can show a name and the agent flag.
  FirstName: nullableStr().optional(),
  LastName: nullableStr().optional(),
  IsTech: z.boolean().optional(),
});
export type UserRecord = z.infer<typeof userRecord>;

/** POST /Authorization: the caller. */
export const currentUser = userRecord.extend({ LastSeen: field.nullableDatetime() });
export type CurrentUser = z.infer<typeof currentUser>;

/** UserByEmail (and, GUESSED, UserByUsername): the record plus names, agent flag and e-mail texts. */
export const userDetails = userRecord.extend({
  FirstName: nullableStr(),
  IsTech: z.boolean(),
  Signature: nullableStr(),
  Greeting: nullableStr(),
});
export type UserDetails = z.infer<typeof userDetails>;

/** GET /User "all information on the user": GUESSED beyond the user record. */
export const userFull = userRecord.extend({
  FirstName: nullableStr().optional(),
  LastName: nullableStr().optional(),
  Phone: nullableStr().optional(),
  Location: nullableStr().optional(),
  Notes: nullableStr().optional(),
  CompanyName: nullableStr().optional(),
  DepartmentName: nullableStr().optional(),
  IsTech: z.boolean().optional(),
  Signature: nullableStr().optional(),
  Greeting: nullableStr().optional(),
  OutOfOffice: z.boolean().optional(),
  // GUESSED (the sandbox sends it): the UpdateUser switch `enableEmailNotifications`, so an edit form can show it.
  EnableEmailNotifications: z.boolean().optional(),
  LastSeen: field.nullableDatetime().optional(),
});
export type UserFull = z.infer<typeof userFull>;

export const customFieldValue = z.looseObject({
  FieldName: str(),
  FieldID: int(),
  Type: int(),
  Value: nullableStr(),
});
export type CustomFieldValue = z.infer<typeof customFieldValue>;

export const company = z.looseObject({
  CompanyID: int(),
  Name: str(),
  EmailDomain: nullableStr(),
  Notes: nullableStr(),
});
export type Company = z.infer<typeof company>;

export const department = z.looseObject({ DepartmentID: int(), Name: str() });
export type Department = z.infer<typeof department>;

export const articleListItem = z.looseObject({
  ArticleId: int(),
  Subject: str(),
  ForTechsOnly: z.boolean(),
  CategoryID: int(),
  Url: str(),
  DateCreated: field.datetime(),
});
export type ArticleListItem = z.infer<typeof articleListItem>;

export const articleCategory = z.looseObject({
  CategoryID: int(),
  Name: str(),
  Section: nullableStr(),
  NameWithSection: str(),
});

export const articleList = z.looseObject({
  Articles: z.array(articleListItem),
  Categories: z.array(articleCategory),
  /** Tag records are not shown in the spec; kept as they come. */
  Tags: z.array(z.unknown()),
});
export type ArticleList = z.infer<typeof articleList>;

export const article = z.looseObject({
  ArticleId: int(),
  Subject: str(),
  Body: str(),
  CategoryName: str(),
  Url: str(),
  DateCreated: field.datetime(),
  ForTechsOnly: z.boolean().optional(),
});
export type Article = z.infer<typeof article>;

/** GET /categories: GUESSED from the article list's category record; only id and name are relied upon. */
export const category = z.looseObject({
  CategoryID: int(),
  Name: str(),
  SectionID: int().nullable().optional(),
  Section: nullableStr().optional(),
  NameWithSection: str().optional(),
  ForTechsOnly: z.boolean().optional(),
});
export type Category = z.infer<typeof category>;

export const CustomFieldType = { Text: 1, Date: 2, SelectionCombo: 3, Checkbox: 4, MultilineText: 5 } as const;
export const CustomFieldUsage = { Tickets: 1, Assets: 2, Users: 3, Companies: 4 } as const;

export const customFieldDefinition = z.looseObject({
  FieldID: int(),
  FieldName: str(),
  Type: int(),
  UsageType: int(),
  Mandatory: z.boolean(),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinition>;

/** GET /CustomFieldsForCategory: GUESSED as definitions plus the dropdown options. */
export const categoryCustomField = z.looseObject({
  FieldID: int(),
  FieldName: str(),
  Type: int(),
  Mandatory: z.boolean().optional(),
  Options: z.array(z.looseObject({ OptionID: int(), Name: str() })).optional(),
});
export type CategoryCustomField = z.infer<typeof categoryCustomField>;

/** GET /TalepCustomFields: GUESSED as the field-value record used for users and companies. */
export const talepCustomFieldValue = customFieldValue.extend({
  Mandatory: z.boolean().optional(),
  Options: z.array(z.looseObject({ OptionID: int(), Name: str() })).optional(),
});
export type TalepCustomFieldValue = z.infer<typeof talepCustomFieldValue>;

/** Subscribers and agents-for-category: GUESSED as user references with an e-mail. */
export const userListItem = z.looseObject({
  UserID: int(),
  Username: str(),
  Email: str().optional(),
  FirstName: nullableStr().optional(),
  LastName: nullableStr().optional(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const assetListItem = z.looseObject({
  ItemID: int(),
  Manufacturer: str(),
  ModelName: str(),
  Type: str(),
  SerialNumber: nullableStr(),
  Location: nullableStr(),
  Quantity: int(),
  CompanyID: int().nullable(),
  /** GUESSED: whether the asset is retired; the sandbox sends it, a real server may not. */
  Disabled: z.boolean().optional(),
});
export type AssetListItem = z.infer<typeof assetListItem>;

export const asset = z.looseObject({
  ItemID: int(),
  Manufacturer: str(),
  ModelName: str(),
  Type: str(),
  SerialNumber: nullableStr(),
  Location: nullableStr(),
  Comments: nullableStr(),
  Quantity: int(),
  /** "null or value": the sandbox sends `{ CompanyID, Name }`; a bare name or id is accepted too. */
  Company: z.union([z.looseObject({ CompanyID: int(), Name: str() }), str(), int()]).nullable(),
  // GUESSED (sandbox extras): needed to prefill the edit modal and mark retired assets.
  Supplier: nullableStr().optional(),
  Disabled: z.boolean().optional(),
  AssignedUsers: z.array(userListItem).optional(),
});
export type Asset = z.infer<typeof asset>;

export const assetUpdateResult = z.looseObject({
  ItemID: int(),
  ModelName: str(),
  Manufacturer: str(),
  Type: str(),
  Quantity: int(),
});

export const stats = z.looseObject({
  TotalTaleps: int(),
  Closed: int(),
  NewTaleps: int(),
  Unassigned: int(),
  HandledByMe: int(),
});
export type Stats = z.infer<typeof stats>;

/** One `<TrackerName>IssueUrl` string per linked tracker. */
export const integrationData = z.record(z.string(), z.string().nullable());
export type IntegrationData = z.infer<typeof integrationData>;

/** GET /ParentTalep: GUESSED as the bare parent id (or null); the full talep when `returnFullTalep`. */
export const parentTalep = z.union([int(), z.null(), talep]);
export type ParentTalep = z.infer<typeof parentTalep>;
