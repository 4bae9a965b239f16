/**
 * Modal `private_metadata` round-trips through Slack as a string, so it is untrusted input on the way
 * back: encode small JSON, decode with a schema.
 */
import type * as z from 'zod';

const MAX_METADATA = 3000; // Slack's limit for private_metadata

export function encodeMetadata(value: object): string {
  const text = JSON.stringify(value);
  if (text.length > MAX_METADATA) throw new Error(`private_metadata is ${text.length} characters; Slack allows ${MAX_METADATA}.`);
  return text;
}

export function decodeMetadata<T extends z.ZodType>(schema: T, text: string | undefined): z.output<T> | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
