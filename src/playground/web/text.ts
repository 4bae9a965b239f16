/**
 * Slack's text objects as HTML: `mrkdwn` (./mrkdwn.ts) and `plain_text` (only emoji, unless `emoji` is
 * false). Both escape what they are given; what they return is safe HTML.
 */
import { type MrkdwnContext, renderMrkdwn, renderPlain } from './mrkdwn.js';

export type TextContext = MrkdwnContext;

/** mrkdwn as HTML. (`verbatim` only stops Slack from linking bare URLs and names, which this never does.) */
export const mrkdwnHtml = (text: string, ctx: TextContext): string => renderMrkdwn(text, ctx);

export const plainHtml = (text: string, emoji = true): string => renderPlain(text, emoji);

/** A Block Kit text object (`{ type: 'mrkdwn' | 'plain_text', text }`) as HTML; anything else as nothing. */
export function textObjectHtml(value: unknown, ctx: TextContext): string {
  if (typeof value !== 'object' || value === null) return '';
  const object = value as { type?: unknown; text?: unknown; emoji?: unknown };
  if (typeof object.text !== 'string') return '';
  return object.type === 'mrkdwn' ? mrkdwnHtml(object.text, ctx) : plainHtml(object.text, object.emoji !== false);
}

/** A text object's words without markup (for labels, option names, accessible names). */
export function textObjectPlain(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const text = (value as { text?: unknown }).text;
  return typeof text === 'string' ? text : '';
}

/** A time of day in the viewer's zone, as Slack shows it beside a message (`14:05`). */
export function clockTime(ts: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(Number(ts) * 1000));
}
