/**
 * docs/helpdesk-api.md, written from the endpoint table (src/api/endpoints.ts) and the response
 * schemas (src/api/schemas.ts, two-shape families from src/api/shapes.ts): every operation with its
 * method, path, parameters (name, wire type, required), response, rate budget, permission, effect and
 * the shapes of answer the client accepts. `npm run docs` writes it; a test fails when the committed
 * file differs from what this produces, so the reference cannot drift from the code.
 */
import * as z from 'zod';
import { type EndpointDef, endpoints, type OperationName, pathParamNames } from '../src/api/endpoints.js';
import * as schemas from '../src/api/schemas.js';
import { wireTypeOf } from '../src/api/wire.js';

/** Parameters that are not a plain object of named codecs, described by hand (the generator refuses others). */
const SPECIAL_PARAMS: Partial<Record<OperationName, string[][]>> = {
  setCustomFields: [
    ['`talepId`', 'id (int ≥ 1)', 'yes'],
    ['`cf<fieldId>`', 'string, one parameter per custom field (e.g. `cf3=2`)', 'at least one'],
  ],
};

type Named = { name: string; family: boolean };

/** Every exported response schema by identity, so a row's schema is named as the code names it. */
function schemaNames(): Map<z.ZodType, Named> {
  const names = new Map<z.ZodType, Named>();
  for (const [name, value] of Object.entries(schemas)) {
    if (value instanceof z.ZodType) names.set(value, { name, family: false });
    else if (value && typeof value === 'object' && 'spec' in value && 'real' in value) {
      const styled = value as { spec: unknown; real: unknown };
      if (styled.spec instanceof z.ZodType) names.set(styled.spec, { name, family: true });
      if (styled.real instanceof z.ZodType) names.set(styled.real, { name, family: true });
    }
  }
  return names;
}

/** Top-level field names of a record schema (for a two-shape family: the tolerant wire schema's, both shapes). */
function fieldsOf(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}

interface Described {
  text: string;
  fields: string[];
  family: string | undefined;
}

function describeSchema(schema: z.ZodType, names: Map<z.ZodType, Named>): Described {
  const named = names.get(schema);
  if (named) return { text: `\`${named.name}\``, fields: fieldsOf(schema), family: named.family ? named.name : undefined };
  if (schema instanceof z.ZodArray) {
    const element = describeSchema(schema.element as z.ZodType, names);
    return { ...element, text: `array of ${element.text}` };
  }
  if (schema instanceof z.ZodNullable) {
    const inner = describeSchema(schema.unwrap() as z.ZodType, names);
    return { ...inner, text: `${inner.text} or null` };
  }
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map((option) => describeSchema(option, names));
    return {
      text: options.map((option) => option.text).join(' or '),
      fields: options.flatMap((option) => option.fields),
      family: options.find((option) => option.family)?.family,
    };
  }
  if (schema instanceof z.ZodObject) return { text: 'object', fields: Object.keys(schema.shape), family: undefined };
  if (schema instanceof z.ZodRecord) return { text: 'object (name → value)', fields: [], family: undefined };
  if (schema instanceof z.ZodBoolean) return { text: 'bool', fields: [], family: undefined };
  if (schema instanceof z.ZodNumber) return { text: 'int', fields: [], family: undefined };
  if (schema instanceof z.ZodString) return { text: 'string', fields: [], family: undefined };
  if (schema instanceof z.ZodNull) return { text: 'null', fields: [], family: undefined };
  return { text: 'JSON', fields: [], family: undefined };
}

function responseText(def: EndpointDef, names: Map<z.ZodType, Named>): { response: string; shapes: string } {
  switch (def.response.kind) {
    case 'json': {
      const described = describeSchema(def.response.schema, names);
      const fields = described.fields.length > 0 ? `; fields ${[...new Set(described.fields)].map((field) => `\`${field}\``).join(', ')}` : '';
      const twoShapes = def.response.real !== undefined && def.response.real !== def.response.schema;
      const shapes = twoShapes
        ? `the spec's shape and real servers' shape${described.family ? ` (family \`${described.family}\`)` : ''}, normalised to one record${fields}`
        : `one shape${fields}`;
      return { response: `JSON: ${described.text}`, shapes };
    }
    case 'xml':
      return { response: 'XML rule document (UTF-16 or UTF-8), read into `AutomationRuleSummary`', shapes: 'UTF-16 (either byte order, BOM or not) or UTF-8; DOCTYPE refused' };
    case 'bytes':
      return { response: 'file bytes with `Content-Type` and `Content-Disposition` (RFC 6266/5987 names)', shapes: 'any file' };
    case 'none':
      return { response: 'HTTP 200, body ignored', shapes: 'any body' };
    case 'unknown':
      return { response: 'not shown by the spec: JSON parsed when it is JSON, else text, as `unknown`', shapes: 'any body' };
  }
}

function paramRows(operation: OperationName, def: EndpointDef): string[][] {
  const special = SPECIAL_PARAMS[operation];
  if (special) return special;
  if (!(def.params instanceof z.ZodObject)) {
    throw new Error(`${operation}: its parameters are not an object of codecs; describe them in SPECIAL_PARAMS (scripts/api-reference.ts).`);
  }
  const inPath = new Set(pathParamNames(def.path));
  return Object.entries(def.params.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const optional = schema instanceof z.ZodOptional;
    const inner = optional ? (schema.unwrap() as z.ZodType) : schema;
    const type = wireTypeOf(inner) ?? plainType(inner);
    if (!type) throw new Error(`${operation}.${name}: declare it with a \`param\` codec (src/api/wire.ts) so its wire type is known.`);
    const aliases = Object.entries(def.aliases ?? {})
      .filter(([, target]) => target === name)
      .map(([alias]) => `\`${alias}\``);
    return [
      `\`${name}\`${inPath.has(name) ? ' (in the path)' : ''}${aliases.length > 0 ? ` (also ${aliases.join(', ')})` : ''}`,
      type,
      optional ? 'no' : 'yes',
    ];
  });
}

/** A parameter declared with plain zod instead of a `param` codec. */
function plainType(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodEnum) return `one of ${schema.options.map((value) => `\`${String(value)}\``).join(', ')}`;
  if (schema instanceof z.ZodString) return `string${schema.minLength ? ` (at least ${schema.minLength} characters)` : ''}`;
  return undefined;
}

const BUDGETS = { general: 'general (90/min)', search: 'search (60/min, not the general budget)' } as const;
const PERMISSIONS = { user: 'any authenticated user', agent: 'agent (Temsilci)', admin: 'admin' } as const;
const EFFECTS = {
  read: 'read: changes nothing',
  set: 'set: puts something into a state; doing it twice is doing it once',
  once: 'once: acts again on every call; never re-sent without an answer (`unknown-outcome`)',
} as const;

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function apiReference(): string {
  const names = schemaNames();
  const operations = Object.keys(endpoints) as OperationName[];
  const lines: string[] = [
    '# Help-desk API reference',
    '',
    '<!-- Written by `npm run docs` from src/api/endpoints.ts and src/api/schemas.ts. Do not edit by hand:',
    '     a test fails when this file differs from what the code says. -->',
    '',
    `The help desk's REST API as this project's client speaks it and its sandbox serves it: ${operations.length} operations, one`,
    'row each in [`src/api/endpoints.ts`](../src/api/endpoints.ts). A ticket is a *Talep*, an agent a *Temsilci*.',
    '',
    '- **Base URL**: the API root, `https://<host>/api` (or `https://<host>/<sub-directory>/api`); paths below are relative to it.',
    '  The token page `/User/Token` (and `/User/Token?json=true`) is at the application root, the base URL without `/api`.',
    '- **Authentication**: every call. `Authorization: Basic <base64 of user:password>` (`DOMAIN\\user` for Windows accounts) or',
    '  `Authorization: Bearer <token>`. Three wrong credentials block the caller\'s IP address for 5 minutes.',
    '- **Parameters**: query string for GET, form data for POST (`multipart/form-data` when a file is sent). Names are matched',
    '  without regard to case; `ticket` is accepted for `talep` in any name.',
    '- **Rate budgets**: 90 calls a minute in general; Search and UserByEmail count against their own 60 a minute instead. A 429 carries `Retry-After`.',
    '- **Effect**: what a call does, which decides what the client may do when no answer comes (see the README\'s client section).',
    '- **Shapes**: where real servers answer in another shape than the spec shows, the client accepts both and normalises them',
    '  (`src/api/shapes.ts`; the README\'s "Shapes we accept" has the details). Records are read loosely: extra fields are kept.',
    '',
    '| Operation | Method | Path | Summary |',
    '|---|---|---|---|',
    ...operations.map((operation) => {
      const def: EndpointDef = endpoints[operation];
      return `| [\`${operation}\`](#${operation.toLowerCase()}) | ${def.method} | \`${def.path}\` | ${escapeCell(def.summary)} |`;
    }),
    '',
  ];
  for (const operation of operations) {
    const def: EndpointDef = endpoints[operation];
    const { response, shapes } = responseText(def, names);
    const rows = paramRows(operation, def);
    lines.push(
      `## ${operation}`,
      '',
      `\`${def.method} ${def.path}\`${def.multipart ? ' (multipart/form-data)' : ''} — ${def.summary}.`,
      '',
      `- **Permission**: ${PERMISSIONS[def.permission]}${def.permissionNote ? ` (${def.permissionNote})` : ''}`,
      `- **Budget**: ${BUDGETS[def.budget]}`,
      `- **Effect**: ${EFFECTS[def.effect]}`,
      `- **Response**: ${response}`,
      `- **Shapes accepted**: ${shapes}`,
      ...(def.cache ? [`- **Cached by the client**: ${def.cache === 'shared' ? 'for everyone' : def.cache === 'per-role' ? 'per visibility class (agents and admins, or users)' : 'per user'}, refreshed in the background after 5 minutes`] : []),
      '',
    );
    if (rows.length === 0) lines.push('No parameters.', '');
    else lines.push('| Parameter | Type | Required |', '|---|---|---|', ...rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
