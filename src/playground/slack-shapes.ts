/**
 * Small pieces of Slack's data as the playground's workspace makes them: Web API answers, the ids Slack
 * gives blocks and elements that have none, a person's `tz_offset`, a file's type from its name.
 */
import { randomBytes } from 'node:crypto';
import type { JsonObject } from './web/protocol.js';

export const ok = (fields: JsonObject = {}): JsonObject => ({ ok: true, ...fields });
export const fail = (error: string): JsonObject => ({ ok: false, error });
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Slack's file object, as messages and file_input states carry it. */
export type SlackFileObject = JsonObject & { id: string; name: string; mimetype: string; size: number };

/** Slack gives blocks and elements without ids one of its own, so every action can be told apart. */
export function withIds(blocks: unknown): JsonObject[] | undefined {
  if (!Array.isArray(blocks)) return undefined;
  const shortId = () => randomBytes(4).toString('base64url').slice(0, 5);
  const elementWithId = (element: unknown) =>
    isObject(element) && element.type !== 'mrkdwn' && element.type !== 'plain_text' && element.type !== 'image' && element.action_id === undefined
      ? { ...element, action_id: shortId() }
      : element;
  return blocks.filter(isObject).map((block) => {
    const copy: JsonObject = { ...block, block_id: text(block.block_id) ?? shortId() };
    if (Array.isArray(block.elements) && block.type === 'actions') copy.elements = block.elements.map(elementWithId);
    if (isObject(block.accessory)) copy.accessory = elementWithId(block.accessory);
    if (isObject(block.element)) copy.element = elementWithId(block.element);
    return copy;
  });
}

/** The offset of an IANA zone from UTC at `at`, in seconds (users.info's `tz_offset`). */
export function tzOffsetSeconds(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(at))
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 1000);
}

const MIME_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
};

export const mimetypeOf = (name: string): string => MIME_TYPES[(name.split('.').pop() ?? '').toLowerCase()] ?? 'application/octet-stream';
