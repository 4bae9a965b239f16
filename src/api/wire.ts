/**
 * Wire codecs: zod schemas that convert between what travels over HTTP (strings in a query string or
 * form, JSON text) and the typed values our code uses (number, boolean, Date, number[]).
 *
 * Each is a zod 4 codec, so one schema works in both directions:
 *  - the client *encodes* typed parameters into wire strings (`z.encode`),
 *  - the sandbox *decodes* incoming wire strings into typed parameters (`schema.safeParse`),
 *  - for responses, the sandbox encodes its records to JSON and the client decodes JSON to typed records.
 * That is what keeps the client and the sandbox from drifting apart.
 */
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import * as z from 'zod';

/** A file sent as a multipart part (`uploadFile`). */
export interface FileUpload {
  filename: string;
  contentType?: string;
  data: Uint8Array;
}

export const fileUploadSchema = z.custom<FileUpload>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileUpload).filename === 'string' &&
    (value as FileUpload).filename.length > 0 &&
    (value as FileUpload).data instanceof Uint8Array,
  'expected a file (multipart part with a file name)',
);

/** The wire form of one request's parameters: repeated parameters are arrays, files are parts. */
export type WireValue = string | string[] | FileUpload;
export type WireParams = Record<string, WireValue>;

const OFFSET_OR_Z = /(Z|[+-]\d{2}:?\d{2})$/i;
const MS_DATE = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;

/**
 * Parses a help-desk datetime. The spec says ISO 8601 in UTC; a value without an offset is read as UTC
 * (never as the bot's local zone). Legacy ASP.NET `/Date(ms)/` and other `Date.parse`-able forms are
 * tolerated because custom-field dates accept "any date format".
 */
export function parseHelpdeskDate(text: string): Date | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const ms = MS_DATE.exec(value);
  if (ms) return new Date(Number(ms[1]));
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const iso = OFFSET_OR_Z.test(value) || value.length <= 10 ? value : `${value}Z`;
    const date = parseISO(value.length <= 10 ? `${iso}T00:00:00Z` : iso);
    return isValid(date) ? date : undefined;
  }
  const fallback = new Date(OFFSET_OR_Z.test(value) ? value : `${value} UTC`);
  if (isValid(fallback)) return fallback;
  const plain = new Date(value);
  return isValid(plain) ? plain : undefined;
}

/** Dates go out as ISO 8601 UTC, which every ASP.NET-style model binder reads. */
export const formatHelpdeskDate = (date: Date): string => date.toISOString();

const intText = z.string().trim().regex(/^-?\d+$/, 'expected an integer');

/**
 * Parameter codecs: wire `string` ↔ typed value. Each parameter codec names its wire form (`int ≥ 1`, `bool (true/false)`…) in zod metadata, so the
 * API reference (docs/helpdesk-api.md, `npm run docs`) is written from the same table the client sends
 * with and the sandbox checks with.
 */
const wire = <T extends z.ZodType>(schema: T, type: string): T => schema.meta({ wireType: type });

/** The wire form a parameter codec was declared with (undefined for an undeclared schema). */
export function wireTypeOf(schema: z.ZodType): string | undefined {
  const type = schema.meta()?.wireType;
  return typeof type === 'string' ? type : undefined;
}

export const param = {
  int: (bounds: { min?: number; max?: number } = {}) => {
    let out = z.int();
    if (bounds.min !== undefined) out = out.min(bounds.min);
    if (bounds.max !== undefined) out = out.max(bounds.max);
    const range =
      bounds.min !== undefined && bounds.max !== undefined
        ? ` ${bounds.min}…${bounds.max}`
        : bounds.min !== undefined
          ? ` ≥ ${bounds.min}`
          : bounds.max !== undefined
            ? ` ≤ ${bounds.max}`
            : '';
    return wire(z.codec(intText, out, { decode: Number, encode: String }), `int${range}`);
  },
  /** Positive id of a talep, user, category... */
  id: () => wire(param.int({ min: 1 }), 'id (int ≥ 1)'),
  bool: () =>
    wire(z.codec(z.string().trim().regex(/^(true|false|1|0)$/i, 'expected true or false'), z.boolean(), {
      decode: (text) => /^(true|1)$/i.test(text),
      encode: String,
    }), 'bool (true/false)'),
  string: () => wire(z.string(), 'string'),
  /** A string that must carry something (subject, name, e-mail...). */
  text: () => wire(z.string().trim().min(1, 'must not be empty'), 'string (not empty)'),
  email: () => wire(z.string().trim().pipe(z.email('expected an e-mail address')), 'e-mail'),
  datetime: () =>
    wire(z.codec(z.string(), z.date(), {
      decode: (text, ctx) => {
        const date = parseHelpdeskDate(text);
        if (date) return date;
        ctx.issues.push({ code: 'custom', input: text, message: 'expected a date' });
        return z.NEVER;
      },
      encode: formatHelpdeskDate,
    }), 'datetime'),
  /** A datetime where the empty string means "remove it" (UpdateTalep `dueDate`); `null` in code. */
  clearableDatetime: () =>
    wire(z.codec(z.string(), z.date().nullable(), {
      decode: (text, ctx) => {
        if (text.trim() === '') return null;
        const date = parseHelpdeskDate(text);
        if (date) return date;
        ctx.issues.push({ code: 'custom', input: text, message: 'expected a date, or empty to remove it' });
        return z.NEVER;
      },
      encode: (date) => (date === null ? '' : formatHelpdeskDate(date)),
    }), 'datetime, or empty to remove it'),
  /** An int array sent as a repeated parameter (`categoryId=1&categoryId=2`); a comma list is read too. */
  repeatedInts: () =>
    wire(z.codec(z.union([z.string(), z.array(z.string())]), z.array(z.int()).min(1), {
      decode: (value) => (Array.isArray(value) ? value : value.split(',')).map((part) => Number(part.trim() || NaN)),
      encode: (ints) => ints.map(String),
    }), 'int[] (repeated: `a=1&a=2`)'),
  /** A comma-separated list of ints in one parameter (`recipientIds=1,2`). */
  commaInts: () =>
    wire(z.codec(z.string(), z.array(z.int()), {
      decode: (text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number),
      encode: (ints) => ints.join(','),
    }), 'int[] (comma-separated)'),
  /** A comma-separated list of strings in one parameter (`tags=a,b`). */
  commaStrings: () =>
    wire(z.codec(z.string(), z.array(z.string().min(1)), {
      decode: (text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      encode: (items) => items.map((item) => item.replaceAll(',', ' ').trim()).join(','),
    }), 'string[] (comma-separated)'),
  /** A JSON document carried in one string parameter (`customFields`). */
  json: <T extends z.ZodType>(shape: T) =>
    wire(z.codec(z.string(), shape, {
      decode: (text, ctx) => {
        try {
          return JSON.parse(text) as z.input<T>;
        } catch {
          ctx.issues.push({ code: 'custom', input: text, message: 'expected a JSON document' });
          return z.NEVER;
        }
      },
      encode: (value) => JSON.stringify(value),
    }), 'JSON document'),
  file: () => wire(fileUploadSchema, 'file (multipart)'),
} as const;

/** Response codecs: JSON value ↔ typed value. */
export const field = {
  datetime: () =>
    z.codec(z.string(), z.date(), {
      decode: (text, ctx) => {
        const date = parseHelpdeskDate(text);
        if (date) return date;
        ctx.issues.push({ code: 'custom', input: text, message: 'expected a datetime' });
        return z.NEVER;
      },
      encode: formatHelpdeskDate,
    }),
  nullableDatetime: () => field.datetime().nullable(),
} as const;
