/**
 * The help desk's resources as zod records. Objects are "loose": a real help desk may send more fields
 * than the spec shows, and we keep them rather than fail. Fields the spec does not show (marked GUESSED)
 * are optional, so a server that omits them still validates; the sandbox always sends them.
 *
 * Where real deployments answer in another shape than the spec's (a bare id from a creation, `IssueID`,
 * list rows from Search, `SelectionComboOptions`, `CompanyId`…), the family is built with `twoShapes`
 * (shapes.ts): `family.spec` / `family.real` decode both shapes into one normalised record and encode
 * it in their style. The README's "Shapes we accept" lists them.
 */
import * as z from 'zod';
import { reportMissing, required, twoShapes, withoutUndefined } from './shapes.js';
import { field } from './wire.js';

const int = () => z.int();
const str = () => z.string();
const nullableStr = () => z.string().nullable();

/** A person on a talep as the spec shows it (`SubmitterUserInfo`, `AssigneeUserInfo`). */
export const userRef = z.looseObject({ UserID: int(), Username: str() });

/**
 * A person on a normalised talep. Real servers send the full user record (`FullName`, `Email`, …) and
 * kept as it comes; when a server names only the id (`AssignedToUserID`, `UserID`), `Username` is absent
 * rather than made up.
 */
export const talepPerson = z.looseObject({
  UserID: int(),
  Username: str().optional(),
  FullName: str().optional(),
  Email: str().optional(),
});
export type TalepPerson = z.infer<typeof talepPerson>;

/** Tags: `{Name}` in the spec; real servers add `TagID` and `TagCount`. */
const talepTag = z.looseObject({ Name: str(), TagID: int().optional(), TagCount: int().optional() });

/** What the spec's talep and the real one share, with the same names. */
const talepCommonFields = {
  Subject: str(),
  Body: str(),
  /** A status name: `In Progress` (the sandbox's spec style), `In progress` (real servers)… */
  Status: str(),
  /** -1 low, 0 normal, 1 high, 2 critical; custom priorities have other ids. */
  Priority: int(),
  CategoryName: str(),
  Attachments: z.array(z.looseObject({ FileName: str(), Url: str() })),
  Tags: z.array(talepTag),
  TimeSpentInSeconds: int(),
  UpdatedByPerformer: z.boolean(),
  // Beyond the spec's table (real servers and the sandbox send them): ids that let a UI act without another lookup.
  StatusID: int().optional(),
  CategoryID: int().optional(),
  Url: str().optional(),
};

/** Both shapes of GET /talep: the spec's (`TalepID`, user references) and the real one (`IssueID`, ids). */
const talepWire = z.looseObject({
  ...talepCommonFields,
  TalepID: int().optional(),
  IssueID: int().optional(),
  SubmitterUserInfo: userRef.optional(),
  UserID: int().optional(),
  /** GUESSED nullable: an unassigned talep has no assignee (real servers: null, with `AssignedToUserID` null). */
  AssigneeUserInfo: userRef.nullable().optional(),
  AssignedToUserID: int().nullable().optional(),
  DueDate: field.nullableDatetime(),
  ResolvedDate: field.nullableDatetime(),
  IssueDate: field.datetime().optional(),
  LastUpdated: field.datetime().optional(),
});

const talepRecord = z.looseObject({
  ...talepCommonFields,
  TalepID: int(),
  SubmitterUserInfo: talepPerson,
  /** `null`: nobody is assigned. */
  AssigneeUserInfo: talepPerson.nullable(),
  DueDate: z.date().nullable(),
  ResolvedDate: z.date().nullable(),
  IssueDate: z.date().optional(),
  LastUpdated: z.date().optional(),
});

/** The assignee from the record or the bare id; nobody for `null` or 0; undefined when the answer does not say. */
function assigneeOf(info: TalepPerson | null | undefined, id: number | null | undefined): TalepPerson | null | undefined {
  if (info !== undefined) return info === null || info.UserID === 0 ? null : info;
  if (id !== undefined) return id === null || id === 0 ? null : { UserID: id };
  return undefined;
}

const specPerson = (person: TalepPerson) => ({
  UserID: person.UserID,
  Username: required(person.Username, `the user name of user ${person.UserID}`),
});
/** Real servers send the full user record of each person. */
const realPerson = (person: TalepPerson) => ({
  ...person,
  Username: required(person.Username, `the user name of user ${person.UserID}`),
  FullName: required(person.FullName, `the full name of user ${person.UserID}`),
});

export const talep = twoShapes({
  wire: talepWire,
  record: talepRecord,
  decode: (wire, payload) => {
    const { TalepID, IssueID, SubmitterUserInfo, UserID, AssigneeUserInfo, AssignedToUserID, ...rest } = wire;
    const id = TalepID ?? IssueID;
    const submitter = SubmitterUserInfo ?? (UserID === undefined ? undefined : { UserID });
    const assignee = assigneeOf(AssigneeUserInfo, AssignedToUserID);
    if (id === undefined) reportMissing(payload, 'TalepID', 'TalepID (or IssueID)');
    if (submitter === undefined) reportMissing(payload, 'SubmitterUserInfo', 'SubmitterUserInfo (or UserID)');
    if (assignee === undefined) reportMissing(payload, 'AssigneeUserInfo', 'AssigneeUserInfo (or AssignedToUserID)');
    if (id === undefined || submitter === undefined || assignee === undefined) return z.NEVER;
    return { ...rest, TalepID: id, SubmitterUserInfo: submitter, AssigneeUserInfo: assignee };
  },
  spec: ({ SubmitterUserInfo, AssigneeUserInfo, Tags, ...rest }) => ({
    ...rest,
    SubmitterUserInfo: specPerson(SubmitterUserInfo),
    AssigneeUserInfo: AssigneeUserInfo === null ? null : specPerson(AssigneeUserInfo),
    Tags: Tags.map(({ Name }) => ({ Name })),
  }),
  real: ({ TalepID, SubmitterUserInfo, AssigneeUserInfo, ...rest }) => ({
    ...rest,
    IssueID: TalepID,
    UserID: SubmitterUserInfo.UserID,
    SubmitterUserInfo: realPerson(SubmitterUserInfo),
    AssignedToUserID: AssigneeUserInfo?.UserID ?? null,
    AssigneeUserInfo: AssigneeUserInfo === null ? null : realPerson(AssigneeUserInfo),
  }),
});
export type Talep = z.output<typeof talep.spec>;

/** Both shapes of a Search / SubTaleps row: the spec-style talep record (any part of it) and the real list row. */
const talepListWire = z.looseObject({
  TalepID: int().optional(),
  IssueID: int().optional(),
  Subject: str(),
  Status: str().optional(),
  StatusID: int().optional(),
  Priority: int().optional(),
  PriorityName: str().optional(),
  CategoryName: str().optional(),
  /** Real list rows: the category's name. */
  Category: str().nullable().optional(),
  CategoryID: int().optional(),
  SubmitterUserInfo: userRef.optional(),
  UserID: int().optional(),
  UserName: str().optional(),
  AssigneeUserInfo: userRef.nullable().optional(),
  AssignedToUserID: int().nullable().optional(),
  TechnicianID: int().nullable().optional(),
  Technician: str().nullable().optional(),
  IssueDate: field.datetime().optional(),
  LastUpdated: field.datetime().optional(),
  DueDate: field.nullableDatetime().optional(),
  CompanyName: str().nullable().optional(),
  Url: str().optional(),
});

/** A row of a talep list (Search, SubTaleps): only the id and the subject are certain. */
export const talepListItemRecord = z.looseObject({
  TalepID: int(),
  Subject: str(),
  Status: str().optional(),
  StatusID: int().optional(),
  Priority: int().optional(),
  PriorityName: str().optional(),
  CategoryName: str().optional(),
  CategoryID: int().optional(),
  SubmitterID: int().optional(),
  SubmitterName: str().optional(),
  /** `null`: nobody is assigned; absent: the help desk did not say. */
  AssigneeID: int().nullable().optional(),
  /** `null`: nobody is assigned; absent: not said (also when only the assignee's id is known). */
  AssigneeName: str().nullable().optional(),
  IssueDate: z.date().optional(),
  LastUpdated: z.date().optional(),
  DueDate: z.date().nullable().optional(),
  CompanyName: str().nullable().optional(),
  /** The talep's web page when the row says (real list rows do not: see `talep-link.ts`). */
  Url: str().optional(),
});

function listAssignee(
  info: z.output<typeof userRef> | null | undefined,
  id: number | null | undefined,
  name: string | null | undefined,
): { AssigneeID?: number | null; AssigneeName?: string | null } {
  const nobody = { AssigneeID: null, AssigneeName: null };
  if (info !== undefined) return info === null || info.UserID === 0 ? nobody : { AssigneeID: info.UserID, AssigneeName: info.Username };
  if (id !== undefined) return id === null || id === 0 ? nobody : withoutUndefined({ AssigneeID: id, AssigneeName: name || undefined });
  if (name !== undefined) return name ? { AssigneeName: name } : nobody;
  return {};
}

export const talepListItem = twoShapes({
  wire: talepListWire,
  record: talepListItemRecord,
  decode: (wire, payload) => {
    const { TalepID, IssueID, Category, CategoryName, SubmitterUserInfo, UserID, UserName, AssigneeUserInfo, AssignedToUserID, TechnicianID, Technician, ...rest } = wire;
    const id = TalepID ?? IssueID;
    if (id === undefined) {
      reportMissing(payload, 'TalepID', 'TalepID (or IssueID)');
      return z.NEVER;
    }
    return withoutUndefined({
      ...rest,
      TalepID: id,
      CategoryName: CategoryName ?? Category ?? undefined,
      SubmitterID: SubmitterUserInfo?.UserID ?? UserID,
      SubmitterName: SubmitterUserInfo?.Username ?? UserName,
      ...listAssignee(AssigneeUserInfo, TechnicianID !== undefined ? TechnicianID : AssignedToUserID, Technician),
    });
  },
  // The spec style answers with (part of) talep records: the row's own names map back to theirs.
  spec: ({ SubmitterID, SubmitterName, AssigneeID, AssigneeName, PriorityName: _priorityName, CompanyName: _company, ...rest }) =>
    withoutUndefined({
      ...rest,
      SubmitterUserInfo: SubmitterID === undefined ? undefined : { UserID: SubmitterID, Username: required(SubmitterName, `the submitter's name of talep ${rest.TalepID}`) },
      AssigneeUserInfo:
        AssigneeID === undefined
          ? undefined
          : AssigneeID === null
            ? null
            : { UserID: AssigneeID, Username: required(AssigneeName ?? undefined, `the assignee's name of talep ${rest.TalepID}`) },
    }),
  // Real list rows: `IssueID`, `Category`, `UserName`/`UserID`, `Technician`/`TechnicianID`, no `Url`.
  real: ({ TalepID, CategoryName, SubmitterID, SubmitterName, AssigneeID, AssigneeName, Url: _url, ...rest }) =>
    withoutUndefined({
      ...rest,
      IssueID: TalepID,
      Category: CategoryName,
      UserID: SubmitterID,
      UserName: SubmitterName,
      TechnicianID: AssigneeID,
      Technician: AssigneeName,
    }),
});
export type TalepListItem = z.output<typeof talepListItem.spec>;
/** The earlier name of a list row, kept for the Slack side's imports. */
export type TalepSummary = TalepListItem;

/** `POST /talep`, `/Company`, `/Asset`, `/article`, `/AddCategory`: `{"id": 12345}` (spec) or a bare `12345` (real servers). */
export const idResult = twoShapes({
  wire: z.union([int(), z.looseObject({ id: int() })]),
  record: z.object({ id: int() }),
  decode: (wire) => ({ id: typeof wire === 'number' ? wire : wire.id }),
  spec: ({ id }) => ({ id }),
  real: ({ id }) => id,
});

/** `POST /CreateUser`: `{"userId": 31}` (spec), a bare `31` (real servers), or `{"id": 31}`. Normalised as the spec's. */
export const createdUser = twoShapes({
  wire: z.union([int(), z.looseObject({ userId: int().optional(), id: int().optional() })]),
  record: z.object({ userId: int() }),
  decode: (wire, payload) => {
    const userId = typeof wire === 'number' ? wire : (wire.userId ?? wire.id);
    if (userId !== undefined) return { userId };
    reportMissing(payload, 'userId', 'userId (or id, or a bare user id)');
    return z.NEVER;
  },
  spec: ({ userId }) => ({ userId }),
  real: ({ userId }) => userId,
});

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

/** UserByEmail: the record plus names, agent flag and e-mail texts. */
export const userDetails = userRecord.extend({
  FirstName: nullableStr(),
  IsTech: z.boolean(),
  Signature: nullableStr(),
  Greeting: nullableStr(),
});
export type UserDetails = z.infer<typeof userDetails>;

/** GET /User "all information on the user": GUESSED beyond the user record (the same names either way). */
const userFullFields = {
  FirstName: nullableStr().optional(),
  LastName: nullableStr().optional(),
  /** Real servers' full record: first and last name (or the user name). */
  FullName: str().optional(),
  Phone: nullableStr().optional(),
  Location: nullableStr().optional(),
  Notes: nullableStr().optional(),
  CompanyName: nullableStr().optional(),
  DepartmentName: nullableStr().optional(),
  IsTech: z.boolean().optional(),
  Signature: nullableStr().optional(),
  Greeting: nullableStr().optional(),
  OutOfOffice: z.boolean().optional(),
  // GUESSED (the sandbox sends them): the company's id, and the UpdateUser switch `enableEmailNotifications`
  // so an edit form can show it. Real servers call them `CompanyId` and `SendEmail`.
  CompanyID: int().nullable().optional(),
  EnableEmailNotifications: z.boolean().optional(),
};

/** Both shapes of the full user record: the spec-style names and the real ones (`CompanyId`, `SendEmail`). */
const userFullWire = userRecord.extend({
  ...userFullFields,
  CompanyId: int().nullable().optional(),
  SendEmail: z.boolean().optional(),
  LastSeen: field.nullableDatetime().optional(),
});

const userFullRecord = userRecord.extend({ ...userFullFields, LastSeen: z.date().nullable().optional() });

function decodeUserFull({ CompanyId, SendEmail, ...rest }: z.output<typeof userFullWire>) {
  return withoutUndefined({
    ...rest,
    CompanyID: rest.CompanyID !== undefined ? rest.CompanyID : CompanyId,
    EnableEmailNotifications: rest.EnableEmailNotifications ?? SendEmail,
  });
}

/** The full user record as real servers send it (GET /User, UserByUsername, the people on a talep). */
function realUserFull({ CompanyID, EnableEmailNotifications, ...rest }: z.input<typeof userFullRecord>) {
  return withoutUndefined({
    ...rest,
    FullName: required(rest.FullName, `the full name of user ${rest.UserID}`),
    CompanyId: CompanyID,
    SendEmail: EnableEmailNotifications,
  });
}

export const userFull = twoShapes({
  wire: userFullWire,
  record: userFullRecord,
  decode: decodeUserFull,
  spec: ({ FullName: _fullName, ...rest }) => rest,
  real: realUserFull,
});
export type UserFull = z.output<typeof userFull.spec>;

/** UserByUsername: GUESSED like UserByEmail (spec style); real servers answer the full user record. */
const userByUsernameRecord = userFullRecord.extend({
  FirstName: nullableStr(),
  IsTech: z.boolean(),
  Signature: nullableStr(),
  Greeting: nullableStr(),
});
export const userByUsername = twoShapes({
  wire: userFullWire,
  record: userByUsernameRecord,
  // The record's schema then checks that the details UserByEmail has are there (FirstName, IsTech, …).
  decode: (wire) => decodeUserFull(wire) as z.input<typeof userByUsernameRecord>,
  spec: ({ UserID, Username, Email, IsAdmin, Disabled, FirstName, LastName, IsTech, Signature, Greeting }) =>
    withoutUndefined({ UserID, Username, Email, IsAdmin, Disabled, FirstName, LastName, IsTech, Signature, Greeting }),
  real: realUserFull,
});

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

/** A dropdown option. */
const fieldOption = z.looseObject({ OptionID: int(), Name: str() });
type FieldOption = z.output<typeof fieldOption>;

/**
 * Dropdown options: `Options` (our reading of the spec) or `SelectionComboOptions` (real servers, null on
 * fields that are not dropdowns); normalised as `Options`.
 */
const optionAlternatives = {
  Options: z.array(fieldOption).optional(),
  SelectionComboOptions: z.array(fieldOption).nullable().optional(),
};
const optionsOf = (options: FieldOption[] | undefined, combo: FieldOption[] | null | undefined) => options ?? combo ?? undefined;

const definitionFields = { FieldID: int(), FieldName: str(), Type: int(), UsageType: int(), Mandatory: z.boolean() };

/** GET /CustomFields: the spec's definition; options, when a server sends them, under either name. */
export const customFieldDefinition = twoShapes({
  wire: z.looseObject({ ...definitionFields, ...optionAlternatives }),
  record: z.looseObject({ ...definitionFields, Options: z.array(fieldOption).optional() }),
  decode: ({ Options, SelectionComboOptions, ...rest }) => withoutUndefined({ ...rest, Options: optionsOf(Options, SelectionComboOptions) }),
  spec: (record) => record,
  real: ({ Options, ...rest }) => withoutUndefined({ ...rest, SelectionComboOptions: Options }),
});
export type CustomFieldDefinition = z.output<typeof customFieldDefinition.spec>;

const categoryFieldFields = {
  FieldID: int(),
  FieldName: str(),
  Type: int(),
  Mandatory: z.boolean().optional(),
  /** Real servers: whether the field is a column of the talep list. */
  ShowInGrid: z.boolean().optional(),
};

/** GET /CustomFieldsForCategory: GUESSED as definitions plus the dropdown options. */
export const categoryCustomField = twoShapes({
  wire: z.looseObject({ ...categoryFieldFields, ...optionAlternatives }),
  record: z.looseObject({ ...categoryFieldFields, Options: z.array(fieldOption).optional() }),
  decode: ({ Options, SelectionComboOptions, ...rest }) => withoutUndefined({ ...rest, Options: optionsOf(Options, SelectionComboOptions) }),
  spec: ({ ShowInGrid: _showInGrid, ...rest }) => rest,
  real: ({ Options, ...rest }) => withoutUndefined({ ...rest, SelectionComboOptions: Options }),
});
export type CategoryCustomField = z.output<typeof categoryCustomField.spec>;

const talepFieldValueFields = {
  ...customFieldValue.shape,
  Mandatory: z.boolean().optional(),
  /** Real servers: the chosen option of a dropdown (null when unset or not a dropdown). */
  OptionID: int().nullable().optional(),
  ShowInGrid: z.boolean().optional(),
};

/** GET /TalepCustomFields: GUESSED as the field-value record used for users and companies, plus options. */
export const talepCustomFieldValue = twoShapes({
  wire: z.looseObject({ ...talepFieldValueFields, ...optionAlternatives }),
  record: z.looseObject({ ...talepFieldValueFields, Options: z.array(fieldOption).optional() }),
  decode: ({ Options, SelectionComboOptions, ...rest }) => withoutUndefined({ ...rest, Options: optionsOf(Options, SelectionComboOptions) }),
  spec: ({ OptionID: _optionId, ShowInGrid: _showInGrid, ...rest }) => rest,
  real: ({ Options, ...rest }) => withoutUndefined({ ...rest, SelectionComboOptions: Options }),
});
export type TalepCustomFieldValue = z.output<typeof talepCustomFieldValue.spec>;

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

const assetFields = {
  ItemID: int(),
  Manufacturer: str(),
  ModelName: str(),
  Type: str(),
  SerialNumber: nullableStr(),
  Location: nullableStr(),
  Comments: nullableStr(),
  Quantity: int(),
  // GUESSED (sandbox extras): needed to prefill the edit modal and mark retired assets.
  Supplier: nullableStr().optional(),
  Disabled: z.boolean().optional(),
  AssignedUsers: z.array(userListItem).optional(),
};

/** "null or value": the sandbox's spec style sends `{ CompanyID, Name }`; a bare name or id is kept as it comes. */
const assetCompany = z.union([z.looseObject({ CompanyID: int(), Name: str() }), str(), int()]).nullable();
type AssetCompany = z.output<typeof assetCompany>;

/** A name with a separate id (real servers) becomes the record form; an id without a name stays an id. */
function companyOf(company: AssetCompany, companyId: number | null | undefined): AssetCompany {
  if (typeof companyId !== 'number') return company;
  if (typeof company === 'string') return { CompanyID: companyId, Name: company };
  return company === null ? companyId : company;
}

/** Real servers: `Company` is the name, `CompanyID` the id. */
function realCompany(company: AssetCompany): { Company: string | null; CompanyID: number | null } {
  if (company === null) return { Company: null, CompanyID: null };
  if (typeof company === 'object') return { Company: company.Name, CompanyID: company.CompanyID };
  return typeof company === 'number' ? { Company: null, CompanyID: company } : { Company: company, CompanyID: null };
}

/** GET /Asset: `Company` as a record (spec style) or a name with `CompanyID` (real servers). */
export const asset = twoShapes({
  wire: z.looseObject({ ...assetFields, Company: assetCompany, CompanyID: int().nullable().optional() }),
  record: z.looseObject({ ...assetFields, Company: assetCompany }),
  decode: ({ Company, CompanyID, ...rest }) => ({ ...rest, Company: companyOf(Company, CompanyID) }),
  spec: (record) => record,
  real: ({ Company, ...rest }) => ({ ...rest, ...realCompany(Company) }),
});
export type Asset = z.output<typeof asset.spec>;

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
export const parentTalep = {
  spec: z.union([int(), z.null(), talep.spec]),
  real: z.union([int(), z.null(), talep.real]),
};
export type ParentTalep = z.output<typeof parentTalep.spec>;
