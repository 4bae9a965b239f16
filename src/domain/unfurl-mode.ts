/**
 * How much a channel's link previews of taleps may show, set per channel (`/talep unfurl`):
 *
 *   off      no previews from the bot (talep or documentation links)
 *   summary  the fields that are safe for everyone in the conversation (the default)
 *   on       those fields and the latest public comment
 *
 * Pure: the words people type and the default.
 */
import { fail, ok, type Parsed } from './parsed.js';
import { lookupKey } from './text-case.js';

export const UNFURL_MODES = ['on', 'summary', 'off'] as const;
export type UnfurlMode = (typeof UNFURL_MODES)[number];

/** A channel nobody has set: previews without comment bodies. */
export const DEFAULT_UNFURL_MODE: UnfurlMode = 'summary';

const words: Record<string, UnfurlMode> = {
  on: 'on', full: 'on', comments: 'on', 'açik': 'on', acik: 'on',
  summary: 'summary', fields: 'summary', 'özet': 'summary', ozet: 'summary',
  off: 'off', none: 'off', kapali: 'off',
};

export function parseUnfurlMode(text: string): Parsed<UnfurlMode> {
  const mode = words[lookupKey(text.trim())];
  return mode ? ok(mode) : fail('parse.unfurlMode');
}
