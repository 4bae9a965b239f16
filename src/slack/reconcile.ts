/**
 * Finding what a write that may or may not have happened made, before making it again (an
 * `unknown-outcome`, or a job run again after a crash):
 *
 * - a talep carries a short reference the bot puts at the end of its body (`Slack ref TB…`, derived
 *   from the job's key, so every attempt uses the same one): Search finds candidates, and each is read
 *   to confirm that its body has the reference;
 * - a comment is found in the talep's comment list: the same author, visibility and text, made after
 *   the work was accepted (no reference in the text: people read comments, and the list can be
 *   compared whole);
 * - a file is found in the talep's attachment list by name and size.
 */
import { createHash } from 'node:crypto';
import type { HelpdeskClient } from '../api/client.js';
import { catalogs } from '../i18n/messages.js';

/** Base32 without look-alike letters: a reference reads and types without ambiguity. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The reference of the work with job key `key`: `TB` and 8 characters, the same on every attempt. */
export function slackRef(key: string): string {
  const bytes = createHash('sha256').update(key).digest();
  let ref = 'TB';
  for (let i = 0; i < 8; i++) ref += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return ref;
}

/** How the line of "Open a talep"'s body that says where the message came from starts, in each language. */
const POSTED_MARKS = Object.values(catalogs).map((catalog) => catalog['shortcuts.postedByLink'].split('{')[0]?.trim() ?? '—');

/** The body with the reference at its end: next to the "Posted in Slack by …" footer, or on a line of its own. */
export function withSlackRef(body: string, ref: string): string {
  const trimmed = body.trimEnd();
  const lines = trimmed.split('\n');
  const last = lines.at(-1) ?? '';
  if (lines.length > 1 && POSTED_MARKS.some((mark) => last.startsWith(`${mark} `))) return `${trimmed} · ref ${ref}`;
  return `${trimmed}${trimmed ? '\n\n' : ''}— Sent from Slack · ref ${ref}`;
}

/** Candidates read to confirm the reference (a reference is unique, so more would mean a search that ignores it). */
const MAX_CANDIDATES = 5;

/** The talep whose body carries `ref`, as the person sees it; undefined when there is none. */
export async function findTalepByRef(hd: Pick<HelpdeskClient, 'search' | 'getTalep'>, ref: string): Promise<number | undefined> {
  const hits = await hd.search({ query: ref });
  for (const hit of hits.slice(0, MAX_CANDIDATES)) {
    const talep = await hd.getTalep({ id: hit.TalepID });
    if (talep.Body.includes(ref) || talep.Subject.includes(ref)) return talep.TalepID;
  }
  return undefined;
}

/** Text as a help desk may store it: tags dropped, entities decoded, white space collapsed. */
export function comparableText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]{0,500}>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Clocks differ: a comment up to this long before the work was accepted still counts as made by it. */
const CLOCK_SKEW_MS = 2 * 60_000;

export interface CommentLookFor {
  talepId: number;
  authorId: number;
  body: string;
  forTechsOnly: boolean;
  /** When the work was accepted: older comments are not its. */
  since: Date;
  /** Comments already adopted by other steps of the same work (several comments with one text). */
  except?: readonly number[];
}

/** The comment this work made, when the talep has it. */
export async function findComment(hd: Pick<HelpdeskClient, 'comments'>, look: CommentLookFor): Promise<number | undefined> {
  const wanted = comparableText(look.body);
  const comments = await hd.comments({ id: look.talepId });
  const found = comments.find(
    (comment) =>
      comment.UserID === look.authorId &&
      comment.ForTechsOnly === look.forTechsOnly &&
      !look.except?.includes(comment.CommentID) &&
      comment.CommentDate.getTime() >= look.since.getTime() - CLOCK_SKEW_MS &&
      comparableText(comment.Body) === wanted,
  );
  return found?.CommentID;
}

/** The file of that name and size on the talep, when it has one. */
export async function findAttachment(
  hd: Pick<HelpdeskClient, 'attachments'>,
  look: { talepId: number; filename: string; size: number },
): Promise<number | undefined> {
  const files = await hd.attachments({ id: look.talepId });
  return files.find((file) => file.FileName === look.filename && file.FileSize === look.size)?.FileID;
}
