/** The arguments of `/talep comment` and `/talep comments`. Pure. */
import { slackTextToPlain } from '../../domain/slack-text.js';
import { fail, firstWord, ok, type Parsed, withTalepId } from '../../slack/args.js';

export interface CommentArgs {
  talepId: number;
  /** Absent: open the modal. */
  text?: string;
  /** `--private`: an agents-only (ForTechsOnly) comment. */
  agentsOnly: boolean;
}

const PRIVATE_FLAGS = new Set(['--private', '--agents-only', '--agents']);

/** `"some text --private"` → `["some text", "--private"]`; a scan from the end (linear on any spacing). */
function lastWord(text: string): [string, string] {
  const trimmed = text.trimEnd();
  let start = trimmed.length;
  while (start > 0 && !/\s/.test(trimmed[start - 1] as string)) start -= 1;
  return [trimmed.slice(0, start).trimEnd(), trimmed.slice(start)];
}

/** `comment <id> [--private] [text]` (the flag may also come last); the text as the person typed it. */
export function parseCommentArgs(text: string): Parsed<CommentArgs> {
  return withTalepId(text, (talepId, remainder) => {
    let rest = remainder;
    let agentsOnly = false;
    const [first, afterFirst] = firstWord(rest);
    if (PRIVATE_FLAGS.has(first.toLowerCase())) {
      agentsOnly = true;
      rest = afterFirst;
    }
    const [beforeLast, last] = lastWord(rest);
    if (PRIVATE_FLAGS.has(last.toLowerCase())) {
      agentsOnly = true;
      rest = beforeLast;
    }
    const body = slackTextToPlain(rest).trim();
    return ok({ talepId, agentsOnly, ...(body ? { text: body } : {}) });
  });
}

export interface CommentsArgs {
  talepId: number;
  /** 0-based. */
  page: number;
}

/** `comments <id> [page]`, the page counted from 1 as people do (`2`, `p2`, `page 2`). */
export function parseCommentsArgs(text: string): Parsed<CommentsArgs> {
  return withTalepId(text, (talepId, rest) => {
    if (!rest) return ok({ talepId, page: 0 });
    const page = Number(/^(?:page|p)?\s*(\d{1,4})$/i.exec(rest)?.[1]);
    return page >= 1 ? ok({ talepId, page: page - 1 }) : fail('parse.commentsPage', { text: rest });
  });
}
