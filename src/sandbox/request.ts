/**
 * Turns an HTTP request into the wire parameters of an operation, and those into typed parameters with
 * the endpoint table's own schema:
 *
 * - query string, urlencoded form, multipart form (files become `FileUpload`s; parsed by the WHATWG
 *   `Request.formData()` built into Node) and JSON object bodies (values stringified) are all accepted
 *   and merged; a name sent several times becomes an array (`categoryId=1&categoryId=2`);
 * - names bind to the schema's keys case-insensitively, like ASP.NET model binding (`ID` → `id`), and
 *   real clients' names bind too (`ParentId`, `ticketId`…); an empty optional value they send is ignored;
 * - a body over the limit is a 413; a missing or wrong parameter a 400 naming the parameter.
 */
import type { IncomingMessage } from 'node:http';
import type * as z from 'zod';
import type { EndpointDef } from '../api/endpoints.js';
import type { FileUpload, WireParams, WireValue } from '../api/wire.js';
import { badRequest, SandboxHttpError } from './errors.js';

/** Every value of every parameter, in arrival order (query first, then body). */
export type CollectedParams = Map<string, (string | FileUpload)[]>;

export async function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const tooLarge = () => new SandboxHttpError(413, `The request body is larger than the sandbox's limit of ${limitBytes} bytes.`);
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limitBytes) {
    request.resume(); // drain, so the connection can answer
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      request.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function collectParams(url: URL, contentType: string | undefined, body: Buffer): Promise<CollectedParams> {
  const collected: CollectedParams = new Map();
  const add = (name: string, value: string | FileUpload) => {
    const values = collected.get(name) ?? [];
    values.push(value);
    collected.set(name, values);
  };
  for (const [name, value] of url.searchParams) add(name, value);
  if (body.length === 0) return collected;

  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) add(name, value);
  } else if (type === 'multipart/form-data') {
    for (const [name, value] of await parseMultipart(contentType ?? '', body)) add(name, value);
  } else if (type === 'application/json' || type.endsWith('+json')) {
    for (const [name, value] of parseJsonObject(body)) add(name, value);
  } else {
    throw new SandboxHttpError(415, `Unsupported content type '${type}': send a query string, a form (urlencoded or multipart) or JSON.`);
  }
  return collected;
}

async function parseMultipart(contentType: string, body: Buffer): Promise<[string, string | FileUpload][]> {
  let form: FormData;
  try {
    form = await new Request('http://sandbox.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    throw badRequest('The multipart/form-data body could not be parsed.');
  }
  const entries: [string, string | FileUpload][] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      entries.push([name, value]);
    } else {
      const upload: FileUpload = { filename: value.name, data: new Uint8Array(await value.arrayBuffer()) };
      if (value.type) upload.contentType = value.type;
      entries.push([name, upload]);
    }
  }
  return entries;
}

/** JSON bodies: "a few methods accept JSON but this is discouraged". Values become their wire strings. */
function parseJsonObject(body: Buffer): [string, string][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('The JSON body could not be parsed.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The JSON body must be an object.');
  const toWire = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  return Object.entries(parsed).flatMap(([name, value]): [string, string][] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.map((item) => [name, toWire(item)]);
    return [[name, toWire(value)]];
  });
}

/** The parameters a schema declares, by name (the input side of a codec such as SetCustomFields'). */
function schemaShape(schema: z.ZodType): Record<string, z.ZodType> {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    const shape = (current as { shape?: Record<string, z.ZodType> }).shape;
    if (shape && typeof shape === 'object') return shape;
    current = (current as { in?: unknown }).in;
  }
  return {};
}

export function schemaKeys(schema: z.ZodType): string[] {
  return Object.keys(schemaShape(schema));
}

/**
 * Binds collected names to the schema's keys (case-insensitively) and flattens single values. The names
 * real clients send bind too: the row's `aliases` (`ParentId` → `id`), and "ticket" for "talep" in any
 * name (`ticketId` → `talepId`, `ticketID` → `talepID`, `returnFullTicket` → `returnFullTalep`).
 * Names the schema does not know keep their spelling (SetCustomFields' `cf<fieldId>`).
 */
export function bindParams(collected: CollectedParams, keys: readonly string[], aliases: Readonly<Record<string, string>> = {}): WireParams {
  const byLowerName = new Map<string, string>([
    ...Object.entries(aliases).map(([alias, key]): [string, string] => [alias.toLowerCase(), key]),
    ...keys.map((key): [string, string] => [key.toLowerCase().replaceAll('talep', 'ticket'), key]),
    ...keys.map((key): [string, string] => [key.toLowerCase(), key]),
  ]);
  const bound = new Map<string, (string | FileUpload)[]>();
  for (const [name, values] of collected) {
    const key = byLowerName.get(name.toLowerCase()) ?? name;
    bound.set(key, [...(bound.get(key) ?? []), ...values]);
  }
  const wire: WireParams = {};
  for (const [key, values] of bound) {
    const files = values.filter((value): value is FileUpload => typeof value !== 'string');
    const texts = values.filter((value): value is string => typeof value === 'string');
    const value: WireValue | undefined = files[0] ?? (texts.length === 1 ? texts[0] : texts);
    if (value !== undefined) wire[key] = value;
  }
  return wire;
}

/**
 * Real clients send `""` for the optional fields they leave unchanged. Such a value is ignored when `""`
 * is not a valid value of the parameter (an id, a flag, a user name…); where the empty string means
 * something it keeps its meaning (UpdateTalep `dueDate=""` removes the due date, an empty `notes` clears them).
 */
export function withoutEmptyOptionals(schema: z.ZodType, wire: WireParams): WireParams {
  const shape = schemaShape(schema);
  return Object.fromEntries(
    Object.entries(wire).filter(([name, value]) => {
      const param = shape[name];
      if (value !== '' || !param) return true;
      const optional = param.safeParse(undefined).success;
      return !optional || param.safeParse('').success;
    }),
  );
}

export type Decoded = { ok: true; params: Record<string, unknown> } | { ok: false; reason: string };

export function decodeParams(def: EndpointDef, wire: WireParams): Decoded {
  const result = def.params.safeParse(wire);
  if (result.success) return { ok: true, params: result.data };
  const issue = result.error.issues[0];
  return { ok: false, reason: issue ? describeIssue(issue, wire) : 'The parameters are invalid.' };
}

/** "Parameter 'id': expected an integer" / "Parameter 'subject' is missing." */
export function describeIssue(issue: z.core.$ZodIssue, wire: WireParams): string {
  const name = String(issue.path[0] ?? '');
  const where = issue.path.length > 1 ? `Parameter '${name}' (at ${issue.path.slice(1).join('.')})` : `Parameter '${name}'`;
  if (!name) return `Invalid parameters: ${issue.message}.`;
  const sent = wire[name];
  if (sent === undefined && issue.path.length === 1) return `Parameter '${name}' is missing.`;
  if (issue.code === 'invalid_type' && Array.isArray(sent) && issue.path.length === 1) {
    return `${where}: expected a single value, got ${sent.length}.`;
  }
  return `${where}: ${humanMessage(issue)}.`;
}

function humanMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' ? `must be at least ${issue.minimum}` : issue.message;
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' ? `must be at most ${issue.maximum}` : issue.message;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    default:
      return issue.message.replace(/\.$/, '');
  }
}
