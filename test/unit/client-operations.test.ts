/**
 * Every operation of the endpoint table, called once through its typed method against a MockAgent:
 * what goes on the wire (method, path under the sub-directory, query or form, auth, gzip) and what the
 * typed result looks like. The table is keyed by operation name, so an operation without a row does not
 * compile, and a runtime check catches a table that drifts from `operationNames`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HelpdeskClient, ParamsOf, ResultOf } from '../../src/api/client.js';
import { type OperationName, operationNames } from '../../src/api/endpoints.js';
import {
  API,
  assetListItemJson,
  categoriesJson,
  companyJson,
  customFieldValueJson,
  type MockHelpdesk,
  mockHelpdesk,
  pdfBytes,
  prioritiesJson,
  type Reply,
  ruleXmlUtf16,
  talepJson,
  userDetailsJson,
  userRecordJson,
  type WireValues,
} from './client-fixtures.js';

interface OperationCase<K extends OperationName> {
  params: ParamsOf<K>;
  /** What must go on the wire: query parameters for GET, form parameters for POST. */
  sends: { method: 'GET' | 'POST'; path: string; params?: WireValues };
  /** The help desk's answer; JSON when `json` is given. Default: 200 with an empty body. */
  json?: unknown;
  reply?: Reply;
  /** Assertions on the typed result. Default: `undefined` (nothing to return). */
  returns?: (result: ResultOf<K>) => void;
}

type OperationTable = { [K in OperationName]: OperationCase<K> };

const utc = (...parts: [number, number, number, number?, number?, number?, number?]): Date => new Date(Date.UTC(...parts));
const textFile = { filename: 'notes.txt', contentType: 'text/plain', data: new TextEncoder().encode('hello') };

const cases: OperationTable = {
  authorization: {
    params: {},
    sends: { method: 'POST', path: `${API}/Authorization`, params: {} },
    json: { ...userRecordJson, LastSeen: '2024-04-30T21:15:00Z' },
    returns: (me) => {
      expect(me.Username).toBe('zeynep');
      expect(me.LastSeen).toEqual(utc(2024, 3, 30, 21, 15));
    },
  },

  // ── Taleps ────────────────────────────────────────────────────────────────────────────────
  getTalep: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/talep`, params: { id: '12' } },
    json: talepJson,
    returns: (talep) => {
      expect(talep.TalepID).toBe(12);
      expect(talep.Subject).toBe('Yazıcı çalışmıyor');
      // "2024-05-01T09:30:00" without an offset is UTC, whatever the process's TZ.
      expect(talep.DueDate).toEqual(utc(2024, 4, 1, 9, 30));
      expect(talep.ResolvedDate).toBeNull();
      expect(talep.AssigneeUserInfo?.Username).toBe('mehmet');
    },
  },
  createTalep: {
    params: {
      categoryId: 2,
      subject: 'VPN down',
      body: 'Cannot connect since 9:00',
      priorityId: 2,
      userId: 31,
      tags: ['vpn', 'urgent'],
      origin: 3,
      assignedToUserId: 4,
      customFields: { '12': 'x', '13': 'true' },
      suppressConfirmation: true,
    },
    sends: {
      method: 'POST',
      path: `${API}/talep`,
      params: {
        categoryId: '2',
        subject: 'VPN down',
        body: 'Cannot connect since 9:00',
        priorityId: '2',
        userId: '31',
        tags: 'vpn,urgent',
        origin: '3',
        assignedToUserId: '4',
        customFields: '{"12":"x","13":"true"}',
        suppressConfirmation: 'true',
      },
    },
    json: { id: 42 },
    returns: (created) => expect(created.id).toBe(42),
  },
  updateTalep: {
    params: { id: 12, dueDate: null, assignedUserId: 0, statusId: 2, tags: ['a', 'b'], priority: 1 },
    sends: {
      method: 'POST',
      path: `${API}/UpdateTalep`,
      // `dueDate=` (empty) removes the due date; `assignedUserId=0` unassigns.
      params: { id: '12', dueDate: '', assignedUserId: '0', statusId: '2', tags: 'a,b', priority: '1' },
    },
  },
  addSecondaryAssignee: {
    params: { talepId: 12, userId: 4 },
    sends: { method: 'GET', path: `${API}/AddSecondaryAssignee`, params: { talepId: '12', userId: '4' } },
  },
  closeTalep: {
    params: { id: 12, suppressNotification: true },
    sends: { method: 'GET', path: `${API}/Close`, params: { id: '12', suppressNotification: 'true' } },
    reply: { body: 'OK', headers: { 'content-type': 'text/plain' } },
    returns: (result) => expect(result).toBe('OK'),
  },
  setCustomField: {
    params: { talepId: 12, fieldId: 7, value: 'blue' },
    sends: { method: 'POST', path: `${API}/SetCustomField`, params: { talepId: '12', fieldId: '7', value: 'blue' } },
  },
  setCustomFields: {
    params: { talepId: 12, values: { '12': 'x', '13': 'true' } },
    sends: { method: 'POST', path: `${API}/SetCustomFields`, params: { talepId: '12', cf12: 'x', cf13: 'true' } },
  },
  stats: {
    params: { forCurrentUser: true },
    sends: { method: 'GET', path: `${API}/Stats`, params: { forCurrentUser: 'true' } },
    json: { TotalTaleps: 10, Closed: 3, NewTaleps: 4, Unassigned: 2, HandledByMe: 1 },
    returns: (stats) => expect(stats).toEqual({ TotalTaleps: 10, Closed: 3, NewTaleps: 4, Unassigned: 2, HandledByMe: 1 }),
  },
  search: {
    params: {
      query: 'yazıcı',
      fromUserId: 3,
      categoryId: [1, 2],
      statusId: [1, 2],
      assignedToUserId: 4,
      dateFrom: utc(2024, 0, 1),
      dateTo: utc(2024, 0, 31, 23, 59, 59),
    },
    sends: {
      method: 'GET',
      path: `${API}/Search`,
      params: {
        query: 'yazıcı',
        fromUserId: '3',
        categoryId: ['1', '2'],
        statusId: ['1', '2'],
        assignedToUserId: '4',
        dateFrom: '2024-01-01T00:00:00.000Z',
        dateTo: '2024-01-31T23:59:59.000Z',
      },
    },
    json: [{ TalepID: 12, Subject: 'Yazıcı çalışmıyor', DueDate: '2024-05-01T12:30:00+03:00' }],
    returns: (rows) => {
      expect(rows.map((row) => row.TalepID)).toEqual([12]);
      expect(rows[0]?.DueDate).toEqual(utc(2024, 4, 1, 9, 30));
    },
  },
  talepCustomFields: {
    params: { id: 12, returnUnset: true },
    sends: { method: 'GET', path: `${API}/TalepCustomFields`, params: { id: '12', returnUnset: 'true' } },
    json: [{ FieldName: 'Color', FieldID: 7, Type: 3, Value: '2', Options: [{ OptionID: 2, Name: 'Blue' }] }],
    returns: (fields) => expect(fields[0]?.Options?.[0]?.Name).toBe('Blue'),
  },
  mergeTaleps: {
    params: { id: 12, id2: 13 },
    sends: { method: 'POST', path: `${API}/MergeTaleps`, params: { id: '12', id2: '13' } },
  },
  linkTaleps: {
    params: { id: 12, id2: 14 },
    sends: { method: 'POST', path: `${API}/LinkTaleps`, params: { id: '12', id2: '14' } },
  },
  unlinkTaleps: {
    params: { id: 12, id2: 14 },
    sends: { method: 'POST', path: `${API}/UnlinkTaleps`, params: { id: '12', id2: '14' } },
  },
  addSubTalep: {
    params: { id: 12, subTalepId: 15 },
    sends: { method: 'POST', path: `${API}/AddSubTalep`, params: { id: '12', subTalepId: '15' } },
  },
  removeSubTalep: {
    params: { id: 12, subTalepId: 15 },
    sends: { method: 'POST', path: `${API}/RemoveSubTalep`, params: { id: '12', subTalepId: '15' } },
  },
  subTaleps: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/SubTaleps`, params: { id: '12' } },
    json: [{ TalepID: 15, Subject: 'Order toner' }],
    returns: (rows) => expect(rows).toEqual([{ TalepID: 15, Subject: 'Order toner' }]),
  },
  parentTalep: {
    params: { id: 15, returnFullTalep: false },
    sends: { method: 'GET', path: `${API}/ParentTalep`, params: { id: '15', returnFullTalep: 'false' } },
    json: 12,
    returns: (parent) => expect(parent).toBe(12),
  },
  talepIntegrationData: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/TalepIntegrationData`, params: { id: '12' } },
    json: { JiraIssueUrl: 'https://jira.example.com/browse/IT-9', GitHubIssueUrl: null },
    returns: (data) => expect(data.JiraIssueUrl).toBe('https://jira.example.com/browse/IT-9'),
  },
  tagTalep: {
    params: { name: 'printer', talepId: 12 },
    sends: { method: 'POST', path: `${API}/TagTalep`, params: { name: 'printer', talepId: '12' } },
  },
  addAssetToTalep: {
    params: { assetId: 5, talepID: 12 },
    sends: { method: 'POST', path: `${API}/AddAssetToTalep`, params: { assetId: '5', talepID: '12' } },
  },
  removeAssetFromTalep: {
    params: { assetId: 5, talepID: 12 },
    sends: { method: 'POST', path: `${API}/RemoveAssetFromTalep`, params: { assetId: '5', talepID: '12' } },
  },

  // ── Attachments ───────────────────────────────────────────────────────────────────────────
  getAttachment: {
    params: { id: 3 },
    sends: { method: 'GET', path: `${API}/attachment`, params: { id: '3' } },
    reply: {
      body: pdfBytes,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="report.pdf"' },
    },
    returns: (download) => {
      expect(download.filename).toBe('report.pdf');
      expect(download.contentType).toBe('application/pdf');
      expect(Buffer.from(download.data)).toEqual(pdfBytes);
      expect(download.size).toBe(pdfBytes.length);
    },
  },
  attachments: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/Attachments`, params: { id: '12' } },
    json: [{ FileName: 'jam.jpg', FileID: 3, FileSize: 2048, Url: 'https://hd.example.com/helpdesk/File/Get/3' }],
    returns: (files) => expect(files.map((file) => [file.FileID, file.FileSize])).toEqual([[3, 2048]]),
  },
  attachFile: {
    params: { id: 12, uploadFile: textFile },
    sends: { method: 'POST', path: `${API}/AttachFile`, params: { id: '12', uploadFile: 'notes.txt (text/plain, 5 bytes)' } },
  },
  deleteFile: {
    params: { fileId: 3 },
    sends: { method: 'GET', path: `${API}/DeleteFile/3`, params: {} },
  },

  // ── Subscribers ───────────────────────────────────────────────────────────────────────────
  addSubscriber: {
    params: { id: 12, userId: 4 },
    sends: { method: 'POST', path: `${API}/AddSubscriber`, params: { id: '12', userId: '4' } },
  },
  removeSubscriber: {
    params: { id: 12, userId: 4 },
    sends: { method: 'POST', path: `${API}/RemoveSubscriber`, params: { id: '12', userId: '4' } },
  },
  subscribers: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/Subscribers`, params: { id: '12' } },
    json: [{ UserID: 4, Username: 'mehmet', Email: 'mehmet@example.com' }],
    returns: (users) => expect(users.map((user) => user.Username)).toEqual(['mehmet']),
  },

  // ── Categories and priorities ─────────────────────────────────────────────────────────────
  categories: {
    params: {},
    sends: { method: 'GET', path: `${API}/categories`, params: {} },
    json: categoriesJson,
    returns: (categories) => expect(categories.map((category) => category.Name)).toEqual(['Hardware', 'Network']),
  },
  techsForCategory: {
    params: { id: 1 },
    sends: { method: 'GET', path: `${API}/TechsForCategory`, params: { id: '1' } },
    json: [{ UserID: 4, Username: 'mehmet' }],
    returns: (techs) => expect(techs[0]?.UserID).toBe(4),
  },
  customFieldsForCategory: {
    params: { categoryId: 1 },
    sends: { method: 'GET', path: `${API}/CustomFieldsForCategory`, params: { categoryId: '1' } },
    json: [{ FieldID: 7, FieldName: 'Color', Type: 3, Options: [{ OptionID: 2, Name: 'Blue' }] }],
    returns: (fields) => expect(fields[0]?.FieldName).toBe('Color'),
  },
  addCategory: {
    params: { name: 'Telefon', sectionId: 2 },
    sends: { method: 'POST', path: `${API}/AddCategory`, params: { name: 'Telefon', sectionId: '2' } },
    json: { id: 9 },
    returns: (created) => expect(created.id).toBe(9),
  },
  priorities: {
    params: {},
    sends: { method: 'GET', path: `${API}/Priorities`, params: {} },
    json: prioritiesJson,
    returns: (priorities) => expect(priorities.map((priority) => priority.PriorityID)).toEqual([-1, 0, 1, 2]),
  },

  // ── Comments ──────────────────────────────────────────────────────────────────────────────
  addComment: {
    params: { id: 12, body: 'Toner sipariş edildi', forTechsOnly: true, isSystem: false, recipientIds: [3, 4], fromUserId: 1 },
    sends: {
      method: 'POST',
      path: `${API}/comment`,
      params: { id: '12', body: 'Toner sipariş edildi', forTechsOnly: 'true', isSystem: 'false', recipientIds: '3,4', fromUserId: '1' },
    },
  },
  updateComment: {
    params: { id: 55, body: 'Toner arrived', forTechsOnly: false },
    sends: { method: 'POST', path: `${API}/updatecomment`, params: { id: '55', body: 'Toner arrived', forTechsOnly: 'false' } },
  },
  comments: {
    params: { id: 12 },
    sends: { method: 'GET', path: `${API}/comments`, params: { id: '12' } },
    json: [
      {
        CommentID: 55,
        IssueID: 12,
        UserID: 4,
        UserName: 'mehmet',
        Email: 'mehmet@example.com',
        IsSystem: false,
        ForTechsOnly: true,
        Body: 'Toner ordered',
        // .NET writes seven fractional digits.
        CommentDate: '2024-03-05T14:07:09.1234567Z',
      },
    ],
    returns: (comments) => {
      expect(comments[0]?.CommentDate).toEqual(utc(2024, 2, 5, 14, 7, 9, 123));
      expect(comments[0]?.ForTechsOnly).toBe(true);
    },
  },
  commentTemplates: {
    params: {},
    sends: { method: 'GET', path: `${API}/CommentTemplates`, params: {} },
    json: [{ TemplateId: 1, Name: 'Thanks', Body: 'Thank you, #FirstName#' }],
    returns: (templates) => expect(templates[0]?.Name).toBe('Thanks'),
  },

  // ── Users ─────────────────────────────────────────────────────────────────────────────────
  createUser: {
    params: { email: 'zeynep@example.com', username: 'zeynep', firstName: 'Zeynep', company: 'Acme', sendWelcomeEmail: false },
    sends: {
      method: 'POST',
      path: `${API}/CreateUser`,
      params: { email: 'zeynep@example.com', username: 'zeynep', firstName: 'Zeynep', company: 'Acme', sendWelcomeEmail: 'false' },
    },
    json: { userId: 31 },
    returns: (created) => expect(created.userId).toBe(31),
  },
  updateUser: {
    params: { userId: 31, disabled: true, greeting: 'Merhaba #FirstName#', isAdmin: false },
    sends: {
      method: 'POST',
      path: `${API}/UpdateUser`,
      params: { userId: '31', disabled: 'true', greeting: 'Merhaba #FirstName#', isAdmin: 'false' },
    },
    json: { ...userRecordJson, Disabled: true },
    returns: (user) => expect(user.Disabled).toBe(true),
  },
  deleteUser: {
    params: { userId: 31 },
    sends: { method: 'POST', path: `${API}/DeleteUser`, params: { userId: '31' } },
  },
  getUser: {
    params: { userId: 31 },
    sends: { method: 'GET', path: `${API}/User`, params: { userId: '31' } },
    json: { ...userRecordJson, Phone: '+90 212 000 00 00', LastSeen: '2024-04-30T21:15:00.000Z' },
    returns: (user) => {
      expect(user.Phone).toBe('+90 212 000 00 00');
      expect(user.LastSeen).toEqual(utc(2024, 3, 30, 21, 15));
    },
  },
  userByEmail: {
    params: { email: 'zeynep@example.com' },
    sends: { method: 'GET', path: `${API}/UserByEmail`, params: { email: 'zeynep@example.com' } },
    json: userDetailsJson,
    returns: (user) => expect([user.FirstName, user.IsTech]).toEqual(['Zeynep', true]),
  },
  userByUsername: {
    params: { username: 'CORP\\zeynep' },
    sends: { method: 'GET', path: `${API}/UserByUsername`, params: { username: 'CORP\\zeynep' } },
    json: userDetailsJson,
    returns: (user) => expect(user.UserID).toBe(31),
  },
  mergeUsers: {
    params: { fromUserId: 31, toUserId: 3 },
    sends: { method: 'POST', path: `${API}/MergeUsers`, params: { fromUserId: '31', toUserId: '3' } },
  },
  setCustomFieldForUser: {
    params: { id: 31, fieldId: 8, value: 'B-1042' },
    sends: { method: 'POST', path: `${API}/SetCustomFieldForUser`, params: { id: '31', fieldId: '8', value: 'B-1042' } },
  },
  userCustomFields: {
    params: { id: 31 },
    sends: { method: 'GET', path: `${API}/UserCustomFields`, params: { id: '31' } },
    json: [customFieldValueJson],
    returns: (fields) => expect(fields).toEqual([customFieldValueJson]),
  },
  users: {
    params: { count: 50, page: 2, listMode: 'techs', companyId: 2 },
    sends: { method: 'GET', path: `${API}/Users`, params: { count: '50', page: '2', listMode: 'techs', companyId: '2' } },
    json: [userRecordJson],
    returns: (users) => expect(users.map((user) => user.UserID)).toEqual([31]),
  },
  addCategoryTechPermission: {
    params: { userId: 4, categoryId: 1 },
    sends: { method: 'POST', path: `${API}/AddCategoryTechPermission`, params: { userId: '4', categoryId: '1' } },
  },
  removeCategoryTechPermission: {
    params: { userId: 4, categoryId: 1 },
    sends: { method: 'POST', path: `${API}/RemoveCategoryTechPermission`, params: { userId: '4', categoryId: '1' } },
  },

  // ── Companies and departments ─────────────────────────────────────────────────────────────
  companies: {
    params: {},
    sends: { method: 'GET', path: `${API}/Companies`, params: {} },
    json: [companyJson],
    returns: (companies) => expect(companies[0]?.EmailDomain).toBe('acme.com;acme.com.tr'),
  },
  createCompany: {
    params: { name: 'Acme', emailDomains: 'acme.com;acme.com.tr' },
    sends: { method: 'POST', path: `${API}/Company`, params: { name: 'Acme', emailDomains: 'acme.com;acme.com.tr' } },
    json: { id: 2 },
    returns: (created) => expect(created.id).toBe(2),
  },
  updateCompany: {
    params: { id: 2, notes: 'Key account' },
    sends: { method: 'POST', path: `${API}/UpdateCompany`, params: { id: '2', notes: 'Key account' } },
    json: { ...companyJson, Notes: 'Key account' },
    returns: (company) => expect(company.Notes).toBe('Key account'),
  },
  departments: {
    params: {},
    sends: { method: 'GET', path: `${API}/Departments`, params: {} },
    json: [{ DepartmentID: 1, Name: 'IT' }],
    returns: (departments) => expect(departments).toEqual([{ DepartmentID: 1, Name: 'IT' }]),
  },
  setCustomFieldForCompany: {
    params: { id: 2, fieldId: 9, value: 'Gold' },
    sends: { method: 'POST', path: `${API}/SetCustomFieldForCompany`, params: { id: '2', fieldId: '9', value: 'Gold' } },
  },
  companyCustomFields: {
    params: { id: 2 },
    sends: { method: 'GET', path: `${API}/CompanyCustomFields`, params: { id: '2' } },
    json: [{ ...customFieldValueJson, Value: null }],
    returns: (fields) => expect(fields[0]?.Value).toBeNull(),
  },

  // ── Knowledge base, rules, custom fields ──────────────────────────────────────────────────
  articles: {
    params: { categoryId: 4 },
    sends: { method: 'GET', path: `${API}/Articles`, params: { categoryId: '4' } },
    json: {
      Articles: [
        { ArticleId: 7, Subject: 'VPN setup', ForTechsOnly: false, CategoryID: 4, Url: '/kb/7', DateCreated: '2023-11-02T08:00:00Z' },
      ],
      Categories: [{ CategoryID: 4, Name: 'Network', Section: 'IT', NameWithSection: 'IT \\ Network' }],
      Tags: [],
    },
    returns: (list) => expect(list.Articles[0]?.DateCreated).toEqual(utc(2023, 10, 2, 8)),
  },
  getArticle: {
    params: { id: 7 },
    sends: { method: 'GET', path: `${API}/Article/7`, params: {} },
    json: { ArticleId: 7, Subject: 'VPN setup', Body: '<p>Install…</p>', CategoryName: 'Network', Url: '/kb/7', DateCreated: '2023-11-02T08:00:00Z' },
    returns: (article) => {
      expect(article.Body).toBe('<p>Install…</p>');
      expect(article.DateCreated).toEqual(utc(2023, 10, 2, 8));
    },
  },
  createArticle: {
    params: { categoryId: 4, subject: 'Printer FAQ', body: 'Turn it off and on.', forTechsOnly: false },
    sends: {
      method: 'POST',
      path: `${API}/article`,
      params: { categoryId: '4', subject: 'Printer FAQ', body: 'Turn it off and on.', forTechsOnly: 'false' },
    },
    json: { id: 8 },
    returns: (created) => expect(created.id).toBe(8),
  },
  getRule: {
    params: { id: 2 },
    sends: { method: 'GET', path: `${API}/Rule/2`, params: {} },
    // The bytes must reach the XML parser untouched: a UTF-8 text decode on the way would garble UTF-16.
    reply: { body: ruleXmlUtf16, headers: { 'content-type': 'application/xml; charset=utf-16' } },
    returns: (rule) => {
      expect(rule).toMatchObject({ id: 2, name: 'Acil talepler' });
      expect(rule.conditions.map((clause) => clause.fields)).toEqual([{ Field: 'Subject', Operator: 'Contains', Value: 'acil' }]);
      expect(rule.actions).toHaveLength(1);
    },
  },
  disableRule: {
    params: { id: 2 },
    sends: { method: 'GET', path: `${API}/DisableRule/2`, params: {} },
  },
  enableRule: {
    params: { id: 2 },
    sends: { method: 'GET', path: `${API}/EnableRule/2`, params: {} },
  },
  customFields: {
    params: { type: 1 },
    sends: { method: 'GET', path: `${API}/CustomFields`, params: { type: '1' } },
    json: [{ FieldID: 7, FieldName: 'Color', Type: 3, UsageType: 1, Mandatory: false }],
    returns: (fields) => expect(fields[0]?.UsageType).toBe(1),
  },

  // ── Assets ────────────────────────────────────────────────────────────────────────────────
  assets: {
    params: { page: 2, assignedToUserId: 4, nameprefix: 'Lat', includeDisabled: true },
    sends: {
      method: 'GET',
      path: `${API}/Assets`,
      params: { page: '2', assignedToUserId: '4', nameprefix: 'Lat', includeDisabled: 'true' },
    },
    json: [assetListItemJson],
    returns: (assets) => expect(assets).toEqual([assetListItemJson]),
  },
  getAsset: {
    params: { id: 5 },
    sends: { method: 'GET', path: `${API}/Asset`, params: { id: '5' } },
    json: { ...assetListItemJson, Comments: null, Company: { CompanyID: 2, Name: 'Acme' } },
    returns: (asset) => expect(asset.Company).toEqual({ CompanyID: 2, Name: 'Acme' }),
  },
  createAsset: {
    params: { modelName: 'Latitude 5440', manufacturer: 'Dell', type: 'Laptop', supplier: 'Bimeks', quantity: 2, companyId: 2 },
    sends: {
      method: 'POST',
      path: `${API}/Asset`,
      params: { modelName: 'Latitude 5440', manufacturer: 'Dell', type: 'Laptop', supplier: 'Bimeks', quantity: '2', companyId: '2' },
    },
    json: { id: 6 },
    returns: (created) => expect(created.id).toBe(6),
  },
  updateAsset: {
    params: { id: 5, location: 'Kat 3', quantity: 1 },
    sends: { method: 'POST', path: `${API}/UpdateAsset`, params: { id: '5', location: 'Kat 3', quantity: '1' } },
    json: { ItemID: 5, ModelName: 'Latitude 5440', Manufacturer: 'Dell', Type: 'Laptop', Quantity: 1 },
    returns: (summary) => expect(summary.ItemID).toBe(5),
  },
  setCustomFieldForAsset: {
    params: { id: 5, fieldId: 10, value: '2027-01-31' },
    sends: { method: 'POST', path: `${API}/SetCustomFieldForAsset`, params: { id: '5', fieldId: '10', value: '2027-01-31' } },
  },
  assignAssetToUser: {
    params: { assetId: 5, userId: 4 },
    sends: { method: 'POST', path: `${API}/AssignAssetToUser`, params: { assetId: '5', userId: '4' } },
  },
  unassignAssetFromUser: {
    params: { assetId: 5, userId: 4 },
    sends: { method: 'POST', path: `${API}/UnAssignAssetToUser`, params: { assetId: '5', userId: '4' } },
  },
  enableAsset: {
    params: { assetId: 5 },
    sends: { method: 'POST', path: `${API}/EnableAsset`, params: { assetId: '5' } },
  },
  disableAsset: {
    params: { assetId: 5 },
    sends: { method: 'POST', path: `${API}/DisableAsset`, params: { assetId: '5' } },
  },
};

type AnyCase = [OperationName, OperationCase<OperationName>];
const extraRow = <K extends OperationName>(operation: K, testCase: OperationCase<K>): AnyCase =>
  [operation, testCase] as unknown as AnyCase;

/** Further wire forms worth a row of their own. */
const moreCases: AnyCase[] = [
  extraRow(
    'updateTalep',
    {
      params: { id: 12, dueDate: new Date('2024-06-30T15:00:00+03:00'), subject: 'Renamed' },
      sends: { method: 'POST', path: `${API}/UpdateTalep`, params: { id: '12', dueDate: '2024-06-30T12:00:00.000Z', subject: 'Renamed' } },
    },
  ),
  extraRow(
    'search',
    {
      // Optional filters left out are not sent at all (no `categoryId=` or `undefined`).
      params: { query: 'vpn', categoryId: undefined },
      sends: { method: 'GET', path: `${API}/Search`, params: { query: 'vpn' } },
      json: [],
      returns: (rows) => expect(rows).toEqual([]),
    },
  ),
  extraRow(
    'parentTalep',
    {
      params: { id: 15, returnFullTalep: true },
      sends: { method: 'GET', path: `${API}/ParentTalep`, params: { id: '15', returnFullTalep: 'true' } },
      json: talepJson,
      returns: (parent) => expect(parent).toMatchObject({ TalepID: 12, DueDate: utc(2024, 4, 1, 9, 30) }),
    },
  ),
  extraRow(
    'deleteFile',
    {
      // Path parameters are encoded as a path segment, never as a query parameter as well.
      params: { fileId: 30_000 },
      sends: { method: 'GET', path: `${API}/DeleteFile/30000`, params: {} },
      json: { success: true },
      returns: (result) => expect(result).toEqual({ success: true }),
    },
  ),
  extraRow(
    'createTalep',
    {
      params: { categoryId: 1, subject: 'Minimal', body: '', priorityId: -1 },
      sends: { method: 'POST', path: `${API}/talep`, params: { categoryId: '1', subject: 'Minimal', body: '', priorityId: '-1' } },
      json: { id: 43 },
      returns: (created) => expect(created.id).toBe(43),
    },
  ),
];

async function callTyped<K extends OperationName>(
  client: HelpdeskClient,
  operation: K,
  params: ParamsOf<K>,
): Promise<ResultOf<K>> {
  // The method generated for the row, exactly as application code calls it.
  const method = client[operation] as unknown as (params: ParamsOf<K>) => Promise<ResultOf<K>>;
  return method.call(client, params);
}

describe('HelpdeskClient operations', () => {
  let hd: MockHelpdesk;

  beforeEach(() => {
    hd = mockHelpdesk();
  });

  afterEach(async () => {
    hd.agent.assertNoPendingInterceptors();
    await hd.close();
  });

  it('has a test row for each of the 72 operations of the table', () => {
    expect(operationNames).toHaveLength(72);
    expect(Object.keys(cases).sort()).toEqual([...operationNames].sort());
  });

  const rows: AnyCase[] = [...operationNames.map((name) => [name, cases[name]] as AnyCase), ...moreCases];

  it.each(rows)('%s sends the published request and decodes the answer', async (operation, row) => {
    if (row.json !== undefined) hd.replyJson(row.json);
    else hd.reply(row.reply);

    const result = await callTyped(hd.client, operation, row.params);

    const sent = hd.requests();
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe(row.sends.method);
    expect(request?.path).toBe(row.sends.path);
    if (row.sends.method === 'GET') {
      expect(request?.query).toEqual(row.sends.params ?? {});
      expect(request?.form).toBeUndefined();
    } else {
      expect(request?.query).toEqual({});
      expect(request?.form).toEqual(row.sends.params ?? {});
    }
    expect(request?.headers.authorization).toBe('Bearer t');
    expect(request?.headers['accept-encoding']).toMatch(/\bgzip\b/);

    if (row.returns) row.returns(result);
    else expect(result).toBeUndefined();
  });

  it('sends a urlencoded form with an explicit content type for POST', async () => {
    hd.reply();
    await hd.client.updateTalep({ id: 12, dueDate: null, tags: ['a', 'b'] });
    const [request] = hd.requests();
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    // The empty value is on the wire (it clears the due date), not dropped.
    expect(request?.rawBody?.split('&')).toContain('dueDate=');
    expect(new URLSearchParams(request?.rawBody).get('tags')).toBe('a,b');
  });

  it('asks for XML for the rule and for anything for a download', async () => {
    hd.reply({ body: ruleXmlUtf16 });
    hd.reply({ body: 'x' });
    await hd.client.getRule({ id: 2 });
    await hd.client.getAttachment({ id: 3 });
    expect(hd.requests().map((request) => request.headers.accept)).toEqual(['application/xml, text/xml', '*/*']);
  });

  it('reaches the same operation through call()', async () => {
    hd.replyJson(talepJson);
    const talep = await hd.client.call('getTalep', { id: 12 });
    expect(talep.DueDate).toEqual(utc(2024, 4, 1, 9, 30));
    expect(hd.requests()[0]?.query).toEqual({ id: '12' });
  });
});

/**
 * Compile-time checks: `npm test` runs `tsc --noEmit` over test/, and an unused `@ts-expect-error`
 * fails it, so each line below must stay a type error. Never called at run time.
 */
export function typeChecks(client: HelpdeskClient): void {
  // @ts-expect-error: no such operation
  void client.getTicket({ id: 1 });
  // @ts-expect-error: no such operation
  void client.call('closeTicket', { id: 1 });
  // @ts-expect-error: the parameter is `id`, not `talepId`
  void client.getTalep({ talepId: 1 });
  // @ts-expect-error: the asset operations spell it `talepID`
  void client.addAssetToTalep({ assetId: 1, talepId: 2 });
  // @ts-expect-error: `id` is a number in code (the client encodes it)
  void client.getTalep({ id: '1' });
  // @ts-expect-error: `categoryId` of Search is a list
  void client.search({ query: 'x', categoryId: 1 });
  // @ts-expect-error: required parameters cannot be left out
  void client.createTalep({ subject: 'x' });
  // Parameterless operations take no argument at all.
  void client.priorities();
}
