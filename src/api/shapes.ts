/**
 * Answers that come in two shapes. The spec shows one shape (or none, and our reading fills the gap);
 * real deployments of the help desk answer some operations differently: `IssueID` where the spec says
 * `TalepID`, a bare `12345` where it says `{"id": 12345}`, list rows from Search, and so on.
 *
 * A two-shape family is declared once:
 *  - `wire`: ONE tolerant zod schema listing the fields of both shapes (the alternatives optional), so a
 *    wrong type is still reported at its own field;
 *  - `record`: the normalised record the code uses, whatever the server sent;
 *  - `decode`: wire → record (an alternative missing on both sides is reported at the spec's field name);
 *  - `spec` / `real`: record → the spec's shape, record → the real servers' shape.
 *
 * The result is one zod codec per response style. Both decode alike, so the client validates with either;
 * they differ only in how they encode, so the sandbox answers in the style it is set to (`ResponseStyle`)
 * with `z.encode` through the very schema the client decodes with.
 */
import * as z from 'zod';

export const responseStyles = ['spec', 'real'] as const;
/** `spec`: the shapes the spec shows (and our reading of its gaps). `real`: what real servers send. */
export type ResponseStyle = (typeof responseStyles)[number];

/** One response schema per style: identical decoding, the style's encoding. */
export type Styled<S extends z.ZodType = z.ZodType> = Readonly<Record<ResponseStyle, S>>;

type Payload<T> = z.core.ParsePayload<T>;

export interface TwoShapesDef<W extends z.ZodType, R extends z.ZodType> {
  wire: W;
  record: R;
  decode: (wire: z.output<W>, payload: Payload<z.output<W>>) => z.input<R>;
  spec: (record: z.input<R>) => z.output<W>;
  real: (record: z.input<R>) => z.output<W>;
}

export type TwoShapes<W extends z.ZodType, R extends z.ZodType> = Styled<z.ZodCodec<W, R>>;

export function twoShapes<W extends z.ZodType, R extends z.ZodType>(def: TwoShapesDef<W, R>): TwoShapes<W, R> {
  return {
    spec: z.codec(def.wire, def.record, { decode: def.decode, encode: (record) => def.spec(record) }),
    real: z.codec(def.wire, def.record, { decode: def.decode, encode: (record) => def.real(record) }),
  };
}

/** A family that answers with a list of records. */
export function styledArray<S extends z.ZodType>(shape: Styled<S>): Styled<z.ZodArray<S>> {
  return { spec: z.array(shape.spec), real: z.array(shape.real) };
}

/** The same schema in both styles (an answer whose shape does not depend on the style). */
export const sameInBothStyles = <S extends z.ZodType>(schema: S): Styled<S> => ({ spec: schema, real: schema });

/**
 * Reports an answer that carries neither of a field's alternatives, at the spec's name for it
 * (`expected TalepID (or IssueID)`), so the client's `invalid-response` error names the field.
 */
export function reportMissing(payload: Payload<unknown>, field: string, alternatives: string): void {
  payload.issues.push({ code: 'custom', path: [field], input: payload.value, message: `expected ${alternatives}` });
}

/** A value an encoder needs and the record lacks: a sandbox bug, never a server's answer. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Cannot encode the answer: ${what} is missing.`);
  return value;
}

/** The object without its `undefined` values: an optional field the answer lacks stays absent. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
