/**
 * The compatibility corpus. Every response body in test/fixtures/real/ (the shapes real help-desk servers
 * send) and test/fixtures/spec/ (the spec's shapes) is decoded with the client's response schema of its
 * operation (files are named `<operation>[.<variant>].json`), and the normalised records are checked:
 * the values the code reads, and that a body of either shape describing the same talep, user or asset
 * makes the same record. Every operation whose answer has a real shape has a real fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { endpointDef, endpoints, operationNames } from '../../src/api/endpoints.js';
import type { ResponseStyle } from '../../src/api/shapes.js';

const FIXTURES = new URL('../fixtures/', import.meta.url);

interface Fixture {
  style: ResponseStyle;
  file: string;
  operation: string;
  body: unknown;
}

function fixtures(style: ResponseStyle): Fixture[] {
  const folder = new URL(`${style}/`, FIXTURES);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      style,
      file,
      operation: file.split('.')[0] ?? '',
      body: JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as unknown,
    }));
}

const corpus = [...fixtures('spec'), ...fixtures('real')];
const fixture = (style: ResponseStyle, file: string) => {
  const found = corpus.find((entry) => entry.style === style && entry.file === file);
  if (!found) throw new Error(`No fixture ${style}/${file}`);
  return found;
};

/** The response schemas of an operation: what the client decodes with, and the sandbox's real-style encoder. */
function schemasOf(operation: string): { decode: z.ZodType; real: z.ZodType | undefined } {
  const def = endpointDef(operation);
  if (def?.response.kind !== 'json') throw new Error(`${operation} is not an operation answering JSON`);
  return { decode: def.response.schema, real: def.response.real };
}

type Row = Record<string, unknown>;

/** The record the client makes of a fixture (the very schema `HelpdeskClient` validates the body with). */
const decoded = (style: ResponseStyle, file: string): unknown => {
  const { operation, body } = fixture(style, file);
  return schemasOf(operation).decode.parse(body);
};
const record = (style: ResponseStyle, file: string) => decoded(style, file) as Row;
const rows = (style: ResponseStyle, file: string) => decoded(style, file) as Row[];

const withoutKeys = (value: object, keys: readonly string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

describe('the corpus', () => {
  it('names an operation answering JSON in every file', () => {
    expect(corpus.length).toBeGreaterThan(30);
    for (const { style, file, operation } of corpus) {
      expect(operationNames, `${style}/${file}`).toContain(operation);
      expect(endpointDef(operation)?.response.kind, `${style}/${file}`).toBe('json');
    }
  });

  it('has a real fixture for every operation whose answer has a real shape, and a spec fixture beside it', () => {
    const styled = operationNames.filter((operation) => {
      const { response } = endpoints[operation];
      return response.kind === 'json' && 'real' in response;
    });
    expect(styled.length).toBeGreaterThanOrEqual(15);
    for (const operation of styled) {
      expect(corpus.some((entry) => entry.style === 'real' && entry.operation === operation), `real/${operation}.json`).toBe(true);
      expect(corpus.some((entry) => entry.style === 'spec' && entry.operation === operation), `spec/${operation}.json`).toBe(true);
    }
  });

  it.each(corpus.map((entry) => [`${entry.style}/${entry.file}`, entry] as const))('%s decodes', (_name, entry) => {
    const result = schemasOf(entry.operation).decode.safeParse(entry.body);
    expect(result.success, result.error ? z.prettifyError(result.error) : '').toBe(true);
  });
});

describe('real shapes normalise to the records the code reads', () => {
  it('creations: a bare integer is `{ id }` (CreateUser: `{ userId }`)', () => {
    for (const [file, id] of [['createTalep.json', 12345], ['createCompany.json', 7], ['createAsset.json', 88], ['createArticle.json', 4], ['addCategory.json', 9]] as const) {
      expect(decoded('real', file), file).toEqual({ id });
      expect(decoded('spec', file), file).toEqual({ id });
    }
    expect(decoded('real', 'createUser.json')).toEqual({ userId: 31 });
    expect(decoded('spec', 'createUser.json')).toEqual({ userId: 31 });
  });

  it('the talep record: IssueID, the people from their full records, tags with counts, dates in UTC', () => {
    const talep = record('real', 'getTalep.json');
    expect(talep).toMatchObject({
      TalepID: 12,
      Status: 'In progress',
      StatusID: 2,
      CategoryID: 1,
      SubmitterUserInfo: { UserID: 3, Username: 'ayse', FullName: 'Ayşe Yılmaz', Email: 'ayse@example.com' },
      AssigneeUserInfo: { UserID: 4, Username: 'mehmet', FullName: 'Mehmet Kaya' },
      Tags: [{ Name: 'printer', TagID: 5, TagCount: 14 }, { Name: '3rd-floor', TagID: 9, TagCount: 2 }],
      DueDate: new Date('2024-05-01T09:30:00Z'),
      ResolvedDate: null,
      IssueDate: new Date('2024-04-29T08:00:00Z'),
      Url: 'https://hd.example.com/helpdesk/Ticket/12',
    });
    // The alternatives are folded into the record's own fields, not kept beside them.
    for (const key of ['IssueID', 'UserID', 'AssignedToUserID']) expect(talep).not.toHaveProperty(key);
  });

  it('an unassigned talep has `AssigneeUserInfo: null`; ids alone give people without invented names', () => {
    expect(decoded('real', 'getTalep.unassigned.json')).toMatchObject({ TalepID: 15, AssigneeUserInfo: null });
    const bare = record('real', 'getTalep.ids-only.json');
    expect(bare.SubmitterUserInfo).toEqual({ UserID: 3 });
    expect(bare.AssigneeUserInfo).toEqual({ UserID: 4 });
    expect(bare).not.toHaveProperty('Url');
  });

  it('search and sub-talep rows: list rows with the submitter, the assignee (or nobody), the category name', () => {
    const [assigned, unassigned] = rows('real', 'search.json');
    expect(assigned).toMatchObject({
      TalepID: 12,
      Subject: 'Yazıcı çalışmıyor',
      Status: 'In progress',
      StatusID: 2,
      Priority: 1,
      PriorityName: 'High',
      CategoryName: 'Hardware',
      CategoryID: 1,
      SubmitterID: 3,
      SubmitterName: 'ayse',
      AssigneeID: 4,
      AssigneeName: 'mehmet',
      IssueDate: new Date('2024-04-29T08:00:00Z'),
      DueDate: new Date('2024-05-01T09:30:00Z'),
      CompanyName: 'Acme',
    });
    for (const key of ['IssueID', 'Category', 'UserID', 'UserName', 'Technician', 'TechnicianID', 'Url']) expect(assigned).not.toHaveProperty(key);
    expect(unassigned).toMatchObject({ TalepID: 15, AssigneeID: null, AssigneeName: null, DueDate: null, CompanyName: null });
    expect(decoded('real', 'subTaleps.json')).toEqual([expect.objectContaining({ TalepID: 17, Subject: 'Yedek toner', AssigneeID: null })]);
  });

  it('custom fields: SelectionComboOptions become Options, with the chosen OptionID; no options stay absent', () => {
    const [environment, orderNumber] = rows('real', 'talepCustomFields.json');
    expect(environment).toMatchObject({ FieldID: 3, Value: 'Staging', OptionID: 2, ShowInGrid: true, Options: [{ OptionID: 1, Name: 'Production' }, { OptionID: 2, Name: 'Staging' }, { OptionID: 3, Name: 'Test' }] });
    expect(environment).not.toHaveProperty('SelectionComboOptions');
    expect(orderNumber).toMatchObject({ FieldID: 1, Value: 'PO-2024-117', OptionID: null, Mandatory: true });
    expect(orderNumber).not.toHaveProperty('Options');
    expect(rows('real', 'customFieldsForCategory.json')[0]?.Options).toHaveLength(3);
    expect(rows('real', 'customFields.json')[0]).toMatchObject({ FieldID: 16, Options: [{ OptionID: 10, Name: 'Bronze' }, { OptionID: 11, Name: 'Silver' }, { OptionID: 12, Name: 'Gold' }] });
  });

  it('users: CompanyId and SendEmail become CompanyID and EnableEmailNotifications; UserByUsername gives the details', () => {
    const user = record('real', 'getUser.json');
    expect(user).toMatchObject({ UserID: 3, CompanyID: 2, EnableEmailNotifications: true, FullName: 'Ayşe Yılmaz', LastSeen: new Date('2024-04-30T21:15:00Z') });
    for (const key of ['CompanyId', 'SendEmail']) expect(user).not.toHaveProperty(key);
    expect(decoded('real', 'userByUsername.json')).toMatchObject({
      UserID: 4,
      FirstName: 'Mehmet',
      IsTech: true,
      Signature: '-- Mehmet, IT',
      Greeting: 'Merhaba #FirstName#',
      CompanyID: 2,
    });
  });

  it('an asset: the company name with its CompanyID becomes the `{ CompanyID, Name }` record', () => {
    const asset = record('real', 'getAsset.json');
    expect(asset.Company).toEqual({ CompanyID: 2, Name: 'Acme' });
    expect(asset).not.toHaveProperty('CompanyID');
  });
});

describe('both shapes make the same record', () => {
  /** Fixture pairs describing the same thing; `specOnly`: what only the spec's shape carries (per row for lists). */
  const pairs: { spec: string; real: string; specOnly?: string[] }[] = [
    { spec: 'getTalep.json', real: 'getTalep.json' },
    { spec: 'parentTalep.full.json', real: 'parentTalep.full.json' },
    { spec: 'search.json', real: 'search.json', specOnly: ['Url'] },
    { spec: 'subTaleps.json', real: 'subTaleps.json', specOnly: ['Url'] },
    { spec: 'talepCustomFields.json', real: 'talepCustomFields.json' },
    { spec: 'customFieldsForCategory.json', real: 'customFieldsForCategory.json' },
    { spec: 'customFields.json', real: 'customFields.json' },
    { spec: 'getUser.json', real: 'getUser.json', specOnly: ['OutOfOffice'] },
    { spec: 'userByUsername.json', real: 'userByUsername.json' },
    { spec: 'getAsset.json', real: 'getAsset.json' },
  ];

  it.each(pairs)('$real: the real record holds everything the spec one says', ({ spec, real, specOnly = [] }) => {
    const fromSpec = decoded('spec', spec);
    const fromReal = decoded('real', real);
    const expected = Array.isArray(fromSpec) ? (fromSpec as Row[]).map((row) => withoutKeys(row, specOnly)) : withoutKeys(fromSpec as Row, specOnly);
    expect(fromReal).toMatchObject(expected);
    expect(fromReal).not.toEqual(fromSpec); // the pair really differs in shape: not two copies of one body
  });
});

describe('the sandbox encodes what the client decodes, in each style', () => {
  const styled = corpus.filter((entry) => schemasOf(entry.operation).real !== undefined);

  it.each(styled.map((entry) => [`${entry.style}/${entry.file}`, entry] as const))('%s: decode → encode in its style → decode is the same record', (_name, entry) => {
    const { decode, real } = schemasOf(entry.operation);
    const encoder = entry.style === 'real' ? (real as z.ZodType) : decode;
    const normalised = decode.parse(entry.body);
    if (entry.file === 'getTalep.ids-only.json') {
      // The real shape carries each person's full record: the encoder refuses rather than invent names.
      expect(() => z.encode(encoder, normalised)).toThrow(/user name of user 3/);
      return;
    }
    const wire = JSON.parse(JSON.stringify(z.encode(encoder, normalised))) as unknown;
    expect(decode.parse(wire)).toEqual(normalised);
  });

  it('writes the real shape in the real style: bare ids, IssueID, list rows, SelectionComboOptions, CompanyId', () => {
    const encodeReal = (style: ResponseStyle, file: string) => {
      const { operation } = fixture(style, file);
      return JSON.parse(JSON.stringify(z.encode(schemasOf(operation).real as z.ZodType, decoded(style, file)))) as unknown;
    };
    expect(encodeReal('spec', 'createTalep.json')).toBe(12345);
    expect(encodeReal('spec', 'createUser.json')).toBe(31);
    expect(encodeReal('real', 'getTalep.json')).toMatchObject({ IssueID: 12, UserID: 3, AssignedToUserID: 4 });
    // A captured list row, decoded and written again, has exactly its field names back.
    const keys = (rows: unknown) => (rows as object[]).map((row) => Object.keys(row).sort());
    expect(keys(encodeReal('real', 'search.json'))).toEqual(keys(fixture('real', 'search.json').body));
    const listRow = ['Category', 'CategoryID', 'DueDate', 'IssueDate', 'IssueID', 'LastUpdated', 'Priority', 'Status', 'StatusID', 'Subject', 'Technician', 'TechnicianID', 'UserID', 'UserName'];
    expect(keys(encodeReal('spec', 'search.json'))).toEqual([listRow, listRow]);
    expect(encodeReal('real', 'getUser.json')).toMatchObject({ CompanyId: 2, SendEmail: true });
    expect(encodeReal('spec', 'getAsset.json')).toMatchObject({ Company: 'Acme', CompanyID: 2 });
  });
});
