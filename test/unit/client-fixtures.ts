/**
 * Shared helpers of the client unit tests (`client-*.test.ts`): a MockAgent-backed help desk, a way to
 * read back what went on the wire, a manual clock, and small typed response bodies.
 *
 * Bodies are typed as the schemas' *input* (`z.input`): what the help desk sends as JSON, before the
 * client decodes datetimes into Dates.
 */
import { FormData, MockAgent } from 'undici';
import type { MockPool } from 'undici';
import { expect } from 'vitest';
import type * as z from 'zod';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient, type HelpdeskClientOptions } from '../../src/api/client.js';
import { HelpdeskError } from '../../src/api/errors.js';
import type * as s from '../../src/api/schemas.js';
import { ManualClock as BaseClock } from '../support/manual-clock.js';

export const ORIGIN = 'https://hd.example.com';
/** The API root as deployed under a sub-directory: every path on the wire starts with `API`. */
export const API = '/helpdesk/api';
export const BASE_URL = `${ORIGIN}${API}`;

export type WireValues = Record<string, string | string[]>;

/** One request as the MockAgent received it, decoded for assertions. */
export interface SentRequest {
  method: string;
  /** Path without the query string, e.g. `/helpdesk/api/talep`. */
  path: string;
  /** Query parameters, repeated names as arrays in the order sent. */
  query: WireValues;
  /** Form parameters of a POST (urlencoded or multipart); a file part shows as `name (type, n bytes)`. */
  form: WireValues | undefined;
  /** The multipart body as handed to undici (undici adds the boundary and encodes it). */
  formData: FormData | undefined;
  /** The urlencoded body as sent. */
  rawBody: string | undefined;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: string | Buffer | object;
  headers?: Record<string, string>;
}

export interface MockHelpdesk {
  agent: MockAgent;
  pool: MockPool;
  client: HelpdeskClient;
  /** Everything that reached the wire so far, in order. */
  requests(): SentRequest[];
  /** Queues one reply for the next request, whatever its method and path (assert those on `requests()`). */
  reply(reply?: Reply): void;
  /** Queues one JSON reply. */
  replyJson(body: unknown, status?: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/** A help desk behind a MockAgent, and a client pointed at it (bearer `t`, throttle off unless given). */
export function mockHelpdesk(options: Partial<HelpdeskClientOptions> = {}): MockHelpdesk {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN) as MockPool;
  const client = new HelpdeskClient({
    baseUrl: BASE_URL,
    dispatcher: agent,
    credential: bearer('t'),
    throttle: { enabled: false },
    ...options,
  });
  const reply = ({ status = 200, body = '', headers = {} }: Reply = {}): void => {
    pool.intercept({ path: () => true, method: () => true }).reply(status, body, { headers });
  };
  return {
    agent,
    pool,
    client,
    requests: () => sentRequests(agent),
    reply,
    replyJson: (body, status = 200, headers = {}) =>
      reply({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=utf-8', ...headers } }),
    close: async () => {
      await client.close();
      await agent.close();
    },
  };
}

/** The rejection of `promise`, which must be a HelpdeskError. */
export async function failure(promise: Promise<unknown>): Promise<HelpdeskError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HelpdeskError);
  return error as HelpdeskError;
}

export function sentRequests(agent: MockAgent): SentRequest[] {
  return (agent.getCallHistory()?.calls() ?? []).map((log) => {
    const url = new URL(log.fullUrl);
    // The log's own `searchParams` is an object and loses repeated names: read the URL instead.
    const query = groupPairs(url.searchParams);
    // The typings say string, but the log keeps whatever body the client handed to undici.
    const body: unknown = log.body;
    const formData = body instanceof FormData ? body : undefined;
    const rawBody = typeof body === 'string' ? body : undefined;
    const form = formData ? groupPairs(describeParts(formData)) : rawBody !== undefined ? groupPairs(new URLSearchParams(rawBody)) : undefined;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(log.headers ?? {})) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { method: log.method, path: url.pathname, query, form, formData, rawBody, headers };
  });
}

function describeParts(form: FormData): Array<[string, string]> {
  return [...form.entries()].map(([name, value]): [string, string] =>
    typeof value === 'string' ? [name, value] : [name, `${value.name} (${value.type}, ${value.size} bytes)`],
  );
}

function groupPairs(pairs: Iterable<[string, string]>): WireValues {
  const grouped: WireValues = {};
  for (const [name, value] of pairs) {
    const existing = grouped[name];
    if (existing === undefined) grouped[name] = value;
    else grouped[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return grouped;
}

/** The shared manual clock, started at a realistic epoch for the client's Retry-After dates. */
export { settle } from '../support/manual-clock.js';
export class ManualClock extends BaseClock {
  constructor() {
    super(1_700_000_000_000);
  }
}

// ── Response bodies (as the help desk sends them) ──────────────────────────────────────────────

export const talepJson = {
  TalepID: 12,
  Subject: 'Yazıcı çalışmıyor',
  Body: 'The 3rd floor printer jams.',
  Status: 'Devam Ediyor',
  Priority: 1,
  CategoryName: 'Hardware',
  Attachments: [{ FileName: 'jam.jpg', Url: 'https://hd.example.com/helpdesk/File/Get/3' }],
  Tags: [{ Name: 'printer' }],
  SubmitterUserInfo: { UserID: 3, Username: 'ayse' },
  AssigneeUserInfo: { UserID: 4, Username: 'mehmet' },
  // No offset: the spec says responses are UTC, so this must not be read in the bot's local zone.
  DueDate: '2024-05-01T09:30:00',
  ResolvedDate: null,
  TimeSpentInSeconds: 600,
  UpdatedByPerformer: false,
} satisfies z.input<typeof s.talep.spec>;

export const userRecordJson = {
  UserID: 31,
  Username: 'zeynep',
  Email: 'zeynep@example.com',
  IsAdmin: false,
  Disabled: false,
} satisfies z.input<typeof s.userRecord>;

export const userDetailsJson = {
  ...userRecordJson,
  FirstName: 'Zeynep',
  IsTech: true,
  Signature: '-- Zeynep',
  Greeting: 'Merhaba #FirstName#',
} satisfies z.input<typeof s.userDetails>;

export const customFieldValueJson = {
  FieldName: 'Badge number',
  FieldID: 8,
  Type: 1,
  Value: 'B-1042',
} satisfies z.input<typeof s.customFieldValue>;

export const companyJson = {
  CompanyID: 2,
  Name: 'Acme',
  EmailDomain: 'acme.com;acme.com.tr',
  Notes: null,
} satisfies z.input<typeof s.company>;

export const assetListItemJson = {
  ItemID: 5,
  Manufacturer: 'Dell',
  ModelName: 'Latitude 5440',
  Type: 'Laptop',
  SerialNumber: 'SN-77',
  Location: null,
  Quantity: 1,
  CompanyID: 2,
} satisfies z.input<typeof s.assetListItem>;

export const categoriesJson = [
  { CategoryID: 1, Name: 'Hardware' },
  { CategoryID: 2, Name: 'Network' },
] satisfies z.input<typeof s.category>[];

export const prioritiesJson = [
  { PriorityID: -1, Name: 'Low' },
  { PriorityID: 0, Name: 'Normal' },
  { PriorityID: 1, Name: 'High' },
  { PriorityID: 2, Name: 'Critical' },
] satisfies z.input<typeof s.priority>[];

/** `GET /Rule/{id}` as the help desk sends it: UTF-16 (little-endian, with a BOM), as the XML declares. */
export const ruleXmlUtf16 = Buffer.concat([
  Buffer.from([0xff, 0xfe]),
  Buffer.from(
    [
      '<?xml version="1.0" encoding="utf-16"?>',
      '<AutomationRule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">',
      '  <Name>Acil talepler</Name>',
      '  <Conditions><Condition><Field>Subject</Field><Operator>Contains</Operator><Value>acil</Value></Condition></Conditions>',
      '  <Actions><Action><Type>SetPriority</Type><Value>2</Value></Action></Actions>',
      '</AutomationRule>',
    ].join('\n'),
    'utf16le',
  ),
]);

/** A few bytes that are not valid UTF-8, so any text round-trip would corrupt them. */
export const pdfBytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0xfe, 0x00, 0x80, 0x0a]);
