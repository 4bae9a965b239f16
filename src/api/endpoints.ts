/**
 * ONE declarative table of every operation in ../shared/spec/helpdesk-api.md.
 *
 * The client derives a typed method per row (a wrong operation or parameter name is a compile error);
 * the sandbox validates incoming requests with the same rows. Adding an operation = one row here,
 * one handler in the sandbox.
 *
 * Parameter names are spelled exactly as published (e.g. `talepID` on the asset operations), paths too;
 * `aliases` lists the other names real clients send (the sandbox accepts them).
 * Rows marked GUESSED fill a gap the spec leaves ("not shown"); the README's sandbox section lists them.
 */
import * as z from 'zod';
import * as s from './schemas.js';
import { type Styled, styledArray } from './shapes.js';
import { param } from './wire.js';

export type HttpMethod = 'GET' | 'POST';
/** `general`: 90/min. `search`: 60/min (Search and UserByEmail). */
export type RateBudget = 'general' | 'search';
/** Who may call: any authenticated user, an agent (Temsilci; per category where `permissionNote` says), an admin. */
export type Permission = 'user' | 'agent' | 'admin';

export type ResponseSpec =
  /**
   * A JSON body validated (and decoded: datetimes become Dates) by the schema. `real`: where real servers
   * answer in another shape (shapes.ts), the same decoding with the real shape's encoding, which the
   * sandbox answers with in its `real` response style; `schema` decodes both shapes.
   */
  | { kind: 'json'; schema: z.ZodType; real?: z.ZodType }
  /** `GET /Rule/{id}`: an XML document, parsed into an AutomationRuleSummary. */
  | { kind: 'xml' }
  /** `GET /attachment`: the file bytes, name and type. */
  | { kind: 'bytes' }
  /** The spec says "HTTP 200" and nothing more: the body is ignored. */
  | { kind: 'none' }
  /** The spec does not show the body: whatever comes (JSON parsed, else text) is returned as `unknown`. */
  | { kind: 'unknown' };

/**
 * What a call does to the help desk, which decides what the client may do when no answer comes.
 *
 * - `read`: changes nothing (every GET that returns data, and POST /Authorization).
 * - `set`: puts something into a state — a field value, a link, a tag, a subscriber, a permission,
 *   enabled/disabled, closed. Doing it twice leaves the help desk as doing it once (a repeat may be
 *   answered "already so"), so it is idempotent. CreateCompany is one too: the spec returns the
 *   existing company for a name that exists. The API has no flip-style toggles: Enable/Disable
 *   name the state they set.
 * - `once`: each call acts again — it creates something (talep, comment, attachment, user,
 *   article, asset, category), or destroys or moves something for good (merges, deletions), so a
 *   repeat would duplicate the work or fail in a way that hides that the first call succeeded.
 *
 * `read` and `set` are idempotent. A `once` call that may have reached the help desk without an answer
 * fails with `unknown-outcome` and is never re-sent by the client.
 */
export type Effect = 'read' | 'set' | 'once';

/**
 * Reference data that may be cached for a while. `shared`: the same for every caller;
 * `per-role`: the same for every caller of one visibility class (the help desk shows agents-only
 * categories to agents and admins only; everything else in the answer does not depend on the caller),
 * per user when the caller gives no class; `per-user`: depends on who asks.
 */
export type CachePolicy = 'shared' | 'per-role' | 'per-user';

export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base URL, as published; `{name}` segments are filled from params. */
  path: string;
  params: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  response: ResponseSpec;
  budget: RateBudget;
  permission: Permission;
  effect: Effect;
  /** Finer rule the server applies (shown in errors and the README). */
  permissionNote?: string;
  /** Sends `multipart/form-data` (a file part may be present). */
  multipart?: boolean;
  cache?: CachePolicy;
  /** Other names real clients give a parameter (`ParentId` for `id`); the sandbox binds them to ours. */
  aliases?: Readonly<Record<string, string>>;
  summary: string;
}

const noParams = z.object({});
const json = <T extends z.ZodType>(schema: T) => ({ kind: 'json', schema }) as const;
/** A JSON answer that real servers send in another shape: decoded from either, normalised (shapes.ts). */
const styled = <T extends z.ZodType>(shapes: Styled<T>) => ({ kind: 'json', schema: shapes.spec, real: shapes.real }) as const;
const styledList = <T extends z.ZodType>(shapes: Styled<T>) => styled(styledArray(shapes));
const none = { kind: 'none' } as const;
const unknownBody = { kind: 'unknown' } as const;
const idParams = z.object({ id: param.id() });
const talepPair = z.object({ id: param.id(), id2: param.id() });
const assetTalep = z.object({ assetId: param.id(), talepID: param.id() });
const assetUser = z.object({ assetId: param.id(), userId: param.id() });
const assetId = z.object({ assetId: param.id() });
const pathId = z.object({ id: param.id() });
const fieldValue = z.object({ id: param.id(), fieldId: param.id(), value: param.string() });
const userCategory = z.object({ userId: param.id(), categoryId: param.id() });
/** Real clients name the parent and the child of a sub-talep operation `ParentId` and `ChildId`. */
const subTalepAliases = { ParentId: 'id', ChildId: 'subTalepId' } as const;
/** Ticket origin: 0 WebApp, 1 Email, 2 Widget, 3 API, 4 Scheduler, 5 MobileApp, 6 Phone, 7 LiveChat, 8 InPerson. */
const origin = () => param.int({ min: 0, max: 8 });

/** `cf<fieldId>` parameters of SetCustomFields ↔ `values: { [fieldId]: value }` in code. */
const setCustomFieldsParams = z.codec(
  z.looseObject({ talepId: z.string() }).catchall(z.union([z.string(), z.array(z.string())])),
  z.object({
    talepId: z.int().min(1),
    values: z.record(z.string().regex(/^\d+$/, 'field ids are numbers'), z.string()).refine(
      (values) => Object.keys(values).length > 0,
      'at least one cf<fieldId> value is required',
    ),
  }),
  {
    decode: (wire, ctx) => {
      const values: Record<string, string> = {};
      for (const [key, value] of Object.entries(wire)) {
        if (key.toLowerCase() === 'talepid') continue;
        const match = /^cf(\d+)$/i.exec(key);
        if (!match?.[1] || typeof value !== 'string') {
          ctx.issues.push({ code: 'custom', input: key, path: [key], message: 'expected cf<fieldId>=<value>' });
          continue;
        }
        values[match[1]] = value;
      }
      return { talepId: /^\d+$/.test(wire.talepId) ? Number(wire.talepId) : Number.NaN, values };
    },
    encode: ({ talepId, values }) => {
      const wire: Record<string, string> & { talepId: string } = { talepId: String(talepId) };
      for (const [fieldId, value] of Object.entries(values)) wire[`cf${fieldId}`] = value;
      return wire;
    },
  },
);

const userUpdateFields = {
  username: param.text().optional(),
  email: param.email().optional(),
  firstName: param.string().optional(),
  lastName: param.string().optional(),
  notes: param.string().optional(),
  phone: param.string().optional(),
  location: param.string().optional(),
  department: param.string().optional(),
  disabled: param.bool().optional(),
  company: param.string().optional(),
  password: param.text().optional(),
  enableEmailNotifications: param.bool().optional(),
  /** May contain the token #FirstName#. */
  greeting: param.string().optional(),
  signature: param.string().optional(),
  outOfOffice: param.bool().optional(),
  isAdmin: param.bool().optional(),
};

const assetFields = {
  serialNumber: param.string().optional(),
  location: param.string().optional(),
  comments: param.string().optional(),
  quantity: param.int({ min: 0 }).optional(),
  companyId: param.id().optional(),
};

export const endpoints = {
  // ── Test ────────────────────────────────────────────────────────────────────────────────────
  authorization: {
    method: 'POST', effect: 'read', path: '/Authorization', params: noParams, response: json(s.currentUser),
    budget: 'general', permission: 'user', summary: 'The caller; confirms that authentication works',
  },

  // ── Taleps (tickets) ────────────────────────────────────────────────────────────────────────
  getTalep: {
    method: 'GET', effect: 'read', path: '/talep', params: idParams, response: styled(s.talep),
    budget: 'general', permission: 'user', permissionNote: 'own taleps; any talep for agents and admins',
    summary: 'One talep with attachments, tags, users and status',
  },
  createTalep: {
    method: 'POST', effect: 'once', path: '/talep', multipart: true,
    params: z.object({
      categoryId: param.id(),
      subject: param.text(),
      body: param.string(),
      priorityId: param.int({ min: -1, max: 2 }),
      userId: param.id().optional(),
      tags: param.commaStrings().optional(),
      origin: origin().optional(),
      assignedToUserId: param.id().optional(),
      /** GUESSED format: `{"<fieldId>": "<value>"}`. */
      customFields: param.json(z.record(z.string().regex(/^\d+$/), z.string())).optional(),
      suppressConfirmation: param.bool().optional(),
      uploadFile: param.file().optional(),
    }),
    response: styled(s.idResult), budget: 'general', permission: 'user',
    permissionNote: '`userId` (on behalf of another user) needs agent permission',
    summary: 'Creates a talep; returns its id',
  },
  updateTalep: {
    method: 'POST', effect: 'set', path: '/UpdateTalep',
    params: z.object({
      id: param.id(),
      categoryId: param.id().optional(),
      priority: param.int().optional(),
      /** `null` removes the due date (sent as the empty string). */
      dueDate: param.clearableDatetime().optional(),
      /** 0 removes the assignment. */
      assignedUserId: param.int({ min: 0 }).optional(),
      statusId: param.int({ min: 1, max: 3 }).optional(),
      /** Replaces the existing tags. */
      tags: param.commaStrings().optional(),
      subject: param.text().optional(),
      body: param.string().optional(),
    }),
    response: none, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins', summary: 'Updates fields of a talep',
  },
  addSecondaryAssignee: {
    method: 'GET', effect: 'set', path: '/AddSecondaryAssignee', params: z.object({ talepId: param.id(), userId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'admin',
    permissionNote: 'only when the secondary-assignee setting is enabled', summary: 'Assigns a secondary agent',
  },
  closeTalep: {
    method: 'GET', effect: 'set', path: '/Close', params: z.object({ id: param.id(), suppressNotification: param.bool().optional() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins', summary: 'Closes a talep',
  },
  setCustomField: {
    method: 'POST', effect: 'set', path: '/SetCustomField',
    params: z.object({ talepId: param.id(), fieldId: param.id(), value: param.string() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins', summary: 'Sets one custom-field value of a talep',
  },
  setCustomFields: {
    method: 'POST', effect: 'set', path: '/SetCustomFields', params: setCustomFieldsParams,
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins',
    summary: 'Sets several custom-field values (`cf<fieldId>` parameters)',
  },
  stats: {
    method: 'GET', effect: 'read', path: '/Stats', params: z.object({ forCurrentUser: param.bool().optional() }),
    response: json(s.stats), budget: 'general', permission: 'user', summary: 'Talep statistics',
  },
  search: {
    method: 'GET', effect: 'read', path: '/Search',
    params: z.object({
      query: param.string(),
      fromUserId: param.id().optional(),
      categoryId: param.repeatedInts().optional(),
      statusId: param.repeatedInts().optional(),
      assignedToUserId: param.id().optional(),
      dateFrom: param.datetime().optional(),
      dateTo: param.datetime().optional(),
      /** Paging of real servers: at most `count` rows, after skipping `offset`. */
      count: param.int({ min: 1 }).optional(),
      offset: param.int({ min: 0 }).optional(),
    }),
    response: styledList(s.talepListItem), budget: 'search', permission: 'user',
    permissionNote: 'regular users find only their own taleps', summary: 'Searches taleps (subject and body)',
  },
  talepCustomFields: {
    method: 'GET', effect: 'read', path: '/TalepCustomFields', params: z.object({ id: param.id(), returnUnset: param.bool().optional() }),
    response: styledList(s.talepCustomFieldValue), budget: 'general', permission: 'user',
    summary: "A talep's custom fields and values",
  },
  mergeTaleps: {
    method: 'POST', effect: 'once', path: '/MergeTaleps', params: talepPair, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Merges `id2` into `id` and deletes `id2` (irreversible)',
  },
  linkTaleps: {
    method: 'POST', effect: 'set', path: '/LinkTaleps', params: talepPair, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Links two taleps as related',
  },
  unlinkTaleps: {
    method: 'POST', effect: 'set', path: '/UnlinkTaleps', params: talepPair, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Removes a related link',
  },
  addSubTalep: {
    method: 'POST', effect: 'set', path: '/AddSubTalep',
    // GUESSED parameters: `id` is the parent, `subTalepId` the talep that becomes its sub-talep.
    params: z.object({ id: param.id(), subTalepId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'agent', summary: 'Makes a talep a sub-talep of another',
    aliases: subTalepAliases,
  },
  removeSubTalep: {
    method: 'POST', effect: 'set', path: '/RemoveSubTalep',
    params: z.object({ id: param.id(), subTalepId: param.id() }), // GUESSED, as AddSubTalep
    response: unknownBody, budget: 'general', permission: 'agent', summary: 'Removes a sub-talep relation',
    aliases: subTalepAliases,
  },
  subTaleps: {
    method: 'GET', effect: 'read', path: '/SubTaleps', params: idParams, response: styledList(s.talepListItem),
    budget: 'general', permission: 'user', summary: 'Sub-taleps, one level deep',
  },
  parentTalep: {
    method: 'GET', effect: 'read', path: '/ParentTalep', params: z.object({ id: param.id(), returnFullTalep: param.bool().optional() }),
    response: styled(s.parentTalep), budget: 'general', permission: 'user',
    summary: 'The parent talep id (or the full talep)',
  },
  talepIntegrationData: {
    method: 'GET', effect: 'read', path: '/TalepIntegrationData', params: idParams, response: json(s.integrationData),
    budget: 'general', permission: 'user', summary: 'Links to issues in external trackers',
  },
  tagTalep: {
    method: 'POST', effect: 'set', path: '/TagTalep', params: z.object({ name: param.text(), talepId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins', summary: 'Adds a tag (created when missing)',
  },
  addAssetToTalep: {
    method: 'POST', effect: 'set', path: '/AddAssetToTalep', params: assetTalep, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Adds a related asset to a talep',
  },
  removeAssetFromTalep: {
    method: 'POST', effect: 'set', path: '/RemoveAssetFromTalep', params: assetTalep, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Removes a related asset from a talep',
  },

  // ── Attachments ─────────────────────────────────────────────────────────────────────────────
  getAttachment: {
    method: 'GET', effect: 'read', path: '/attachment', params: idParams, response: { kind: 'bytes' }, budget: 'general',
    permission: 'user', permissionNote: 'whoever may see the talep', summary: 'Downloads one file',
  },
  attachments: {
    method: 'GET', effect: 'read', path: '/Attachments', params: idParams, response: json(z.array(s.attachmentItem)),
    budget: 'general', permission: 'user', summary: "A talep's attachments",
  },
  attachFile: {
    method: 'POST', effect: 'once', path: '/AttachFile', multipart: true,
    params: z.object({ id: param.id(), uploadFile: param.file() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'own taleps; any talep for agents and admins', summary: 'Attaches a file to a talep',
  },
  deleteFile: {
    method: 'GET', effect: 'once', path: '/DeleteFile/{fileId}', params: z.object({ fileId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'admin', summary: 'Deletes a file',
  },

  // ── Subscribers ─────────────────────────────────────────────────────────────────────────────
  addSubscriber: {
    method: 'POST', effect: 'set', path: '/AddSubscriber', params: z.object({ id: param.id(), userId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'yourself on a talep you can see; agents may add anyone', summary: 'Subscribes a user to a talep',
  },
  removeSubscriber: {
    method: 'POST', effect: 'set', path: '/RemoveSubscriber',
    params: z.object({ id: param.id(), userId: param.id() }), // GUESSED, as AddSubscriber
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: 'yourself; agents may remove anyone', summary: 'Unsubscribes a user from a talep',
  },
  subscribers: {
    method: 'GET', effect: 'read', path: '/Subscribers', params: idParams, response: json(z.array(s.userListItem)),
    budget: 'general', permission: 'user', summary: 'Users subscribed to a talep',
  },

  // ── Categories and priorities ───────────────────────────────────────────────────────────────
  categories: {
    method: 'GET', effect: 'read', path: '/categories', params: noParams, response: json(z.array(s.category)),
    budget: 'general', permission: 'user', cache: 'per-role', summary: 'Categories the caller can use',
  },
  techsForCategory: {
    method: 'GET', effect: 'read', path: '/TechsForCategory', params: idParams, response: json(z.array(s.userListItem)),
    budget: 'general', permission: 'user', cache: 'per-role', summary: 'Agents assignable in a category',
  },
  customFieldsForCategory: {
    method: 'GET', effect: 'read', path: '/CustomFieldsForCategory', params: z.object({ categoryId: param.id() }),
    response: styledList(s.categoryCustomField), budget: 'general', permission: 'user', cache: 'shared',
    summary: "A category's custom fields and their options",
  },
  addCategory: {
    method: 'POST', effect: 'once', path: '/AddCategory', params: z.object({ name: param.text(), sectionId: param.id().optional() }),
    response: styled(s.idResult), budget: 'general', permission: 'admin', summary: 'Creates a category',
  },
  priorities: {
    method: 'GET', effect: 'read', path: '/Priorities', params: noParams, response: json(z.array(s.priority)),
    budget: 'general', permission: 'user', cache: 'shared', summary: 'Standard and custom priorities',
  },

  // ── Comments ────────────────────────────────────────────────────────────────────────────────
  addComment: {
    method: 'POST', effect: 'once', path: '/comment', multipart: true,
    params: z.object({
      id: param.id(),
      body: param.text(),
      forTechsOnly: param.bool().optional(),
      isSystem: param.bool().optional(),
      /** Notify only these users. */
      recipientIds: param.commaInts().optional(),
      fromUserId: param.id().optional(),
      uploadFile: param.file().optional(),
    }),
    response: unknownBody, budget: 'general', permission: 'agent',
    permissionNote: "admin or an agent of the talep's category; `fromUserId` needs admin",
    summary: 'Adds a comment to a talep',
  },
  updateComment: {
    method: 'POST', effect: 'set', path: '/updatecomment',
    params: z.object({ id: param.id(), body: param.text(), forTechsOnly: param.bool().optional() }),
    response: unknownBody, budget: 'general', permission: 'user',
    permissionNote: "the comment's author, an agent of the category, or admin", summary: 'Edits a comment',
  },
  comments: {
    method: 'GET', effect: 'read', path: '/comments', params: idParams, response: json(z.array(s.comment)),
    budget: 'general', permission: 'user', permissionNote: 'ForTechsOnly comments only for agents and admins',
    summary: "A talep's comments",
  },
  commentTemplates: {
    method: 'GET', effect: 'read', path: '/CommentTemplates', params: noParams, response: json(z.array(s.commentTemplate)),
    budget: 'general', permission: 'agent', cache: 'per-user', summary: 'Canned comment templates',
  },

  // ── Users ───────────────────────────────────────────────────────────────────────────────────
  createUser: {
    method: 'POST', effect: 'once', path: '/CreateUser',
    params: z.object({
      email: param.email(),
      username: param.text().optional(),
      password: param.text().optional(),
      firstName: param.string().optional(),
      lastName: param.string().optional(),
      phone: param.string().optional(),
      location: param.string().optional(),
      company: param.string().optional(),
      department: param.string().optional(),
      sendWelcomeEmail: param.bool().optional(),
    }),
    response: styled(s.createdUser), budget: 'general', permission: 'admin',
    summary: 'Creates a user (company and department created when missing)',
  },
  updateUser: {
    method: 'POST', effect: 'set', path: '/UpdateUser', params: z.object({ userId: param.id(), ...userUpdateFields }),
    response: json(s.userRecord), budget: 'general', permission: 'admin', summary: 'Updates a user',
  },
  deleteUser: {
    method: 'POST', effect: 'once', path: '/DeleteUser', params: z.object({ userId: param.id() }), response: unknownBody,
    budget: 'general', permission: 'admin', summary: 'Deletes a user (irreversible)',
  },
  getUser: {
    method: 'GET', effect: 'read', path: '/User', params: z.object({ userId: param.id() }), response: styled(s.userFull),
    budget: 'general', permission: 'admin', summary: 'All information on a user',
  },
  userByEmail: {
    method: 'GET', effect: 'read', path: '/UserByEmail', params: z.object({ email: param.email() }), response: json(s.userDetails),
    budget: 'search', permission: 'agent', summary: 'Finds a user by e-mail',
  },
  userByUsername: {
    method: 'GET', effect: 'read', path: '/UserByUsername', params: z.object({ username: param.text() }),
    response: styled(s.userByUsername), budget: 'general', permission: 'agent', summary: 'Finds a user by user name',
  },
  mergeUsers: {
    method: 'POST', effect: 'once', path: '/MergeUsers', params: z.object({ fromUserId: param.id(), toUserId: param.id() }),
    response: unknownBody, budget: 'general', permission: 'admin',
    summary: "Moves a user's data to another and deletes the source (irreversible)",
  },
  setCustomFieldForUser: {
    method: 'POST', effect: 'set', path: '/SetCustomFieldForUser', params: fieldValue, response: none, budget: 'general',
    permission: 'admin', summary: 'Sets a user custom-field value',
  },
  userCustomFields: {
    method: 'GET', effect: 'read', path: '/UserCustomFields', params: idParams, response: json(z.array(s.customFieldValue)),
    budget: 'general', permission: 'agent', summary: "A user's custom-field values",
  },
  users: {
    method: 'GET', effect: 'read', path: '/Users',
    params: z.object({
      count: param.int({ min: 1 }).optional(),
      /** 1-based: count=50&page=2 is items 51–100. */
      page: param.int({ min: 1 }).optional(),
      listMode: z.enum(['all', 'techs', 'admins', 'regular', 'disabled']).optional(),
      departmentId: param.id().optional(),
      companyId: param.id().optional(),
    }),
    response: json(z.array(s.userRecord)), budget: 'general', permission: 'admin', summary: 'Lists users',
  },
  addCategoryTechPermission: {
    method: 'POST', effect: 'set', path: '/AddCategoryTechPermission', params: userCategory, response: unknownBody,
    budget: 'general', permission: 'admin', summary: 'Makes a user an agent of a category',
  },
  removeCategoryTechPermission: {
    method: 'POST', effect: 'set', path: '/RemoveCategoryTechPermission', params: userCategory, response: unknownBody,
    budget: 'general', permission: 'admin', summary: "Revokes a user's agent permission in a category",
  },

  // ── Companies and departments ───────────────────────────────────────────────────────────────
  companies: {
    method: 'GET', effect: 'read', path: '/Companies', params: noParams, response: json(z.array(s.company)), budget: 'general',
    permission: 'admin', summary: 'Lists companies',
  },
  createCompany: {
    method: 'POST', effect: 'set', path: '/Company',
    params: z.object({ name: param.text(), emailDomains: param.string().optional() }),
    response: styled(s.idResult), budget: 'general', permission: 'admin',
    summary: 'Creates a company; an existing name returns the existing id',
  },
  updateCompany: {
    method: 'POST', effect: 'set', path: '/UpdateCompany',
    params: z.object({
      id: param.id(),
      name: param.text().optional(),
      notes: param.string().optional(),
      emailDomains: param.string().optional(),
    }),
    response: json(s.company), budget: 'general', permission: 'admin', summary: 'Updates a company',
  },
  departments: {
    method: 'GET', effect: 'read', path: '/Departments', params: noParams, response: json(z.array(s.department)),
    budget: 'general', permission: 'admin', summary: 'Lists departments',
  },
  setCustomFieldForCompany: {
    method: 'POST', effect: 'set', path: '/SetCustomFieldForCompany', params: fieldValue, response: none, budget: 'general',
    permission: 'admin', summary: 'Sets a company custom-field value',
  },
  companyCustomFields: {
    method: 'GET', effect: 'read', path: '/CompanyCustomFields', params: idParams, response: json(z.array(s.customFieldValue)),
    budget: 'general', permission: 'agent', summary: "A company's custom-field values",
  },

  // ── Knowledge base, rules, custom fields ────────────────────────────────────────────────────
  articles: {
    method: 'GET', effect: 'read', path: '/Articles', params: z.object({ categoryId: param.id().optional() }),
    response: json(s.articleList), budget: 'general', permission: 'user',
    permissionNote: 'ForTechsOnly articles only for agents and admins', summary: 'Knowledge-base metadata',
  },
  getArticle: {
    method: 'GET', effect: 'read', path: '/Article/{id}', params: pathId, response: json(s.article), budget: 'general',
    permission: 'user', summary: 'One knowledge-base article',
  },
  createArticle: {
    method: 'POST', effect: 'once', path: '/article',
    params: z.object({
      categoryId: param.id(),
      subject: param.text(),
      body: param.text(),
      // The spec types this one as the string `true` or `false`; same wire form as a bool.
      forTechsOnly: param.bool(),
    }),
    response: styled(s.idResult), budget: 'general', permission: 'agent', summary: 'Creates an article',
  },
  getRule: {
    method: 'GET', effect: 'read', path: '/Rule/{id}', params: pathId, response: { kind: 'xml' }, budget: 'general',
    permission: 'admin', summary: 'An automation rule (XML)',
  },
  disableRule: {
    method: 'GET', effect: 'set', path: '/DisableRule/{id}', params: pathId, response: unknownBody, budget: 'general',
    permission: 'admin', summary: 'Disables an automation rule',
  },
  enableRule: {
    method: 'GET', effect: 'set', path: '/EnableRule/{id}', params: pathId, response: unknownBody, budget: 'general',
    permission: 'admin', summary: 'Re-enables an automation rule',
  },
  customFields: {
    method: 'GET', effect: 'read', path: '/CustomFields', params: z.object({ type: param.int({ min: 1, max: 4 }) }),
    response: styledList(s.customFieldDefinition), budget: 'general', permission: 'user', cache: 'shared',
    summary: 'Custom-field definitions (1 taleps, 2 assets, 3 users, 4 companies)',
  },

  // ── Assets ──────────────────────────────────────────────────────────────────────────────────
  assets: {
    method: 'GET', effect: 'read', path: '/Assets',
    params: z.object({
      /** 50 a page, 1-based. */
      page: param.int({ min: 1 }).optional(),
      assignedToUserId: param.id().optional(),
      assignedToCompanyId: param.id().optional(),
      assignedToDepartmentId: param.id().optional(),
      assignedToTalepId: param.id().optional(),
      nameprefix: z.string().trim().min(3, 'nameprefix needs at least 3 characters').optional(),
      includeDisabled: param.bool().optional(),
    }),
    response: json(z.array(s.assetListItem)), budget: 'general', permission: 'agent', summary: 'Lists assets',
  },
  getAsset: {
    method: 'GET', effect: 'read', path: '/Asset', params: idParams, response: styled(s.asset), budget: 'general',
    permission: 'agent', summary: 'One asset',
  },
  createAsset: {
    method: 'POST', effect: 'once', path: '/Asset',
    params: z.object({
      modelName: param.text(),
      manufacturer: param.text(),
      type: param.text(),
      supplier: param.text(),
      ...assetFields,
    }),
    response: styled(s.idResult), budget: 'general', permission: 'agent', summary: 'Creates an asset',
  },
  updateAsset: {
    method: 'POST', effect: 'set', path: '/UpdateAsset',
    params: z.object({
      id: param.id(),
      modelName: param.text().optional(),
      manufacturer: param.text().optional(),
      type: param.text().optional(),
      supplier: param.string().optional(),
      ...assetFields,
    }),
    response: json(s.assetUpdateResult), budget: 'general', permission: 'agent', summary: 'Updates an asset',
  },
  setCustomFieldForAsset: {
    method: 'POST', effect: 'set', path: '/SetCustomFieldForAsset', params: fieldValue, response: none, budget: 'general',
    permission: 'agent', summary: 'Sets an asset custom-field value',
  },
  assignAssetToUser: {
    method: 'POST', effect: 'set', path: '/AssignAssetToUser', params: assetUser, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Assigns an asset to a user',
  },
  unassignAssetFromUser: {
    method: 'POST', effect: 'set', path: '/UnAssignAssetToUser', params: assetUser, response: unknownBody, budget: 'general',
    permission: 'agent', summary: "Removes a user's asset assignment",
  },
  enableAsset: {
    method: 'POST', effect: 'set', path: '/EnableAsset', params: assetId, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Restores a retired asset',
  },
  disableAsset: {
    method: 'POST', effect: 'set', path: '/DisableAsset', params: assetId, response: unknownBody, budget: 'general',
    permission: 'agent', summary: 'Retires an asset',
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const operationNames = Object.keys(endpoints) as OperationName[];

/** Path parameter names of a published path, e.g. `/Rule/{id}` → `['id']`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** Whether sending the call twice has the effect of sending it once (see `Effect`). */
export const isIdempotent = (def: Pick<EndpointDef, 'effect'>): boolean => def.effect !== 'once';

/** The method an operation is not published with. */
export const otherMethod = (method: HttpMethod): HttpMethod => (method === 'GET' ? 'POST' : 'GET');

/**
 * Whether an operation may be sent with either method: the idempotent ones (`read` and `set`). Real
 * clients send some operations with the other method, and some real servers answer only that one
 * (`GET /Authorization`).
 */
export const acceptsEitherMethod = (def: Pick<EndpointDef, 'effect'>): boolean => isIdempotent(def);

/** The row of an operation by (untyped) name, e.g. from an error; undefined for names outside the table. */
export function endpointDef(operation: string | undefined): EndpointDef | undefined {
  return operation !== undefined && Object.hasOwn(endpoints, operation)
    ? (endpoints as Record<string, EndpointDef>)[operation]
    : undefined;
}
