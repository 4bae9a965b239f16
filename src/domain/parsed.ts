/**
 * The result of reading untrusted text: a value, or one short sentence saying what was expected.
 * Parsers never throw, so a typo always gets an answer and never a stack trace.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T = never>(error: string): Parsed<T> => ({ ok: false, error });
