/** A value that survives a JSON round trip: what durable stores (lowdb now, PostgreSQL jsonb later) keep. */
import * as z from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const jsonValue: z.ZodType<JsonValue> = z.json();
