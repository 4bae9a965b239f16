/**
 * A help-desk body (HTML or plain text) → safe Slack mrkdwn: tags stripped, structure kept where Slack
 * can show it, links only for http(s)/mailto, entities decoded and the text escaped again, and a
 * length cut that never splits a link or an entity. Pure.
 */
import { escapeText } from './blocks.js';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  ndash: '–', mdash: '—', hellip: '…', bull: '•', middot: '·', lsquo: '‘', rsquo: '’', sbquo: '‚',
  ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™',
  euro: '€', pound: '£', deg: '°', times: '×', divide: '÷', plusmn: '±', shy: '',
  ccedil: 'ç', Ccedil: 'Ç', ouml: 'ö', Ouml: 'Ö', uuml: 'ü', Uuml: 'Ü', auml: 'ä', Auml: 'Ä',
  eacute: 'é', Eacute: 'É', egrave: 'è', agrave: 'à', aacute: 'á', iacute: 'í', oacute: 'ó', uacute: 'ú',
  acirc: 'â', icirc: 'î', ucirc: 'û', ocirc: 'ô', szlig: 'ß',
};

/** `&amp;`, `&#305;`, `&#x131;` → the characters; unknown or invalid references stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

// Control characters other than tab and newline (they break Slack's rendering and mean nothing here).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Comments, doctype-like declarations and tags. As in a browser, a tag or comment that never closes
 * runs to the end of the input: that also keeps every match linear (no rescans from each `<`).
 */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*(?:>|$)|<\?[^>]*(?:>|$)|<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:[^>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*)(?:>|$)/g;
/** A tag or a comment; `[^<>]` keeps each attempt short of the next `<` (linear on any input). */
const LOOKS_LIKE_HTML = /<(?:[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?\/?|\/[A-Za-z][A-Za-z0-9]*\s*)>|<!--/;

const BLOCK_TAGS = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'blockquote', 'table', 'thead',
  'tbody', 'tfoot', 'ul', 'ol', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'figure',
  'figcaption', 'address', 'details', 'summary', 'fieldset', 'center', 'caption',
]);
/** Elements whose content is not text a reader should see. */
const SKIPPED_TAGS = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'select', 'textarea']);
const MARKS: Record<string, string> = { b: '*', strong: '*', h1: '*', h2: '*', h3: '*', h4: '*', h5: '*', h6: '*', i: '_', em: '_', code: '`' };

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  const value = match ? (match[1] ?? match[2] ?? match[3]) : undefined;
  return value === undefined ? undefined : decodeEntities(value).trim();
}

/**
 * An http(s) or mailto URL that is safe to put in `<url|text>` or a link button, resolved against
 * `base` when relative; anything else (javascript:, data:, garbage) → undefined.
 */
export function safeUrl(raw: string | undefined, base?: string): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return undefined;
  // URL serialisation percent-encodes spaces, `<`, `>` and quotes; `|` would end the link target.
  const text = url.href.replaceAll('|', '%7C');
  return text.length <= 2000 ? text : undefined;
}

/** `<url|label>` in mrkdwn; `label` is already escaped, but may hold links of its own (nested `<a>`). */
function slackLink(url: string, label: string): string {
  const target = escapeText(url);
  // `[^<…]`: each attempt stops at the next `<`, so a run of `<` cannot make this quadratic.
  const text = label
    .replace(/<[^<|>]*\|([^<>]*)>/g, '$1')
    .replace(/<([^<>]*)>/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text || text === target || text === escapeText(url.replace(/^mailto:/, ''))) return `<${target}>`;
  return `<${target}|${text}>`;
}

interface OpenElement {
  tag: string;
  /** Where the element's content starts in the output (`Output.here`). */
  start: number;
  href?: string;
}

interface ListState {
  ordered: boolean;
  count: number;
}

/**
 * Elements open at once that still get a mark or a link (deeper ones are shown as plain text). Closing
 * an element looks at its whole content, so this bound keeps a body of thousands of nested `<b>` linear.
 */
const MAX_OPEN_ELEMENTS = 32;
/** List levels that still indent; deeper items stay at this indent (Slack shows little more anyway). */
const MAX_LIST_INDENT = 6;

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * Blanks (spaces, tabs) at the end of every line, and at the start of every line when `starts`: a scan
 * of each line from its ends, linear where `/[ \t]+\n/g` is quadratic on a long run of blanks.
 */
export function trimLineBlanks(text: string, starts: boolean): string {
  return text
    .split('\n')
    .map((line, index, lines) => {
      let end = line.length;
      if (index < lines.length - 1) while (end > 0 && isBlank(line[end - 1])) end -= 1;
      let start = 0;
      if (starts && index > 0) while (start < end && isBlank(line[start])) start += 1;
      return start === 0 && end === line.length ? line : line.slice(start, end);
    })
    .join('\n');
}

/**
 * The text converted so far, as a list of pieces. Appending and reading the last character cost O(1);
 * with one growing string, V8 copies the whole string (flattens it) each time its end is read after an
 * append, which is quadratic over thousands of tags.
 */
class Output {
  readonly #pieces: string[] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  /** A place in the output to come back to (where an element's content starts). */
  get here(): number {
    return this.#pieces.length;
  }

  append(text: string): void {
    if (!text) return;
    this.#pieces.push(text);
    this.#length += text.length;
  }

  /** The last character, or '' at the start. */
  last(): string {
    return this.#pieces.at(-1)?.at(-1) ?? '';
  }

  /** The character just before place `here`, or ''. */
  before(here: number): string {
    return this.#pieces[here - 1]?.at(-1) ?? '';
  }

  atLineStart(): boolean {
    return this.#length === 0 || this.last() === '\n';
  }

  /** Removes and returns everything since place `here`. */
  takeFrom(here: number): string {
    const taken = this.#pieces.splice(here).join('');
    this.#length -= taken.length;
    return taken;
  }

  /** Drops the newlines at the end (linear, unlike `/\n*$/`). */
  trimTrailingNewlines(): void {
    for (let piece = this.#pieces.at(-1); piece !== undefined; piece = this.#pieces.at(-1)) {
      let end = piece.length;
      while (end > 0 && piece[end - 1] === '\n') end -= 1;
      this.#length -= piece.length - end;
      if (end > 0) {
        this.#pieces[this.#pieces.length - 1] = piece.slice(0, end);
        return;
      }
      this.#pieces.pop();
    }
  }

  toString(): string {
    return this.#pieces.join('');
  }
}

/**
 * `stopAfter`: the output length after which the rest of the input cannot be shown anyway (the
 * caller truncates); converting it would only cost time on huge bodies.
 */
function htmlToText(html: string, base: string | undefined, stopAfter = Number.POSITIVE_INFINITY): string {
  const out = new Output();
  const open: OpenElement[] = [];
  const lists: ListState[] = [];
  let preDepth = 0;
  const paragraph = () => out.append('\n\n');
  const appendText = (raw: string) => {
    let text = preDepth > 0 ? raw.replace(/\r\n?/g, '\n') : raw.replace(/[\t\n\r\f ]+/g, ' ');
    text = escapeText(decodeEntities(text));
    if (preDepth > 0) text = text.replace(/^ +/gm, (spaces) => '\u00a0'.repeat(spaces.length));
    else if (text.startsWith(' ') && (out.atLineStart() || out.last() === ' ')) text = text.slice(1);
    out.append(text);
  };
  const closeElement = (tag: string) => {
    const index = open.findLastIndex((element) => element.tag === tag);
    if (index < 0) return;
    const [element] = open.splice(index);
    if (!element) return;
    const content = out.takeFrom(element.start);
    if (tag === 'a') {
      out.append(element.href ? slackLink(element.href, content) : content);
      return;
    }
    const mark = MARKS[tag];
    // String#trim strips exactly what `\s` matches, in one pass from each end.
    const core = content.trim();
    const leadLength = content.length - content.trimStart().length;
    const lead = content.slice(0, leadLength);
    // Slack only formats a one-line run that does not contain its own marker and does not start
    // inside a word; anything else would show stray `*` or `_`.
    const before = lead ? ' ' : out.before(element.start);
    const wordBefore = /[\p{L}\p{N}_]/u.test(before);
    if (mark && preDepth === 0 && core && !wordBefore && !core.includes('\n') && !core.includes(mark) && !core.includes('<')) {
      out.append(`${lead}${mark}${core}${mark}${content.slice(leadLength + core.length)}`);
    } else {
      out.append(content);
    }
  };

  TAG.lastIndex = 0;
  let position = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    appendText(html.slice(position, match.index));
    position = TAG.lastIndex;
    if (out.length > stopAfter) break;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // comment, doctype, CDATA, processing instruction
    const closing = match[1] === '/';
    const attributes = match[3] ?? '';
    if (SKIPPED_TAGS.has(name)) {
      if (closing || attributes.trimEnd().endsWith('/')) continue;
      const end = new RegExp(`</${name}\\s*>`, 'ig');
      end.lastIndex = position;
      const found = end.exec(html);
      position = found ? end.lastIndex : html.length;
      TAG.lastIndex = position;
      continue;
    }
    if (name === 'br') {
      out.append('\n');
      continue;
    }
    if (name === 'img') {
      const alt = attribute(attributes, 'alt');
      if (alt) out.append(`[${escapeText(alt)}]`);
      continue;
    }
    if (name === 'td' || name === 'th') {
      if (!closing && !out.atLineStart()) out.append(' | ');
      continue;
    }
    if (name === 'tr') {
      // One table row per line; the table as a whole is a paragraph.
      if (!out.atLineStart()) out.append('\n');
      continue;
    }
    if (name === 'li') {
      if (closing) continue;
      const list = lists.at(-1);
      if (!out.atLineStart()) out.append('\n');
      const indent = '\u00a0'.repeat(4 * Math.min(MAX_LIST_INDENT, Math.max(0, lists.length - 1)));
      out.append(list?.ordered ? `${indent}${(list.count += 1)}. ` : `${indent}• `);
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
      // A nested list starts on its own line; the outermost one is a paragraph of its own.
      if (lists.length === 0 || (!closing && lists.length === 1)) paragraph();
      else if (!out.atLineStart()) out.append('\n');
      continue;
    }
    if (name === 'pre') {
      if (!closing) {
        paragraph();
        out.append('```\n');
        preDepth += 1;
      } else if (preDepth > 0) {
        out.trimTrailingNewlines();
        out.append('\n```');
        preDepth -= 1;
        paragraph();
      }
      continue;
    }
    const room = open.length < MAX_OPEN_ELEMENTS;
    if (BLOCK_TAGS.has(name)) {
      if (closing) closeElement(name);
      paragraph();
      if (!closing && MARKS[name] && room) open.push({ tag: name, start: out.here });
      continue;
    }
    if (closing) {
      closeElement(name);
    } else if (name === 'a' && room) {
      const href = safeUrl(attribute(attributes, 'href'), base);
      open.push({ tag: 'a', start: out.here, ...(href ? { href } : {}) });
    } else if (MARKS[name] && room) {
      open.push({ tag: name, start: out.here });
    }
  }
  if (out.length <= stopAfter) appendText(html.slice(position));
  return trimLineBlanks(out.toString(), true).replace(/\n{3,}/g, '\n\n');
}

/** Where to cut `text` at or before `limit` without splitting a `<…>` link or an `&…;` entity. */
function safeCut(text: string, limit: number): number {
  let cut = limit;
  const linkStart = text.lastIndexOf('<', cut - 1);
  if (linkStart >= 0 && text.lastIndexOf('>', cut - 1) < linkStart) cut = linkStart;
  const entityStart = text.lastIndexOf('&', cut - 1);
  if (entityStart >= 0 && cut - entityStart < 6) {
    const end = text.indexOf(';', entityStart);
    if (end < 0 || end >= cut) cut = entityStart;
  }
  return cut;
}

/** Cuts at a paragraph, line or word boundary near `max` (never inside a link or an entity) and adds "…". */
export function truncateMrkdwn(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const hard = safeCut(text, max - 1);
  // A boundary is worth it only if it keeps most of the text.
  const floor = Math.floor(hard * 0.6);
  let cut = hard;
  for (const boundary of ['\n\n', '\n', ' ']) {
    const at = text.lastIndexOf(boundary, hard);
    if (at >= floor && at > 0) {
      cut = safeCut(text, at);
      break;
    }
  }
  return { text: `${text.slice(0, cut).trimEnd()}…`, truncated: true };
}

/** Output converted past `maxLength` before stopping, so links and marks around the cut are complete. */
const CONVERSION_MARGIN = 2000;

export interface MrkdwnOptions {
  /** Characters of output at most (default: no limit). */
  maxLength?: number;
  /** Resolves relative links (the article's own URL). */
  baseUrl?: string;
}

/**
 * A help-desk body (HTML or plain text) → Slack mrkdwn that cannot mention anyone or inject markup:
 * tags stripped (script/style contents dropped), paragraphs and line breaks kept, list items as
 * bullets, http(s)/mailto links as `<url|text>`, bold/italic/code kept where Slack can show them,
 * entities decoded and the text escaped again for Slack. Plain text keeps its own line breaks.
 */
export function htmlToMrkdwn(body: string, options: MrkdwnOptions = {}): { text: string; truncated: boolean } {
  const clean = body.replace(CONTROL, '');
  const text = LOOKS_LIKE_HTML.test(clean)
    ? htmlToText(clean, options.baseUrl, options.maxLength === undefined ? undefined : options.maxLength + CONVERSION_MARGIN)
    : trimLineBlanks(escapeText(decodeEntities(clean.replace(/\r\n?/g, '\n'))), false).replace(/\n{3,}/g, '\n\n');
  const trimmed = text.trim();
  return options.maxLength === undefined ? { text: trimmed, truncated: false } : truncateMrkdwn(trimmed, options.maxLength);
}
