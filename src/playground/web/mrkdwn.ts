/**
 * Slack's mrkdwn as HTML, for the playground's page. Pure (no DOM), so it is unit-tested in Node.
 *
 * What Slack renders, in Slack's order: ```preformatted``` blocks and `code` (taken literally), quotes
 * (`>` or `&gt;` at a line's start, `>>>` for the rest), control sequences in angle brackets — links
 * `<url|label>` (the label formatted too), user, channel and group mentions, `<!here>`, and dates
 * `<!date^seconds^format^link|fallback>` in the viewer's time zone — emoji shortcodes, then *bold*,
 * _italics_ and ~strike~, which open and close only at word boundaries (so `5*3*2` and `snake_case`
 * stay as they are). Slack escapes `&`, `<` and `>` in text as entities; everything is HTML-escaped on
 * the way out, so text cannot inject markup.
 *
 * The emoji names and code points come from slack-to-html's table (Emoji 16, the names Slack uses).
 */
import { emojiData } from 'slack-to-html/emoji';

export interface MrkdwnContext {
  /** User id → the name a mention shows. */
  people: Record<string, string>;
  /** Channel id → name. */
  channels: Record<string, string>;
  /** The viewer's IANA time zone: dates show in it. */
  timeZone: string;
  /** "Now", for `{date_pretty}` (today, yesterday…) and `{ago}`. */
  now?: number;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** Slack's three entities back to characters (they are escaped again for HTML on the way out). */
const decodeSlack = (text: string): string => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:)/i;

/** Holds rendered pieces out of the text while the rest is formatted. */
class Parked {
  readonly #pieces: string[] = [];

  park(html: string): string {
    this.#pieces.push(html);
    return `\u0001${this.#pieces.length - 1}\u0002`;
  }

  restore(text: string): string {
    let out = text;
    // A piece may hold other pieces (a link's formatted label): restore until none is left.
    for (let round = 0; round < 4 && out.includes('\u0001'); round++) {
      out = out.replace(/\u0001(\d+)\u0002/g, (_match, index: string) => this.#pieces[Number(index)] ?? '');
    }
    return out;
  }
}

// ── dates ───────────────────────────────────────────────────────────────────────────────────────

const ordinal = (day: number): string => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
};

function partsIn(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const numeric = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  return { ...parts, numeric } as Record<string, string>;
}

function relativeDay(date: Date, now: Date, timeZone: string): string | undefined {
  const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const offset = (days: number) => day(new Date(now.getTime() + days * 86_400_000));
  const target = day(date);
  if (target === offset(0)) return 'today';
  if (target === offset(-1)) return 'yesterday';
  if (target === offset(1)) return 'tomorrow';
  return undefined;
}

function ago(date: Date, now: Date): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/** `<!date^…>`'s format with Slack's tokens filled in, in the viewer's zone. */
export function formatSlackDate(seconds: number, format: string, ctx: MrkdwnContext): string {
  const date = new Date(seconds * 1000);
  const now = new Date(ctx.now ?? Date.now());
  const p = partsIn(date, ctx.timeZone);
  const short = `${(p.month ?? '').slice(0, 3)} ${p.day}, ${p.year}`;
  const long = `${p.month} ${ordinal(Number(p.day))}, ${p.year}`;
  const pretty = (fallback: string) => relativeDay(date, now, ctx.timeZone) ?? fallback;
  const tokens: Record<string, () => string> = {
    date_num: () => p.numeric ?? '',
    date: () => long,
    date_short: () => short,
    date_long: () => `${p.weekday}, ${long}`,
    date_pretty: () => pretty(long),
    date_short_pretty: () => pretty(short),
    date_long_pretty: () => pretty(`${p.weekday}, ${long}`),
    time: () => `${p.hour}:${p.minute} ${p.dayPeriod}`,
    time_secs: () => `${p.hour}:${p.minute}:${p.second} ${p.dayPeriod}`,
    ago: () => ago(date, now),
  };
  return format.replace(/\{(\w+)\}/g, (token, name: string) => tokens[name]?.() ?? token);
}

// ── control sequences ───────────────────────────────────────────────────────────────────────────

function controlSequence(inner: string, ctx: MrkdwnContext, parked: Parked): string {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? undefined : inner.slice(bar + 1);
  if (target.startsWith('@')) {
    const id = target.slice(1);
    const name = ctx.people[id] ?? label ?? id;
    return `<span class="mk-mention">@${escapeHtml(decodeSlack(name))}</span>`;
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    const name = ctx.channels[id] ?? label ?? id;
    return `<span class="mk-mention">#${escapeHtml(decodeSlack(name))}</span>`;
  }
  if (target.startsWith('!date^')) {
    const [, seconds, format = '', link] = target.split('^');
    const at = Number(seconds);
    if (!Number.isFinite(at)) return escapeHtml(decodeSlack(label ?? ''));
    const text = escapeHtml(formatSlackDate(at, format, ctx));
    const time = `<time class="mk-date" datetime="${new Date(at * 1000).toISOString()}">${text}</time>`;
    return link && SAFE_URL.test(decodeSlack(link)) ? anchor(decodeSlack(link), time) : time;
  }
  if (target.startsWith('!subteam^')) return `<span class="mk-mention">${escapeHtml(decodeSlack(label ?? target.slice('!subteam^'.length)))}</span>`;
  if (target.startsWith('!')) {
    const word = target.slice(1);
    if (['here', 'channel', 'everyone'].includes(word)) return `<span class="mk-mention mk-broadcast">@${word}</span>`;
    return escapeHtml(decodeSlack(label ?? ''));
  }
  const url = decodeSlack(target);
  if (!SAFE_URL.test(url)) return escapeHtml(decodeSlack(`<${inner}>`));
  // A label is formatted like any text (bold, emoji…), but holds no links of its own.
  const shown = label === undefined ? escapeHtml(url.replace(/^mailto:/i, '')) : inline(label, ctx, parked, false);
  return anchor(url, shown);
}

const anchor = (url: string, html: string) => `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${html}</a>`;

// ── emoji ───────────────────────────────────────────────────────────────────────────────────────

/** `:name:` with a known name → the emoji (the shortcode stays as a tooltip); an unknown name stays as typed. */
function parkEmoji(text: string, parked: Parked): string {
  return text.replace(/:([a-z0-9_+'-]+):/g, (match, name: string) => {
    const codePoints = emojiData[name];
    if (!codePoints) return match;
    const glyph = codePoints.split('-').map((hex) => String.fromCodePoint(Number.parseInt(hex, 16))).join('');
    return parked.park(`<span class="mk-emoji" title=":${escapeHtml(name)}:">${glyph}</span>`);
  });
}

// ── inline formatting ───────────────────────────────────────────────────────────────────────────

const WORDISH = '\\p{L}\\p{N}_';
/** `*bold*`, `_italic_`, `~strike~`: opening after a non-word character, closing before one, never across lines. */
const emphasis = (marker: string) => {
  const m = marker === '*' ? '\\*' : marker; // in a u-mode pattern only syntax characters may be escaped
  return new RegExp(`(^|[^${WORDISH}${m}])${m}(?![\\s${m}])([^\\n]*?[^\\s${m}]|[^\\s${m}])${m}(?![${WORDISH}${m}])`, 'gu');
};
const BOLD = emphasis('*');
const ITALIC = emphasis('_');
const STRIKE = emphasis('~');

function inline(text: string, ctx: MrkdwnContext, parked: Parked, links = true): string {
  let out = text
    // `code`: taken literally.
    .replace(/`([^`\n]+)`/g, (_match, code: string) => parked.park(`<code class="mk-code">${escapeHtml(decodeSlack(code))}</code>`));
  if (links) out = out.replace(/<([^<>\n]+)>/g, (_match, inner: string) => parked.park(controlSequence(inner, ctx, parked)));
  out = parkEmoji(out, parked);
  out = escapeHtml(decodeSlack(out));
  for (let round = 0; round < 3; round++) {
    const before = out;
    out = out
      .replace(BOLD, (_match, lead: string, body: string) => `${lead}<b>${body}</b>`)
      .replace(ITALIC, (_match, lead: string, body: string) => `${lead}<i>${body}</i>`)
      .replace(STRIKE, (_match, lead: string, body: string) => `${lead}<s>${body}</s>`);
    if (out === before) break;
  }
  return out;
}

// ── blocks of text ──────────────────────────────────────────────────────────────────────────────

const QUOTE = /^(?:&gt;|>)(?!(?:&gt;|>){2})\s?/;
const QUOTE_REST = /^(?:&gt;|>){3}\s?/;

/** Lines, with `>` quotes grouped into blockquotes (`>>>` quotes every line after it). */
function paragraphs(text: string, ctx: MrkdwnContext, parked: Parked): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let quoted: string[] = [];
  const flush = () => {
    if (quoted.length === 0) return;
    out.push(`\u0003<blockquote class="mk-quote">${quoted.map((line) => inline(line, ctx, parked)).join('\n')}</blockquote>\u0003`);
    quoted = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (QUOTE_REST.test(line)) {
      quoted.push(line.replace(QUOTE_REST, ''), ...lines.slice(index + 1));
      break;
    }
    if (QUOTE.test(line)) {
      quoted.push(line.replace(QUOTE, ''));
      continue;
    }
    flush();
    out.push(inline(line, ctx, parked));
  }
  flush();
  // A blockquote is a block of its own: no extra line break around it.
  return out.join('\n').replace(/\n?\u0003\n?/g, '');
}

/** Slack mrkdwn → safe HTML (newlines kept as `\n`: show it with `white-space: pre-wrap`). */
export function renderMrkdwn(text: string, ctx: MrkdwnContext): string {
  const parked = new Parked();
  const pieces = text.split(/```/);
  // Odd pieces sit between ``` fences (an unclosed fence is text, as in Slack).
  const closed = pieces.length % 2 === 1;
  const html = pieces
    .map((piece, index) => {
      const isCode = index % 2 === 1 && (closed || index < pieces.length - 1);
      if (!isCode) return paragraphs(index % 2 === 1 ? `\`\`\`${piece}` : piece, ctx, parked);
      return `<pre class="mk-pre">${escapeHtml(decodeSlack(piece.replace(/^\n/, '')))}</pre>`;
    })
    .join('')
    // A preformatted block is a block of its own: no extra line break around it.
    .replace(/\n?(<pre class="mk-pre">[^]*?<\/pre>)\n?/g, '$1');
  return parked.restore(html);
}

/** plain_text: only emoji are rendered (unless `emoji: false`), everything else is text. */
export function renderPlain(text: string, emoji = true): string {
  if (!emoji) return escapeHtml(text);
  const parked = new Parked();
  return parked.restore(escapeHtml(parkEmoji(text, parked)));
}
